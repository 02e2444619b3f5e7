#pragma once
/// @file
/// MJ-solvers §4–§5: CG and Newton sharing one primal loop and one line search (PrimalSearch).
/// CG: preconditioned direction −M⁻¹g with Polak–Ribière+ (2.2.2) or Hager–Zhang (3.10+).
/// Newton: −H⁻¹g with H = M + JᵀHcJ, refactored when row states change. Termination as §5.
/// The solver and Options::version choose their rules once (PrimalRules: preconditioner,
/// direction, 2.2.2's line search, improvement and tests or the 3.15 ones).

#include <vector>

#include "reference/core/numeric.h"
#include "reference/mujoco/primal.h"
#include "reference/mujoco/problem.h"
#include "reference/mujoco/solver_result.h"

namespace simatlas::mujoco {

/// cost change, first and second derivative of cost(a + α s) at one α.
struct LinePoint {
  double alpha = 0;  ///< step length α along s
  double cost = 0;  ///< cost(a + α s) − cost(a), computed without cancellation
  double d1 = 0;    ///< d cost/dα at α
  double d2 = 0;    ///< d² cost/dα² at α (≥ 1e-15: a non-positive value is replaced)
};

/// Result of one PrimalSearch.
struct LineSearchResult {
  LinePoint point;  ///< the accepted point (alpha = 0: no step)
  int neval = 0;    ///< cost evaluations
  double slope0 = 0;  ///< d cost/dα at α = 0 (0 when nothing was evaluated)
};

/// What PrimalSearch reads of a line: cost, cost' and cost'' at α. PrimalLine is the primal
/// cost's; a test can hand PrimalSearch a line of its own (a hand-built piecewise quadratic).
class LineFunction {
 public:
  virtual ~LineFunction() = default;
  /// cost change from α = 0, cost', cost'' at α.
  virtual LinePoint Evaluate(double alpha) const = 0;
};

/// The 1-D restriction of the primal cost along s from the current point.
class PrimalLine final : public LineFunction {
 public:
  /// The line a + α s through the evaluated point `at` along `search` (s, nv), read from the
  /// direction's images J s, M s and the blocks' lines (FormSearchImages); keeps a reference to
  /// images, which must outlive it.
  PrimalLine(const PrimalEval& at, const core::VectorX& search, const SearchImages& images);
  /// cost, cost', cost'' at α (the constraint part by each block's state at α; a non-positive
  /// second derivative is replaced by 1e-15).
  LinePoint Evaluate(double alpha) const override;

 private:
  const std::vector<BlockLine>& blocks_;
  double gauss1_ = 0, gauss2_ = 0;  // sᵀM(a − a₀) and ½ sᵀMs
};

/// PrimalSearch, as MuJoCo 3.x's PrimalSearch (engine_solver.c): one 1-D Newton step from
/// α = 0, one-sided Newton steps until the derivative changes sign, then a bracket shrunk by the
/// best converged of three candidates (each end's Newton point and the midpoint); converged when
/// |cost'| < gtol = tolerance · ls_tolerance · ‖s‖ / scale. Out of evaluations (ls_iterations)
/// before bracketing: the last Newton point; after: the bracket end of lower negative cost, else
/// α = 0 (as when ‖s‖ < 1e-15).
LineSearchResult PrimalSearch(const LineFunction& line, double search_norm, double scale,
                              const Options& opt);

/// What a line search of the primal loop needs, all referenced (they must outlive it).
struct LineInputs {
  const Problem& problem;            ///< the problem
  const ConstraintRows& rows;        ///< its blocks and D = 1/R (MakeConstraintRows)
  const SparseOperators& ops;        ///< J and M as sparse rows
  const PrimalEval& at;              ///< the evaluated current point a
  const core::VectorX& search;       ///< the search direction s (nv)
  const SearchImages& images;        ///< J s, M s and the blocks' lines (FormSearchImages)
};

/// PrimalSearch on the PrimalLine through in.at along in.search (the course's 3.15 rules).
LineSearchResult PrimalSearchAlong(const LineInputs& in, double search_norm, double scale,
                                   const Options& opt);

/// The shared CG/Newton loop from qacc0 (opt.solver must be CG or Newton, else InputError),
/// under the rules of opt.solver and opt.version (MakePrimalRules).
SolveResult SolvePrimal(const Problem& problem, const core::VectorX& qacc0, double scale);

}  // namespace simatlas::mujoco
