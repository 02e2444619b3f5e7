"""E3-geometry §2.2: one hydroelastic contact surface from each engine, in one frame of
reference, for the live oracle (test_hydroelastic_surfaces.py) and the E3-geometry notebook.

Convention (course §0.4): M is the compliant geometry, N the other; normals point out of N into
M. Drake orders M/N by geometry id, so drake_surface names M explicitly and flips to match."""

import numpy as np

import simatlas.geometry as sg
from drake_plant import POLYGON, geometry_scene, query_object


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
