#pragma once
/// @file
/// E3-SAP §5.1 — differentiability by the implicit function theorem: at the solution the
/// optimality condition g(v; θ) = A(v − v*) − Jᵀγ(Jv + vb; θ) = 0 holds, so
///   H ∂v/∂θ = −∂g/∂θ                                                           (5.2)
/// with H = A + JᵀGJ at the solution: one linear solve, not back-propagation through the Newton
/// iterations. Derivatives are local: fixed contact set, fixed projection region, non-singular H.
/// Drake: sap_solver.cc, SapSolver<AutoDiffXd>::SolveWithGuess (the public comment saying
/// constraints are unsupported with AutoDiff is stale).
/// Equation numbers (N.M) are the formula sheet's (course/FORMULAS.md).

#include "reference/core/numeric.h"
#include "reference/sap/sap_model.h"

namespace simatlas::sap {

/// Parameters θ of one kSap constraint that (5.2) differentiates.
enum class ConeParameter {
  kStiffness,  ///< k [N/m]: enters Rn on the compliance branch only
  kFriction,   ///< μ [1]: enters the sliding branch through μ, μ̂, μ̃
  kPhi0        ///< φ₀ [m]: moves the normal bias v̂n
};

/// ∂γ/∂θ of a kSap constraint at fixed vc [N·s per unit of θ], region by region:
/// φ₀ moves v̂n (∂y/∂φ₀ = (0, 0, −1/((h + τ) Rn))); μ enters the sliding branch through μ, μ̂,
/// μ̃; k enters Rn on the compliance branch (∂Rn/∂k = −Rn/k, so ∂yn/∂k = yn/k and
/// ∂μ̂/∂k = μ̂/k, ∂μ̃²/∂k = μ̃²/k) and nothing on the near-rigid branch.
core::Vector3 CalcConeImpulseDerivative(const FrictionConeConstraint& constraint, double h,
                                        const core::Vector3& vc, ConeParameter parameter);

/// ∂v/∂v* (full nv × nv): H⁻¹A on the participating DOFs (∂g/∂v* = −A), identity on the
/// others (they keep v*). v is the full solution.
core::MatrixX CalcVelocitySensitivityToVStar(const SapModel& model, const core::VectorX& v);

/// ∂v/∂θ (full nv) for parameter θ of kSap constraint `index`: H ∂v/∂θ = Jᵢᵀ ∂γᵢ/∂θ.
/// Throws InputError if constraint `index` is not a friction_cone constraint.
core::VectorX CalcVelocitySensitivity(const SapModel& model, double h, const core::VectorX& v,
                                      int index, ConeParameter parameter);

}  // namespace simatlas::sap
