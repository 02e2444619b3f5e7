#pragma once
/// @file
/// MJ-solvers §4–§5: CG and Newton, one primal loop (MuJoCo's mj_solPrimal; 2.2.2's
/// mj_solCGNewton). CG: preconditioned direction −M⁻¹g with Polak–Ribière+ (2.2.2) or
/// Hager–Zhang (3.10+). Newton: −H⁻¹g with H = M + JᵀHcJ, updated when row states change.
/// Termination as §5. Everything a MuJoCo version changes — the arithmetic, the line search's
/// bracketing, the improvement and the exits — the version seam (primal_rules.h) chose once; the
/// loop never tests a version itself.

#include "reference/core/numeric.h"
#include "reference/mujoco/prepare.h"
#include "reference/mujoco/solver_result.h"

namespace simatlas::mujoco {

/// The CG/Newton loop on a prepared problem from qacc0 with the termination scale `scale`
/// (MakeExitScale); opt.solver must be CG or Newton (else InputError).
SolveResult SolvePrimal(const PreparedProblem& prepared, const core::VectorX& qacc0,
                        const ExitScale& scale);

}  // namespace simatlas::mujoco
