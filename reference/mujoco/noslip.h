#pragma once
/// @file
/// MJ-solvers §6: NoSlip — a post-processing pass over frictionloss and contact-friction rows,
/// PGS-like on the dual residual without R (A f + b, diagonal 1/max(1e-15, AR_ii − R_i)).
/// Elliptic contacts keep the normal fixed (friction QCQP); pyramidal contacts adjust each
/// opposing edge pair keeping its sum. Own iterations (noslip_iterations) and tolerance
/// (noslip_tolerance); its statistics are appended to the main solver's.

#include "reference/mujoco/dual.h"
#include "reference/mujoco/problem.h"
#include "reference/mujoco/solver_result.h"

namespace simatlas::mujoco {

/// Runs NoSlip on result (efc_force, qacc, stats, noslip_iterations updated in place).
void RunNoSlip(const Problem& problem, const DualProblem& dual, double scale,
               SolveResult& result);

}  // namespace simatlas::mujoco
