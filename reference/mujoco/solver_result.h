#pragma once
/// @file
/// MJ-solvers §5: what a solve returns — the answer, the iteration count and MuJoCo-like
/// per-iteration statistics — and the termination scale (5.1).
/// Equation numbers (N.M) are the formula sheet's (course/FORMULAS.md).

#include <string>
#include <vector>

#include "reference/core/numeric.h"
#include "reference/mujoco/problem.h"

namespace simatlas::mujoco {

/// One entry of MuJoCo's d->solver[] (mjSolverStat), each field with the meaning MuJoCo gives it
/// in the version followed (Options::version). 2.2.2: engine_solver.c at tag 2.2.2, the
/// saveStats calls of mj_solPGS, mj_solNoSlip and mj_solCGNewton (3.3.8 stores the same
/// quantities, per island). 3.15: the course's MJ-solvers §4–§5 and the reference's 3.15 rules
/// (primal_rules.h). Scaled quantities use the termination scale (5.1): 1/(meaninertia·max(1,
/// nv)) for one block, 1/Σ_island M_ii per island. One entry per iteration of the main solver
/// (CG/Newton: iterations that took a step; PGS: sweeps), then one per NoSlip sweep.
struct IterationStats {
  /// Scaled cost decrease of the iteration [1].
  /// - CG/Newton, 2.2.2: scale·(cost(a_k) − cost(a_{k+1})), both full primal costs summed
  ///   afresh (mj_solCGNewton: rescale(oldcost − ctx.cost)); may be ≤ 0 at round-off.
  /// - CG/Newton, 3.15: scale times the line search's own cancellation-free decrease at the
  ///   accepted α (the course's §5: "positive improvement below tolerance").
  /// - PGS (both versions, plain sweeps): −scale·Σ of the block cost changes of the sweep
  ///   (mj_solPGS: improvement −= costChange per block); 3.15 momentum sweeps: scale·(dual cost
  ///   before − after the sweep).
  /// - NoSlip: −scale·Σ of its own block cost changes, the first sweep plus scale·½ Σ R_i f_i²
  ///   (solNoSlip's correction at iter 0).
  double improvement = 0;
  /// CG/Newton: scale·‖g(a_{k+1})‖, the gradient after the step (2.2.2 and 3.15 alike).
  /// PGS and NoSlip: 0 (MuJoCo stores 0). [1]
  double gradient = 0;
  /// CG/Newton: scale·|d cost/dα|/‖s‖ at the α the line search accepted (2.2.2 CGsearch:
  /// LSslope = |deriv[0]|·slopescl): ≈ 0 to round-off when the search converged, larger when it
  /// ran out of evaluations; not the slope at α = 0. The same in 3.15. PGS and NoSlip: 0. [1]
  double lineslope = 0;
  /// Active rows after the iteration.
  /// - CG/Newton: rows whose primal state (mj_constraintUpdate) is not satisfied: quadratic,
  ///   linear (frictionloss) or cone; every row of an elliptic block counts.
  /// - PGS and NoSlip, 2.2.2 and 3.15 (mj_solPGS, mj_solNoSlip / solNoSlip: dualState; DualStates
  ///   in pgs.h): every equality and frictionloss row, scalar rows with f > 0, all rows of an
  ///   elliptic block not in its top zone.
  int nactive = 0;
  /// Rows whose state (primal for CG/Newton, dual for PGS and NoSlip) differs from the state before the
  /// iteration (PGS's first sweep: from the dual states of the start forces).
  int nchange = 0;
  /// CG/Newton: cost evaluations of the iteration's line search, the one at α = 0 included
  /// (2.2.2 CGeval increments LSiter on every call, up to 50). 3.15 (PrimalSearch): the same
  /// count, capped by ls_iterations. PGS and NoSlip: 0.
  int neval = 0;
  /// Newton: Cholesky rank-one updates of the iteration's Hessian update (2.2.2
  /// HessianIncremental, HessianCone): one per row entering or leaving the quadratic state,
  /// plus dim per contact in the cone state; nefc when a failed downdate forced a fresh factor
  /// (HessianDirect). The reference counts the same in 3.15. CG, PGS and NoSlip: 0.
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

/// One island's record in a solve that ran per island (MuJoCo 3.x: solver_niter[island] and its
/// block of d->solver).
struct IslandStats {
  int iterations = 0;                         ///< the island's main-solver iterations
  ExitReason exit = ExitReason::kIterations;  ///< why the island's loop ended
  int noslip_iterations = 0;                  ///< the island's NoSlip sweeps (0 when off)
  std::vector<IterationStats> stats;          ///< the island's statistics, as in SolveResult
};

/// The answer of one solve.
struct SolveResult {
  core::VectorX qacc;       ///< constrained acceleration a = a₀ + M⁻¹Jᵀf (nv)
  core::VectorX efc_force;  ///< row forces f (nefc): N, N·m or pyramid-edge coordinates
  int iterations = 0;       ///< main-solver iterations (solver_iter)
  double cost =
      0;  ///< the solver's objective at the answer: primal cost (CG/Newton), dual cost (PGS)
  std::vector<IterationStats> stats;          ///< main solver, then NoSlip's appended
  ExitReason exit = ExitReason::kIterations;  ///< why the main loop ended
  int noslip_iterations = 0;                  ///< NoSlip sweeps performed (0 when off)
  /// Per island when the solve ran per island over more than one (then `stats` is empty);
  /// empty otherwise.
  std::vector<IslandStats> island_stats;
};

/// (5.1): scale = 1/(meaninertia · max(1, nv)).
double MonolithicScale(const Problem& problem);

/// (5.1), a primal island (and, from 3.17, any piece): scale = 1/trace(M) = 1/Σ_i M_ii.
double IslandScale(const Problem& island);

/// The termination scale (5.1) of one primal solve and the arithmetic it is applied with: the
/// course's products with `scale`, or MuJoCo 2.2.2's rescale(), which divides by meaninertia ·
/// max(1, nv) and forms the line search's tolerance and slope scale from meaninertia and nv in
/// CGsearch's order (engine_solver.c, tag 2.2.2).
struct ExitScale {
  double scale = 1;        ///< 1/(meaninertia·max(1, nv)) or 1/Σ M_ii (TerminationScale) [1/(kg)]
  bool rescale = false;    ///< 2.2.2's arithmetic (below)
  double meaninertia = 1;  ///< 2.2.2: the problem's meaninertia [kg or kg m²]
  int nv = 0;              ///< 2.2.2: the problem's nv

  /// A scaled statistic (improvement, gradient): scale·x, or 2.2.2's x/(meaninertia·max(1, nv)).
  double Scaled(double x) const;
  /// The line search's bound on |cost'| for tolerance `tol` (tolerance · ls_tolerance) and ‖s‖:
  /// tol·‖s‖/scale, or 2.2.2's tol·‖s‖·meaninertia·max(1, nv).
  double LineTolerance(double tol, double search_norm) const;
  /// lineslope = the scaled |cost'| per unit ‖s‖: scale·|d1|/‖s‖, or 2.2.2's
  /// |d1|·(1/(‖s‖·meaninertia·max(1, nv))).
  double LineSlope(double d1, double search_norm) const;
};

}  // namespace simatlas::mujoco
