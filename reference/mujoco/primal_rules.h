#pragma once
/// @file
/// MJ-solvers §4–§5 (exit table, version notes): the rules of the CG/Newton loop — the solver's
/// preconditioner, Hessian update and direction (§4) and the version's line search,
/// improvement and exits (§5) — chosen once from Options (solver, version, cg_update), so the
/// loop itself reads the same for CG and Newton, 2.2.2 and the course's 3.15.

#include <memory>
#include <optional>
#include <vector>

#include "reference/core/numeric.h"
#include "reference/mujoco/primal.h"
#include "reference/mujoco/primal_solver.h"
#include "reference/mujoco/problem.h"
#include "reference/mujoco/solver_result.h"
#include "reference/mujoco/spd_factor.h"
#include "reference/mujoco/sparse_rows.h"

namespace simatlas::mujoco {

/// The CG/Newton loop's state at the current acceleration (MuJoCo 2.2.2's mjCGContext): the
/// evaluated point, the factors, the preconditioned gradient and the search direction.
struct PrimalIterate {
  const Problem& problem;      ///< the problem
  const ConstraintRows& rows;  ///< its blocks and D = 1/R (MakeConstraintRows)
  const SparseOperators& ops;  ///< J and M as sparse rows
  double scale = 0;            ///< termination scale (5.1)
  PrimalEval eval;             ///< the current point a: cost, gradient g, row states
  std::shared_ptr<const SpdFactor> m_factor;  ///< M's factor (CG's preconditioner, the certificate)
  SpdFactor h_factor;          ///< Cholesky factor of H = M + Jᵀ Hc J (Newton only)
  core::VectorX Mgrad;         ///< M⁻¹ g (nv)
  core::VectorX precond;       ///< the preconditioned gradient: M⁻¹ g (CG) or H⁻¹ g (Newton)
  core::VectorX search;        ///< the search direction s (nv)
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
  /// §4, after M is factored: CG sets M⁻¹g; Newton also factors H (3.2) and sets H⁻¹g.
  void (*precondition_start)(PrimalIterate& it) = nullptr;
  /// §4, after a step: CG updates M⁻¹g; Newton brings H's factor up to the new row states and
  /// solves H⁻¹g. Returns MuJoCo's nupdate (0 for CG).
  int (*precondition_step)(PrimalIterate& it, const PrimalPrevious& before, int nchange) = nullptr;
  /// The next search direction: (4.1) Polak–Ribière+ or Hager–Zhang for CG, −H⁻¹g for Newton.
  void (*direction)(PrimalIterate& it, const PrimalPrevious& before) = nullptr;
  /// The line search: 2.2.2's CGsearch (v222::PrimalSearch) or the course's PrimalSearch
  /// (PrimalSearchAlong).
  LineSearchResult (*line_search)(const LineInputs& in, double search_norm, double scale,
                                  const Options& opt) = nullptr;
  /// The iteration's improvement: 2.2.2 scale·(old cost − new cost); 3.15 scale times the line
  /// search's own cost decrease.
  double (*improvement)(double scale, double old_cost, double new_cost,
                        const LineSearchResult& search) = nullptr;
  /// Whether the improvement ends the loop: 2.2.2 improvement < tol (even ≤ 0); 3.15
  /// 0 < improvement < tol.
  bool (*improvement_stops)(double improvement, double tolerance) = nullptr;
  /// Before the loop (§5 rows "CG/Newton before the loop"): 3.15's certificate (CG; Newton with
  /// the gradient gate) or Newton's gradient-and-decrement exit; 2.2.2 never exits here.
  std::optional<ExitReason> (*pre_loop_exit)(const PrimalIterate& it, double tolerance) = nullptr;
  /// In the loop after the gradient test: 3.15 Newton's decrement < tol; false for CG and 2.2.2.
  bool (*decrement_stops)(const PrimalIterate& it, double tolerance) = nullptr;
};

/// The rules of opt.solver (CG or Newton; PGS throws InputError), opt.version
/// (Version::kMuJoCo222 or Version::kMuJoCo315) and opt.cg_update.
PrimalRules MakePrimalRules(const Options& opt);

/// The primal loops (this one and the 2.2.2 one) run CG or Newton: InputError for PGS.
void RequirePrimalSolver(const Options& opt);

/// Newton decrement max(0, ½·scale·gᵀH⁻¹g) (§5, 3.11+).
double NewtonDecrement(double scale, const core::VectorX& g, const core::VectorX& H_inv_g);

}  // namespace simatlas::mujoco
