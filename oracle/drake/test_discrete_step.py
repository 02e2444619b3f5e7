"""E3-geometry §3 and E3-SAP §2–§3: one discrete step of a scene under each approximation
(kSap, kSimilar, kLagged), Drake's MultibodyPlant (the wheel in the build tree's venv) against
the reference's step driver (simatlas.simulate, i.e. `simatlas simulate`), from one scene
description (simatlas.scene_model; drake_plant.DrakeScene builds Drake's plant from it).

A match checks, together and live: the free motion, the point pairs, the series combination of
the two sides' point stiffness (each side 2k), the contact frame, the constraint parameters
(near-rigid threshold, stiction tolerance, relaxation time, Hunt–Crossley dissipation, both at
their plant defaults where the scene does not set them) and the SAP solve.

Tolerance: SAP stops at a relative tolerance of 1e-6 on the gradient of its cost (Drake
`sap_solver.h` SapSolverParameters rel_tolerance; the reference sap_solver.h), but both engines
take the same Newton steps from the same guess (v₀) with the same line search, so they stop at
the same iterate and agree to round-off (Drake 1.51.1: |Δv| ≤ 1e-16 m/s on every case here).
The test allows 1e-9 of the velocity scale (|v₀| + g·dt) and 1e-9 of m g for the forces —
far inside the solver's tolerance, so a different law, frame or parameter (or an iterate that
stopped elsewhere) shows."""

import numpy as np
import pytest

import simatlas
from drake_plant import DrakeScene

APPROXIMATIONS = ["sap", "similar", "lagged"]
RTOL = 1e-9

# name, scene, keys (the box resting and sliding, the pizza saver below and above μ m g R =
# 0.5·3·9.81·1.5 = 22.07 N·m, a sphere caught 0.5 mm into the ground).
CASES = [
    ("box_resting", "box_slide", {"v0": 0.0}),
    ("box_sliding", "box_slide", {"v0": 1.0}),
    ("pizza_saver_20", "pizza_saver", {"torque": 20.0}),
    ("pizza_saver_40", "pizza_saver", {"torque": 40.0}),
    ("sphere_dropped", "sphere_on_ground", {"z0": 0.0995}),
]


def reference_step(scene, keys):
    run = simatlas.simulate(scene, steps=1, **keys)
    c = run["contacts"]
    contacts = [(c["p_WC"][i], c["f_Bc_W"][i]) for i in range(len(c["step"])) if c["step"][i] == 0]
    return run["q"][1], run["v"][1], contacts


def matched(ref, drake, length_scale):
    """Pairs the contacts of both engines by contact point (each within 1e-9 m of one other)."""
    assert len(ref) == len(drake), f"{len(ref)} reference contacts, {len(drake)} Drake contacts"
    pairs = []
    for p, f in ref:
        d = [np.linalg.norm(p - q) for q, _ in drake]
        k = int(np.argmin(d))
        assert d[k] <= 1e-9 * max(1.0, length_scale), f"no Drake contact at {p}"
        pairs.append((f, drake[k][1]))
    return pairs


@pytest.mark.parametrize("approximation", APPROXIMATIONS)
@pytest.mark.parametrize("name,scene,keys", CASES, ids=[c[0] for c in CASES])
def test_one_step_equals_drakes(name, scene, keys, approximation):
    keys = dict(keys, approximation=approximation)
    model = simatlas.scene_model(scene, **keys)
    q_ref, v_ref, c_ref = reference_step(scene, keys)
    q_drake, v_drake, c_drake = DrakeScene(model).step()
    dt = model["dt"]
    g = np.linalg.norm(model["gravity"])
    v_scale = np.abs(model["v0"]).max() + g * dt + 1e-3
    np.testing.assert_allclose(v_ref, v_drake, rtol=0, atol=RTOL * v_scale)
    np.testing.assert_allclose(q_ref, q_drake, rtol=0, atol=RTOL * v_scale * dt + 1e-15)
    weight = sum(b["mass"] for b in model["bodies"]) * g
    assert c_ref, "the scene must be in contact"
    for f_ref, f_drake in matched(c_ref, c_drake, 1.0):
        np.testing.assert_allclose(f_ref, f_drake, rtol=0, atol=RTOL * weight)


def test_pizza_saver_regimes_differ():
    # The two torques fall on both sides of μ m g R = 0.5·3·9.81·1.5 = 22.07 N·m, so the
    # comparison above covers stiction and slip. Slipping, ω grows at (τ − μ m g R)/I_zz with
    # I_zz = m R² = 6.75 kg·m²: after one 1 ms step ω = (40 − 22.07)/6.75·1e-3 = 2.66e-3 rad/s.
    # Sticking, ω is the regularised creep only, under a tenth of that.
    slip = (40.0 - 0.5 * 3 * 9.81 * 1.5) / 6.75 * 1e-3
    _, v, _ = reference_step("pizza_saver", {"torque": 40.0, "approximation": "lagged"})
    assert v[2] == pytest.approx(slip, rel=0.01)
    _, v, _ = reference_step("pizza_saver", {"torque": 20.0, "approximation": "lagged"})
    assert abs(v[2]) < 0.1 * slip


# Two materials: the ground and the sphere each with their own k, d, τ, μ (Drake combines them);
# the reference runs the scene with the values its own laws combine (E3-geometry §3). The sphere
# is caught 0.5 mm in at rest, so only the normal direction acts: the contact point (which Drake
# places by the stiffness ratio, the reference midway) does not enter v_next or f.
GROUND = {"k": 4e5, "d": 2.0, "tau": 0.004, "mu": 0.8}
SPHERE = {"k": 1e5, "d": 20.0, "tau": 0.02, "mu": 0.3}


@pytest.mark.parametrize("approximation", APPROXIMATIONS)
def test_two_materials_one_step_equals_drakes(approximation):
    k = simatlas.law("material.point_stiffness", k1=GROUND["k"], k2=SPHERE["k"])["k"]
    d = simatlas.law("material.dissipation", k1=GROUND["k"], k2=SPHERE["k"], d1=GROUND["d"],
                     d2=SPHERE["d"])["d"]
    tau = simatlas.law("material.relaxation_time", tau1=GROUND["tau"], tau2=SPHERE["tau"])["tau"]
    mu = simatlas.law("material.friction", mu_s1=GROUND["mu"], mu_d1=GROUND["mu"],
                      mu_s2=SPHERE["mu"], mu_d2=SPHERE["mu"])["mu_d"]
    keys = {"z0": 0.0995, "stiffness": k, "dissipation": d, "relaxation_time": tau, "mu": mu,
            "approximation": approximation}
    model = simatlas.scene_model("sphere_on_ground", **keys)
    _, v_ref, c_ref = reference_step("sphere_on_ground", keys)
    _, v_drake, c_drake = DrakeScene(model, materials=(GROUND, SPHERE)).step()
    v_scale = 9.81 * model["dt"]
    np.testing.assert_allclose(v_ref, v_drake, rtol=0, atol=RTOL * v_scale)
    assert len(c_ref) == len(c_drake) == 1
    np.testing.assert_allclose(c_ref[0][1], c_drake[0][1], rtol=0, atol=RTOL * 9.81)


@pytest.mark.parametrize("approximation", APPROXIMATIONS)
def test_sphere_dropped_through_impact_equals_drakes(approximation):
    # Released 1 mm above the ground: free fall for √(2·0.001/9.81) = 14.3 ms (about 14 steps
    # of 1 ms, reaching 9.81·0.0143 = 0.14 m/s), then impact and contact; 40 steps in all, each
    # engine stepping from its own previous state.
    keys = {"z0": 0.101, "steps": 40, "approximation": approximation}
    run = simatlas.simulate("sphere_on_ground", **keys)
    drake = DrakeScene(simatlas.scene_model("sphere_on_ground", **keys)).run(40)
    assert run["contact_force"][:13].max() == 0 and run["contact_force"][-1] > 0
    np.testing.assert_allclose(run["v"][1:], drake, rtol=0, atol=RTOL * 0.15)
