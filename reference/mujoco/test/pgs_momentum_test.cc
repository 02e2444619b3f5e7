// MJ-solvers §4 PGS, 3.11+ Nesterov momentum (formula sheet §4 "PGS"; MuJoCo's engine_solver.c
// solPGS at its head): the extrapolation, the improvement measured by the sweep from the
// extrapolated point and the O'Donoghue–Candès restart, on a problem worked by hand.
#include <gtest/gtest.h>

#include <cmath>

#include "reference/mujoco/solve.h"

namespace simatlas::mujoco {
namespace {

// Two coupled equality rows: M = I, a₀ = (1, 1), J = [[1, 0], [1, 1]], aref = 0, R = (1, 1),
// meaninertia 0.5 (scale = 1/(0.5·2) = 1), fixed order. Dual: AR = J Jᵀ + R = [[2, 1], [1, 3]],
// b = J a₀ = (1, 2). Gauss–Seidel sweep: f_i ← f_i − (AR f + b)_i / AR_ii, block cost change
// ½ Δ² AR_ii + Δ·res (always ≤ 0 here: exact coordinate minimisation, nothing undone).
//   sweep 1, k = 0, β = −½ (none): f = (−1/2, −1/2), improvement 5/8; test 0, k → 1.
//   sweep 2, k = 1, β = 0: f = (−1/4, −7/12), improvement 7/96; test 0, k → 2.
//   sweep 3, k = 2, β = ¼: f_ex = f₂ + ¼(f₂ − f₁) = (−3/16, −29/48); the sweep from f_ex gives
//     f = (−19/96, −173/288), improvement 7/55296 (from f_ex; measured from f₂ instead it would
//     be cost(f₂) − cost(f₃) ≈ 2.08e-3); test (f₃ − f_ex)·(f_ex − f₂) ≈ −7.2e-4 < 0: restart.
//   sweep 4, k = 0, β = −½ (none): f = (−115/576, −1037/1728), improvement 7/1990656 (without
//     the restart β = 2/5 would extrapolate and give other forces).
// (Worked in exact fractions; the optimum is AR⁻¹(−b) = (−1/5, −3/5).)
Problem CoupledEqualityRows(double tolerance, int iterations) {
  Problem p;
  p.nv = 2;
  p.M = core::MatrixX::Identity(2, 2);
  p.qacc_smooth = core::VectorX::Ones(2);
  p.J = (core::MatrixX(2, 2) << 1, 0, 1, 1).finished();
  p.R = core::VectorX::Ones(2);
  p.aref = core::VectorX::Zero(2);
  p.frictionloss = core::VectorX::Zero(2);
  p.kind = {RowKind::kEquality, RowKind::kEquality};
  p.contact = {-1, -1};
  p.opt.solver = SolverKind::kPGS;
  SetVersion(Version::kMuJoCo315, p.opt);
  p.opt.pgs_momentum = true;
  p.opt.pgs_shuffle = false;  // the sweeps below are worked in row order
  p.opt.meaninertia = 0.5;
  p.opt.tolerance = tolerance;
  p.opt.iterations = iterations;
  return p;
}

// Rounding: every value is a few flops on O(1) numbers; the residuals of sweeps 3 and 4 are
// ~1e-2 of the terms they cancel, so at most ~1e-14 relative error, far inside 1e-12 and far
// outside the alternatives' differences (10× and more).
void ExpectClose(double got, double exact) { EXPECT_NEAR(got, exact, 1e-12 * std::abs(exact)); }

TEST(PgsMomentum, ImprovementIsTheExtrapolatedSweepsAndRestartResetsK) {
  const SolveResult r = SolveProblem(CoupledEqualityRows(0.0, 4));
  ASSERT_EQ(r.stats.size(), 4u);
  ExpectClose(r.stats[0].improvement, 5.0 / 8);
  ExpectClose(r.stats[1].improvement, 7.0 / 96);
  ExpectClose(r.stats[2].improvement, 7.0 / 55296);
  ExpectClose(r.stats[3].improvement, 7.0 / 1990656);
  ExpectClose(r.efc_force[0], -115.0 / 576);
  ExpectClose(r.efc_force[1], -1037.0 / 1728);
}

TEST(PgsMomentum, ThirdSweepForcesComeFromTheExtrapolatedPoint) {
  const SolveResult r = SolveProblem(CoupledEqualityRows(0.0, 3));
  ASSERT_EQ(r.iterations, 3);
  ExpectClose(r.efc_force[0], -19.0 / 96);
  ExpectClose(r.efc_force[1], -173.0 / 288);
}

TEST(PgsMomentum, StopsOnTheExtrapolatedSweepsImprovement) {
  // tol = 1e-3: 7/55296 ≈ 1.27e-4 < tol stops after sweep 3 (an improvement measured from f₂,
  // 2.08e-3, would not).
  const SolveResult r = SolveProblem(CoupledEqualityRows(1e-3, 100));
  EXPECT_EQ(r.exit, ExitReason::kImprovement);
  EXPECT_EQ(r.iterations, 3);
}

}  // namespace
}  // namespace simatlas::mujoco
