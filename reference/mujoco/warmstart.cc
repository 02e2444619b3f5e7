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

core::VectorX PrimalStart(const PreparedProblem& prepared,
                          const std::optional<core::VectorX>& qacc_warmstart) {
  const Problem& p = prepared.problem();
  if (!qacc_warmstart) return p.qacc_smooth;
  RequireWarmstart(p.nv, *qacc_warmstart);
  const core::VectorX& w = *qacc_warmstart;
  const PrimalKernels& kernels = prepared.kernels();
  const ConstraintRows rows = MakeConstraintRows(p);
  // The constraint cost at J a − aref under the new J, R, aref.
  core::VectorX jar;
  const auto constraint_cost = [&](const core::VectorX& qacc) {
    kernels.MultiplyJ(qacc, jar);
    jar -= p.aref;
    return EvaluateConstraints(p, rows, jar).cost;
  };
  // cost(warm): the constraint cost, then each Gauss term ½ (M(a − a₀))_i (a − a₀)_i added.
  double warm = constraint_cost(w);
  const core::VectorX* tau = kernels.SmoothForce();
  core::VectorX Mda;
  kernels.MultiplyM(tau != nullptr ? w : core::VectorX(w - p.qacc_smooth), Mda);
  for (int i = 0; i < p.nv; ++i) {
    warm += 0.5 * (tau != nullptr ? Mda[i] - (*tau)[i] : Mda[i]) * (w[i] - p.qacc_smooth[i]);
  }
  // cost(smooth): the constraint cost alone (its Gauss term is 0).
  const double smooth = constraint_cost(p.qacc_smooth);
  return SmoothStartWins(smooth, warm) ? p.qacc_smooth : w;
}

core::VectorX PrimalStart(const Problem& problem,
                          const std::optional<core::VectorX>& qacc_warmstart) {
  if (!qacc_warmstart) return problem.qacc_smooth;
  return PrimalStart(*Prepare(problem, false), qacc_warmstart);
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
