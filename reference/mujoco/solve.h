#pragma once
/// @file
/// MJ-solvers §4–§6: one entry point — warmstart, the chosen solver (PGS, CG, Newton),
/// optionally per island, then NoSlip if noslip_iterations > 0.

#include <optional>

#include "reference/core/numeric.h"
#include "reference/mujoco/problem.h"
#include "reference/mujoco/solver_result.h"

namespace simatlas::mujoco {

/// How to run a solve.
struct SolveSettings {
  std::optional<core::VectorX> qacc_warmstart;  ///< absent: warmstart off
  bool islands = false;                          ///< split into islands (§6)
};

/// The loop that solves a problem's CG or Newton (the primal solvers, §3–§5).
enum class PrimalPath {
  kRules,      ///< primal_solver.h: the loop a student reads beside the course, version rules
  kV222Dense,  ///< v222/primal.h: MuJoCo 2.2.2's own dense arithmetic, bit for bit
};

/// The one place the 2.2.2 loop is chosen: Version::kMuJoCo222 on the dense path (UsesSparsePath
/// false: nv < 60 or opt.jacobian dense) runs v222::SolvePrimal; every other problem — the
/// course's 3.15 (the default), 2.2.2 on the sparse path — runs the rules loop (SolvePrimal).
PrimalPath ChoosePrimalPath(const Problem& problem);

/// Validates the problem and the option combination (RequireVersionRuns), then warmstart →
/// solver → NoSlip: PGS, or the primal loop ChoosePrimalPath picks; per island when
/// settings.islands.
SolveResult SolveProblem(const Problem& problem, const SolveSettings& settings = {});

}  // namespace simatlas::mujoco
