#pragma once
/// @file
/// MJ-solvers §5 (exit table, version notes): the per-version rules of the CG/Newton loop —
/// which line search, how the improvement is measured, which tests end the loop — chosen once
/// from Options::version, so the loop itself reads the same for 2.2.2 and the course's 3.15.

#include <optional>

#include "reference/core/numeric.h"
#include "reference/mujoco/primal_solver.h"
#include "reference/mujoco/problem.h"
#include "reference/mujoco/solver_result.h"

namespace simatlas::mujoco {

/// The quantities the pre-loop tests read at the start point (all at the start acceleration).
struct PreLoopPoint {
  bool newton = false;          ///< the solver is Newton (else CG)
  double scale = 0;             ///< termination scale (5.1)
  double tolerance = 0;         ///< opt.tolerance [1]
  const core::VectorX* g = nullptr;        ///< primal gradient g (nv)
  const core::VectorX* M_inv_g = nullptr;  ///< M⁻¹ g (nv)
  const core::VectorX* H_inv_g = nullptr;  ///< H⁻¹ g (nv; Newton only, else unused)
};

/// How one version runs the primal loop.
struct PrimalRules {
  /// The line search: 2.2.2's CGsearch (PrimalSearch222) or the course's PrimalSearch
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
  /// Before the loop: 3.15's certificate (CG; Newton with the gradient gate) or Newton's
  /// gradient-and-decrement exit; 2.2.2 never exits here (nullopt).
  std::optional<ExitReason> (*pre_loop_exit)(const PreLoopPoint& at) = nullptr;
  /// In the loop after the gradient test, Newton only: 3.15 decrement ½·scale·gᵀH⁻¹g < tol;
  /// 2.2.2 has no decrement test (always false).
  bool (*decrement_stops)(double scale, const core::VectorX& g, const core::VectorX& H_inv_g,
                          double tolerance) = nullptr;
};

/// The rules of opt.version (Version::kMuJoCo222 or Version::kMuJoCo315).
PrimalRules MakePrimalRules(const Options& opt);

/// Newton decrement max(0, ½·scale·gᵀH⁻¹g) (§5, 3.11+).
double NewtonDecrement(double scale, const core::VectorX& g, const core::VectorX& H_inv_g);

}  // namespace simatlas::mujoco
