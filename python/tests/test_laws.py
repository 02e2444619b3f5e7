"""The law registry (DESIGN.md "The law registry"): every law of the registry evaluated through
``simatlas.law`` equals ``simatlas law NAME ... --json`` bit for bit, and bad input raises
ValueError with the command-line program's message."""

import math

import numpy as np
import pytest

import simatlas
from conftest import cli_json, run_cli, same_array, same_bits

LAWS = simatlas.laws()

# A valid input set for the inputs without a default (SI units, inside each law's domain);
# the law's defaults fill the rest. The values are inputs only: the expected outputs are the
# CLI's on the same inputs.
REQUIRED = {
    "material.point_stiffness": dict(k1=1e5, k2=math.inf),
    "material.dissipation": dict(k1=1e5, k2=3e5, d1=0.2, d2=0.5),
    "material.friction": dict(mu_s1=0.6, mu_d1=0.5, mu_s2=0.9, mu_d2=0.3),
    "material.continuous_point": dict(k1=1e5, k2=2e5, d1=0.1, d2=0.3),
    "material.continuous_hydro": dict(E_A=1e7, E_B=math.inf),
    "material.penalty": dict(mass=2.0),
    "point.continuous_force": dict(k=1e5, d=0.2, depth=1e-3, xdot=0.05),
    "point.continuous_contact": dict(k=1e5, d=0.2, mu_s=0.6, mu_d=0.5, depth=1e-3,
                                     p_WCa=[0, 0, -1e-3], p_WCb=[0, 0, 0], nhat_BA_W=[0, 0, 1],
                                     v_WAc=[0.1, 0, -0.01], v_WBc=[0, 0, 0]),
    "point.discrete_pair": dict(kA=1e5, kB=3e5, depth=2e-3, p_WCa=[0, 0, -2e-3],
                                p_WCb=[0, 0, 0], nhat_BA_W=[0, 0, 1]),
    "friction.stribeck": dict(speed=3e-4, mu_s=0.6, mu_d=0.5),
    "friction.atan_over_x": dict(x=0.7),
    "friction.atan": dict(speed=3e-4, mu_d=0.5),
    "friction.discrete": dict(mu_s=0.6, mu_d=0.5),
    "geometry.contact_representation": dict(shape_a="sphere", shape_b="box"),
    "hydro.discrete_face": dict(area=1e-4, p0=2e4, gM=1e6, gN=3e6),
    "hydro.traction": dict(e=1e4, d=0.1, vn=-0.02, vt=np.array([0.03, -0.01]), mu=0.5),
    "hydro.sphere_halfspace": dict(E=1e6, R=0.05, depth=2e-3, resolution_hint=0.02),
    "hydro.sphere_sphere": dict(E1=1e6, R1=0.05, E2=3e6, R2=0.04, overlap=2e-3,
                                resolution_hint=0.02),
    "sap.friction_cone": dict(dt=5e-3, w=[3.0], phi0=-2.5e-3, mu=0.5, k=1e5, tau=0.01,
                              vc=[0.1, 0, -0.1]),
    "sap.hunt_crossley": dict(approximation="lagged", dt=5e-3, w=[3.0], mu=0.5, k=1e5, d=0.2,
                              fe0=25.0, vn0=-0.1, vc=(0.1, 0, -0.1)),
    "multibody.free_motion": dict(m=2.0, h=1e-3, v0=0.5),
    "multibody.quaternion_step": dict(q0=[1, 0, 0, 0], w=[0.3, -0.2, 1.0], h=1e-2),
    "multibody.double_pendulum": dict(q=[0.3, -0.4], v=[0.1, 0.2]),
    "mujoco.impedance": dict(pos=-1e-3),
    "mujoco.row": dict(diag_approx=4.0, pos=-1e-3),
    "mujoco.pyramid_decode": dict(edges=[3.0, 1.0, 2.0, 2.5], mu=[0.5, 0.7]),
    "mujoco.integrate_linear": dict(m=2.0, h=1e-3),
}


def default_inputs(signature):
    """Every input that has a default, as Python values (the registry's own numbers)."""
    inputs = {}
    for q in signature["inputs"]:
        if "default" not in q:
            continue
        value = q["default"]
        if isinstance(value, list):
            value = np.array([simatlas._values.json_number(x) for x in value])
        elif q["kind"].removeprefix("optional ") == "number":
            value = simatlas._values.json_number(value)
        inputs[q["name"]] = value
    return inputs


def test_registry_is_the_cli_list():
    assert LAWS == cli_json("law", "--list")
    assert "material.point_stiffness" in [entry["name"] for entry in LAWS]


@pytest.mark.parametrize("name", [entry["name"] for entry in LAWS])
def test_every_law_equals_the_cli(name):
    signature = next(entry for entry in LAWS if entry["name"] == name)
    inputs = default_inputs(signature)
    inputs.update(REQUIRED.get(name, {}))
    missing = [q["name"] for q in signature["inputs"] if q["name"] not in inputs
               and not q["kind"].startswith("optional ")]
    assert not missing, (f"law {name}: inputs {missing} have no default; add valid values to "
                         "REQUIRED in python/tests/test_laws.py")
    got = simatlas.law(name, **inputs)
    # The CLI with the same inputs, written as the package writes them.
    arguments = [f"{k}={simatlas._values.argument_text(v)}" for k, v in inputs.items()]
    expected = cli_json("law", name, *arguments)
    assert expected["law"] == name
    assert list(got) == list(expected["outputs"])
    for key, value in expected["outputs"].items():
        if isinstance(value, list):
            assert isinstance(got[key], np.ndarray) and same_array(got[key], value), key
        elif isinstance(value, bool) or (isinstance(value, str) and value not in ("inf", "-inf")):
            assert got[key] == value, key
        else:
            assert isinstance(got[key], float) and same_bits(got[key], value), key


def test_series_stiffness_by_hand():
    # E3-geometry §3: k = k1 k2 / (k1 + k2) = 1e10 / 2e5 = 5e4 N/m; a rigid side gives the other.
    assert simatlas.law("material.point_stiffness", k1=1e5, k2=1e5)["k"] == 5e4
    assert simatlas.law("material.point_stiffness", k1=math.inf, k2=2e5)["k"] == 2e5


@pytest.mark.parametrize("arguments", [
    {"k1": -1.0, "k2": 1e5},
    {"k1": math.nan, "k2": 1e5},
    {"kk": 1.0, "k1": 1e5},
    {"k1": "soft", "k2": 1e5},
    {"k2": 1e5},
])
def test_bad_input_raises_value_error_with_the_cli_message(arguments):
    with pytest.raises(ValueError) as raised:
        simatlas.law("material.point_stiffness", **arguments)
    text = [f"{k}={simatlas._values.argument_text(v)}" for k, v in arguments.items()]
    code, out, err = run_cli("law", "material.point_stiffness", *text, "--json")
    assert code == 2 and out == ""
    assert err == f"simatlas law: {raised.value}\n"
    assert list(arguments)[0] in str(raised.value) or "'k1'" in str(raised.value)


def test_unknown_law_is_a_value_error():
    with pytest.raises(ValueError, match="no_such_law"):
        simatlas.law("no_such_law")


def test_numerical_error_is_distinct():
    assert issubclass(simatlas.NumericalError, ArithmeticError)
    assert not issubclass(simatlas.NumericalError, ValueError)
    # 1e308 * 1e308 overflows to inf, inf / inf is NaN (docs/bad_inputs.json): never returned.
    with pytest.raises(simatlas.NumericalError) as raised:
        simatlas.law("material.point_stiffness", k1=1e308, k2=1e308)
    code, out, err = run_cli("law", "material.point_stiffness", "k1=1e308", "k2=1e308", "--json")
    # A NumericalError is a failed check (docs/CONVENTIONS.md): exit 1, nothing on stdout.
    assert code == 1 and out == "" and err == f"simatlas law: {raised.value}\n"
    with pytest.raises(simatlas.NumericalError, match="not finite"):
        simatlas.simulate("box_slide", v0=1e308, steps=3)
