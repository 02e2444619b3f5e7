// MJ-solvers §5 (the exit table, both columns: 2.2.2 and the course's 3.15) and §4 (PGS, CG's β)
// — each exit rule at its boundary. The problems are one DOF with equality rows, whose
// cost is quadratic, so one Newton step (or one exact CG search) lands on the optimum and every
// quantity the rules read is a binary fraction computed without rounding (M = 4 and H = 16 have
// exact Cholesky factors 2 and 4). The expected exits and counts follow from the hand arithmetic in
// the comments, never from a run. A rule with < for ≤, a missing scale, a missing ½, M for M⁻¹,
// the certificate's gradient gate dropped (Newton) or added (CG) changes an exit or a count.
// Equation numbers (N.M) are the formula sheet's (course/FORMULAS.md).
#include <gtest/gtest.h>

#include <cmath>

#include "reference/core/errors.h"
#include "reference/mujoco/solve.h"

namespace simatlas::mujoco {
namespace {

// nv = 1, M = 4 kg, a₀ = 0, two equality rows with J = 1, R = (1/8, 1/4), so D = 1/R = (8, 4),
// and aref = (−z1, −z2): at a = a₀ the residuals are z = J a − aref = (z1, z2) and the gradient
// is g = M (a − a₀) + Jᵀ D z = 8 z1 + 4 z2. H = M + Σ D = 16. meaninertia sets the scale
// (5.1): scale = 1/(meaninertia · max(1, nv)) = 1/meaninertia. Then, at a₀:
//   gradient = scale |g|, gap = ½ scale g²/M = scale g²/8, decrement = ½ scale g²/H = scale g²/32.
Problem TwoEqualityRows(double z1, double z2, double meaninertia, SolverKind solver,
                        Version version, double tolerance) {
  Problem p;
  p.nv = 1;
  p.M = core::MatrixX::Constant(1, 1, 4.0);
  p.qacc_smooth = core::VectorX::Zero(1);
  p.J = core::MatrixX::Ones(2, 1);
  p.R = (core::VectorX(2) << 0.125, 0.25).finished();
  p.aref = (core::VectorX(2) << -z1, -z2).finished();
  p.frictionloss = core::VectorX::Zero(2);
  p.kind = {RowKind::kEquality, RowKind::kEquality};
  p.contact = {-1, -1};
  p.opt.solver = solver;
  SetVersion(version, p.opt);
  p.opt.meaninertia = meaninertia;
  p.opt.tolerance = tolerance;
  return p;
}

// Problem A: z = (0.5, 0), g = 4, scale = 1/4: gradient = 1, gap = 0.5, decrement = 0.125.
// The optimum: a* = −g/H = −0.25 (g(a*) = 4·(−0.25) + 8·0.25 + 4·(−0.25) = 0), reached by
// Newton's step s = −g/H with α = 1 and by CG's s = −g/M = −1 with α = −gᵀs/(sᵀHs) = 4/16 = 0.25.
// Its improvement: scale · (cost(a₀) − cost(a*)) = ¼ · (½·8·0.25 − (½·4·0.0625 + ½·8·0.0625 +
// ½·4·0.0625)) = ¼ · (1 − 0.5) = 0.125 (= the decrement at a₀, as for any quadratic).
Problem ProblemA(SolverKind solver, Version version, double tolerance) {
  return TwoEqualityRows(0.5, 0.0, 4.0, solver, version, tolerance);
}

// 3.15 Newton on TwoEqualityRows(z1, 0, meaninertia) at tolerance tol.
SolveResult Newton315(double z1, double meaninertia, double tol) {
  return SolveProblem(
      TwoEqualityRows(z1, 0, meaninertia, SolverKind::kNewton, Version::kMuJoCo315, tol));
}

constexpr SolverKind kPrimal[] = {SolverKind::kCG, SolverKind::kNewton};
constexpr Version kVersions[] = {Version::kMuJoCo222, Version::kMuJoCo315};

// Runs check(solver, version) for CG and Newton under both versions, each traced by name.
template <typename Check>
void ForEachPrimalSolverAndVersion(Check check) {
  for (const SolverKind solver : kPrimal) {
    for (const Version version : kVersions) {
      SCOPED_TRACE(testing::Message() << SolverName(solver) << " version "
                                      << (version == Version::kMuJoCo222 ? "2.2.2" : "3.15"));
      check(solver, version);
    }
  }
}

// CG's 3.15 certificate gap = ½·scale·gᵀM⁻¹g < tol with no gradient gate: problem A has gap 0.5.
// tol = 0.5: strict, the loop runs; tol = 0.5625 > gap exits with zero iterations although the
// scaled gradient 1 is above it. (gᵀMg, a missing ½ or a missing scale give gap ≥ 1: no exit.)
TEST(MujocoExitRules, CgCertificateIsStrictAndHasNoGradientGate) {
  const SolveResult at = SolveProblem(ProblemA(SolverKind::kCG, Version::kMuJoCo315, 0.5));
  EXPECT_NE(at.exit, ExitReason::kCertificate);
  EXPECT_EQ(at.iterations, 1);
  const SolveResult above = SolveProblem(ProblemA(SolverKind::kCG, Version::kMuJoCo315, 0.5625));
  EXPECT_EQ(above.exit, ExitReason::kCertificate);
  EXPECT_EQ(above.iterations, 0);
  EXPECT_EQ(above.qacc(0), 0.0);  // the start a₀, untouched
}

// Newton's 3.15 certificate also needs scale‖g‖ < tol: on problem A at tol = 0.5625 (gap 0.5 <
// tol, gradient 1 ≥ tol) there is no certificate and no decrement exit (its gradient gate fails
// too); tol = 1: still gradient = tol, no pre-loop exit; tol = 1.0625: certificate, 0 iterations.
// After its one Newton step the improvement 0.125 < tol ends the loop.
TEST(MujocoExitRules, NewtonCertificateNeedsTheGradientGate) {
  for (const double tol : {0.5625, 1.0}) {
    SCOPED_TRACE(tol);
    const SolveResult r = SolveProblem(ProblemA(SolverKind::kNewton, Version::kMuJoCo315, tol));
    EXPECT_EQ(r.exit, ExitReason::kImprovement);
    EXPECT_EQ(r.iterations, 1);
    EXPECT_EQ(r.qacc(0), -0.25);
  }
  const SolveResult r = SolveProblem(ProblemA(SolverKind::kNewton, Version::kMuJoCo315, 1.0625));
  EXPECT_EQ(r.exit, ExitReason::kCertificate);
  EXPECT_EQ(r.iterations, 0);
}

// Problem B: z = (2, 0), g = 16, scale = 1/16: gradient = 1, gap = 2, decrement = 0.5. At tol = 2
// the gap is not below it, but gradient 1 and decrement 0.5 are: Newton exits on the decrement
// before the loop; at tol = 2.125 both the gap and the gradient are below: certificate.
TEST(MujocoExitRules, NewtonPreLoopCertificateAndDecrementSplitAtTheGap) {
  EXPECT_EQ(Newton315(2, 16, 2.0).exit, ExitReason::kDecrement);
  EXPECT_EQ(Newton315(2, 16, 2.0).iterations, 0);
  EXPECT_EQ(Newton315(2, 16, 2.125).exit, ExitReason::kCertificate);
  EXPECT_EQ(Newton315(2, 16, 2.125).iterations, 0);
}

// Problem C: z = (8, 0), g = 64, scale = 1/64: gradient = 1, gap = 8, decrement = ½·64²/(64·16) =
// 2. tol = 2: gradient < tol but the decrement is not (strict): the loop runs, and its one step
// has improvement 2 (= the decrement), not < 2, then gradient 0 < 2: kGradient. tol = 2.125:
// decrement exit before the loop. (With ½ missing the decrement is 4; with M instead of H it
// is the gap 8; with the scale missing, 128: none of them exits at 2.125.)
TEST(MujocoExitRules, NewtonDecrementExitIsStrict) {
  const SolveResult at = Newton315(8, 64, 2.0);
  EXPECT_EQ(at.exit, ExitReason::kGradient);
  EXPECT_EQ(at.iterations, 1);
  ASSERT_EQ(at.stats.size(), 1u);
  EXPECT_EQ(at.stats[0].improvement, 2.0);
  EXPECT_EQ(at.stats[0].gradient, 0.0);
  EXPECT_EQ(Newton315(8, 64, 2.125).exit, ExitReason::kDecrement);
  EXPECT_EQ(Newton315(8, 64, 2.125).iterations, 0);
}

// 2.2.2 has no pre-loop exit: problem A at tol = 1.0625 (where 3.15 Newton and CG both stop at
// zero iterations) takes one step in both solvers and stops on its improvement 0.125 < tol.
TEST(MujocoExitRules, Version222HasNoPreLoopExit) {
  for (const SolverKind solver : kPrimal) {
    SCOPED_TRACE(SolverName(solver));
    const SolveResult r = SolveProblem(ProblemA(solver, Version::kMuJoCo222, 1.0625));
    EXPECT_EQ(r.exit, ExitReason::kImprovement);
    EXPECT_EQ(r.iterations, 1);
    EXPECT_EQ(r.qacc(0), -0.25);
  }
}

// The in-loop improvement test "improvement < tol" with improvement = scale · decrease = 0.125
// (problem A, both solvers, both versions; tol ≤ 0.5 keeps 3.15's pre-loop tests quiet): at
// tol = 0.125 it fails (strict) and the gradient 0 < tol ends the loop (kGradient); at
// tol = 0.1875 it ends the loop (kImprovement). Without the scale the improvement is 0.5.
TEST(MujocoExitRules, ImprovementExitIsStrictAndScaled) {
  ForEachPrimalSolverAndVersion([](SolverKind solver, Version version) {
    const SolveResult at = SolveProblem(ProblemA(solver, version, 0.125));
    EXPECT_EQ(at.exit, ExitReason::kGradient);
    EXPECT_EQ(at.iterations, 1);
    ASSERT_EQ(at.stats.size(), 1u);
    EXPECT_EQ(at.stats[0].improvement, 0.125);
    EXPECT_EQ(at.stats[0].gradient, 0.0);
    const SolveResult above = SolveProblem(ProblemA(solver, version, 0.1875));
    EXPECT_EQ(above.exit, ExitReason::kImprovement);
    EXPECT_EQ(above.iterations, 1);
  });
}

// tolerance = 0 (§5: disables the positive thresholds, not the stagnation exits): after the step
// to a* the gradient is exactly 0, and 0 < 0 fails (and so does 3.15's decrement 0 < 0); the next
// direction is s = 0, which the line search refuses (α = 0): kZeroStep after one iteration.
// A gradient or decrement test with ≤ would report kGradient / kDecrement instead.
TEST(MujocoExitRules, ZeroToleranceEndsOnTheZeroStep) {
  ForEachPrimalSolverAndVersion([](SolverKind solver, Version version) {
    const SolveResult r = SolveProblem(ProblemA(solver, version, 0.0));
    EXPECT_EQ(r.exit, ExitReason::kZeroStep);
    EXPECT_EQ(r.iterations, 1);
    EXPECT_EQ(r.qacc(0), -0.25);
  });
}

// PGS's exit "improvement = −scale · Σ block cost changes < tol" on one equality row: M = 4,
// R = 1/4, z = 0.5, meaninertia 4. Dual: AR = J M⁻¹ Jᵀ + R = 0.5, b = J a₀ − aref = 0.5. Sweep 1:
// f = −b/AR = −1, cost change ½·0.5·1 − 0.5 = −0.25, improvement = ¼ · 0.25 = 0.0625; sweep 2
// changes nothing (residual 0.5·(−1) + 0.5 = 0), improvement 0. tol = 0.0625: sweep 1 does not
// stop (strict), sweep 2 does: 2 iterations. tol = 0.0703125: 1 iteration. Both with and without
// 3.15's momentum (its first extrapolation has β·(f − f_prev) = 0, the second β = 0).
TEST(MujocoExitRules, PgsImprovementExitIsStrictAndScaled) {
  for (const bool momentum : {false, true}) {
    SCOPED_TRACE(momentum ? "momentum" : "plain");
    // Plain PGS is 2.2.2's; momentum is 3.15's (one row: its shuffled order is the row order).
    Problem p = TwoEqualityRows(0.5, 0, 4, SolverKind::kPGS,
                                momentum ? Version::kMuJoCo315 : Version::kMuJoCo222, 0.0625);
    p.J = core::MatrixX::Ones(1, 1);
    p.R = core::VectorX::Constant(1, 0.25);
    p.aref = core::VectorX::Constant(1, -0.5);
    p.frictionloss = core::VectorX::Zero(1);
    p.kind = {RowKind::kEquality};
    p.contact = {-1};
    p.opt.pgs_momentum = momentum;
    const SolveResult at = SolveProblem(p);
    EXPECT_EQ(at.exit, ExitReason::kImprovement);
    EXPECT_EQ(at.iterations, 2);
    ASSERT_EQ(at.stats.size(), 2u);
    EXPECT_EQ(at.stats[0].improvement, 0.0625);
    EXPECT_EQ(at.stats[1].improvement, 0.0);
    EXPECT_EQ(at.efc_force(0), -1.0);
    EXPECT_EQ(at.qacc(0), -0.25);  // a₀ + M⁻¹ Jᵀ f
    p.opt.tolerance = 0.0703125;
    const SolveResult above = SolveProblem(p);
    EXPECT_EQ(above.iterations, 1);
  }
}

// CG's direction update on a 2-DOF quadratic (M = I, two equality rows J = I, R = (1, 0.2), so
// H = diag(2, 6), a₀ = 0, aref = (5, 1)): with exact line searches nonlinear CG is linear CG and
// ends in nv = 2 iterations at a* = H⁻¹ D aref = (2.5, 5/6); PR+ and Hager–Zhang both give the
// Hestenes–Stiefel β here (gᵀg_old = 0 and dᵀg = 0 after an exact search). A β of 0 is steepest
// descent: g₁ = (−2.5, 2.5) after the first step (α = 50/200 = 0.25 along s = (5, 5)), and the
// second step along (2.5, −2.5) stops at (1.875, 0.625), far from a*; a wrong β misses a* too.
// Tolerance 1e-10: the improvement of step 2 (scale·(cost₁ − cost*) = O(1)) does not stop it,
// the gradient, zero up to rounding, does.
Problem TwoDofQuadratic(CGUpdate update, Version version, double tolerance) {
  Problem p;
  p.nv = 2;
  p.M = core::MatrixX::Identity(2, 2);
  p.qacc_smooth = core::VectorX::Zero(2);
  p.J = core::MatrixX::Identity(2, 2);
  p.R = (core::VectorX(2) << 1.0, 0.2).finished();
  p.aref = (core::VectorX(2) << 5.0, 1.0).finished();
  p.frictionloss = core::VectorX::Zero(2);
  p.kind = {RowKind::kEquality, RowKind::kEquality};
  p.contact = {-1, -1};
  p.opt.solver = SolverKind::kCG;
  SetVersion(version, p.opt);
  p.opt.cg_update = update;
  p.opt.tolerance = tolerance;
  return p;
}

TEST(MujocoExitRules, CgBetaEndsAQuadraticInTwoIterations) {
  for (const CGUpdate update : {CGUpdate::kPolakRibierePlus, CGUpdate::kHagerZhang}) {
    for (const Version version : kVersions) {
      SCOPED_TRACE(testing::Message() << (update == CGUpdate::kHagerZhang ? "HZ" : "PR+")
                                      << (version == Version::kMuJoCo222 ? " 2.2.2" : " 3.15"));
      if (update == CGUpdate::kHagerZhang && version == Version::kMuJoCo222) {
        // No MuJoCo ran Hager–Zhang under 2.2.2's rules (it arrived in 3.10): refused.
        EXPECT_THROW(SolveProblem(TwoDofQuadratic(update, version, 1e-10)), core::InputError);
        continue;
      }
      const SolveResult r = SolveProblem(TwoDofQuadratic(update, version, 1e-10));
      EXPECT_EQ(r.exit, ExitReason::kGradient);
      EXPECT_EQ(r.iterations, 2);
      EXPECT_NEAR(r.qacc(0), 2.5, 1e-12);
      EXPECT_NEAR(r.qacc(1), 5.0 / 6.0, 1e-12);
    }
  }
}

// The in-loop gradient test "scale·‖g‖ < tol" after a step that does not reach the optimum: CG's
// first step on TwoDofQuadratic (scale = 1/2) ends at a₁ = (1.25, 1.25) with g₁ = (−2.5, 2.5),
// ‖g₁‖² = 12.5 exactly, gradient = ½·√12.5 ≈ 1.768 (the square root correctly rounded, times ½
// exactly); its improvement is ½·(cost₀ − cost₁) = ½·(15 − 8.75) = 3.125 (cost₀ = ½(5² + 5·1²)
// at a = 0; cost₁ = ½·3.125 + ½(3.75² + 5·0.25²)). tol = 2: improvement 3.125 ≥ 2, gradient < 2:
// kGradient after one iteration (unscaled, ‖g₁‖ ≈ 3.54 would not stop). tol = the gradient
// itself: not below (strict), so step 2 reaches a* and its improvement ½·(8.75 − 20/3) ≈ 1.04 <
// tol ends the loop (kImprovement, two iterations). 3.15's certificate gap ½·½·50 = 12.5 stays
// above both tolerances.
TEST(MujocoExitRules, InLoopGradientExitIsStrictAndScaled) {
  const double gradient1 = 0.5 * std::sqrt(12.5);
  for (const Version version : kVersions) {
    SCOPED_TRACE(version == Version::kMuJoCo222 ? "2.2.2" : "3.15");
    const SolveResult below =
        SolveProblem(TwoDofQuadratic(CGUpdate::kPolakRibierePlus, version, 2.0));
    EXPECT_EQ(below.exit, ExitReason::kGradient);
    EXPECT_EQ(below.iterations, 1);
    ASSERT_EQ(below.stats.size(), 1u);
    EXPECT_EQ(below.stats[0].improvement, 3.125);
    EXPECT_EQ(below.stats[0].gradient, gradient1);
    const SolveResult at =
        SolveProblem(TwoDofQuadratic(CGUpdate::kPolakRibierePlus, version, gradient1));
    EXPECT_EQ(at.exit, ExitReason::kImprovement);
    EXPECT_EQ(at.iterations, 2);
  }
}

// PGS's Nesterov momentum (3.11+, §4): β = (k − 1)/(k + 2) on the extrapolation f + β (f − f_prev),
// on two coupled equality rows: nv = 1, M = 1, J = (1, 1), R = (1, 1), a₀ = 0, aref = (3, 0), so
// AR = J M⁻¹ Jᵀ + R = [[2, 1], [1, 2]], b = J a₀ − aref = (−3, 0), f* = −AR⁻¹ b = (2, −1). Three
// sweeps in row order (iterations = 3, tolerance below every improvement), each row
// f_i ← f_i − (AR f + b)_i / 2 (equality rows: no projection):
//   plain:    (1.5, −0.75) → (1.875, −0.9375) → (1.96875, −0.984375)
//   momentum: sweep 1 from f⁰ (k = 0, no extrapolation) and sweep 2 with β = 0 (k = 1) are the
//             plain ones; sweep 3 has k = 2, β = ¼: f_ex = f² + ¼ (f² − f¹) = (1.96875, −0.984375),
//             then f₁ = 1.96875 − (3.9375 − 0.984375 − 3)/2 = 1.9921875 and
//             f₂ = −0.984375 − (1.9921875 − 1.96875)/2 = −0.99609375.
// No restart fires: every sweep lowers the dual cost, and (f_new − f_ex) points along (f² − f¹)
// in sweep 3 ((0.0234375, −0.01171875)·(0.375, −0.1875) > 0); a wrong β, a missing extrapolation,
// a restart every sweep or a momentum result replaced by the plain sweep gives the plain answer
// or another one.
TEST(MujocoExitRules, PgsMomentumExtrapolatesWithBetaOfTheCounter) {
  for (const bool momentum : {false, true}) {
    SCOPED_TRACE(momentum ? "momentum" : "plain");
    Problem p;
    p.nv = 1;
    p.M = core::MatrixX::Ones(1, 1);
    p.qacc_smooth = core::VectorX::Zero(1);
    p.J = core::MatrixX::Ones(2, 1);
    p.R = core::VectorX::Ones(2);
    p.aref = (core::VectorX(2) << 3.0, 0.0).finished();
    p.frictionloss = core::VectorX::Zero(2);
    p.kind = {RowKind::kEquality, RowKind::kEquality};
    p.contact = {-1, -1};
    p.opt.solver = SolverKind::kPGS;
    p.opt.iterations = 3;
    p.opt.tolerance = 1e-30;
    // Plain: 2.2.2's PGS. Momentum: 3.15's, its rows swept in order (the sweeps above are worked
    // in row order; shuffling is its own option, pgs_shuffle).
    SetVersion(momentum ? Version::kMuJoCo315 : Version::kMuJoCo222, p.opt);
    p.opt.pgs_shuffle = false;
    const SolveResult r = SolveProblem(p);
    EXPECT_EQ(r.exit, ExitReason::kIterations);
    EXPECT_EQ(r.iterations, 3);
    EXPECT_EQ(r.efc_force(0), momentum ? 1.9921875 : 1.96875);
    EXPECT_EQ(r.efc_force(1), momentum ? -0.99609375 : -0.984375);
  }
}

// nv = 1, M = 1, a₀ = 0, meaninertia 1 (scale 1), 3.15 CG: an equality row (J = 1, R = 1, aref =
// aref_eq: z = a − aref_eq) and a joint limit (J = −1, R = r_limit, aref = aref_limit: z = −aref_limit
// − a, active for a > −aref_limit).
Problem CgWithEqualityAndLimit(double aref_eq, double r_limit, double aref_limit) {
  Problem p;
  p.nv = 1;
  p.M = core::MatrixX::Ones(1, 1);
  p.qacc_smooth = core::VectorX::Zero(1);
  p.J = (core::MatrixX(2, 1) << 1.0, -1.0).finished();
  p.R = (core::VectorX(2) << 1.0, r_limit).finished();
  p.aref = (core::VectorX(2) << aref_eq, aref_limit).finished();
  p.frictionloss = core::VectorX::Zero(2);
  p.kind = {RowKind::kEquality, RowKind::kLimitJoint};
  p.contact = {-1, -1};
  p.opt.solver = SolverKind::kCG;
  SetVersion(Version::kMuJoCo315, p.opt);
  return p;
}

// A line search that ends short of the minimum along s (3.15 PrimalSearch with ls_iterations = 2:
// α = 0 and one Newton step), then CG's β from it. nv = 1, M = 1, a₀ = 0, meaninertia 1 (scale 1),
// an equality row (J = 1, R = 1, aref = 3) and a joint limit (J = −1, R = 1/4, aref = −1: z = 1 − a,
// active for a > 1): cost(a) = ½a² + ½(a − 3)² + [a > 1]·2(a − 1)², minimum at 6a − 7 = 0.
// Step 1 from a = 0: g = −3, s = −M⁻¹g = 3; cost'(0) = −9, cost''(0) = 18 (limit inactive), so
// the Newton point is α = ½, a = 1.5, past the kink: cost'(½) = s·g(1.5) = 3·(1.5 − 1.5 + 2) = 6
// > 0 and the budget is spent; it lowers the cost (4.5 → 2.75), so it is taken: improvement 1.75,
// gradient |g(1.5)| = 2, lineslope = scale·|cost'|/‖s‖ = 6/3 = 2, neval 2.
// Direction 2 (d = 3, y = g − g_old = 5, M⁻¹ = 1): PR+ β = max(0, 2·5/9) = 10/9, s = −2 + 10/3 =
// 4/3 is uphill (g = 2); MuJoCo's PrimalSearch has no descent test and walks back: cost'(0) =
// 8/3, cost'' = 16/9·(1 + 1 + 4) = 32/3, Newton α = −¼, a = 1.5 − ⅓ = 7/6 = a*. Hager–Zhang:
// β_HZ = (y·g − 2 (y²/dy) d·g)/dy = (10 − 2·(25/15)·6)/15 = −2/3 above η = −1/(3·0.01), so
// s = −2 − 2 = −4, downhill: step 2 stays on the active piece and lands on a* = 7/6. Both end
// with kGradient after 2 iterations. (In 1 DOF any direction reaches a*: the 2-DOF test below
// tells the β rules apart.)
TEST(MujocoExitRules, ShortLineSearchThenCgDirection) {
  for (const CGUpdate update : {CGUpdate::kPolakRibierePlus, CGUpdate::kHagerZhang}) {
    SCOPED_TRACE(update == CGUpdate::kHagerZhang ? "HZ" : "PR+");
    Problem p = CgWithEqualityAndLimit(3.0, 0.25, -1.0);
    p.opt.cg_update = update;
    p.opt.ls_iterations = 2;
    p.opt.tolerance = 1e-10;
    const SolveResult r = SolveProblem(p);
    ASSERT_GE(r.stats.size(), 1u);
    EXPECT_EQ(r.stats[0].neval, 2);
    EXPECT_EQ(r.stats[0].improvement, 1.75);
    EXPECT_EQ(r.stats[0].gradient, 2.0);
    EXPECT_EQ(r.stats[0].lineslope, 2.0);
    EXPECT_EQ(r.exit, ExitReason::kGradient);
    EXPECT_EQ(r.iterations, 2);
    EXPECT_NEAR(r.qacc(0), 7.0 / 6.0, 1e-12);
  }
}

// MuJoCo's PrimalSearch accepts its first Newton point only when it lowers the cost (engine_solver.c:
// "|cost'| < gtol and (α = 0 or cost < 0)"); a converged point of exactly zero change sends the
// search on to its bracket. nv = 1, M = 1, a₀ = 0, meaninertia 1 (scale 1), an equality row
// (J = 1, R = 1, aref = 1: z = a − 1) and a joint limit (J = −1, R = 1/8, aref = −¼: z = ¼ − a,
// active for a > ¼). cost(a) = ½a² + ½(a − 1)² + [a > ¼]·4(a − ¼)²; at a = 0: g = −1, gap ½·g²
// = ½, not below tol = ½ (strict). CG: s = 1; gtol = tol·ls_tolerance·‖s‖/scale = ½·8 = 4.
//   α = 0: cost' = −1, cost'' = 2 → Newton α = ½: cost change ⅛ + ½(¼ − 1) + 4/16 = 0 exactly,
//   cost' = ½ − ½ + 8·¼ = 2 < gtol but not lower: not taken. cost' > 0, so no one-sided step;
//   bracket [½, 0]. ½'s Newton point: cost'' = 1 + 1 + 8 = 10, ½ − 2/10 = 0.3: g = 10·0.3 − 3 = 0,
//   cost change 0.045 + 0.245 + 0.01 − ½ = −0.2. Midpoint ¼: cost' = −½, change −0.1875. All
//   three candidates converge (|cost'| < 4); the lowest cost, α = 0.3, is taken: improvement 0.2,
//   gradient |g(0.3)| = 0 up to rounding, neval 4; 0 < 0.2 < ½: kImprovement.
// (Taking the zero-change point would answer a = ½ with improvement 0.)
TEST(MujocoExitRules, FirstNewtonPointMustLowerTheCost) {
  Problem p = CgWithEqualityAndLimit(1.0, 0.125, -0.25);
  p.opt.tolerance = 0.5;
  p.opt.ls_tolerance = 8;
  p.opt.iterations = 1;
  const SolveResult r = SolveProblem(p);
  ASSERT_EQ(r.stats.size(), 1u);
  EXPECT_EQ(r.stats[0].neval, 4);
  EXPECT_NEAR(r.stats[0].improvement, 0.2, 1e-15);
  EXPECT_NEAR(r.stats[0].gradient, 0.0, 1e-15);
  EXPECT_EQ(r.exit, ExitReason::kImprovement);
  EXPECT_NEAR(r.qacc(0), 0.3, 1e-15);
}

// Hager–Zhang's β after an inexact line search (dᵀg ≠ 0, so the 2 of its second term counts),
// in 2 DOF (in 1 DOF any downhill β reaches the same a*). M = I, a₀ = 0, meaninertia 1 (scale
// ½), equality rows a₁ = 3 and a₂ = 1 (J = e₁, e₂, R = 1) and a limit on a₁ (J = −e₁, R = ¼,
// aref = −1: z = 1 − a₁, active for a₁ > 1, cost 2(a₁ − 1)²); 3.15 CG with ls_iterations = 2
// (α = 0 and one Newton point), iterations = 2, tolerance 1e-10. By hand:
//   Step 1: g₀ = (−3, −1), s₀ = (3, 1), cost'(0) = −10, cost''(0) = 20 (limit inactive): α = ½,
//   a₁ = (1.5, 0.5), past the kink; cost'(½) = s₀·g₁ = 6 with g₁ = (1.5 − 1.5 + 4·0.5, 0) = (2, 0);
//   the budget is spent and the point lowers the cost (5 → 3): taken.
//   β: y = g₁ − g₀ = (5, 1), d = s₀, dᵀy = 16, yᵀM⁻¹g₁ = 10, yᵀM⁻¹y = 26, dᵀg₁ = 6:
//   β_HZ = (10 − 2·(26/16)·6)/16 = −19/32 above η = −1/(√10·0.01); s₁ = −g₁ + βd =
//   (−121/32, −19/32), downhill (g₁ᵀs₁ = −121/16).
//   Step 2 stays on the active piece (a₁ reaches 1 only at α ≈ 0.13), H = diag(6, 2):
//   α = (121/16)/(6·121² + 2·19²)/32² = 968/11071 ≈ 0.087, a₂ = a₁ + α s₁ =
//   (51785/44284, 19843/44284); the improvement and gradient there stay above 1e-10:
//   kIterations.
// With 3 for the 2, β = −77/64 and a₂ = (459977/392572, 168643/392572), 2.3e-3 and 1.9e-2 away;
// the 1e-12 tolerance covers the rounding of the ~30 operations on O(1)–O(100) numbers (each
// ≤ 2.2e-16 relative), not the mutant's change.
TEST(MujocoExitRules, HagerZhangBetaAfterAnInexactSearch) {
  Problem p;
  p.nv = 2;
  p.M = core::MatrixX::Identity(2, 2);
  p.qacc_smooth = core::VectorX::Zero(2);
  p.J = (core::MatrixX(3, 2) << 1.0, 0.0, 0.0, 1.0, -1.0, 0.0).finished();
  p.R = (core::VectorX(3) << 1.0, 1.0, 0.25).finished();
  p.aref = (core::VectorX(3) << 3.0, 1.0, -1.0).finished();
  p.frictionloss = core::VectorX::Zero(3);
  p.kind = {RowKind::kEquality, RowKind::kEquality, RowKind::kLimitJoint};
  p.contact = {-1, -1, -1};
  p.opt.solver = SolverKind::kCG;
  SetVersion(Version::kMuJoCo315, p.opt);
  p.opt.cg_update = CGUpdate::kHagerZhang;
  p.opt.ls_iterations = 2;
  p.opt.iterations = 2;
  p.opt.tolerance = 1e-10;
  const SolveResult r = SolveProblem(p);
  EXPECT_EQ(r.exit, ExitReason::kIterations);
  EXPECT_EQ(r.iterations, 2);
  ASSERT_EQ(r.stats.size(), 2u);
  EXPECT_EQ(r.stats[0].improvement, 1.0);  // scale·(5 − 3)
  EXPECT_NEAR(r.qacc(0), 51785.0 / 44284.0, 1e-12);
  EXPECT_NEAR(r.qacc(1), 19843.0 / 44284.0, 1e-12);
}

}  // namespace
}  // namespace simatlas::mujoco
