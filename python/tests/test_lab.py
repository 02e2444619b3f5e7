"""simatlas.lab: the binding hands over the experiments' JSON form (reference/lab/lab_json.h)."""
import math

import simatlas.lab as lab


def test_list_names_every_experiment():
    names = [e["name"] for e in lab.experiments()]
    assert names == ["scenes", "convergence", "stability", "scale", "derivatives"]


def test_quick_stability_follows_the_euler_law():
    # Semi-implicit Euler on m x'' = -k x is stable iff omega h < 2 (MJ-solvers §7); the largest
    # stable step of a grid with ratio 1.22 lies in (2/1.22, 2] = (1.64, 2].
    result = lab.run("stability", quick=True, progress=False)
    euler = [r for r in lab.rows(result) if r["integrator"] == "euler"]
    assert euler
    for r in euler:
        assert 2 / 1.23 < r["omega_h_at_largest"] <= 2.0
    assert all(isinstance(f, str) and f for f in result["findings"])


def test_unknown_experiment_is_a_value_error():
    try:
        lab.run("nope", quick=True, progress=False)
    except ValueError as e:
        assert "scenes" in str(e)
    else:
        raise AssertionError("no error")
