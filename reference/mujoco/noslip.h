#pragma once
/// @file
/// MJ-solvers §6: NoSlip — a post-processing pass over frictionloss and contact-friction rows,
/// PGS-like on the dual residual without R (A f + b, diagonal 1/max(1e-15, AR_ii − R_i)), as
/// MuJoCo's engine_solver.c mj_solNoSlip (tag 2.2.2) and solNoSlip (3.x) do it, the same
/// sweep in both versions. Each sweep: the frictionloss rows, then every contact; elliptic
/// contacts keep the normal fixed (friction QCQP), pyramidal contacts move each opposing edge
/// pair keeping its sum (a flat pair goes to its mean). The first sweep's improvement also
/// counts ½ Σ R_i f_i². Own iterations (noslip_iterations) and tolerance (noslip_tolerance);
/// its statistics (improvement, the dual states' nactive and nchange) are appended to the main
/// solver's. With islands (3.x) it runs island by island, scaled by the whole system's
/// 1/(meaninertia·max(1, nv)).

#include "reference/mujoco/dual.h"
#include "reference/mujoco/problem.h"
#include "reference/mujoco/solver_result.h"

namespace simatlas::mujoco {

/// Runs NoSlip on result (efc_force, qacc, stats, noslip_iterations updated in place); `scale`
/// is the termination scale of its improvement (MonolithicScale of the whole problem).
void RunNoSlip(const Problem& problem, const DualProblem& dual, double scale, SolveResult& result);

}  // namespace simatlas::mujoco
