// MJ-solvers §6 — warmstart (MuJoCo engine_forward.c: warmstart).
#include "reference/mujoco/warmstart.h"

#include "reference/core/errors.h"
#include "reference/mujoco/primal.h"

namespace simatlas::mujoco {

void RequireWarmstart(int nv, const core::VectorX& qacc, const std::string& origin) {
  if (qacc.size() != nv) {
    throw core::InputError(origin + " has " + std::to_string(qacc.size()) +
                           " accelerations but the problem has nv = " + std::to_string(nv));
  }
  for (int i = 0; i < nv; ++i) {
    core::RequireFinite(origin + " entry " + std::to_string(i), qacc[i], "m/s^2 or rad/s^2");
  }
}

bool SmoothStartWins(double smooth_cost, double warm_cost) { return smooth_cost < warm_cost; }

core::VectorX PrimalStart(const Problem& problem,
                          const std::optional<core::VectorX>& qacc_warmstart) {
  if (!qacc_warmstart) return problem.qacc_smooth;
  RequireWarmstart(problem.nv, *qacc_warmstart);
  const ConstraintRows rows = MakeConstraintRows(problem);
  const std::shared_ptr<const SparseOperators> ops = OperatorsOf(problem);
  // Full cost (Gauss + constraint) under the new J, R, aref at both candidates.
  const double warm = EvaluatePrimal(problem, rows, *ops, *qacc_warmstart).cost;
  const double smooth = EvaluatePrimal(problem, rows, *ops, problem.qacc_smooth).cost;
  return SmoothStartWins(smooth, warm) ? problem.qacc_smooth : *qacc_warmstart;
}

core::VectorX DualStart(const Problem& problem, const DualProblem& dual,
                        const std::optional<core::VectorX>& qacc_warmstart) {
  if (!qacc_warmstart) return core::VectorX::Zero(problem.nefc());
  RequireWarmstart(problem.nv, *qacc_warmstart);
  // Forces of the primal force map at the warm acceleration.
  const core::VectorX jar = problem.J * *qacc_warmstart - problem.aref;
  core::VectorX f = EvaluateConstraints(problem, MakeConstraintRows(problem), jar).force;
  // Kept unless worse than f = 0.
  if (DualCost(dual, f) > 0) f.setZero();
  return f;
}

}  // namespace simatlas::mujoco
