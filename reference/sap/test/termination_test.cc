// E3-SAP §4.2 (formula sheet (4.3), (4.4)) — the two stop tests at their boundaries.
// Each problem is one DOF with one joint-limit row, small enough that every quantity the tests
// read is a binary fraction computed without rounding; the expected flags and counts follow from
// the hand arithmetic in the comments, never from a run. A rule with < for ≤ (or back), a missing
// D = diag(A)^(−1/2), a missing or different scale s, a sum turned into a max, or α ≥ 0.5 for
// α > 0.5 changes a flag or an iteration count below.
#include <gtest/gtest.h>

#include <cmath>

#include "reference/sap/sap_solver.h"

namespace simatlas::sap {
namespace {

// One clique of mass m [kg] with free motion v*, a lower joint limit with v̂ [m/s] and R = 1 1/kg,
// and the guess v0. Limit: h = 0.5 s, k = 4 N/m, τ = 0, β = 0, so R = 1/(h k (h + τ)) =
// 1/(0.5·4·0.5) = 1 and v̂ = −φ/h = (lower − q0)/0.5 = 2·lower (q0 = 0). The row is vc = v,
// γ = max(0, v̂ − v) (R = 1), ℓc = ½ γ², G = 1 where γ > 0.
SapProblem OneDofWithLimit(double m, double v_star, double vhat, double v0) {
  SapProblem p;
  p.time_step = 0.5;
  p.cliques.push_back({core::MatrixX::Constant(1, 1, m), core::VectorX::Constant(1, v_star)});
  p.v_guess = core::VectorX::Constant(1, v0);
  LimitParameters limit{.q0 = 0.0, .lower = 0.5 * vhat, .stiffness = 4.0, .beta = 0.0};
  p.constraints.push_back({{0}, {core::MatrixX::Identity(1, 1)}, {}, limit});
  return p;
}

// Only (4.3) (or only the budget) can end a run: the cost test is switched off unless a test sets
// its tolerances (εca = εcr = 0 and |Δℓ| < 0 never holds).
SapSolverParameters OptimalityOnly(double abs_tolerance, double rel_tolerance) {
  SapSolverParameters p;
  p.abs_tolerance = abs_tolerance;
  p.rel_tolerance = rel_tolerance;
  p.cost_abs_tolerance = 0.0;
  p.cost_rel_tolerance = 0.0;
  p.linear_solver = LinearSolverType::kDense;
  return p;
}

// (4.3) with the limit far away (v̂ = −20 m/s, inactive along the whole path): m = 4 kg,
// v* = 0.75, v0 = 1. g = m (v0 − v*) = 1, D = 4^(−1/2) = 0.5, r = ‖D g‖ = 0.5;
// p = A v0 = 4, jc = 0, s = max(‖D p‖, ‖D jc‖) = 2. With εa = 0.25, εr = 0.125:
// εa + εr s = 0.25 + 0.25 = 0.5 = r, so (4.3) "r ≤ …" holds at k = 0 (zero iterations).
// Variants: r < … (no stop); D = 1 (r = 1 > 0.25 + 0.5); D = diag(A)^(+1/2) (r = 2 >
// 0.25 + 1); max(εa, εr s) = 0.25 < r; each of them takes a Newton step.
TEST(SapTermination, OptimalityHoldsWithEqualityAtTheGuess) {
  const SapProblem problem = OneDofWithLimit(4.0, 0.75, -20.0, 1.0);
  const SapSolverResult r = SolveSapProblem(problem, OptimalityOnly(0.25, 0.125));
  EXPECT_TRUE(r.success);
  EXPECT_TRUE(r.optimality_criterion_reached);
  EXPECT_FALSE(r.cost_criterion_reached);
  EXPECT_EQ(r.iterations, 0);
  EXPECT_TRUE(r.stats.empty());  // no factorization, no line search
  EXPECT_EQ(r.momentum_residual, 0.5);
  EXPECT_EQ(r.momentum_scale, 2.0);
  EXPECT_EQ(r.v(0), 1.0);
}

// The same with εa lowered by 1/64: εa + εr s = 0.484375 < r = 0.5, so one Newton step is taken.
// H = 4, Δv = −g/H = −0.25 lands on v* = 0.75 exactly (the exact line search's first guess
// α0 = −ℓ'(0)/ℓ''(α_max) = 0.25/0.25 = 1 has ℓ'(1) = 0); then g = 0, r = 0 ≤ εa: k = 1.
TEST(SapTermination, OptimalityJustMissedTakesOneNewtonStep) {
  const SapProblem problem = OneDofWithLimit(4.0, 0.75, -20.0, 1.0);
  const SapSolverResult r = SolveSapProblem(problem, OptimalityOnly(0.25 - 1.0 / 64, 0.125));
  EXPECT_TRUE(r.success);
  EXPECT_TRUE(r.optimality_criterion_reached);
  EXPECT_EQ(r.iterations, 1);
  ASSERT_EQ(r.stats.size(), 1u);
  EXPECT_EQ(r.stats[0].momentum_residual, 0.5);
  EXPECT_EQ(r.stats[0].alpha, 1.0);
  EXPECT_EQ(r.v(0), 0.75);
  EXPECT_EQ(r.momentum_residual, 0.0);
}

// s takes the constraint impulse when it is the larger term: m = 1, v* = −0.5, v̂ = 0.5,
// v0 = 0.125. γ = v̂ − v0 = 0.375, jc = 0.375, p = 0.125, g = (v0 − v*) − jc = 0.625 − 0.375 =
// 0.25 = r (D = 1); s = max(0.125, 0.375) = 0.375. εa = 0.0625, εr = 0.5: εa + εr s = 0.0625 +
// 0.1875 = 0.25 = r: stop at k = 0. With s = ‖D p‖ alone or min(…) the bound is 0.125 < r.
TEST(SapTermination, OptimalityScaleIsTheLargerOfMomentumAndImpulse) {
  const SapProblem problem = OneDofWithLimit(1.0, -0.5, 0.5, 0.125);
  const SapSolverResult r = SolveSapProblem(problem, OptimalityOnly(0.0625, 0.5));
  EXPECT_TRUE(r.optimality_criterion_reached);
  EXPECT_EQ(r.iterations, 0);
  EXPECT_EQ(r.momentum_residual, 0.25);
  EXPECT_EQ(r.momentum_scale, 0.375);
}

// The budget is checked after the criteria: with max_iterations = 1 the step of
// OptimalityJustMissed… reaches r = 0 at k = 1, which is a success with one iteration; with
// max_iterations = 0 the guess (r = 0.5 above its bound) is a failure with zero iterations.
TEST(SapTermination, BudgetIsCheckedAfterTheCriteria) {
  const SapProblem problem = OneDofWithLimit(4.0, 0.75, -20.0, 1.0);
  SapSolverParameters p = OptimalityOnly(0.25 - 1.0 / 64, 0.125);
  p.max_iterations = 1;
  const SapSolverResult one = SolveSapProblem(problem, p);
  EXPECT_TRUE(one.success);
  EXPECT_EQ(one.iterations, 1);
  p.max_iterations = 0;
  const SapSolverResult none = SolveSapProblem(problem, p);
  EXPECT_FALSE(none.success);
  EXPECT_FALSE(none.optimality_criterion_reached);
  EXPECT_EQ(none.iterations, 0);
}

// (4.4) on the step of OptimalityJustMissed… with the limit inactive: m = 1, v* = 0.5, v0 = 1.5.
// ℓ0 = ½ (1.5 − 0.5)² = 0.5; g = 1, Δv = −1, the exact search takes α = 1 (ℓ'(1) = 0), ℓ1 = 0.
// |ℓ1 − ℓ0| = 0.5 and (|ℓ1| + |ℓ0|)/2 = 0.25. (4.3) also holds at k = 1 (g = 0), so the run stops
// there either way; cost_criterion_reached records whether (4.4) held: strict "<".
// (The search's own tiny-slope exit needs −ℓ'(0) = 1 < εca + εcr ℓ(α_max), ℓ(1.5) = 0.125: never
// for the tolerances below.)
struct CostCase {
  double abs_tolerance, rel_tolerance;
  bool reached;
};

TEST(SapTermination, CostCriterionIsStrictAndHalvesTheCostSum) {
  const SapProblem problem = OneDofWithLimit(1.0, 0.5, -20.0, 1.5);
  const CostCase cases[] = {
      {0.5, 0.0, false},    // 0.5 < 0.5 fails (a ≤ would pass)
      {0.5625, 0.0, true},  // 0.5 < 0.5625
      {0.0, 2.0, false},    // εcr·0.25 = 0.5: fails; without the ½ (0.5·2 = 1) it would pass
      {0.0, 2.5, true},     // 0.625; with |ℓ1| alone (= 0) it would fail
      {0.25, 1.0, false},   // 0.25 + 0.25 = 0.5: fails; max(εca, εcr·…) = 0.25 fails too
      {0.25, 1.25, true},   // 0.25 + 0.3125 = 0.5625
  };
  for (const CostCase& c : cases) {
    SCOPED_TRACE(testing::Message()
                 << "eps_ca = " << c.abs_tolerance << ", eps_cr = " << c.rel_tolerance);
    SapSolverParameters p = OptimalityOnly(0.0, 0.0);
    p.cost_abs_tolerance = c.abs_tolerance;
    p.cost_rel_tolerance = c.rel_tolerance;
    const SapSolverResult r = SolveSapProblem(problem, p);
    EXPECT_TRUE(r.success);
    EXPECT_EQ(r.iterations, 1);
    ASSERT_EQ(r.stats.size(), 1u);
    EXPECT_EQ(r.stats[0].cost, 0.5);
    EXPECT_EQ(r.stats[0].alpha, 1.0);
    EXPECT_EQ(r.cost, 0.0);
    EXPECT_EQ(r.cost_criterion_reached, c.reached);
  }
}

// (4.4)'s step-length condition at α = 0.5 exactly: m = 1, v* = −0.5, v̂ = 0.5, v0 = 0.5 (the
// limit's kink: γ = 0, G = 0 there). H = 1, g = v0 − v* = 1, Δv = −1, ℓ'(0) = −1. Along the
// line the limit engages at once: ℓ(α) = ½ (1 − α)² + ½ α², ℓ'(α) = 2α − 1, ℓ''(α_max) = 2, so
// α0 = 1/2 and ℓ'(½) = 0: α = 0.5, v1 = 0, γ = 0.5, g = 0.5 − 0.5 = 0 (k = 1 by (4.3)).
// ℓ0 = 0.5, ℓ1 = 0.125 + 0.125 = 0.25: |Δℓ| = 0.25 < εca = 0.75, yet α > 0.5 fails, so (4.4)
// is not reached (α ≥ 0.5 would reach it). With εca = 0.75, −ℓ'(0) = 1 is not below
// εca + εcr ℓ(α_max) = 0.75 (ℓ(1.5) = 0.125 + 1.125 = 1.25 times εcr = 0).
TEST(SapTermination, CostCriterionNeedsAStepLongerThanOneHalf) {
  const SapProblem problem = OneDofWithLimit(1.0, -0.5, 0.5, 0.5);
  SapSolverParameters p = OptimalityOnly(0.0, 0.0);
  p.cost_abs_tolerance = 0.75;
  const SapSolverResult r = SolveSapProblem(problem, p);
  EXPECT_TRUE(r.success);
  EXPECT_TRUE(r.optimality_criterion_reached);
  EXPECT_FALSE(r.cost_criterion_reached);
  EXPECT_EQ(r.iterations, 1);
  ASSERT_EQ(r.stats.size(), 1u);
  EXPECT_EQ(r.stats[0].alpha, 0.5);
  EXPECT_EQ(r.cost, 0.25);
  EXPECT_EQ(r.v(0), 0.0);
}

// The exact line search's shortcut "−ℓ'(0) < εca + εcr ℓ(α_max) → α = 1" (formula sheet §4.2;
// Drake's ell0 holds ℓ(α_max)) at its boundary, on the problem above: −ℓ'(0) = 1 and
// ℓ(α_max = 1.5) = 1.25, εcr = 0.375 (εcr ℓ(α_max) = 0.46875). εca = 0.53125: the bound is 1.0,
// not above 1 (strict): the search runs and takes α = 0.5 (optimum, r = 0; (4.4) fails on α).
// εca = 0.5625: bound 1.03125 > 1, α = 1, v1 = v0 − 1 = −0.5 = v*, γ = v̂ − v1 = 1, g = −1:
// (4.3) fails (r = 1), but ℓ1 = ½·1² = 0.5 = ℓ0 and α = 1 > 0.5, so (4.4) ends the run at k = 1.
// (With εcr / ℓ(α_max) = 0.3 the bound is 0.8625 < 1: no shortcut.)
TEST(SapTermination, ExactSearchTakesTheFullStepWhenTheSlopeIsBelowTheCostTolerance) {
  const SapProblem problem = OneDofWithLimit(1.0, -0.5, 0.5, 0.5);
  SapSolverParameters p = OptimalityOnly(0.0, 0.0);
  p.cost_rel_tolerance = 0.375;
  p.cost_abs_tolerance = 0.53125;
  const SapSolverResult searched = SolveSapProblem(problem, p);
  ASSERT_EQ(searched.stats.size(), 1u);
  EXPECT_EQ(searched.stats[0].alpha, 0.5);
  EXPECT_TRUE(searched.optimality_criterion_reached);
  EXPECT_FALSE(searched.cost_criterion_reached);
  p.cost_abs_tolerance = 0.5625;
  const SapSolverResult shortcut = SolveSapProblem(problem, p);
  ASSERT_EQ(shortcut.stats.size(), 1u);
  EXPECT_EQ(shortcut.stats[0].alpha, 1.0);
  EXPECT_EQ(shortcut.stats[0].line_search_iterations, 0);
  EXPECT_TRUE(shortcut.success);
  EXPECT_FALSE(shortcut.optimality_criterion_reached);
  EXPECT_TRUE(shortcut.cost_criterion_reached);
  EXPECT_EQ(shortcut.iterations, 1);
  EXPECT_EQ(shortcut.v(0), -0.5);
  EXPECT_EQ(shortcut.momentum_residual, 1.0);
}

}  // namespace
}  // namespace simatlas::sap
