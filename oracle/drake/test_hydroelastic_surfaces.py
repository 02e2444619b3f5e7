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
  round-off. Tolerances 1e-10 relative (area, force) and 1e-12 m (centroid), 1e-9·E (pressure).
- Sphere: each engine replaces the sphere by an inscribed polyhedron whose surface edges are at
  most the resolution hint h (both read the hint that way), so every surface point is at a
  radius ρ ∈ [R − δ, R] with δ = R(1 − √(1 − h²/(3R²))) (a triangle of edges ≤ h has a
  circumradius ≤ h/√3). A plane at distance c from the centre cuts a disk of area π(ρ² − c²),
  so two such areas differ by at most π(R² − (R − δ)²) ≤ 2πRδ. The two pressure fields both lie
  in E(1 − r/ρ) for ρ ∈ [R − δ, R], so at a point at r ≤ R they differ by at most Eδ/(R − δ);
  the force ∫ p dA then differs by at most A·Eδ/(R − δ) + E·2πRδ, and the centroid of a disk
  cut about the same axis moves by at most the radius change of its rim, √(2Rδ)."""

import math

import numpy as np
import pytest
from pydrake.math import RollPitchYaw

import simatlas.geometry as sg
from drake_plant import POLYGON, geometry_scene, query_object

E_BOX, E_SPHERE = 2e5, 1e5  # [Pa]


def drake_surface(shapes, compliant_index):
    """Drake's surface and elastic force on the compliant geometry shapes[compliant_index]."""
    plant, scene_graph, diagram, context, ids = geometry_scene(shapes)
    surfaces = query_object(plant, scene_graph, context).ComputeContactSurfaces(POLYGON)
    assert len(surfaces) == 1
    s = surfaces[0]
    m_id = ids[compliant_index]
    assert m_id in (s.id_M(), s.id_N())
    flip = 1.0 if s.id_M() == m_id else -1.0  # normals made to point into our M
    mesh, field = s.poly_mesh_W(), s.poly_e_MN()
    vertices = np.array([mesh.vertex(i) for i in range(mesh.num_vertices())])
    pressures = np.array([field.EvaluateAtVertex(i) for i in range(mesh.num_vertices())])
    normals = np.array([flip * mesh.face_normal(f) for f in range(mesh.num_faces())])
    results = plant.get_contact_results_output_port().Eval(plant.GetMyContextFromRoot(context))
    info = results.hydroelastic_contact_info(0)
    m_body = plant.GetBodyFromFrameId(scene_graph.model_inspector().GetFrameId(m_id)).index()
    body_a = plant.GetBodyFromFrameId(
        scene_graph.model_inspector().GetFrameId(info.contact_surface().id_M())).index()
    force = np.asarray(info.F_Ac_W().translational()) * (1.0 if body_a == m_body else -1.0)
    return {"area": s.total_area(), "centroid": np.asarray(s.centroid()), "vertices": vertices,
            "pressures": pressures, "normals": normals, "force": force}


def reference_surface(M, N):
    surface = sg.contact_surface(M, N)
    areas = np.array([f["area"] for f in surface["faces"]])
    centroids = np.array([f["centroid"] for f in surface["faces"]])
    return {"area": surface["area"], "centroid": areas @ centroids / areas.sum(),
            "normals": np.array([f["normal"] for f in surface["faces"]]),
            "force": np.asarray(surface["force_on_M"])}


def pose(R, p):
    return {"R": np.asarray(R), "p": np.asarray(p, dtype=float)}


GROUND = {"shape": "halfspace", "pose": pose(np.eye(3), [0, 0, 0])}


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


def sphere_bounds(R, h):
    """δ of the module docstring: how far inside R an inscribed polyhedron with edges <= h
    can reach [m]."""
    return R * (1 - math.sqrt(1 - h * h / (3 * R * R)))


def test_compliant_sphere_on_rigid_halfspace():
    R, h, depth = 0.1, 0.01, 0.03
    p = [0.02, -0.01, R - depth]
    sphere = {"shape": "sphere", "sizes": [R], "modulus": E_SPHERE, "resolution_hint": h}
    drake = drake_surface([GROUND, dict(sphere, pose=pose(np.eye(3), p))], 1)
    ref = reference_surface(dict(sphere, R=np.eye(3), p=p), {"shape": "halfspace"})
    delta = sphere_bounds(R, h)
    area_tol = 2 * math.pi * R * delta
    assert abs(ref["area"] - drake["area"]) <= area_tol
    np.testing.assert_allclose(ref["centroid"], drake["centroid"], rtol=0,
                               atol=math.sqrt(2 * R * delta))
    np.testing.assert_allclose(ref["normals"], np.tile([0, 0, 1], (len(ref["normals"]), 1)), atol=1e-12)
    np.testing.assert_allclose(drake["normals"], np.tile([0, 0, 1], (len(drake["normals"]), 1)), atol=1e-12)
    dp = E_SPHERE * delta / (R - delta)
    M = dict(sphere, R=np.eye(3), p=p)
    np.testing.assert_allclose(sg.field_pressure(M, drake["vertices"]), drake["pressures"],
                               rtol=0, atol=dp)
    force_tol = drake["area"] * dp + E_SPHERE * area_tol
    assert np.linalg.norm(ref["force"] - drake["force"]) <= force_tol
    assert drake["force"][2] > 0 and ref["force"][2] > 0  # pushes the sphere up, out of the ground


def test_compliant_sphere_against_compliant_box():
    R, h = 0.1, 0.01
    sides = [0.4, 0.4, 0.2]
    p_sphere = [0.03, 0.01, 0.1 + R - 0.02]  # 2 cm into the box's top face (z = 0.1)
    sphere = {"shape": "sphere", "sizes": [R], "modulus": E_SPHERE, "resolution_hint": h}
    box = {"shape": "box", "sizes": sides, "modulus": E_BOX}
    drake = drake_surface([dict(sphere, pose=pose(np.eye(3), p_sphere)),
                           dict(box, pose=pose(np.eye(3), [0, 0, 0]))], 0)
    ref = reference_surface(dict(sphere, R=np.eye(3), p=p_sphere), dict(box, R=np.eye(3), p=[0, 0, 0]))
    # The equal-pressure surface lies where E_s e_s = E_b e_b. Inside the top region of the box
    # e_b is exact in both engines; the sphere fields differ by at most dp (docstring), which
    # moves the surface along the normal by at most dp/(g_s + g_b) and changes its disk area by
    # at most 2π a·that shift plus the polyhedron's own 2πRδ (a ≤ R the disk radius).
    delta = sphere_bounds(R, h)
    dp = E_SPHERE * delta / (R - delta)
    g = E_SPHERE / R + E_BOX / (min(sides) / 2)
    shift = dp / g
    area_tol = 2 * math.pi * R * (delta + shift)
    assert abs(ref["area"] - drake["area"]) <= area_tol
    np.testing.assert_allclose(ref["centroid"], drake["centroid"], rtol=0,
                               atol=math.sqrt(2 * R * (delta + shift)))
    force_tol = drake["area"] * dp + E_SPHERE * area_tol
    assert np.linalg.norm(ref["force"] - drake["force"]) <= force_tol
    assert drake["force"][2] > 0 and ref["force"][2] > 0  # the box pushes the sphere up
