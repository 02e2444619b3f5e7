#pragma once
/// @file
/// MJ-solvers §5: what a solve returns — the answer, the iteration count and MuJoCo-like
/// per-iteration statistics — and the termination scale (5.1).

#include <string>
#include <vector>

#include "reference/core/numeric.h"
#include "reference/mujoco/problem.h"

namespace simatlas::mujoco {

/// One entry of MuJoCo's d->solver[] (mjSolverStat), each field with the meaning MuJoCo gives it
/// (2.2.2 and 3.3.8 engine_solver.c: saveStats callers mj_solPGS, mj_solCGNewton; the two agree
/// on every field). Where the course's 3.15 differs it is said per field.
struct IterationStats {
  /// PGS: −scale · Σ of the sweep's block cost changes (each undone change counts 0). CG/Newton
  /// 2.2.2: scale · (cost before − cost after the step), full costs; 3.15: scale · the line
  /// search's own cost decrease at the accepted α (course §5). [1]
  double improvement = 0;
  /// CG/Newton: scale · ‖g‖ after the step; PGS: 0. [1]
  double gradient = 0;
  /// CG/Newton: scale · |d cost/dα| / ‖s‖ at the accepted α (≈ 0 when the search converged, not
  /// the slope at α = 0); PGS: 0. [1]
  double lineslope = 0;
  /// CG/Newton: rows whose primal state is not satisfied after the step. PGS: rows active in
  /// MuJoCo's dual states (dualState): every equality and frictionloss row, scalar rows with
  /// f > 0, all rows of an elliptic block not in its top zone.
  int nactive = 0;
  /// Rows whose state (primal for CG/Newton, dual for PGS) differs from before the iteration.
  int nchange = 0;
  /// CG/Newton: line-search cost evaluations, the one at α = 0 included; PGS: 0.
  int neval = 0;
  /// Newton: Cholesky rank-one updates MuJoCo's incremental update makes — one per row entering
  /// or leaving the quadratic state plus one per row in the cone state, nefc after a refactor
  /// forced by a failed downdate; CG and PGS: 0.
  int nupdate = 0;
};

/// Why the loop ended.
enum class ExitReason {
  kNoConstraints,  ///< nefc = 0: qacc = a₀
  kCertificate,  ///< 3.15 pre-loop certificate: CG gap < tol; Newton gap and scaled gradient < tol
  kImprovement,  ///< scaled improvement < tolerance (2.2.2: even ≤ 0; 3.15: 0 < improvement)
  kGradient,     ///< scaled gradient < tolerance
  kDecrement,    ///< 3.15 Newton: scaled gradient and decrement < tol, before the loop or in it
  kZeroStep,     ///< the line search returned α = 0
  kIterations,   ///< the iteration cap
};
/// Lower-case name for reports ("no_constraints", "certificate", …).
std::string ExitReasonName(ExitReason reason);

/// The answer of one solve.
struct SolveResult {
  core::VectorX qacc;       ///< constrained acceleration a = a₀ + M⁻¹Jᵀf (nv)
  core::VectorX efc_force;  ///< row forces f (nefc): N, N·m or pyramid-edge coordinates
  int iterations = 0;  ///< main-solver iterations (solver_iter)
  double cost = 0;     ///< the solver's objective at the answer: primal cost (CG/Newton), dual cost (PGS)
  std::vector<IterationStats> stats;  ///< main solver, then NoSlip's appended
  ExitReason exit = ExitReason::kIterations;  ///< why the main loop ended
  int noslip_iterations = 0;                  ///< NoSlip sweeps performed (0 when off)
};

/// (5.1): scale = 1/(meaninertia · max(1, nv)).
double MonolithicScale(const Problem& problem);

/// (5.1), primal island: scale = 1/Σ_{i ∈ island} M_ii.
double IslandScale(const Problem& island);

}  // namespace simatlas::mujoco
