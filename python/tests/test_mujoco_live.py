"""MJ-solvers §4–§6: simatlas.mujoco.problem_from_mujoco against MuJoCo itself (``import
mujoco``, the pinned 3.15.0 wheel of the build tree's venv). The problem MuJoCo solved in its
mj_forward, copied out of MjData, solved by the reference with MuJoCo's options, gives MuJoCo's
iterations and forces. ctest runs this file with the venv's python (python_package_engines,
SIMATLAS_REQUIRE_ENGINES=1: a missing wheel fails there); the system python's python_package
run skips it."""

import os
import pathlib

import numpy as np
import pytest

import simatlas
from conftest import SOURCE_DIR

if os.environ.get("SIMATLAS_REQUIRE_ENGINES"):
    import mujoco
else:
    mujoco = pytest.importorskip("mujoco")


def settled(path, steps, solver, warmstart):
    """The model at path stepped ``steps`` times, then one mj_forward with ``solver``; returns
    (model, data, the warm start that mj_forward began from)."""
    model = mujoco.MjModel.from_xml_path(str(path))
    data = mujoco.MjData(model)
    for _ in range(steps):
        mujoco.mj_step(model, data)
    model.opt.solver = solver
    if not warmstart:
        model.opt.disableflags |= mujoco.mjtDisableBit.mjDSBL_WARMSTART
    start = data.qacc_warmstart.copy()
    mujoco.mj_forward(model, data)
    return model, data, start


BOX_STACK = pathlib.Path(SOURCE_DIR) / "oracle" / "scenes" / "box_stack.xml"
SOLVERS = ["mjSOL_PGS", "mjSOL_CG", "mjSOL_NEWTON"]


def test_version_is_the_pinned_one():
    # python/engines.txt pins mujoco==3.15.0.
    assert mujoco.__version__ == "3.15.0"


@pytest.mark.parametrize("solver", SOLVERS)
@pytest.mark.parametrize("warmstart", [False, True], ids=["cold", "warm"])
def test_reference_takes_mujocos_iterations_and_forces(solver, warmstart):
    # The box stack of the 3.15 oracle (oracle/scenes/box_stack.xml), settled 170 steps as
    # oracle/mujoco315/solver_oracle_test.cc settles it; one island (the boxes touch).
    model, data, start = settled(BOX_STACK, 170, getattr(mujoco.mjtSolver, solver), warmstart)
    problem = simatlas.mujoco.problem_from_mujoco(model, data)
    opt = problem.document["opt"]
    assert opt["solver"] == {"mjSOL_PGS": "PGS", "mjSOL_CG": "CG", "mjSOL_NEWTON": "Newton"}[solver]
    assert problem.document["nv"] == model.nv and len(problem.document["efc"]) == data.nefc > 0
    M = np.zeros((model.nv, model.nv))
    mujoco.mj_fullM(model, data, M)
    np.testing.assert_array_equal(np.asarray(problem.document["M"]), M)
    answer = simatlas.mujoco.solve(problem, islands=True, warmstart=start if warmstart else "off")
    assert answer["iterations"] == problem.expected["solver_iter"] == sum(data.solver_niter[:data.nisland])
    # The same problem, the same iterations: forces to round-off of MuJoCo's largest (≈ 3 m g).
    scale = np.max(np.abs(data.efc_force[:data.nefc]))
    np.testing.assert_allclose(answer["efc_force"], data.efc_force[:data.nefc], rtol=0, atol=1e-9 * scale)


def test_sparse_jacobian_rows_are_copied_densely():
    # jacobian = sparse: MuJoCo keeps efc_J as compressed rows; the problem holds them dense,
    # equal to the rows MuJoCo writes densely under jacobian = dense after the same steps.
    rows = {}
    for name in ("mjJAC_SPARSE", "mjJAC_DENSE"):
        model = mujoco.MjModel.from_xml_path(str(BOX_STACK))
        model.opt.jacobian = getattr(mujoco.mjtJacobian, name)
        data = mujoco.MjData(model)
        for _ in range(170):
            mujoco.mj_step(model, data)
        problem = simatlas.mujoco.problem_from_mujoco(model, data)
        rows[name] = np.array([row["J"] for row in problem.document["efc"]])
    assert rows["mjJAC_SPARSE"].shape == rows["mjJAC_DENSE"].shape
    np.testing.assert_allclose(rows["mjJAC_SPARSE"], rows["mjJAC_DENSE"], rtol=0, atol=1e-12)
