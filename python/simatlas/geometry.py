"""E3-geometry §1.1: roles and collision filtering decide which geometry pairs are candidates.

``Scene`` is the reference engine's ``geometry::SceneGeometry`` (SceneGraph plus the plant's
geometry calls) with bodies and geometries addressed by name. Every rule is the reference's:
a visual geometry has no proximity role; two anchored geometries (on the world or on a
world-welded body) are inherently excluded and ``allow_between`` cannot re-allow them; a
declaration naming a body covers the proximity geometries registered on it *when the
declaration is applied*; ``finalize`` filters bodies joined by a joint; ``copy`` is a Context,
which later model edits do not reach. Sizes are in m, the hydroelastic modulus in Pa.
Bad input (an unknown name, a wrong shape) raises ValueError."""

from . import _core


class Scene:
    """Bodies ("world" exists), their geometries and the collision filters between them."""

    def __init__(self, _scene=None):
        self._scene = _scene if _scene is not None else _core.GeometryScene()

    def add_body(self, name, welded=False):
        """A body; ``welded=True`` welds it to the world (its geometry is anchored)."""
        self._scene.add_body(name, welded)

    def add_joint(self, parent, child):
        """A joint between two bodies (``finalize`` filters their geometries against each other)."""
        self._scene.add_joint(parent, child)

    def register_collision(self, body, name, shape, sizes=(), modulus=0.0, resolution_hint=0.0,
                           mu=0.5):
        """A proximity geometry on ``body``: ``shape`` sphere (r) | box (w, d, h) | capsule
        (r, l) | cylinder (r, l) | halfspace (), sizes [m]; rigid, or compliant with
        hydroelastic modulus E = ``modulus`` [Pa] > 0; a curved shape (sphere, capsule,
        cylinder) needs its ``resolution_hint`` [m] > 0 for its hydroelastic representation;
        Coulomb friction μs = μd = ``mu``."""
        self._scene.register_collision(body, name, shape, list(sizes), modulus, resolution_hint, mu)

    def register_visual(self, body, name, shape, sizes=()):
        """A visual geometry (illustration and perception roles, no proximity role)."""
        self._scene.register_visual(body, name, shape, list(sizes))

    def has_proximity(self, name):
        """True when the geometry has the proximity role (only those are ever queried)."""
        return self._scene.has_proximity(name)

    def exclude_between(self, a, b):
        """Filters every pair between the sets a and b (lists of geometry or body names)."""
        self._scene.exclude_between(list(a), list(b))

    def exclude_within(self, a):
        """Filters every pair within the set a (geometry or body names)."""
        self._scene.exclude_within(list(a))

    def allow_between(self, a, b):
        """Removes declared exclusions between a and b; inherent exclusions stay."""
        self._scene.allow_between(list(a), list(b))

    def finalize(self):
        """The plant's Finalize: filters the geometries of bodies joined by a joint."""
        self._scene.finalize()

    def inherently_excluded(self, a, b):
        """True for two anchored geometries (they can never move apart)."""
        return self._scene.inherently_excluded(a, b)

    def collision_filtered(self, a, b):
        """True when the pair is filtered, inherently or by a declaration."""
        return self._scene.collision_filtered(a, b)

    def candidate_pairs(self):
        """The unfiltered pairs of proximity geometries, as (name, name) in registration order."""
        return [tuple(p) for p in self._scene.candidate_pairs()]

    def copy(self):
        """A Context: a copy of the model that later edits of this scene do not reach."""
        return Scene(self._scene.copy())


def halfspace_point_pairs(shape, sizes, R_WG, p_WG):
    """E3-geometry §2.1: the reference's point pairs of ``shape`` sphere (r) | box (w, d, h) |
    capsule (r, l) [m] at pose (R_WG, p_WG) against the ground z ≤ 0, as dicts with
    ``p_WCa`` (on the ground, A), ``p_WCb`` (on the shape, B) [m], ``nhat_BA_W`` (from the
    shape toward the ground) and ``depth`` [m]. Only penetrating shapes give pairs; a box gives
    one pair per vertex below the plane (Drake's box query gives one, the deepest)."""
    return _core.halfspace_point_pairs(shape, list(sizes), R_WG, p_WG)


def contact_surface(M, N):
    """E3-geometry §2.2: the reference's hydroelastic contact surface of compliant M against N.
    Each side is a dict: ``shape`` sphere (sizes (r,)) | box (sizes (w, d, h)) | halfspace (z ≤ 0
    of its pose), ``modulus`` E [Pa] (0 or absent: rigid), ``resolution_hint`` [m] (spheres),
    ``R`` and ``p`` the pose in world. Returns ``faces`` (each with ``vertices`` (k × 3) [m],
    ``area`` [m²], ``centroid`` [m], ``normal`` (out of N into M), ``pressure`` at the centroid
    [Pa], ``gM``, ``gN`` [Pa/m]), the total ``area`` [m²] and ``force_on_M`` = Σ p a n̂ [N]."""
    return _core.contact_surface(M, N)


def field_pressure(M, points):
    """The pressure p = E e [Pa] of compliant M (a side as in ``contact_surface``) at world
    points (n × 3) [m]: the linear field of the tetrahedron holding each point, 0 outside."""
    return _core.field_pressure(M, points)


def plant_defaults():
    """E3-geometry §1: the reference's plant defaults as a dict — ``time_step`` [s],
    ``stiction_tolerance`` [m/s], ``penetration_allowance`` [m], ``sap_near_rigid_threshold``
    [1], ``contact_model``, ``discrete_contact_approximation``, ``contact_surface_representation``
    (MultibodyPlantConfig spellings), ``default_relaxation_time`` [s] (per side, when a geometry
    has none) and ``default_proximity_properties`` (SceneGraph's backfill values)."""
    return _core.plant_defaults()


def sphere_point_pairs(r_A, p_WA, shape_B, sizes, R_WB, p_WB):
    """E3-geometry §2.1: the reference's point pair of sphere A (radius ``r_A``, centre ``p_WA``
    [m]) against B, a sphere (sizes (r,), centre ``p_WB``) or a box (sizes (w, d, h) [m] at
    pose (``R_WB``, ``p_WB``)): dicts with ``p_WCa`` (A's point deepest in B), ``p_WCb`` (B's
    point deepest in A) [m], ``nhat_BA_W`` (from B toward A) and ``depth`` [m]; empty when
    they do not penetrate."""
    return _core.sphere_point_pairs(r_A, p_WA, shape_B, list(sizes), R_WB, p_WB)
