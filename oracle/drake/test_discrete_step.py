"""E3-geometry §3 and E3-SAP §2–§3: one discrete step of a scene under each approximation
(kSap, kSimilar, kLagged), Drake's MultibodyPlant (the wheel in the build tree's venv) against
the reference's step driver (simatlas.simulate, i.e. `simatlas simulate`), from one scene
description (simatlas.scene_model; drake_plant.DrakeScene builds Drake's plant from it).

A match checks, together and live: the free motion, the point pairs, the series combination of
the two sides' point stiffness (each side 2k), the contact frame, the constraint parameters
(near-rigid threshold, stiction tolerance, relaxation time, Hunt–Crossley dissipation, both at
their plant defaults where the scene does not set them) and the SAP solve.

Tolerance: both sides stop SAP at its default relative tolerance 1e-6 on the gradient of the
cost (the momentum balance, scaled by the diagonal of the mass matrix; Drake
`sap_solver.h` SapSolverParameters rel_tolerance, the reference sap_solver.h). Newton's last
step is quadratic, so the velocities usually agree far better; a residual of 1e-6 relative
bounds the velocity error by 1e-6 of the velocity scale (|v*| + the contact velocity g·dt),
and the forces by 1e-6 of m g. The test allows 1e-5 of those scales."""

import numpy as np
import pytest

import simatlas
from drake_plant import DrakeScene

APPROXIMATIONS = ["sap", "similar", "lagged"]
RTOL = 1e-5

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
    # The two torques fall on both sides of μ m g R = 22.07 N·m, so the comparison above covers
    # stiction (ω stays ~0) and slip (ω grows at about (40 − 22.07)/I_zz = 17.93/6.75 rad/s²).
    for torque, sticks in ((20.0, True), (40.0, False)):
        _, v, _ = reference_step("pizza_saver", {"torque": torque, "approximation": "lagged"})
        omega = v[2]
        if sticks:
            assert abs(omega) < 1e-3 * 17.93 / 6.75 * 1e-3 * 1e3
        else:
            assert omega == pytest.approx(17.93 / 6.75 * 1e-3, rel=0.05)
