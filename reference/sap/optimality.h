#pragma once
/// @file
/// E3-SAP §4 and §4.2 — is a claimed answer (v, γ) of a SAP problem optimal? The answer of the
/// convex problem (4.1) is the unique v with ∇ℓ(v) = 0, i.e. momentum balance
///   A(v − v*) = Jᵀγ   with   γᵢ = Pᵢ(yᵢ),  yᵢ = −Rᵢ⁻¹(vc,ᵢ − v̂ᵢ),  vc,ᵢ = Jᵢ v + vb,ᵢ
/// (for the kSap cone Pᵢ is the cone projection (3.3); for Similar/Lagged and joint limits the
/// constraint's own impulse law). The evaluator recomputes γᵢ(v) from the claimed v with the
/// reference constraints and measures, in the §4.2 scaled norm with D = diag(A)^(−1/2) (the
/// code's exponent; Drake's header comment says ^(+1/2)):
///   r = ‖D (A(v − v*) − Jᵀγ(v))‖   (the gradient of ℓ at v)                    [√J]
///   s = max(‖D A v‖, ‖D Jᵀγ(v)‖)   (Drake's scale)                              [√J]
/// over the participating DOFs, with the solver's own CalcStoppingCriteriaResidual
/// (sap/stopping_criteria.h, Drake's convention); the cliques no constraint references are
/// measured apart by the same formula with Jᵀγ = 0 (there the answer must be v = v*, which the
/// solver sets without iterating),
/// and the distance of the claimed impulses from the law, ‖γ_claimed,ᵢ − γᵢ(v)‖ [N·s].
/// Used by `simatlas check sap.solve` and by tests; it never solves anything itself.
/// Equation numbers (N.M) are the formula sheet's (course/FORMULAS.md).

#include <string>
#include <vector>

#include "reference/core/numeric.h"
#include "reference/sap/sap_problem.h"

namespace simatlas::sap {

/// The measured optimality of one claimed answer.
struct SapOptimality {
  double momentum_residual =
      0.0;  ///< r = ‖D g(v)‖, g = A(v − v*) − Jᵀγ(v), participating DOFs [√J]
  double momentum_scale = 0.0;  ///< s = max(‖D A v‖, ‖D Jᵀγ(v)‖), participating DOFs [√J]
  double free_momentum_residual = 0.0;  ///< ‖D A(v − v*)‖ over the non-participating DOFs [√J]
  double free_momentum_scale = 0.0;     ///< ‖D A v‖ over the non-participating DOFs [√J]
  double impulse_error = 0.0;           ///< maxᵢ ‖γ_claimed,ᵢ − γᵢ(v)‖ [N·s]
  double impulse_scale = 0.0;           ///< maxᵢ ‖γᵢ(v)‖ [N·s]
  int worst_constraint = -1;            ///< i of the largest impulse error (−1: no constraints)
  std::vector<core::VectorX> gamma;     ///< γᵢ(v) as the constraint laws give it [N·s]
};

/// Tolerances of the check (the header above; `simatlas check sap.solve --list`):
///   momentum   r ≤ abs_tolerance + rel_tolerance · s (and the same on the non-participating DOFs)
///   impulses   ‖γ_claimed − γ(v)‖ ≤ impulse_rel_tolerance · maxᵢ‖γᵢ(v)‖ (exact zero when all γ are 0)
/// The defaults are Drake's (4.3) tolerances εa = 1e-14 √J and εr = 1e-6 with a slack of 2 on εr
/// for the rounding of D g in another program. A solver meets them when it stops on (4.3); the
/// cost criterion (4.4) may stop it earlier (|Δℓ| ≲ 1e-15 ℓ leaves ‖Dg‖ up to ~1e-4 s), so
/// `simatlas check` queries problems whose parameters switch (4.4) off (cost tolerances 0).
/// Measured: the reference solver with (4.4) off reaches r/s ≤ 9.97e-7 on 2000 random problems
/// (property_tests/families/sap_problem_generator.h, both shapes), while the header's D = diag(A)^(+1/2)
/// leaves r/s > 2e-6 on 99 of 1000 mixed-scale problems (up to 1.2e-2).
/// The impulses are recomputed at the claimed v, so they agree to rounding: 1e-8 relative.
struct SapOptimalityTolerance {
  double abs_tolerance = 1e-14;         ///< [√J]
  double rel_tolerance = 2e-6;          ///< [1]
  double impulse_rel_tolerance = 1e-8;  ///< [1]
};

/// Measures a claimed answer: v (Σ n_c, the full velocity) and γ (one vector per constraint, of
/// its nᵢ equations). Sizes that do not match the problem are InputErrors naming "v" or
/// "gamma[i]"; a non-finite entry is an InputError too.
SapOptimality EvaluateSapOptimality(const SapProblem& problem, const core::VectorX& v,
                                    const std::vector<core::VectorX>& gamma);

/// "" when the measured answer meets the tolerances, otherwise which condition fails with its
/// numbers ("momentum balance: ‖D g‖ = … > … (…)").
std::string SapOptimalityViolation(const SapOptimality& measured,
                                   const SapOptimalityTolerance& tolerance = {});

}  // namespace simatlas::sap
