// MJ-solvers §4–§6 — prepare → (islands) → warmstart → solver → NoSlip (MuJoCo
// engine_forward.c: mj_fwdConstraint).
// Equation numbers (N.M) are the formula sheet's (course/FORMULAS.md).
#include "reference/mujoco/solve.h"

#include <algorithm>
#include <cmath>
#include <memory>
#include <string>

#include "reference/core/errors.h"
#include "reference/mujoco/dual.h"
#include "reference/mujoco/noslip.h"
#include "reference/mujoco/pgs.h"
#include "reference/mujoco/primal_rules.h"
#include "reference/mujoco/primal_solver.h"
#include "reference/mujoco/warmstart.h"

namespace simatlas::mujoco {

namespace {

// Never a NaN or ±inf answer passed on silently: the first non-finite entry is named.
void RequireFiniteAnswer(const SolveResult& result) {
  const auto check = [](const char* name, const core::VectorX& x, const char* unit) {
    for (Eigen::Index i = 0; i < x.size(); ++i) {
      if (!std::isfinite(x[i])) {
        throw core::NumericalError(std::string(name) + "[" + std::to_string(i) +
                                   "] = " + core::FormatNumber(x[i]) + " " + unit +
                                   " is not finite after the solve");
      }
    }
  };
  check("qacc", result.qacc, "m/s^2 or rad/s^2");
  check("efc_force", result.efc_force, "N or N m");
}

/// Solves one piece — the whole problem `whole` or one island of it (`island`) — with the
/// termination scales (5.1) of TerminationScale (the version's rule): PGS from the dual start of
/// its warmstart `warm`, CG/Newton from `primal_start`; then NoSlip.
SolveResult SolvePiece(const Problem& whole, const PreparedProblem& piece, bool island,
                       const std::optional<core::VectorX>& warm,
                       const core::VectorX& primal_start) {
  const Problem& problem = piece.problem();
  const double scale = TerminationScale(whole, problem, island, ScaledLoop::kMain);
  // The dense dual (A = J M⁻¹ Jᵀ) only for PGS and NoSlip; the primal solvers never form it.
  const std::shared_ptr<const DualProblem> formed =
      NeedsDual(problem) ? piece.DualForSolve() : nullptr;
  const DualProblem none;
  const DualProblem& dual = formed ? *formed : none;
  // The solver: PGS on the dual, or the primal loop (CG, Newton).
  SolveResult result;
  if (problem.opt.solver == SolverKind::kPGS) {
    result = SolvePGS(problem, dual, DualStart(problem, dual, warm), scale);
  } else {
    result = SolvePrimal(piece, primal_start, MakeExitScale(problem, scale));
  }
  // NoSlip (≤ 3.16 scaled by the whole system's meaninertia·nv in every island: solNoSlip).
  RunNoSlip(problem, dual, TerminationScale(whole, problem, island, ScaledLoop::kNoSlip), result);
  return result;
}

/// The entries `index` of x.
core::VectorX Gather(const core::VectorX& x, const std::vector<int>& index) {
  core::VectorX out(index.size());
  for (size_t k = 0; k < index.size(); ++k) out[k] = x[index[k]];
  return out;
}

}  // namespace

SolveResult SolveProblem(const PreparedProblem& prepared, const SolveSettings& settings) {
  const Problem& problem = prepared.problem();
  RequireVersionRuns(problem.opt, settings.islands);
  SolveResult result;
  if (settings.islands) {
    // Each island alone (§6).
    result = SolveIslands(prepared, settings.qacc_warmstart).combined;
  } else {
    // Monolithic: the whole system's scale for every solver (TerminationScale).
    const core::VectorX start = problem.opt.solver == SolverKind::kPGS
                                    ? problem.qacc_smooth
                                    : PrimalStart(prepared, settings.qacc_warmstart);
    result = SolvePiece(problem, prepared, false, settings.qacc_warmstart, start);
  }
  RequireFiniteAnswer(result);
  return result;
}

SolveResult SolveProblem(const Problem& problem, const SolveSettings& settings) {
  return SolveProblem(*Prepare(problem, settings.islands), settings);
}

IslandsResult SolveIslands(const PreparedProblem& prepared,
                           const std::optional<core::VectorX>& qacc_warmstart) {
  // The islands prepared with the problem, else found and prepared here.
  if (!prepared.has_islands()) return SolveIslands(prepared.problem(), qacc_warmstart);
  const Problem& problem = prepared.problem();
  IslandsResult out;
  out.islands = prepared.islands();
  out.combined.qacc = problem.qacc_smooth;  // DOFs without constraints keep a₀
  out.combined.efc_force = core::VectorX::Zero(problem.nefc());
  out.combined.exit = ExitReason::kNoConstraints;
  // CG/Newton start: qacc_warmstart or qacc_smooth, chosen once by the whole system's cost
  // (MuJoCo 3.3.8 engine_forward.c: warmstart runs before the islands are solved), so an island
  // whose own warm cost is worse still starts warm when the whole system's is better.
  const core::VectorX primal_start = problem.opt.solver == SolverKind::kPGS
                                         ? problem.qacc_smooth
                                         : PrimalStart(prepared, qacc_warmstart);
  for (size_t k = 0; k < out.islands.size(); ++k) {
    const Island& island = out.islands[k];
    const PreparedProblem& sub = prepared.island(k);
    std::optional<core::VectorX> warm;
    if (qacc_warmstart) warm = Gather(*qacc_warmstart, island.dofs);
    // (5.1): the island's scale by the version's rule (TerminationScale).
    SolveResult r = SolvePiece(problem, sub, true, warm, Gather(primal_start, island.dofs));
    // The island's answer in the whole system's DOFs and rows.
    for (size_t j = 0; j < island.dofs.size(); ++j) out.combined.qacc[island.dofs[j]] = r.qacc[j];
    for (size_t j = 0; j < island.rows.size(); ++j) {
      out.combined.efc_force[island.rows[j]] = r.efc_force[j];
    }
    // The solve's count and exit are the island that iterated most (the first such): a cap
    // reached in any island is the solve's exit.
    if (out.per_island.empty() || r.iterations > out.combined.iterations) {
      out.combined.iterations = r.iterations;
      out.combined.exit = r.exit;
    }
    out.combined.cost += r.cost;
    out.combined.noslip_iterations = std::max(out.combined.noslip_iterations, r.noslip_iterations);
    out.per_island.push_back(std::move(r));
  }
  // One island is the whole solve: its statistics are the solve's (MuJoCo records island 0's
  // in d->solver). With several, each island's record is the combined result's island_stats.
  if (out.per_island.size() == 1) {
    out.combined.stats = out.per_island.front().stats;
  } else {
    for (const SolveResult& r : out.per_island) {
      out.combined.island_stats.push_back({r.iterations, r.exit, r.noslip_iterations, r.stats});
    }
  }
  return out;
}

IslandsResult SolveIslands(const Problem& problem,
                           const std::optional<core::VectorX>& qacc_warmstart) {
  return SolveIslands(*Prepare(problem, true), qacc_warmstart);
}

}  // namespace simatlas::mujoco
