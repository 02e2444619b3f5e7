#pragma once
/// @file
/// MJ-solvers §2b, §3 and §5 — is a claimed answer (efc_force f, qacc a) of a constraint problem
/// optimal? The primal (3.2) is strictly convex in a and the dual (2.4) strictly convex in f
/// (R > 0), so the answer is unique and is characterised by
///   feasibility      f ∈ Ω (equality free, |f| ≤ frictionloss, f ≥ 0, elliptic cone)
///   momentum         M(a − a₀) = Jᵀ f
///   row states       f = f(a): each row or block of (3.1) at jar = J a − aref, e.g. a quadratic
///                    row f = −R⁻¹ jar, a satisfied row f = 0, a frictionloss row clipped to ±fl
///   stationarity     g(a) = M(a − a₀) − Jᵀ f(a) = 0 (the primal gradient)
/// Every residual is measured in MuJoCo's termination units: times scale = 1/(meaninertia ·
/// max(1, nv)) (5.1), which turns a force [N] into an acceleration-like number.
/// Used by `simatlas check mujoco.solve` and by tests; it never solves anything itself.
/// Equation numbers (N.M) are the formula sheet's (course/FORMULAS.md).

#include <string>
#include <vector>

#include "reference/core/numeric.h"
#include "reference/mujoco/primal.h"
#include "reference/mujoco/problem.h"

namespace simatlas::mujoco {

/// The measured optimality of one claimed answer (all but scale already multiplied by scale).
struct MujocoOptimality {
  double scale = 0.0;              ///< 1/(meaninertia · max(1, nv)) (5.1)
  double gradient = 0.0;           ///< scale · ‖M(a − a₀) − Jᵀ f(a)‖
  double momentum_residual = 0.0;  ///< scale · ‖M(a − a₀) − Jᵀ f_claimed‖
  double force_error = 0.0;        ///< scale · maxᵢ |f_claimed,ᵢ − fᵢ(a)|
  int worst_row = -1;              ///< i of the largest force error (−1: no rows)
  double infeasibility = 0.0;      ///< scale · (largest violation of Ω by f_claimed)
  double magnitude = 0.0;          ///< scale · max(‖M(a − a₀)‖, ‖Jᵀ f(a)‖)
  core::VectorX force_at_qacc;     ///< f(a) from the row states [N]
  std::vector<RowState> state;     ///< row states at a
};

/// Tolerances of the check: each of gradient, momentum_residual, force_error and
/// infeasibility must be ≤ abs_tolerance + rel_tolerance · magnitude. abs_tolerance is MuJoCo's
/// default termination tolerance on the scaled gradient (1e-8); rel_tolerance = 1e-6 leaves
/// room for the rounding of large forces (the solvers stop at 1e-8 on scale · ‖g‖ or on the
/// scaled cost improvement, after which ‖g‖ is at the level of the last step).
struct MujocoOptimalityTolerance {
  double abs_tolerance = 1e-8;  ///< [scaled, m/s²-like]
  double rel_tolerance = 1e-6;  ///< [1]
};

/// The termination tolerance a solve gets when its answer is judged by these tolerances: 0.
/// MuJoCo 3.15's Newton also exits when the decrement ½·scale·gᵀH⁻¹g < tolerance (§5;
/// engine_solver.c, mj_solCGNewton's termination test), which bounds the cost gap, not the
/// gradient: at tolerance 1e-8 a faithful solve may end with scale·‖g‖ ≈ 3e-5 where a stiff row
/// makes H large. At 0 every exit test is off (MuJoCo clamps the decrement at 0 so that 0
/// disables it) and Newton runs until the line search finds no decrease: round-off.
inline constexpr double kRunToRoundOff = 0.0;

/// Measures a claimed answer (efc_force of size nefc, qacc of size nv). Wrong sizes and
/// non-finite entries are InputErrors naming "efc_force" or "qacc".
MujocoOptimality EvaluateMujocoOptimality(const Problem& problem, const core::VectorX& efc_force,
                                          const core::VectorX& qacc);

/// "" when the measured answer meets the tolerances, otherwise the first failed condition with
/// its numbers.
std::string MujocoOptimalityViolation(const MujocoOptimality& measured,
                                      const MujocoOptimalityTolerance& tolerance = {});

}  // namespace simatlas::mujoco
