"""E3-geometry §2.2 / E3-SAP §2.2: hydroelastic contact surfaces of the reference
(reference/geometry/contact_surface.h) against Drake's QueryObject.ComputeContactSurfaces
(polygon representation), live: total area, area centroid, face normals, the pressure at
Drake's surface vertices, and the net elastic force (Drake: the hydroelastic ContactResults of a
continuous plant with zero dissipation and friction at rest, i.e. ∫ p n̂ dA).

Convention (course §0.4): M is the compliant geometry, N the other; normals point out of N
into M. Drake orders M/N by geometry id, so each comparison names M explicitly.

Tolerances follow from the meshes:
- Box: both engines mesh a box so that the field e(x) = min_i(h_i − |x_i|)/min_i h_i is exact
  and linear per tetrahedron (reference volume_mesh.h; Drake make_box_mesh.h, medial-axis
  mesh), and a plane cuts the tetrahedra in exact polygons: area, centroid and ∫ p dA agree to
  round-off (1e-10 relative; centroid 1e-12 m; pressure 1e-10·E).
- Sphere: both engines refine an octahedron L times and cone its surface triangles to one
  interior vertex at the centre (Drake's default kSingleInteriorVertex), so for the same level
  the meshes, fields and surfaces are the same and agree to round-off too. The levels come from
  the resolution hint h by different rules: Drake (make_sphere_mesh.h, MakeSphereVolumeMesh)
  L = ceil(log2(π / asin(h/2R))) − 2, the reference (volume_mesh.h) the smallest L with
  √2 R/2^L ≤ h. The hints used here give the same L under both (R = 0.1 m):
    h = 0.05:  π/asin(0.25) = 12.4, ceil(log2) = 4, L = 2;  √2·0.1/0.05 = 2.83 → L = 2
    h = 0.01:  π/asin(0.05) = 62.8, ceil(log2) = 6, L = 4;  √2·0.1/0.01 = 14.1 → L = 4
  and each test first checks that both surfaces have the same number of faces. (Between such
  hints the rules can differ: h = 0.009 gives Drake L = 5 and the reference L = 4.)"""

import numpy as np
import pytest
from pydrake.math import RollPitchYaw

import simatlas.geometry as sg
from hydro_surfaces import GROUND, drake_surface, pose, reference_surface

E_BOX, E_SPHERE = 2e5, 1e5  # [Pa]


def test_compliant_box_on_rigid_halfspace(rng):
    for _ in range(3):
        sides = rng.uniform(0.1, 0.4, 3)
        R = RollPitchYaw(*rng.uniform(-0.3, 0.3, 3)).ToRotationMatrix().matrix()
        lowest = -0.5 * np.abs(R) @ sides  # lowest point of the box relative to its centre
        p = [*rng.uniform(-0.5, 0.5, 2), -lowest[2] - rng.uniform(0.2, 0.6) * sides.min() / 2]
        box = {"shape": "box", "sizes": list(sides), "modulus": E_BOX, "pose": pose(R, p)}
        drake = drake_surface([GROUND, box], 1)
        M = {"shape": "box", "sizes": list(sides), "modulus": E_BOX, "R": R, "p": p}
        ref = reference_surface(M, {"shape": "halfspace"})
        assert ref["area"] == pytest.approx(drake["area"], rel=1e-10)
        np.testing.assert_allclose(ref["centroid"], drake["centroid"], rtol=0, atol=1e-12)
        np.testing.assert_allclose(ref["normals"], np.tile([0, 0, 1], (len(ref["normals"]), 1)),
                                   atol=1e-12)
        np.testing.assert_allclose(drake["normals"], np.tile([0, 0, 1], (len(drake["normals"]), 1)),
                                   atol=1e-12)
        np.testing.assert_allclose(sg.field_pressure(M, drake["vertices"]), drake["pressures"],
                                   rtol=0, atol=1e-9 * E_BOX)
        np.testing.assert_allclose(ref["force"], drake["force"], rtol=1e-10,
                                   atol=1e-10 * np.linalg.norm(drake["force"]))


SPHERE_HINTS = [0.05, 0.01]  # [m], R = 0.1 m: the same level in both engines (docstring)


@pytest.mark.parametrize("h", SPHERE_HINTS)
def test_compliant_sphere_on_rigid_halfspace(h):
    R, depth = 0.1, 0.03
    p = [0.02, -0.01, R - depth]
    sphere = {"shape": "sphere", "sizes": [R], "modulus": E_SPHERE, "resolution_hint": h}
    drake = drake_surface([GROUND, dict(sphere, pose=pose(np.eye(3), p))], 1)
    M = dict(sphere, R=np.eye(3), p=p)
    ref = reference_surface(M, {"shape": "halfspace"})
    assert len(ref["normals"]) == len(drake["normals"])  # the same refinement level
    assert ref["area"] == pytest.approx(drake["area"], rel=1e-10)
    np.testing.assert_allclose(ref["centroid"], drake["centroid"], rtol=0, atol=1e-12)
    np.testing.assert_allclose(ref["normals"], np.tile([0, 0, 1], (len(ref["normals"]), 1)), atol=1e-12)
    np.testing.assert_allclose(drake["normals"], np.tile([0, 0, 1], (len(drake["normals"]), 1)), atol=1e-12)
    np.testing.assert_allclose(sg.field_pressure(M, drake["vertices"]), drake["pressures"],
                               rtol=0, atol=1e-10 * E_SPHERE)
    np.testing.assert_allclose(ref["force"], drake["force"], rtol=0,
                               atol=1e-10 * np.linalg.norm(drake["force"]))
    assert drake["force"][2] > 0  # the ground pushes the sphere up


def test_compliant_sphere_against_compliant_box():
    R, h = 0.1, 0.01
    sides = [0.4, 0.4, 0.2]
    p_sphere = [0.03, 0.01, 0.1 + R - 0.02]  # 2 cm into the box's top face (z = 0.1)
    sphere = {"shape": "sphere", "sizes": [R], "modulus": E_SPHERE, "resolution_hint": h}
    box = {"shape": "box", "sizes": sides, "modulus": E_BOX}
    drake = drake_surface([dict(sphere, pose=pose(np.eye(3), p_sphere)),
                           dict(box, pose=pose(np.eye(3), [0, 0, 0]))], 0)
    ref = reference_surface(dict(sphere, R=np.eye(3), p=p_sphere), dict(box, R=np.eye(3), p=[0, 0, 0]))
    # The equal-pressure surface E_s e_s = E_b e_b of the same two meshes: round-off again.
    assert ref["area"] == pytest.approx(drake["area"], rel=1e-10)
    np.testing.assert_allclose(ref["centroid"], drake["centroid"], rtol=0, atol=1e-12)
    np.testing.assert_allclose(ref["force"], drake["force"], rtol=0,
                               atol=1e-10 * np.linalg.norm(drake["force"]))
    assert drake["force"][2] > 0  # the box pushes the sphere up
    # Each face normal points out of the box (N) into the sphere (M): upward here.
    assert (ref["normals"][:, 2] > 0).all() and (drake["normals"][:, 2] > 0).all()
