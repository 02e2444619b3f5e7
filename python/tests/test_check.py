"""``simatlas.check`` (``simatlas check`` in process): a faithful Python port of the material family
(E3-geometry §3) passes, a wrong one (mean instead of series stiffness) is caught with a shrunk
counterexample, exceptions are answered errors, a NaN is a wrong answer shown with its inputs,
and broken answers are protocol faults."""

import numpy as np
import pytest

import simatlas
from simatlas import notebook

SEED = 20261201  # fixed: the run is reproducible


# The project's own faithful Python port of the material family.
PORT = notebook.port_module("tools/check/examples/material_port.py").law


def test_faithful_port_passes():
    result = simatlas.check("material", PORT, cases=100, seed=SEED)
    assert result.passed and bool(result) and result.exit_code == 0, result.text
    assert result.report["family"] == "material"
    assert len(result.report["properties"]) > 4


def test_mean_stiffness_is_caught():
    def wrong(law, inputs):
        if law == "material.point_stiffness":
            return {"k": (inputs["k1"] + inputs["k2"]) / 2}  # mean, not springs in series
        return PORT(law, inputs)
    result = simatlas.check("material.point_stiffness", wrong, cases=100, seed=SEED)
    assert not result and not result.passed and result.exit_code == 1
    failed = result.failed_properties()
    assert failed and failed[0]["counterexample"], result.text
    assert "material.point_stiffness" in repr(result)


def test_delegating_to_the_reference_passes_a_vector_family():
    # The reference itself through simatlas.law (numpy vectors out, math.inf in) passes.
    result = simatlas.check("sap.friction_cone", lambda law, inputs: simatlas.law(law, **inputs),
                            cases=30, seed=SEED)
    assert result, result.text


def test_exception_is_an_answered_error_and_garbage_a_protocol_fault():
    def raises(law, inputs):
        raise RuntimeError("not implemented")
    result = simatlas.check("material", raises, cases=10, seed=SEED)
    assert not result and result.exit_code == 1
    assert "not implemented" in result.text
    garbage = simatlas.check("material", lambda law, inputs: [1, 2], cases=10, seed=SEED)
    assert not garbage and garbage.exit_code == 2 and garbage.report["protocol_error"]


def test_nan_answer_is_a_wrong_answer_with_its_inputs_and_the_run_goes_on():
    def nan_stiffness(law, inputs):
        return {"k": np.nan} if law == "material.point_stiffness" else PORT(law, inputs)
    result = simatlas.check("material", nan_stiffness, cases=20, seed=SEED)
    assert not result and result.exit_code == 1 and not result.report["protocol_error"], result.text
    verdicts = {p["name"]: p["passed"] for p in result.report["properties"]}
    # The stiffness properties fail on the NaN; the other laws' properties still ran and hold.
    assert verdicts["material.point_stiffness matches the reference"] is False
    assert verdicts["material.friction matches the reference"] is True
    assert verdicts["friction_is_the_harmonic_mean"] is True
    failed = result.failed_properties()[0]
    assert "output 'k' is null (NaN" in failed["failure"]
    assert set(failed["counterexample"][-1]["inputs"]) == {"k1", "k2"}
    # Each failure is printed once (not again as its query's verdict): as many times as the
    # properties that failed with it.
    same = [p for p in result.failed_properties() if p["failure"] == failed["failure"]]
    assert result.text.count(failed["failure"]) == len(same), result.text


def test_each_property_on_its_own_verdict_and_a_python_reproduce_hint():
    # The mean (k1 + k2)/2 is symmetric but is not springs in series (E3-geometry §3): the
    # symmetry property holds; the comparison with the reference is its own failing line.
    def mean(law, inputs):
        return {"k": (inputs["k1"] + inputs["k2"]) / 2}
    result = simatlas.check("material.point_stiffness", mean, cases=50, seed=SEED)
    verdicts = {p["name"]: p["passed"] for p in result.report["properties"]}
    assert verdicts["point_stiffness_symmetric"] is True, result.text
    assert verdicts["material.point_stiffness matches the reference"] is False
    assert ("reproduce: simatlas.check('material.point_stiffness', fn, cases=50, seed=%d)" % SEED
            in result.text)
    assert "--seed" not in result.text


def test_bad_arguments():
    with pytest.raises(ValueError, match="no_such_family"):
        simatlas.check("no_such_family", PORT)
    with pytest.raises(ValueError, match="cases"):
        simatlas.check("material", PORT, cases=0)
    assert "material" in [f["name"] for f in simatlas.families()]
