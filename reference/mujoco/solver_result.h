#pragma once
/// @file
/// MJ-solvers §5: what a solve returns — the answer, the iteration count and MuJoCo-like
/// per-iteration statistics — and the termination scale (5.1).

#include <string>
#include <vector>

#include "reference/core/numeric.h"
#include "reference/mujoco/problem.h"

namespace simatlas::mujoco {

/// One entry of MuJoCo's d->solver[] (mjSolverStat).
struct IterationStats {
  double improvement = 0;  ///< scale · cost decrease of this iteration
  double gradient = 0;     ///< scale · ‖g‖ (primal), 0 for PGS
  double lineslope = 0;    ///< scale · gᵀs/‖s‖ at α = 0 (primal), 0 for PGS
  int nactive = 0;         ///< rows not satisfied
  int nchange = 0;         ///< rows whose state changed
  int neval = 0;           ///< line-search evaluations
  int nupdate = 0;         ///< Hessian factorisations (Newton)
};

/// Why the loop ended.
enum class ExitReason {
  kNoConstraints,  ///< nefc = 0: qacc = a₀
  kCertificate,    ///< 3.15 pre-loop certificate (and Newton's gates): 0 iterations
  kImprovement,    ///< scaled improvement < tolerance
  kGradient,       ///< scaled gradient < tolerance
  kDecrement,      ///< Newton decrement < tolerance (3.15)
  kZeroStep,       ///< the line search returned α = 0
  kIterations,     ///< the iteration cap
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
