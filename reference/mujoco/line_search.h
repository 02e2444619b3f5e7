#pragma once
/// @file
/// MJ-solvers §4 "PrimalSearch": the one line search of CG and Newton. Along s it evaluates the
/// cost, its slope and curvature, tries a 1-D Newton step, then steps one-sided and brackets with
/// each end's Newton point and the midpoint, within ls_iterations evaluations; α = 0 ends the
/// primal loop. MuJoCo 2.2.2 (engine_solver.c: CGsearch, updateBracket) and 3.x (PrimalSearch)
/// differ in three details, which LineSearchRules names; the version seam (primal_rules.h)
/// chooses them once.

namespace simatlas::mujoco {

/// cost change, first and second derivative of cost(a + α s) at one α.
struct LinePoint {
  double alpha = 0;  ///< step length α along s
  double cost = 0;   ///< the cost at α (the search reads only differences and comparisons)
  double d1 = 0;     ///< d cost/dα at α
  double d2 = 0;     ///< d² cost/dα² at α (≥ 1e-15: a non-positive value is replaced)
};

/// Result of one PrimalSearch.
struct LineSearchResult {
  LinePoint point;    ///< the accepted point, its cost the change from α = 0 (alpha = 0: no step)
  int neval = 0;      ///< cost evaluations, the one at α = 0 included
  double slope0 = 0;  ///< d cost/dα at α = 0 (0 when nothing was evaluated)
};

/// What PrimalSearch reads of a line: cost, cost' and cost'' at α. The primal cost's lines are
/// PrimalLineCost (primal_line.h); a test can hand PrimalSearch a line of its own.
class LineFunction {
 public:
  virtual ~LineFunction() = default;
  /// The cost (any fixed offset: the search compares and subtracts costs of one line), cost'
  /// and cost'' at α.
  virtual LinePoint Evaluate(double alpha) const = 0;
};

/// Where MuJoCo 2.2.2's CGsearch and 3.x's PrimalSearch differ (the rest is one algorithm).
struct LineSearchRules {
  /// 2.2.2: the first Newton step is dropped for α = 0 when it raises the cost.
  bool drop_rising_first_step = false;
  /// 3.x: a point that converges in the Newton phases (|cost'| < gtol) is accepted only if it
  /// lowers the cost (the first Newton point also at α = 0); 2.2.2 accepts it as it is.
  bool converged_must_descend = true;
  /// 3.x: when the first Newton point is not followed by a one-sided step, [α₁, 0] is the
  /// bracket; 2.2.2 answers α₁ then ("no p2 update").
  bool bracket_with_start = true;
};

/// The line search: one 1-D Newton step from α = 0, one-sided Newton steps while cost' keeps its
/// sign, then a bracket [p1, p2] shrunk by the best of three candidates (each end's Newton
/// point and the midpoint); converged when |cost'| < gtol; the best converged candidate of
/// least cost (the first on ties) is accepted. An end moves to every candidate with the same
/// sign of cost' and a smaller |cost'|; neither moving: the midpoint. Out of evaluations (the
/// cap `budget`, ≥ 1) before bracketing: the last Newton point; inside the bracket: the end of
/// lower cost below cost(0), else α = 0.
LineSearchResult PrimalSearch(const LineFunction& line, double gtol, int budget,
                              const LineSearchRules& rules);

}  // namespace simatlas::mujoco
