#pragma once
/// @file
/// MJ-solvers §4–§6: one entry point, read as a road — the problem prepared once (prepare.h),
/// optionally split into islands (§6), each piece solved from its start (warmstart) by the chosen
/// solver (PGS, or the primal loop for CG and Newton), then NoSlip if noslip_iterations > 0, and
/// the pieces' answers combined.

#include <optional>
#include <vector>

#include "reference/core/numeric.h"
#include "reference/mujoco/islands.h"
#include "reference/mujoco/prepare.h"
#include "reference/mujoco/problem.h"
#include "reference/mujoco/solver_result.h"

namespace simatlas::mujoco {

/// How to run a solve.
struct SolveSettings {
  std::optional<core::VectorX> qacc_warmstart;  ///< absent: warmstart off
  bool islands = false;                         ///< split into islands (§6)
};

/// Checks the option combination (RequireVersionRuns), then warmstart → solver → NoSlip, per
/// island when settings.islands. A finite answer or core::NumericalError naming the first
/// non-finite entry.
SolveResult SolveProblem(const PreparedProblem& prepared, const SolveSettings& settings = {});

/// The same preparing problem here, for this one solve (Prepare: validation included; its islands
/// only when settings.islands).
SolveResult SolveProblem(const Problem& problem, const SolveSettings& settings = {});

/// Per-island solves gathered into one answer.
struct IslandsResult {
  /// efc_force, qacc, cost (sum); iterations and exit of the island that iterated most;
  /// noslip_iterations = max over islands; stats only when there is one island (then its own),
  /// island_stats (each island's record) when there are several
  SolveResult combined;
  std::vector<Island> islands;          ///< the islands solved, as FindIslands returns them
  std::vector<SolveResult> per_island;  ///< statistics and iteration counts per island
};

/// Solves each island and assembles the answer. CG/Newton start every island from its part of
/// one start chosen for the whole system (qacc_warmstart unless qacc_smooth has the lower full
/// cost, MuJoCo 3.3.8's warmstart); PGS starts from the dual start of the warmstart restricted
/// to the island's DOFs. The islands prepared with the problem are used; a problem prepared
/// without them has them found and prepared here.
IslandsResult SolveIslands(const PreparedProblem& prepared,
                           const std::optional<core::VectorX>& qacc_warmstart);
/// The same preparing problem (and its islands) here.
IslandsResult SolveIslands(const Problem& problem,
                           const std::optional<core::VectorX>& qacc_warmstart);

}  // namespace simatlas::mujoco
