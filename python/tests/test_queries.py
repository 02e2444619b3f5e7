"""E3-geometry §1, §2.1, §2.2 and E3-SAP §2 through simatlas.geometry and simatlas.scene_model:
the reference's defaults, point pairs, contact surfaces and scene data as the live
Drake oracle (oracle/drake/) reads them; each expectation derived by hand here."""
import math

import numpy as np
import pytest

import simatlas
import simatlas.geometry as sg


def test_plant_defaults_are_the_formula_sheets():
    # E3-geometry §1 formula sheet: 1 ms, vs = 1e-4 m/s, δ = 1 mm, near-rigid 1.0,
    # hydroelastic with fallback, lagged, polygon; per-side τ fallback 0.1 s.
    d = sg.plant_defaults()
    assert (d["time_step"], d["stiction_tolerance"], d["penetration_allowance"],
            d["sap_near_rigid_threshold"]) == (1e-3, 1e-4, 1e-3, 1.0)
    assert (d["contact_model"], d["discrete_contact_approximation"],
            d["contact_surface_representation"]) == ("hydroelastic_with_fallback", "lagged", "polygon")
    assert d["default_relaxation_time"] == 0.1
    assert d["default_proximity_properties"]["point_stiffness"] == 1e6


def test_sphere_point_pair_over_the_ground():
    # Sphere r = 0.1 m centred 0.07 m above z = 0: depth 0.03 m, ground witness (x, y, 0),
    # sphere witness (x, y, −0.03), nhat_BA_W from the sphere (B) toward the ground (A): −z.
    (pair,) = sg.halfspace_point_pairs("sphere", [0.1], np.eye(3), [0.2, -0.1, 0.07])
    assert pair["depth"] == pytest.approx(0.03, abs=1e-15)
    np.testing.assert_allclose(pair["p_WCa"], [0.2, -0.1, 0.0], atol=1e-15)
    np.testing.assert_allclose(pair["p_WCb"], [0.2, -0.1, -0.03], atol=1e-15)
    np.testing.assert_allclose(pair["nhat_BA_W"], [0, 0, -1], atol=1e-15)
    assert sg.halfspace_point_pairs("sphere", [0.1], np.eye(3), [0, 0, 0.1 + 1e-9]) == []


def test_box_surface_on_the_ground():
    # Box 0.4 × 0.2 × 0.1 m (E = 1e5 Pa) centred 0.03 m above z = 0: bottom at −0.02 m, top at
    # 0.08 m, so the plane cuts the full 0.4 × 0.2 section (area 0.08 m²). At the origin the
    # distances to the faces are 0.2, 0.1, 0.02 (bottom), 0.08 (top) m; e = 0.02/0.05 (the
    # smallest half size) = 0.4, p = E e = 4e4 Pa.
    M = {"shape": "box", "sizes": [0.4, 0.2, 0.1], "modulus": 1e5, "R": np.eye(3), "p": [0, 0, 0.03]}
    s = sg.contact_surface(M, {"shape": "halfspace"})
    assert s["area"] == pytest.approx(0.08, rel=1e-12)
    assert all(np.allclose(f["normal"], [0, 0, 1]) for f in s["faces"])  # out of N into M
    assert sg.field_pressure(M, np.array([[0.0, 0.0, 0.0]]))[0] == pytest.approx(4e4, rel=1e-12)
    assert s["force_on_M"][2] > 0


def test_scene_model_matches_the_run():
    # pizza_saver: 3 kg, three points at R = 1.5 m, torque about z; side stiffness 2k.
    m = simatlas.scene_model("pizza_saver", torque=20.0, stiffness=1e5)
    assert [b["mass"] for b in m["bodies"]] == [3.0]
    assert m["material"]["side_stiffness"] == 2e5
    assert m["material"]["stiction_tolerance"] == 1e-4
    assert len(m["contact_geometry"]) == 3
    assert all(math.isclose(np.linalg.norm(g["X_BG"]["p"]), 1.5) for g in m["contact_geometry"])
    assert m["external"][0]["torque_W"][2] == 20.0
    run = simatlas.simulate("pizza_saver", torque=20.0, stiffness=1e5, steps=0)
    np.testing.assert_array_equal(run["q"][0], m["q0"])
