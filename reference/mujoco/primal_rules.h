#pragma once
/// @file
/// MJ-solvers §4–§5 (exit table, version notes): the version seam of the primal loop. Every rule
/// of CG and Newton that a MuJoCo version changes is chosen here, once, from the named options
/// (Options: solver, cg_update, line_search, exit_rules, arithmetic), so the loop
/// (primal_solver.h) reads the same for CG and Newton, 2.2.2 and the course's 3.15, and never
/// tests a version itself:
///   - the arithmetic (MakePrimalKernels): the course's kernels, or MuJoCo 2.2.2's dense kernels
///     in its summation order (mujoco222/, included by nothing but primal_rules.cc), and the exit
///     scale's arithmetic that goes with them (MakeExitScale);
///   - the solver's preconditioner, Hessian update and direction (§4: M⁻¹g, H⁻¹g, PR+ or
///     Hager–Zhang);
///   - the line search's bracketing (line_search.h: LineSearchRules);
///   - the improvement and the exits (§5: 2.2.2's column or 3.x's certificate and decrement).
/// Equation numbers (N.M) are the formula sheet's (course/FORMULAS.md).

#include <memory>
#include <optional>
#include <vector>

#include "reference/core/numeric.h"
#include "reference/mujoco/line_search.h"
#include "reference/mujoco/operators.h"
#include "reference/mujoco/primal.h"
#include "reference/mujoco/primal_kernels.h"
#include "reference/mujoco/problem.h"
#include "reference/mujoco/solver_result.h"
#include "reference/mujoco/spd_factor.h"

namespace simatlas::mujoco {

/// The CG/Newton loop's state at the current acceleration (MuJoCo's mjCGContext /
/// mjPrimalContext): the evaluated point, Newton's factor, the preconditioned gradient and the
/// search direction.
struct PrimalIterate {
  const Problem& problem;                  ///< the problem
  const ConstraintRows& rows;              ///< its blocks and D = 1/R (MakeConstraintRows)
  const PrimalKernels& kernels;            ///< the arithmetic (MakePrimalKernels)
  ExitScale scale;                         ///< termination scale (5.1)
  PrimalEval eval;                         ///< the current point a: cost, gradient g, row states
  std::unique_ptr<HessianFactor> hessian;  ///< Newton's factor of H = M + Jᵀ Hc J (Newton only)
  core::VectorX Mgrad;                     ///< M⁻¹ g (nv; CG, and the certificate)
  core::VectorX precond;  ///< the preconditioned gradient: M⁻¹ g (CG) or H⁻¹ g (Newton)
  core::VectorX search;   ///< the search direction s (nv)
  core::VectorX y;        ///< Hager–Zhang's y = g − g_old (storage reused)
  core::VectorX My;       ///< M⁻¹g − M⁻¹g_old (PR+ and Hager–Zhang; storage reused)
};

/// What the loop keeps of the point before a step.
struct PrimalPrevious {
  std::vector<RowState> state;  ///< row states before the step
  core::VectorX gradient;       ///< g before the step
  core::VectorX Mgrad;          ///< M⁻¹ g before the step
  double cost = 0;              ///< cost before the step
};

/// How one solver and one version run the primal loop.
struct PrimalRules {
  /// §4, at the start point: CG sets M⁻¹g; Newton factors H (3.2) and sets H⁻¹g (and M⁻¹g when
  /// the exits read the certificate).
  void (*precondition_start)(PrimalIterate& it, bool certificate) = nullptr;
  /// §4, after a step: CG updates M⁻¹g; Newton brings H's factor up to the new row states and
  /// solves H⁻¹g. Returns MuJoCo's nupdate (0 for CG).
  int (*precondition_step)(PrimalIterate& it, const PrimalPrevious& before, int nchange) = nullptr;
  /// The next search direction: (4.1) Polak–Ribière+ or Hager–Zhang for CG, −H⁻¹g for Newton.
  void (*direction)(PrimalIterate& it, const PrimalPrevious& before) = nullptr;
  /// The line search's bracketing (options.line_search).
  LineSearchRules line_search;
  /// The iteration's improvement, unscaled: 2.2.2 old cost − new cost; 3.x the line search's own
  /// cost decrease.
  double (*improvement)(double old_cost, double new_cost, const LineSearchResult& search) = nullptr;
  /// Whether the improvement ends the loop: 2.2.2 improvement < tol (even ≤ 0); 3.x
  /// 0 < improvement < tol.
  bool (*improvement_stops)(double improvement, double tolerance) = nullptr;
  /// Whether pre_loop_exit reads the certificate ½·scale·gᵀM⁻¹g (3.x), so Newton solves M⁻¹g too.
  bool certificate = false;
  /// Before the loop (§5 rows "CG/Newton before the loop"): 3.x's certificate (CG; Newton with
  /// the gradient gate) or Newton's gradient-and-decrement exit; 2.2.2 never exits here.
  std::optional<ExitReason> (*pre_loop_exit)(const PrimalIterate& it, double tolerance) = nullptr;
  /// In the loop after the gradient test: 3.x Newton's decrement < tol; false for CG and 2.2.2.
  bool (*decrement_stops)(const PrimalIterate& it, double tolerance) = nullptr;
};

/// The rules of opt.solver (CG or Newton; PGS throws InputError), opt.cg_update,
/// opt.line_search and opt.exit_rules.
PrimalRules MakePrimalRules(const Options& opt);

/// Whether problem's primal solves run MuJoCo 2.2.2's arithmetic: opt.arithmetic names it and
/// the problem is on the dense path (2.2.2's sparse kernels are not reproduced; there the
/// course's sums serve).
bool UsesMujoco222Arithmetic(const Problem& problem);

/// The kernels of problem's primal solves (UsesMujoco222Arithmetic: mujoco222::MakeKernels, else
/// MakeCourseKernels on ops and m_factor, with 2.2.2's line sums when opt.arithmetic names
/// 2.2.2). Keeps references to problem, ops and m_factor, which must outlive the kernels.
std::unique_ptr<PrimalKernels> MakePrimalKernels(const Problem& problem, const SparseOperators& ops,
                                                 const SpdFactor* m_factor);

/// Which loop a termination scale serves.
enum class ScaledLoop {
  kMain,   ///< the main solver (opt.solver: PGS, CG or Newton)
  kNoSlip  ///< NoSlip after it
};

/// The termination scale (5.1) of `loop` solving `piece`, the whole problem `whole` or one island
/// of it (`island`), by piece.opt.exit_scale — the one place the scale is chosen:
///   - kMeanInertia (2.2.2 … 3.16): CG and Newton on an island 1/trace(M_island) (IslandScale);
///     PGS, NoSlip and every monolithic solve 1/(meaninertia·max(1, nv)) of the whole system
///     (MonolithicScale; engine_solver.c of 3.12: mj_solPGS, mj_solNoSlip, mj_solPrimal);
///   - kTrace (3.17 … 4.0.1): 1/trace(M) of the current M of the piece solved, island or whole,
///     for every solver and NoSlip (changelog 3.17.0, commit c8362756d; measured against the
///     MuJoCo 4.0.1 wheel island by island, oracle/mujoco401/).
/// Throws InputError when that trace (or meaninertia) is not positive.
double TerminationScale(const Problem& whole, const Problem& piece, bool island, ScaledLoop loop);

/// The termination scale (5.1) of a primal solve of `piece` with `scale` (TerminationScale),
/// applied with 2.2.2's rescale() when `piece` runs 2.2.2's arithmetic.
ExitScale MakeExitScale(const Problem& piece, double scale);

/// The primal loop runs CG or Newton: InputError for PGS.
void RequirePrimalSolver(const Options& opt);

}  // namespace simatlas::mujoco
