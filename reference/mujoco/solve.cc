// MJ-solvers §4–§6 — warmstart → solver → NoSlip (MuJoCo engine_forward.c: mj_fwdConstraint).
#include "reference/mujoco/solve.h"

#include "reference/mujoco/dual.h"
#include "reference/mujoco/islands.h"
#include "reference/mujoco/noslip.h"
#include "reference/mujoco/pgs.h"
#include "reference/mujoco/primal_solver.h"
#include "reference/mujoco/warmstart.h"

namespace simatlas::mujoco {

SolveResult SolveProblem(const Problem& problem, const SolveSettings& settings) {
  ValidateProblem(problem);
  if (settings.islands) return SolveIslands(problem, settings.qacc_warmstart).combined;
  // Monolithic: scale = 1/(meaninertia · max(1, nv)) for every solver.
  const double scale = MonolithicScale(problem);
  // The dense dual (A = J M⁻¹ Jᵀ) only for PGS and NoSlip; the primal solvers never form it.
  const bool need_dual =
      problem.opt.solver == SolverKind::kPGS || problem.opt.noslip_iterations > 0;
  const DualProblem dual = need_dual ? MakeDual(problem) : DualProblem{};
  SolveResult result;
  if (problem.opt.solver == SolverKind::kPGS) {
    result = SolvePGS(problem, dual, DualStart(problem, dual, settings.qacc_warmstart), scale);
  } else {
    result = SolvePrimal(problem, PrimalStart(problem, settings.qacc_warmstart), scale);
  }
  if (need_dual) RunNoSlip(problem, dual, scale, result);
  return result;
}

}  // namespace simatlas::mujoco
