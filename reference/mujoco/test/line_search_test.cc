// MJ-solvers §4 "PrimalSearch" (the course's 3.15 line search, line_search.cc) at the branches
// of its bracketing. The problems are one DOF, M = 1, a₀ = 0 unless stated (a cold start is at a₀), meaninertia 1 (scale 1), 3.15 CG with
// iterations = 1, so the first step is s = −M⁻¹g(0) and the answer is a = α s of the one line
// search. Every row is an equality (z = J a − aref, always quadratic) or a joint limit (quadratic
// while z < 0), so the cost along s is piecewise quadratic and each Newton point is worked by hand
// in the comments; no decision of the search is within rounding of its threshold.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "reference/mujoco/line_search.h"
#include "reference/mujoco/solve.h"

namespace simatlas::mujoco {
namespace {

// One DOF (M = 1, a₀ = 0) with the given rows (J = ±1), 3.15 CG, one iteration.
Problem OneDofCg(const std::vector<RowKind>& kind, const std::vector<double>& J,
                 const std::vector<double>& R, const std::vector<double>& aref) {
  const int n = static_cast<int>(kind.size());
  Problem p;
  p.nv = 1;
  p.M = core::MatrixX::Ones(1, 1);
  p.qacc_smooth = core::VectorX::Zero(1);
  p.J = Eigen::Map<const core::VectorX>(J.data(), n);
  p.R = Eigen::Map<const core::VectorX>(R.data(), n);
  p.aref = Eigen::Map<const core::VectorX>(aref.data(), n);
  p.frictionloss = core::VectorX::Zero(n);
  p.kind = kind;
  p.contact.assign(n, -1);
  p.opt.solver = SolverKind::kCG;
  SetVersion(Version::kMuJoCo315, p.opt);
  p.opt.iterations = 1;
  p.opt.tolerance = 1e-10;
  return p;
}

// A budget spent before a bracket is complete answers the last Newton point, even when an earlier
// point costs as little (MuJoCo's PrimalSearch, engine_solver.c: "could not bracket", LSresult 3).
// Rows: an equality z = a − 6 (R = 1), a limit z = a − 1 (R = ½: active for a < 1) and a limit
// z = 2.5 − a (R = ⅛: active for a > 2.5). cost(a) = ½a² + ½(a − 6)² + [a < 1](a − 1)² +
// [a > 2.5]·4(a − 2.5)². At a = 0: g = −6 − 2 = −8, s = 8, cost 18 + 1 = 19.
//   α = 0: cost' = s·g = −64, cost'' = 64·(1 + 1 + 2) = 256 → Newton α₁ = ¼, a = 2: the first
//   limit has left (a > 1), the second not yet active: cost(2) = 2 + 8 = 10, cost' = 8·(2 − 4) =
//   −16 < 0 (still descending), cost'' = 64·2 = 128 → Newton α₂ = ¼ + ⅛ = ⅜, a = 3: cost(3) = 4.5
//   + 4.5 + 4·¼ = 10, cost' = 8·(3 − 3 + 4) = 32 > 0. ls_iterations = 3 is spent: a = 3 is
//   answered (cost 10, as a = 2's); improvement 19 − 10 = 9.
// (Keeping the earlier point of the tie would answer a = 2.)
TEST(MujocoLineSearch, BudgetSpentBeforeABracketAnswersTheLastNewtonPoint) {
  Problem p = OneDofCg({RowKind::kEquality, RowKind::kLimitJoint, RowKind::kLimitJoint},
                       {1.0, 1.0, -1.0}, {1.0, 0.5, 0.125}, {6.0, 1.0, -2.5});
  p.opt.ls_iterations = 3;
  const SolveResult r = SolveProblem(p);
  ASSERT_EQ(r.stats.size(), 1u);
  EXPECT_EQ(r.stats[0].neval, 3);
  EXPECT_EQ(r.stats[0].improvement, 9.0);
  EXPECT_EQ(r.qacc(0), 3.0);
}

// The one-sided Newton phase ends at the first point with a positive slope, however small: it is
// then a bracket, and the bracket's safeguard decides the next points. a₀ = ½ here, warmstart at
// a = 0 (it wins: cost(0) = 5/32 < cost(½) = ¼). Rows: a limit z = a − ½ (R = 4: D = ¼, active for
// a < ½) and a limit z = −a (R = ½: D = 2, active for a > 0). cost(a) = ½(a − ½)² +
// [a < ½]⅛(a − ½)² + [a > 0]a². At a = 0: g = −½ − ⅛ = −⅝, s = ⅝.
//   α = 0: cost' = s·g = −25/64, cost'' = s²(1 + ¼) = 125/256 → Newton α₁ = ⅘, a = ½: the first
//   limit has left, the second is active: g(½) = 2·½ = 1, cost' = ⅝ > 0 (below 1): bracket [0, ⅘].
//   Newton from lo (α = 0) is α₁ again, not inside; Newton from hi (cost'' = s²·3 = 75/64) is
//   ⅘ − ⅝·64/75 = 4/15, inside: a = 1/6, both limits active, g = −⅓ − 1/12 + ⅓ = −1/12 < 0, lo.
//   The bracket went from ⅘ to ⅘ − 4/15 = 8/15 > ½·⅘, so the next point is the midpoint 8/15:
//   a = ⅓, g = −⅙ − 1/24 + ⅔ = 11/24 > 0, hi. ls_iterations = 4 is spent: the best of cost(⅙) =
//   7/72, cost(⅓) = 37/288 and cost(½) = ¼ is a = ⅙; improvement 5/32 − 7/72 = 17/288.
// (Had ⅝ counted as "still descending", Newton from a = ½ back to ⅙ and on from there would reach
// the minimum of the piece with both limits active, a = ⅝/(13/4) = 5/26, in 4 evaluations.)
TEST(MujocoLineSearch, SmallPositiveSlopeEndsTheOneSidedPhase) {
  Problem p =
      OneDofCg({RowKind::kLimitJoint, RowKind::kLimitJoint}, {1.0, -1.0}, {4.0, 0.5}, {0.5, 0.0});
  p.qacc_smooth(0) = 0.5;
  p.opt.ls_iterations = 4;
  SolveSettings settings;
  settings.qacc_warmstart = core::VectorX::Zero(1);
  const SolveResult r = SolveProblem(p, settings);
  ASSERT_EQ(r.stats.size(), 1u);
  EXPECT_EQ(r.stats[0].neval, 4);
  // α = 4/15 and a = α·⅝ are rounded once each (≤ 2 ulp of ⅙); the improvement sums O(0.1) terms.
  EXPECT_NEAR(r.qacc(0), 1.0 / 6.0, 1e-15);
  EXPECT_NEAR(r.stats[0].improvement, 17.0 / 288.0, 1e-15);
}

// A line of the test's own (no problem behind it), each evaluated α recorded: four quadratic
// pieces, cost' continuous, cost'' = ¼ on [0, ½), 1 on [½, 1.25], 2 on (1.25, 2], 7/4 beyond.
// On the second piece cost' = (α − 1) − δ with δ = 2⁻⁶⁰: the minimum is at 1 + δ, not a double,
// and cost'(1) = −δ, whose Newton step 1 + δ rounds back onto 1 (δ < ½ ulp(1) = 2⁻⁵³).
class FourPieceLine final : public LineFunction {
 public:
  static constexpr double kDelta = 0x1p-60;
  LinePoint Evaluate(double alpha) const override {
    evaluated.push_back(alpha);
    LinePoint p;
    p.alpha = alpha;
    p.cost = Cost(alpha) - Cost(0);
    if (alpha < 0.5) {
      p.d1 = -0.5 + 0.25 * (alpha - 0.5), p.d2 = 0.25;
    } else if (alpha <= 1.25) {
      p.d1 = (alpha - 1) - kDelta, p.d2 = 1;
    } else if (alpha <= 2) {
      p.d1 = 0.25 + 2 * (alpha - 1.25), p.d2 = 2;
    } else {
      p.d1 = 1.75 + 1.75 * (alpha - 2), p.d2 = 1.75;
    }
    return p;
  }
  mutable std::vector<double> evaluated;

 private:
  // The integral of cost' (δ's share, below 2⁻⁶⁰, left out).
  static double Cost(double a) {
    if (a < 0.5) return 0.125 - 0.5 * (a - 0.5) + 0.125 * (a - 0.5) * (a - 0.5);
    if (a <= 1.25) return 0.5 * (a - 1) * (a - 1);
    if (a <= 2) return 0.03125 + 0.25 * (a - 1.25) + (a - 1.25) * (a - 1.25);
    return 0.78125 + 1.75 * (a - 2) + 0.875 * (a - 2) * (a - 2);
  }
};

// MuJoCo's bracket (PrimalSearch, updateBracket): the Newton point of each end is evaluated
// whether or not it moves (here it rounds back onto its end), and an end moves only to a
// candidate with the same sign of cost' and a smaller |cost'|; the cap is checked only at the
// head of the bracket loop, so its last round may evaluate past it. tolerance 0 (no point
// converges), ls_iterations = 5. By hand:
//   α = 0: cost' = −⅝, cost'' = ¼ → Newton 2.5: cost' = 1.75 + 1.75·½ = 21/8 > 0 (overshoot:
//   the search turns back, dir = −1). One-sided: Newton from 2.5 is 2.5 − (21/8)/(7/4) = 1:
//   cost' = −δ < 0, the sign has changed: bracket p1 = 1, p2 = 2.5 (3 evaluations).
//   p1's Newton point 1 + δ rounds onto 1 and is evaluated (4); p2's is p1.
//   Bracket round (4 < 5): midpoint 1.75 (5), cost' = 1.25. No candidate converges; p1 (cost'
//   −δ) has no candidate with a smaller negative slope; p2 (21/8) moves to 1.75 (1.25 < 21/8)
//   and its Newton point 1.75 − 1.25/2 = 1.125 is evaluated (6). 6 ≥ 5: the end of lower
//   negative cost, α = 1 (cost(1) − cost(0) = −13/32; cost(1.75) − cost(0) = 0).
// (Skipping the Newton point that rounds onto its end would evaluate 5 points.)
TEST(MujocoLineSearch, BracketEvaluatesEachEndsNewtonPoint) {
  const FourPieceLine line;
  const LineSearchResult r = PrimalSearch(line, /*gtol=*/0, /*budget=*/5, LineSearchRules{});
  EXPECT_EQ(line.evaluated, (std::vector<double>{0, 2.5, 1, 1, 1.75, 1.125}));
  EXPECT_EQ(r.neval, 6);
  EXPECT_EQ(r.point.alpha, 1.0);
}

}  // namespace
}  // namespace simatlas::mujoco
