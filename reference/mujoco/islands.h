#pragma once
/// @file
/// MJ-solvers §6: islands. The coupling graph joins DOFs coupled through M (one tree) and DOFs
/// touched by one constraint block or contact; each connected component that owns rows is an
/// island, solved and stopped independently (primal scale 1/Σ M_ii, PGS the monolithic scale).
/// DOFs outside every island keep qacc = a₀.

#include <optional>
#include <vector>

#include "reference/core/numeric.h"
#include "reference/mujoco/problem.h"
#include "reference/mujoco/solver_result.h"

namespace simatlas::mujoco {

/// One island: its DOFs and its rows, both ascending.
struct Island {
  std::vector<int> dofs;  ///< DOF indices of the problem, ascending
  std::vector<int> rows;  ///< efc row indices of the problem, ascending
};

/// The islands of a validated problem (rows with an all-zero J join the first island).
std::vector<Island> FindIslands(const Problem& problem);

/// The islands a solve of problem uses: those prepared with it (PrepareProblem) when they are
/// valid for its options (IslandsPrepared), else FindIslands(problem).
std::vector<Island> IslandsOf(const Problem& problem);

/// Per-island solves gathered into one answer.
struct IslandsResult {
  /// efc_force, qacc, cost (sum); iterations and exit of the island that iterated most;
  /// noslip_iterations = max over islands; stats only when there is one island (then its own),
  /// island_stats (each island's record) when there are several
  SolveResult combined;
  std::vector<Island> islands;  ///< the islands solved, as FindIslands returns them
  std::vector<SolveResult> per_island;  ///< statistics and iteration counts per island
};

/// Solves each island and assembles the answer. CG/Newton start every island from its part of
/// one start chosen for the whole system (qacc_warmstart unless qacc_smooth has the lower full
/// cost, MuJoCo 3.3.8's warmstart); PGS starts from the dual start of the warmstart restricted
/// to the island's DOFs.
IslandsResult SolveIslands(const Problem& problem,
                           const std::optional<core::VectorX>& qacc_warmstart);

}  // namespace simatlas::mujoco
