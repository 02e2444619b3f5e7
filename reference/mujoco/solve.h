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

/// Validates the problem, then warmstart → solver → NoSlip. Without islands and on the dense path
/// (UsesSparsePath false: nv < 60 or opt.jacobian dense), Version::kMuJoCo222 CG
/// (Polak–Ribière+) and Newton run MuJoCo 2.2.2's own arithmetic (PrimalStart222,
/// SolvePrimal222); every other combination the rules loop (PrimalStart, SolvePrimal).
SolveResult SolveProblem(const Problem& problem, const SolveSettings& settings = {});

}  // namespace simatlas::mujoco
