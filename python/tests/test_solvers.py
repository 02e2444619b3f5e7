"""Solvers (E3-SAP §4, MJ-solvers §4–§5): problems read, built and solved through Python equal
``simatlas sap solve FILE --json`` and ``simatlas mujoco solve FILE --json`` bit for bit."""

import json

import numpy as np
import pytest

import simatlas
from conftest import SOURCE_DIR, run_cli, same_array, same_bits

SAP_FILES = sorted((SOURCE_DIR / "formats" / "examples" / "sap").glob("*.json"))
MUJOCO_FILES = sorted((SOURCE_DIR / "formats" / "examples").glob("*.json"))
SAP_STATS = ["cost", "momentum_residual", "momentum_scale", "alpha", "line_search_iterations"]
MUJOCO_STATS = ["improvement", "gradient", "lineslope", "nactive", "nchange", "neval", "nupdate"]


def sap_cli(path, *options):
    code, out, err = run_cli("sap", "solve", str(path), *options, "--json")
    assert code in (0, 1), err  # 1: a solve that did not converge, still answered
    return json.loads(out)


def assert_sap_equal(got, expected):
    for key in ["status", "iterations", "optimality_criterion_reached", "cost_criterion_reached"]:
        assert got[key] == expected[key], key
    for key in ["momentum_residual", "momentum_scale", "cost"]:
        assert same_bits(got[key], expected[key]), key
    assert same_array(got["v"], expected["v"])
    for name in ["gamma", "vc"]:
        assert len(got[name]) == len(expected[name])
        assert all(same_array(g, e) for g, e in zip(got[name], expected[name])), name
    for key in SAP_STATS:
        assert same_array(got["stats"][key], [s[key] for s in expected["stats"]]), key


@pytest.mark.parametrize("path", SAP_FILES, ids=lambda p: p.stem)
def test_sap_file_equals_the_cli(path):
    assert_sap_equal(simatlas.sap.solve(simatlas.sap.read(path)), sap_cli(path))


@pytest.mark.parametrize("path", SAP_FILES[:3], ids=lambda p: p.stem)
def test_sap_options_equal_the_cli(path):
    got = simatlas.sap.solve(path, line_search="backtracking", linear_solver="dense")
    assert_sap_equal(got, sap_cli(path, "--line-search", "backtracking",
                                  "--linear-solver", "dense"))


def test_sap_round_trip_and_arrays(tmp_path):
    # Written and read back, and rebuilt from its numpy arrays, the problem solves the same.
    path = SAP_FILES[0]
    problem = simatlas.sap.read(path)
    problem.write(tmp_path / "copy.json")
    copy = simatlas.sap.read(tmp_path / "copy.json")
    assert copy.document == problem.document
    d = problem.document
    rebuilt = simatlas.sap.Problem.from_arrays(
        d["time_step"], [(np.array(c["A"]), np.array(c["v_star"])) for c in d["cliques"]],
        d["constraints"], v_guess=d.get("v_guess"), parameters=d.get("parameters"),
        source=d.get("source", ""))
    assert_sap_equal(simatlas.sap.solve(rebuilt), sap_cli(path))


def test_sap_bad_input_names_the_field():
    d = simatlas.sap.read(SAP_FILES[0]).document
    bad = dict(d, time_step=-1.0)
    with pytest.raises(ValueError, match="time_step"):
        simatlas.sap.Problem.from_document(bad)
    with pytest.raises(ValueError, match="line_search"):
        simatlas.sap.solve(SAP_FILES[0], line_search="newton")
    with pytest.raises(ValueError, match="no_such_file"):
        simatlas.sap.read("no_such_file.json")


def mujoco_cli(path, *options):
    code, out, err = run_cli("mujoco", "solve", str(path), *options, "--json")
    assert code == 0, err
    return json.loads(out)


@pytest.mark.parametrize("solver", ["pgs", "cg", "newton"])
@pytest.mark.parametrize("path", MUJOCO_FILES, ids=lambda p: p.stem)
def test_mujoco_file_equals_the_cli(path, solver):
    got = simatlas.mujoco.solve(simatlas.mujoco.read(path), solver=solver)
    expected = mujoco_cli(path, "--solver", solver)
    for key in ["solver", "iterations", "exit", "iteration_cap_reached"]:
        assert got[key] == expected[key], key
    assert same_bits(got["cost"], expected["cost"])
    assert same_array(got["efc_force"], expected["efc_force"])
    assert same_array(got["qacc"], expected["qacc"])
    for key in MUJOCO_STATS:
        assert same_array(got["stats"][key], [s[key] for s in expected["stats"]]), key


def test_mujoco_cli_options_equal_the_cli():
    path = MUJOCO_FILES[0]
    got = simatlas.mujoco.solve(path, solver="cg", iterations=3, tolerance=1e-3)
    expected = mujoco_cli(path, "--solver", "cg", "--iterations", "3", "--tolerance", "1e-3")
    assert got["iterations"] == expected["iterations"]
    assert same_array(got["efc_force"], expected["efc_force"])


# Each solver option as a keyword and as the command line's flag, on an example where the option
# changes the solve (asserted: else the option could be dropped unnoticed): the one parser
# (io::ApplyMujocoOption) gives both the same answer bit for bit. The bool and number spellings
# are the binding's own conversion. Each option is set away from its default (MuJoCo 3.15's:
# Hager–Zhang, momentum and shuffled PGS, islands on).
KEYWORD_AND_FLAG = [
    ("box_plane_elliptic", {"version": "2.2.2"}, ["--version", "2.2.2"]),
    ("chain_limits", {"cg_update": "polak-ribiere"}, ["--cg-update", "polak-ribiere"]),
    ("chain_limits", {"jacobian": "sparse", "solver": "newton"}, ["--jacobian", "sparse"]),
    ("chain_limits", {"ls_iterations": 2}, ["--ls-iterations", "2"]),
    ("chain_limits", {"ls_tolerance": 0.5}, ["--ls-tolerance", "0.5"]),
    ("chain_limits", {"pgs_momentum": False, "solver": "pgs"}, ["--pgs-momentum", "off"]),
    ("chain_limits", {"pgs_shuffle": False, "pgs_momentum": False, "solver": "pgs"},
     ["--pgs-shuffle", "off", "--pgs-momentum", "off"]),
    ("chain_limits", {"islands": "off"}, ["--islands", "off"]),
    ("chain_limits", {"noslip_iterations": 4}, ["--noslip-iterations", "4"]),
    ("chain_limits", {"noslip_iterations": 4, "noslip_tolerance": 1e-3},
     ["--noslip-iterations", "4", "--noslip-tolerance", "0.001"]),
]


def solve_outcome(answer):
    """What an option can change: the counts and the answer's bits."""
    return (answer["iterations"], answer["noslip_iterations"],
            [float(x).hex() for x in answer["efc_force"]], [float(x).hex() for x in answer["qacc"]])


@pytest.mark.parametrize("name,keywords,flags", KEYWORD_AND_FLAG, ids=lambda x: str(x))
def test_mujoco_every_option_equals_its_flag(name, keywords, flags):
    path = SOURCE_DIR / "formats" / "examples" / f"{name}.json"
    solver = keywords.get("solver", "cg")
    got = simatlas.mujoco.solve(path, **{"solver": solver, **keywords})
    expected = mujoco_cli(path, "--solver", solver, *flags)
    assert solve_outcome(got) == solve_outcome(expected)
    # The option reached the solver: without it the outcome differs (the last pair: the
    # tolerance changes the NoSlip count of 4 sweeps).
    without = (["--noslip-iterations", "4"] if "noslip_tolerance" in keywords else [])
    assert solve_outcome(mujoco_cli(path, "--solver", solver, *without)) != solve_outcome(got)


def test_mujoco_island_stats_equal_the_cli():
    # chain_limits holds two islands (the CLI test's union-find count): the binding reports each
    # island's record as the command line does, and the solve's count is the larger island's.
    path = SOURCE_DIR / "formats" / "examples" / "chain_limits.json"
    got = simatlas.mujoco.solve(path, solver="newton")
    expected = mujoco_cli(path, "--solver", "newton")
    assert expected["islands"] == 2 and len(expected["island_stats"]) == 2
    assert len(got["island_stats"]) == 2 and len(got["stats"]["gradient"]) == 0
    for mine, theirs in zip(got["island_stats"], expected["island_stats"]):
        assert (mine["iterations"], mine["exit"]) == (theirs["iterations"], theirs["exit"])
        assert [float(x).hex() for x in mine["stats"]["gradient"]] == \
            [float(r["gradient"]).hex() for r in theirs["stats"]]
    assert got["iterations"] == max(r["iterations"] for r in got["island_stats"])
    assert "island_stats" not in simatlas.mujoco.solve(path, solver="newton", islands="off")


def test_mujoco_warmstart_array_equals_the_file(tmp_path):
    # A warmstart given as an array and as the file --warmstart reads: the same solve (and not
    # the cold one).
    path = SOURCE_DIR / "formats" / "examples" / "chain_limits.json"
    cold = mujoco_cli(path, "--solver", "cg", "--iterations", "2")
    qacc = tmp_path / "qacc.json"
    qacc.write_text(json.dumps(cold["qacc"]))
    expected = mujoco_cli(path, "--solver", "cg", "--warmstart", str(qacc))
    assert solve_outcome(expected) != solve_outcome(mujoco_cli(path, "--solver", "cg"))
    for warmstart in (np.array(cold["qacc"]), qacc, str(qacc)):
        got = simatlas.mujoco.solve(path, solver="cg", warmstart=warmstart)
        assert got["iterations"] == expected["iterations"]
        assert same_array(got["efc_force"], expected["efc_force"])


def test_mujoco_option_errors_are_the_cli_messages():
    # The binding's messages are the command line's, naming the option and the rule.
    path = MUJOCO_FILES[0]
    for keywords, flag, message in [({"ls_iterations": 0}, ["--ls-iterations", "0"], None),
                                    ({"cg_update": "hager_zhang"}, ["--cg-update", "hager_zhang"],
                                     "must be one of hager-zhang, polak-ribiere"),
                                    ({"islands": "maybe"}, ["--islands", "maybe"],
                                     "must be one of on, off")]:
        code, _out, err = run_cli("mujoco", "solve", str(path), *flag)
        assert code == 2
        with pytest.raises(ValueError) as raised:
            simatlas.mujoco.solve(path, **keywords)
        # The flag and the keyword name the same option; the rest of the message is the same.
        cli_message = err.strip().removeprefix("simatlas mujoco: ")
        assert str(raised.value) == cli_message.replace(flag[0], next(iter(keywords)))
        if message:
            assert message in str(raised.value)


def test_mujoco_expected_and_extra_options():
    # The file's own answer is kept; NoSlip and islands run through the reference.
    problem = simatlas.mujoco.read(MUJOCO_FILES[0])
    assert problem.expected is not None and problem.expected["efc_force"].size > 0
    answer = simatlas.mujoco.solve(problem, noslip_iterations=5, islands=True,
                                   version="3.15", cg_update="hager-zhang")
    assert answer["noslip_iterations"] <= 5
    with pytest.raises(ValueError, match="noslip_iterations"):
        simatlas.mujoco.solve(problem, noslip_iterations=-1)
    with pytest.raises(ValueError, match="version"):
        simatlas.mujoco.solve(problem, version="5.0")
    with pytest.raises(ValueError, match="no_such_option"):
        simatlas.mujoco.solve(problem, no_such_option=1)
    with pytest.raises(ValueError, match="warmstart"):
        simatlas.mujoco.solve(problem, warmstart=np.zeros(problem.document["nv"] + 1))


def test_mujoco_from_arrays_equals_the_file(tmp_path):
    # Rebuilt from numpy arrays (and written and read back), the problem solves as the file does.
    path = MUJOCO_FILES[0]
    d = simatlas.mujoco.read(path).document
    rebuilt = simatlas.mujoco.Problem.from_arrays(np.array(d["M"]), np.array(d["qacc_smooth"]),
                                                  d["efc"], d["opt"], contacts=d["contacts"],
                                                  source=d.get("source", ""))
    rebuilt.write(tmp_path / "copy.json")
    got = simatlas.mujoco.solve(simatlas.mujoco.read(tmp_path / "copy.json"), solver="cg")
    expected = mujoco_cli(path, "--solver", "cg")
    assert same_array(got["efc_force"], expected["efc_force"])
    with pytest.raises(ValueError, match="nv|M"):
        simatlas.mujoco.Problem.from_arrays(np.eye(2), np.zeros(3), d["efc"], d["opt"])


@pytest.mark.parametrize("command,module", [("sap", simatlas.sap), ("mujoco", simatlas.mujoco)])
def test_bad_file_is_the_cli_message(tmp_path, command, module):
    # The same reader: the ValueError is the CLI's stderr line without its "simatlas X: " prefix.
    source = SAP_FILES[0] if command == "sap" else MUJOCO_FILES[0]
    document = json.loads(source.read_text())
    document["no_such_key"] = 1
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(document))
    with pytest.raises(ValueError) as raised:
        module.read(bad)
    code, out, err = run_cli(command, "solve", str(bad), "--json")
    assert code == 2 and out == "" and err == f"simatlas {command}: {raised.value}\n"
    assert "no_such_key" in str(raised.value)
