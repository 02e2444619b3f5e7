#pragma once
/// @file
/// MJ-solvers §3–§5, 2.2.2 column: CG and Newton exactly as MuJoCo 2.2.2 runs them on a dense
/// Jacobian (engine_solver.c mj_solCGNewton, CGupdateConstraint, CGupdateGradient, CGsearch,
/// HessianDirect, HessianIncremental, HessianCone; engine_core_constraint.c
/// mj_constraintUpdate; engine_forward.c warmstart), in MuJoCo's order of operations: the
/// iterate, M a and J a − aref are updated by α-steps as MuJoCo updates them, sums run in
/// MuJoCo's order (v222/blas.h), the termination divides by meaninertia·max(1, nv). So the
/// iteration counts and statistics equal 2.2.2's at every tolerance, 1e-15 and 0 included,
/// when the problem carries MuJoCo's own τs (Problem::qfrc_smooth).

#include <optional>

#include "reference/core/numeric.h"
#include "reference/mujoco/problem.h"
#include "reference/mujoco/solver_result.h"

namespace simatlas::mujoco::v222 {

/// The CG/Newton start of 2.2.2's warmstart: qacc_warmstart unless the constraint cost at
/// qacc_smooth is lower than the full cost at qacc_warmstart (ties keep the warmstart); without
/// a warmstart, qacc_smooth. Same rule as PrimalStart, 2.2.2's sums.
core::VectorX PrimalStart(const Problem& problem,
                             const std::optional<core::VectorX>& qacc_warmstart);

/// The 2.2.2 CG (Polak–Ribière+) or Newton solve from qacc0 with the monolithic scale
/// 1/(meaninertia·max(1, nv)); opt.solver must be CG or Newton. Same answer, exits and
/// statistics fields as SolvePrimal under Version::kMuJoCo222.
SolveResult SolvePrimal(const Problem& problem, const core::VectorX& qacc0);

}  // namespace simatlas::mujoco::v222
