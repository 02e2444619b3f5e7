"""Scenes (E3-SAP §2, §4.1): ``simatlas.simulate`` returns the records of
``simatlas simulate SCENE ... --json`` bit for bit, as numpy arrays."""

import math

import pytest

import simatlas
from conftest import cli_json, run_cli, same_array, same_bits

RUNS = [
    ("box_slide", {"approximation": "lagged", "v0": 1.0, "steps": 60}),
    ("hinge_chain", {"integrator": "rk4", "steps": 50}),
]


@pytest.mark.parametrize("scene,keys", RUNS, ids=[r[0] for r in RUNS])
def test_simulate_equals_the_cli(scene, keys):
    got = simatlas.simulate(scene, **keys)
    text = [f"{k}={simatlas._values.argument_text(v)}" for k, v in keys.items()]
    expected = cli_json("simulate", scene, *text)
    assert got["scene"] == expected["scene"]
    assert got["parameters"].keys() == expected["parameters"].keys()
    assert same_array(got["q"][-1], expected["q"]) and same_array(got["v"][-1], expected["v"])
    assert same_array(got["times"][1:], expected["t"]) and got["times"][0] == 0.0
    for key in ["contact_force", "solver_iterations", "energy"]:
        assert same_array(got[key], expected[key]), key
    assert got["q"].shape[0] == got["times"].size == got["energy"].size
    last = got["contacts"]["step"] == len(expected["t"]) - 1
    rows = expected["contacts_last_step"]
    assert int(last.sum()) == len(rows)
    for key in ["phi0", "fn", "slip_speed", "separation_speed"]:
        assert same_array(got["contacts"][key][last], [r[key] for r in rows]), key
    assert same_array(got["contacts"]["f_Bc_W"][last].reshape(-1),
                      [x for r in rows for x in r["f_Bc_W"]])
    for key, value in expected["summary"].items():
        assert (got["summary"][key] is None) if value is None else same_bits(got["summary"][key],
                                                                              value), key


def test_bad_key_is_the_cli_message():
    with pytest.raises(ValueError) as raised:
        simatlas.simulate("box_slide", steps=-3)
    code, out, err = run_cli("simulate", "box_slide", "steps=-3.0", "--json")
    assert code == 2 and out == "" and err == f"simatlas simulate: {raised.value}\n"
    with pytest.raises(ValueError, match="no_such_scene"):
        simatlas.simulate("no_such_scene")
    assert math.isfinite(simatlas.simulate("box_slide", steps=2)["energy"][-1])
