#pragma once
/// @file
/// MJ-solvers §3–§5, 2.2.2 column: the primal loop's arithmetic as MuJoCo 2.2.2 runs it on a
/// dense Jacobian (engine_solver.c: mj_solCGNewton's products, CGupdateGradient, HessianDirect,
/// HessianIncremental, HessianCone; engine_support.c: mj_mulM, mj_solveM), in MuJoCo's order of
/// operations (blas.h) and with MuJoCo's Ma and τ = qfrc_smooth, and its line (line.h). With it
/// the one primal loop (primal_solver.h) takes 2.2.2's iteration counts and statistics at every
/// tolerance, 1e-15 and 0 included, when the problem carries MuJoCo's own τs
/// (Problem::qfrc_smooth). Made only by the version seam (primal_rules.h).

#include <memory>

#include "reference/mujoco/primal_kernels.h"
#include "reference/mujoco/problem.h"

namespace simatlas::mujoco::mujoco222 {

/// 2.2.2's kernels of a validated problem: J row by row, M's ancestor pattern (AncestorPattern)
/// and its LDLᵀ (FactorM), τ = qfrc_smooth (or M a₀ by mj_mulM when the problem has none),
/// Newton's H as HessianDirect/HessianIncremental/HessianCone keep it (H of the quadratic rows
/// factored by mju_cholFactor, rank-one updates after every step, a copy with the cone blocks as
/// rank-one updates), and Line. Keeps a reference to problem.
std::unique_ptr<PrimalKernels> MakeKernels(const Problem& problem);

}  // namespace simatlas::mujoco::mujoco222
