// MJ-solvers §4–§6 — warmstart → solver → NoSlip (MuJoCo engine_forward.c: mj_fwdConstraint).
#include "reference/mujoco/solve.h"

#include <cmath>
#include <string>

#include "reference/core/errors.h"

#include "reference/mujoco/dual.h"
#include "reference/mujoco/islands.h"
#include "reference/mujoco/noslip.h"
#include "reference/mujoco/pgs.h"
#include "reference/mujoco/v222/primal.h"
#include "reference/mujoco/primal_solver.h"
#include "reference/mujoco/sparse_rows.h"
#include "reference/mujoco/warmstart.h"

namespace simatlas::mujoco {

namespace {

// Never a NaN or ±inf answer passed on silently: the first non-finite entry is named.
void RequireFiniteAnswer(const SolveResult& result) {
  const auto check = [](const char* name, const core::VectorX& x, const char* unit) {
    for (Eigen::Index i = 0; i < x.size(); ++i) {
      if (!std::isfinite(x[i])) {
        throw core::NumericalError(std::string(name) + "[" + std::to_string(i) + "] = " +
                                   core::FormatNumber(x[i]) + " " + unit +
                                   " is not finite after the solve");
      }
    }
  };
  check("qacc", result.qacc, "m/s^2 or rad/s^2");
  check("efc_force", result.efc_force, "N or N m");
}

}  // namespace

PrimalPath ChoosePrimalPath(const Problem& problem) {
  // 2.2.2 has one CG rule (Polak–Ribière+, RequireVersionRuns) and sums in another order on the
  // sparse path, where the rules loop's sparse products serve.
  return problem.opt.version == Version::kMuJoCo222 && !UsesSparsePath(problem)
             ? PrimalPath::kV222Dense
             : PrimalPath::kRules;
}

SolveResult SolveProblem(const Problem& problem, const SolveSettings& settings) {
  // A prepared problem was validated once (PrepareProblem, at read time); others here.
  if (!IsPrepared(problem)) ValidateProblem(problem);
  RequireVersionRuns(problem.opt, settings.islands);
  if (settings.islands) {
    SolveResult combined = SolveIslands(problem, settings.qacc_warmstart).combined;
    RequireFiniteAnswer(combined);
    return combined;
  }
  // Monolithic: scale = 1/(meaninertia · max(1, nv)) for every solver.
  const double scale = MonolithicScale(problem);
  // The dense dual (A = J M⁻¹ Jᵀ) only for PGS and NoSlip; the primal solvers never form it.
  const bool need_dual = NeedsDual(problem);
  const std::shared_ptr<const DualProblem> formed = need_dual ? DualOf(problem) : nullptr;
  const DualProblem none;
  const DualProblem& dual = formed ? *formed : none;
  SolveResult result;
  if (problem.opt.solver == SolverKind::kPGS) {
    result = SolvePGS(problem, dual, DualStart(problem, dual, settings.qacc_warmstart), scale);
  } else if (ChoosePrimalPath(problem) == PrimalPath::kV222Dense) {
    result = v222::SolvePrimal(problem, v222::PrimalStart(problem, settings.qacc_warmstart));
  } else {
    result = SolvePrimal(problem, PrimalStart(problem, settings.qacc_warmstart), scale);
  }
  if (need_dual) RunNoSlip(problem, dual, scale, result);
  RequireFiniteAnswer(result);
  return result;
}

}  // namespace simatlas::mujoco
