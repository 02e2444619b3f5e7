"""MuJoCo's own model of a reference scene (MJ-solvers §1–§4, §7): the MJCF written from the
description ``simatlas.scene_model`` / ``simatlas._core.lab_scene_model`` gives, stepped by
``mj_step`` of the ``mujoco`` wheel (the build tree's venv pins mujoco==3.15.0, the course's
version; the version that runs is ``MUJOCO_VERSION``, read from the wheel).

Only the translation of the description into MJCF and of MuJoCo's state back into the tree's
coordinates lives here; MuJoCo computes its collisions, constraints and step.

Contact parameters (the lab's mapping, stated once in reference/lab/mujoco_contact_step.h):
solimp is flat, dmin = dmax = d = 0.95 (so the impedance is d at every depth), and solref is in
the direct format (−k (1 − d) Â, −τd k (1 − d) Â) with Â the body's translational inverse
weight as MuJoCo itself computed it (``body_invweight0``, mj_setM0): then MuJoCo's contact force
at rest, −(d/((1 − d) Â)) (B v + K d φ) with K = −solref[0]/d², B = −solref[1]/d (MuJoCo's
direct solref, engine_core_constraint.c, getsolparam/mj_makeImpedance), is −k φ − τd k v: the
scene's stiffness k and SAP's linear dissipation τd k per contact. Friction: condim 3, sliding
μ on every pair, torsional 0.005 and rolling 1e-4, MuJoCo's defaults, unused at condim 3.
Every contact is an explicit ``<pair>`` (the geoms themselves collide with nothing), so each
pair carries the solref of its own Â: the sum of its two bodies' body_invweight0, the diagonal
approximation MuJoCo gives a contact row (engine_core_constraint.c, mj_diagApprox).
Supported: free bodies each on a free joint to the world, or a tree of hinges (the
reference's revolute joints: frame X_PF, axis, damping, armature, spring); spheres and boxes
against one horizontal ground (a ``plane`` at the half space's origin), and a box against the
top face of another body's box (MuJoCo's box–box collision, mjc_BoxBox, gives the face's
corners: the reference's four vertex pairs for a box resting flat on a box). MuJoCo's
box–plane collision reports the box's vertices below the plane (engine_collision_primitive.c,
mjc_PlaneBox), the reference's pairs. Applied forces (a drive) are set per step through
xfrc_applied (``MujocoScene.apply``)."""

import mujoco
import numpy as np

MUJOCO_VERSION = mujoco.__version__
#: The flat impedance d of every contact (reference/lab/mujoco_contact_step.h, kFlatImpedance).
FLAT_IMPEDANCE = 0.95
#: MuJoCo's solver and cone names by the lab's model names.
SOLVERS = {"pgs": "PGS", "cg": "CG", "newton": "Newton"}
CONES = ("pyramidal", "elliptic")


def _numbers(values):
    return " ".join(repr(float(x)) for x in np.asarray(values, dtype=float).ravel())


def _quat(R):
    """MuJoCo's unit quaternion (w, x, y, z) of a rotation matrix."""
    q = np.zeros(4)
    mujoco.mju_mat2Quat(q, np.asarray(R, dtype=float).ravel())
    return q


def _identity(pose):
    return np.allclose(pose["R"], np.eye(3)) and not np.any(pose["p"])


def _joint_kind(model):
    """"free" (every body on its own free joint to the world, in body order) or "hinge" (every
    joint revolute, a tree in body order); anything else is refused with the joint's name."""
    joints = model["joints"]
    if [j["child"] for j in joints] != [b["index"] for b in model["bodies"]]:
        raise ValueError("joints: one joint per body, in body order, is built")
    if all(j["type"] == "free" for j in joints):
        for j in joints:
            if j["parent"] != 0 or not _identity(j["X_PF"]):
                raise ValueError(f"joint {j['name']}: free joints are built to the world frame only")
        return "free"
    if all(j["type"] == "revolute" for j in joints):
        for j in joints:
            if j["parent"] >= j["child"]:
                raise ValueError(f"joint {j['name']}: the parent must come before the child")
        return "hinge"
    raise ValueError("joints: all free or all revolute are built, not "
                     f"{sorted({j['type'] for j in joints})}")


def contact_pairs(model):
    """The scene's contact pairs as MuJoCo geoms: [(geom k, other)] where other is "ground" (a
    world half space, the plane) or the index of the box geometry whose top face is the half
    space (box on box: the reference's vertex-on-face pairs become MuJoCo's box–box collision,
    mjc_BoxBox). Refused: a tilted or offset half space on a body other than the top face of
    that body's box, or world half spaces at two different poses (one plane is built)."""
    geometry = model["contact_geometry"]
    pairs, ground = [], None
    for k, g in enumerate(geometry):
        if g["shape"] not in ("sphere", "box"):
            raise ValueError(f"contact geometry {k}: shape {g['shape']} is not built")
        H = g["X_AH"]
        if g["halfspace_body"] == 0:
            if not np.allclose(H["R"], np.eye(3)):
                raise ValueError(f"contact geometry {k}: only a horizontal ground is built")
            if ground is not None and not np.allclose(ground, H["p"]):
                raise ValueError(f"contact geometry {k}: ground at {list(H['p'])} and at "
                                 f"{list(ground)}: one ground plane is built")
            ground = np.asarray(H["p"], dtype=float)
            pairs.append((k, "ground"))
            continue
        faces = [i for i, h in enumerate(geometry) if h["body"] == g["halfspace_body"]
                 and h["shape"] == "box" and _identity(h["X_BG"]) and np.allclose(H["R"], np.eye(3))
                 and np.allclose(H["p"], [0, 0, h["sides"][2] / 2])]
        if g["shape"] != "box" or not faces:
            raise ValueError(f"contact geometry {k}: a half space on body {g['halfspace_body']} "
                             "is built only as the top face of that body's box, against a box")
        pairs.append((k, faces[0]))
    return pairs, (np.zeros(3) if ground is None else ground)


def mjcf(model, dt, solver, cone):
    """The MJCF text of the scene at timestep dt [s] under solver (pgs | cg | newton) and cone
    (pyramidal | elliptic); every other option is MuJoCo's default (Euler, 100 iterations,
    tolerance 1e-8, warmstart, impratio 1). Every contact is an explicit <pair> (the bodies'
    geoms have contype 0, so MuJoCo adds no other): its solref is set by MujocoScene (it needs
    the pair's Â)."""
    kind = _joint_kind(model)
    pairs, ground = contact_pairs(model)
    if solver not in SOLVERS or cone not in CONES:
        raise ValueError(f"solver {solver!r} / cone {cone!r}: the solvers are {list(SOLVERS)}, "
                         f"the cones {list(CONES)}")
    d = FLAT_IMPEDANCE
    mu = float(model["mu"])
    lines = [f'<mujoco model="{model["scene"]}">',
             f'  <option timestep="{float(dt)!r}" gravity="{_numbers(model["gravity"])}" '
             f'solver="{SOLVERS[solver]}" cone="{cone}"/>',
             '  <default><geom contype="0" conaffinity="0" margin="0"/></default>',
             "  <worldbody>",
             f'    <geom name="ground" type="plane" size="0 0 1" pos="{_numbers(ground)}"/>']
    children = {}
    for j in model["joints"]:
        children.setdefault(j["parent"], []).append(j)
    bodies = {b["index"]: b for b in model["bodies"]}

    def body_lines(j, indent):
        b = bodies[j["child"]]
        I = np.asarray(b["I_BBcm_B"])
        pad = " " * indent
        pose = ("" if kind == "free" else
                f' pos="{_numbers(j["X_PF"]["p"])}" quat="{_numbers(_quat(j["X_PF"]["R"]))}"')
        out = [f'{pad}<body name="{b["name"]}"{pose}>']
        if kind == "free":
            out.append(f"{pad}  <freejoint/>")
        else:
            damping = float(j["damping"][0]) if len(j["damping"]) else 0.0
            out.append(f'{pad}  <joint name="{j["name"]}" type="hinge" axis="{_numbers(j["axis_F"])}" '
                       f'damping="{damping!r}" armature="{float(j["reflected_inertia"])!r}" '
                       f'stiffness="{float(j["stiffness"])!r}" springref="{float(j["spring_reference"])!r}"/>')
        out.append(f'{pad}  <inertial pos="{_numbers(b["p_BoBcm_B"])}" mass="{float(b["mass"])!r}" '
                   f'fullinertia="{_numbers([I[0, 0], I[1, 1], I[2, 2], I[0, 1], I[0, 2], I[1, 2]])}"/>')
        for k, g in enumerate(model["contact_geometry"]):
            if g["body"] != b["index"]:
                continue
            pose = f'pos="{_numbers(g["X_BG"]["p"])}" quat="{_numbers(_quat(g["X_BG"]["R"]))}"'
            size = (_numbers([g["radius"]]) if g["shape"] == "sphere"
                    else _numbers(np.asarray(g["sides"]) / 2))
            out.append(f'{pad}  <geom name="g{k}" type="{g["shape"]}" size="{size}" {pose}/>')
        for c in children.get(b["index"], []):
            out += body_lines(c, indent + 2)
        out.append(f"{pad}</body>")
        return out

    for j in children.get(0, []):
        lines += body_lines(j, 4)
    lines += ["  </worldbody>", "  <contact>"]
    for k, other in pairs:
        other_name = "ground" if other == "ground" else f"g{other}"
        lines.append(f'    <pair geom1="{other_name}" geom2="g{k}" condim="3" '
                     f'friction="{mu!r} {mu!r} 0.005 0.0001 0.0001" solimp="{d} {d} 0.001 0.5 2" '
                     'margin="0"/>')
    lines += ["  </contact>", "</mujoco>"]
    return "\n".join(lines) + "\n"


class MujocoScene:
    """The scene compiled by MuJoCo, each contact pair's solref set from the lab's mapping, at
    x₀. ``step(external)`` advances one mj_step (with the given applied forces) and returns the
    state and contacts in the reference's terms."""

    def __init__(self, model, dt, solver, cone):
        self.model = model
        self.kind = _joint_kind(model)
        self.m = mujoco.MjModel.from_xml_string(mjcf(model, dt, solver, cone))
        self.d = mujoco.MjData(self.m)
        m, d = self.m, self.d
        # solref per pair from its Â = the two bodies' translational inverse weights as MuJoCo
        # computed them (body_invweight0, mj_setM0; the world's is 0), the sum MuJoCo's
        # diagonal approximation of a contact row takes (engine_core_constraint.c, mj_diagApprox)
        k, tau = model["material"]["stiffness"], model["material"]["relaxation_time"]
        d_imp = FLAT_IMPEDANCE
        for i in range(m.npair):
            b1, b2 = m.geom_bodyid[m.pair_geom1[i]], m.geom_bodyid[m.pair_geom2[i]]
            tran = float(m.body_invweight0[b1, 0] + m.body_invweight0[b2, 0])
            m.pair_solref[i] = [-k * (1 - d_imp) * tran, -tau * k * (1 - d_imp) * tran]
        self.solref = m.pair_solref.copy()
        # x₀: free bodies q = (quaternion, p), v = (ω in W, v) per body; hinges θ, θ̇
        q0, v0 = np.asarray(model["q0"]), np.asarray(model["v0"])
        if self.kind == "hinge":
            d.qpos[:], d.qvel[:] = q0, v0
        else:
            for j in range(len(model["bodies"])):
                quat, p = q0[7 * j:7 * j + 4], q0[7 * j + 4:7 * j + 7]
                w_W, v_W = v0[6 * j:6 * j + 3], v0[6 * j + 3:6 * j + 6]
                d.qpos[7 * j:7 * j + 7] = np.concatenate([p, quat])
                d.qvel[6 * j:6 * j + 6] = np.concatenate([v_W, self._rotation(quat).T @ w_W])
        mujoco.mj_forward(m, d)

    @staticmethod
    def _rotation(quat):
        R = np.zeros(9)
        mujoco.mju_quat2Mat(R, np.asarray(quat, dtype=float))
        return R.reshape(3, 3)

    def state(self):
        """(q, v) in the tree's coordinates: q = (quaternion, p), v = (ω in W, v) per body."""
        d = self.d
        if self.kind == "hinge":
            return d.qpos.copy(), d.qvel.copy()
        q, v = [], []
        for j in range(len(self.model["bodies"])):
            p, quat = d.qpos[7 * j:7 * j + 3], d.qpos[7 * j + 3:7 * j + 7]
            v_W, w_B = d.qvel[6 * j:6 * j + 3], d.qvel[6 * j + 3:6 * j + 6]
            q.append(np.concatenate([quat, p]))
            v.append(np.concatenate([self._rotation(quat) @ w_B, v_W]))
        return np.concatenate(q), np.concatenate(v)

    def apply(self, external):
        """Sets MuJoCo's xfrc_applied from the reference's applied forces (dicts: body, p_BoQ_B
        [m], force_W [N], torque_W [N·m]): xfrc_applied acts at the body's centre of mass
        (xipos), so a force applied at Q carries the torque (p_Q − p_Bcm) × f; the poses are the
        step's start (mj_kinematics on the current qpos). Forces not listed are zeroed."""
        m, d = self.m, self.d
        d.xfrc_applied[:] = 0
        if not external:
            return
        mujoco.mj_kinematics(m, d)
        for f in external:
            b = int(f["body"])
            p_Q = d.xpos[b] + d.xmat[b].reshape(3, 3) @ np.asarray(f["p_BoQ_B"], dtype=float)
            force = np.asarray(f["force_W"], dtype=float)
            d.xfrc_applied[b, :3] += force
            d.xfrc_applied[b, 3:] += np.asarray(f["torque_W"], dtype=float) + \
                np.cross(p_Q - d.xipos[b], force)

    def step(self, external=None):
        """One mj_step under the applied forces ``external`` (see apply; None: none). Returns
        (q⁺, v⁺, contacts, iterations, capped): each contact of the step (found at its start) as
        a dict: phi0 = MuJoCo's dist [m]; f_C = (‖f_t‖, 0, f_n) [N], the force on geom2's body
        from mj_contactForce in the contact frame (normal from geom1 to geom2; every pair puts
        the ground or the lower box as geom1); slip and separation speed of geom2's body
        relative to geom1's at the contact point at v⁺ [m/s] (the Jacobians at the step's start,
        mj_jac, as MuJoCo's kinematics still hold them after the step). iterations: the largest
        of the islands' solver_niter; capped: it reached opt.iterations."""
        m, d = self.m, self.d
        self.apply(external)
        mujoco.mj_step(m, d)
        contacts = []
        jac1, jac2 = np.zeros((3, m.nv)), np.zeros((3, m.nv))
        f6 = np.zeros(6)
        for i in range(d.ncon):
            c = d.contact[i]
            n = c.frame[:3]  # the normal, from geom1 into geom2
            b1, b2 = m.geom_bodyid[c.geom1], m.geom_bodyid[c.geom2]
            mujoco.mj_contactForce(m, d, i, f6)
            f_n, f_t = f6[0], np.hypot(f6[1], f6[2])
            mujoco.mj_jac(m, d, jac1, None, c.pos, b1)
            mujoco.mj_jac(m, d, jac2, None, c.pos, b2)
            vc = (jac2 - jac1) @ d.qvel
            vn = float(vc @ n)
            contacts.append({"phi0": float(c.dist), "f_C": [float(f_t), 0.0, float(f_n)],
                             "slip_speed": float(np.linalg.norm(vc - vn * n)),
                             "separation_speed": vn})
        iterations = int(max(d.solver_niter[:max(1, d.nisland)]))
        q, v = self.state()
        return q, v, contacts, iterations, iterations >= m.opt.iterations
