"""MJ-solvers §1, §4–§7: MuJoCo 3.15.0 and 4.0.1 side by side, each in its own process
(engine_probe.py under build/venv and build/venv-mujoco401; version_gap.py runs them). Where the
4.0.1 changelog changes nothing the two engines agree; where it changes something the numbers
move as it says. Expected values are the other engine's live numbers or derived here."""

import os

import pytest

import version_gap

BUILD = os.environ.get("SIMATLAS_BUILD_DIR", os.path.join(os.path.dirname(__file__), "..", "..",
                                                           "build"))


@pytest.fixture(scope="module")
def pythons():
    return version_gap.engine_pythons(BUILD)


def test_each_venv_runs_its_own_version(pythons):
    for version, python in pythons.items():
        assert version_gap.probe(python, probe="rk4_order")["version"] == version


def test_solver_defaults_are_equal(pythons):
    d = version_gap.both(pythons, probe="defaults")
    assert d["3.15.0"] == d["4.0.1"]


@pytest.mark.parametrize("solver", ["newton", "cg"])
@pytest.mark.parametrize("cone", ["pyramidal", "elliptic"])
def test_primal_solvers_with_islands_are_unchanged(pythons, solver, cone):
    # CG and Newton on islands were scaled by 1/trace(M_island) already under 3.15: the same
    # iterations in every recorded island, the same forces to round-off (measured ≤ 3e-13).
    r = version_gap.solve(pythons, solver, cone)
    a, b = r["3.15.0"], r["4.0.1"]
    assert a["nisland"] == b["nisland"] == 22
    assert a["niter"] == b["niter"]
    assert version_gap.relative(a["efc_force"], b["efc_force"]) < 1e-10
    assert version_gap.relative(a["qacc"], b["qacc"]) < 1e-10


@pytest.mark.parametrize("cone", ["pyramidal", "elliptic"])
def test_pgs_with_islands_stops_elsewhere(pythons, cone):
    # The exit scale of a PGS island: 1/(meaninertia·nv) of the whole system under 3.15, 1/trace of
    # the island's M under 4.0.1, about 22 times larger here, so 4.0.1 sweeps longer (its counts
    # are the reference's under --version 4.0: oracle/mujoco401/exit_scale_oracle_test.cc).
    r = version_gap.solve(pythons, "pgs", cone)
    assert sum(r["4.0.1"]["niter"]) > sum(r["3.15.0"]["niter"])


def test_rk4_orientation_order(pythons):
    # Error ratio per halving of dt on a tumbling free body: 2² under 3.15 (the stages' angular
    # velocities added), 2⁴ under 4.0.1 (Runge–Kutta–Munthe-Kaas).
    r = version_gap.both(pythons, probe="rk4_order")
    for ratio in r["3.15.0"]["ratios"]:
        assert ratio == pytest.approx(4, rel=0.05)
    for ratio in r["4.0.1"]["ratios"]:
        assert ratio == pytest.approx(16, rel=0.05)


def test_pair_solref_undefined_is_mixed_by_solmix(pythons):
    r = version_gap.both(pythons, probe="pair_solref", **version_gap.PAIR)
    p = version_gap.PAIR
    minimum = [min(a, b) for a, b in zip(p["solref1"], p["solref2"])]
    # mix = 1/(1 + 3) = 0.25: 0.25·(0.02, 1) + 0.75·(0.1, 0.5) = (0.08, 0.625)
    assert version_gap.mixed_solref(p) == pytest.approx([0.08, 0.625], abs=1e-15)
    assert r["3.15.0"]["undefined"] == pytest.approx(minimum, abs=1e-15)
    assert r["4.0.1"]["undefined"] == pytest.approx(version_gap.mixed_solref(p), abs=1e-15)
    # An MJCF <pair> without solref takes the pair default in both.
    assert r["3.15.0"]["mjcf"] == r["4.0.1"]["mjcf"] == [0.02, 1.0]


def test_changelog_items_are_found(pythons):
    release, text = version_gap.changelog_item(BUILD, "c8362756d")
    assert release.startswith("Version 3.17.0") and "trace of the current inertia" in text
    release, text = version_gap.changelog_item(BUILD, "432376a59", "Contact pairs")
    assert release.startswith("Version 4.0.0") and "solmix" in text
