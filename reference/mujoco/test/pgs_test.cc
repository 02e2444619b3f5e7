// MJ-solvers §4 — PGS's elliptic block update (a ray step along the block's force, then the
// friction QCQP with the normal held, undone if it raised the cost: MuJoCo engine_solver.c
// mj_solPGS and costChange), its residual on the sparse path, and MuJoCo's dual row states
// (dualState), each on a problem whose outcome is worked by hand or is the other route's.
#include <gtest/gtest.h>

#include <vector>

#include "reference/mujoco/dual.h"
#include "reference/mujoco/pgs.h"
#include "reference/mujoco/solve.h"
#include "reference/mujoco/test/point_mass_problems.h"
#include "reference/mujoco/warmstart.h"

namespace simatlas::mujoco {
namespace {

// The 1 kg point mass of point_mass_problems.h with a₀ = (2, 0, −9.81) (μ = 0.5, R = 0.01,
// aref = 0), PGS started from qacc_warmstart = (0, 0, −1e-11): jar = J a − aref = (−1e-11, 0, 0),
// the cone's bottom zone, so the primal force map gives f = −jar/R ≈ (1e-9, 0, 0), kept (its dual
// cost ½·1.01·1e-18 − 9.81e-9 < 0). Sweep 1: the ray step's curvature vᵀAR v ≈ 1.01·1e-18 is
// below 1e-15, so no ray step is taken and the normal stays as it started; the friction QCQP with
// the normal held (r ≈ 1e-9, c = b_t = (2, 0), A_tt = 1.01 I) wants x = −2/1.01, outside the
// ellipse |x|/μ ≤ r: x = −μ r ≈ −0.5e-9 on it. A ray step would have moved the normal by
// −vᵀres/vᵀAR v·f₀ ≈ 9.7e9 N.
TEST(Pgs, ARayWhoseCurvatureIsBelowTheFloorIsNotTaken) {
  Problem p = EllipticPointMass(1, core::Vector3(2, 0, -9.81));
  p.opt.solver = SolverKind::kPGS;
  p.opt.iterations = 1;
  SolveSettings settings;
  settings.qacc_warmstart = core::Vector3(0, 0, -1e-11);
  const core::VectorX start = DualStart(p, MakeDual(p), *settings.qacc_warmstart);
  ASSERT_NEAR(start[0], 1e-9, 1e-24);
  const SolveResult r = SolveProblem(p, settings);
  ASSERT_EQ(r.iterations, 1);
  EXPECT_EQ(r.efc_force[0], start[0]);
  EXPECT_NEAR(r.efc_force[1], -0.5 * start[0], 1e-24);
  EXPECT_EQ(r.efc_force[2], 0);
}

// IllScaledSlidingFreeBody(3) (point_mass_problems.h), where the friction QCQP stops at its
// iteration cap short of the optimum. Started from Newton's answer (tolerance 1e-15: each
// block's forces already minimise its dual cost, so the ray step barely moves them), PGS's first
// sweep gets the QCQP's costlier friction and undoes the block's update (costChange): the
// forces stay the warm start's dual start and the sweep improves nothing. Without the undo the
// friction would move.
TEST(Pgs, ABlockUpdateThatRaisesTheCostIsUndone) {
  Problem p = IllScaledSlidingFreeBody(3);
  p.opt.tolerance = 1e-15;
  const SolveResult newton = SolveProblem(p);
  p.opt.solver = SolverKind::kPGS;
  p.opt.iterations = 1;
  p.opt.tolerance = 0;
  SolveSettings settings;
  settings.qacc_warmstart = newton.qacc;
  const core::VectorX start = DualStart(p, MakeDual(p), newton.qacc);
  ASSERT_GT(start[0], 0.1);
  const SolveResult r = SolveProblem(p, settings);
  ASSERT_EQ(r.iterations, 1);
  EXPECT_EQ(r.efc_force, start);
  EXPECT_EQ(r.stats[0].improvement, 0);
}

// The sparse path reads each row of an elliptic block's residual from AR's sparse rows, the dense
// path the block's columns of AR: the same sums in another order. A sliding free body (a₀ =
// (2, −1, −9.81, 0.3, −0.4, 0.5)) on one elliptic contact of condim 4 and 6 (condim 3:
// PgsEllipticSparseResidualsAgreeWithDense in solve_routes_test.cc): five PGS sweeps from 0 on
// either path give the same forces to rounding (1e-12 relative).
TEST(Pgs, SparsePathSweepsEllipticBlocksAsTheDensePath) {
  core::VectorX a0(6);
  a0 << 2, -1, -9.81, 0.3, -0.4, 0.5;
  for (const int condim : {4, 6}) {
    Problem p = EllipticFreeBody(condim, a0);
    p.opt.solver = SolverKind::kPGS;
    p.opt.iterations = 5;
    p.opt.tolerance = 0;
    p.opt.jacobian = Jacobian::kDense;
    const SolveResult dense = SolveProblem(p);
    p.opt.jacobian = Jacobian::kSparse;
    ASSERT_TRUE(MakeDual(p).sparse_rows);
    const SolveResult sparse = SolveProblem(p);
    ASSERT_GT(dense.efc_force[0], 1);
    EXPECT_TRUE(sparse.efc_force.isApprox(dense.efc_force, 1e-12)) << "condim " << condim << "\n"
                                                                   << sparse.efc_force << "\n"
                                                                   << dense.efc_force;
  }
}

// MuJoCo's dualState of one elliptic condim-3 block (μ = 0.5 on both tangents, regularised
// μ 0.5), N = f₀/μ, T = ‖(f_j/μ_j)‖: f = (1, 0.1, 0): N = 2, T = 0.2, μN = 1 ≥ T: satisfied;
// f = (1, 1, 0): T = 2 > μN = 1 and N + μT = 3 > 0: cone; f = (−1, 0, 0) (in the polar cone,
// which no solver's forces reach: PGS projects onto the cone, the primal force map lies in it):
// N + μT = −2 ≤ 0: quadratic. Every row of a non-satisfied block is active.
TEST(Pgs, DualStatesOfAnEllipticBlock) {
  const Problem p = EllipticPointMass(1, core::Vector3(0, 0, -9.81));
  const std::vector<Block> blocks = MakeBlocks(p);
  std::vector<RowState> state;
  EXPECT_EQ(DualStates(p, blocks, core::Vector3(1, 0.1, 0), state), 0);
  EXPECT_EQ(state, std::vector<RowState>(3, RowState::kSatisfied));
  EXPECT_EQ(DualStates(p, blocks, core::Vector3(1, 1, 0), state), 3);
  EXPECT_EQ(state, std::vector<RowState>(3, RowState::kCone));
  EXPECT_EQ(DualStates(p, blocks, core::Vector3(-1, 0, 0), state), 3);
  EXPECT_EQ(state, std::vector<RowState>(3, RowState::kQuadratic));
}

}  // namespace
}  // namespace simatlas::mujoco
