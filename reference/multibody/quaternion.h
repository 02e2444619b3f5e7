#pragma once
/// @file
/// E3-SAP §1 and §5: the quaternion block of a free joint.
/// q = (qw, qx, qy, qz) [1]; ω [rad/s] is expressed in the parent frame F (Drake's
/// `QuaternionFloatingMobilizer`: v = (ω_FM, v_FM), angular first, both in F). Then
///   q̇ = N_r(q) ω = ½ (0, ω) ⊗ q,
///   N_r = ½ [[−qx,−qy,−qz],[qw,qz,−qy],[−qz,qw,qx],[qy,−qx,qw]]              (formula sheet §1)
/// and qᵀ q̇ = 0 exactly (qᵀ N_r = 0 for every q). Two position updates over a step h:
///   linear (§5, Drake's executed path):  q₁ = q₀ + h N_r(q₀) ω, not renormalised;
///     ‖q₁‖² = ‖q₀‖² (1 + h²‖ω‖²/4) exactly, so a unit q₀ drifts by ≈ h²‖ω‖²/8 per step
///     (O(h²‖ω‖²); Drake normalises wherever it reads q, and so does RotationFromQuaternion);
///   exponential map (on the manifold):   q₁ = (cos(θ/2), sin(θ/2) ω/‖ω‖) ⊗ q₀,  θ = h‖ω‖,
///     the exact rotation for constant ω in F; keeps ‖q₁‖ = ‖q₀‖.
/// MuJoCo's `mj_integratePos` uses the exponential map with ω in the *child* (local) frame and
/// then renormalises (formula sheet MJ-solvers §7); here ω is in F, as in Drake.

#include <Eigen/Dense>

#include "reference/multibody/spatial_algebra.h"

namespace simatlas::multibody {

/// A quaternion stored (w, x, y, z) [1], or its time derivative q̇ [1/s].
using Vector4 = Eigen::Vector4d;
/// 4 × 3 map from an angular velocity ω [rad/s] to q̇ (the rate matrix N_r(q)).
using Matrix43 = Eigen::Matrix<double, 4, 3>;

/// Hamilton product a ⊗ b of quaternions stored (w, x, y, z).
Vector4 QuaternionProduct(const Vector4& a, const Vector4& b);

/// N_r(q) [1]: maps ω_F [rad/s] to q̇ [1/s]. Uses q as given (not normalised).
Matrix43 QuaternionRateMatrix(const Vector4& q);

/// R_FM of q/‖q‖ (Drake reads a drifted quaternion normalised). ‖q‖ = 0 or a non-finite entry:
/// InputError naming `quantity`.
Matrix3 RotationFromQuaternion(const Vector4& q, const char* quantity = "quaternion");

/// Unit quaternion of the rotation R (w ≥ 0).
Vector4 QuaternionFromRotation(const Matrix3& R);

/// §5 linear update q₀ + h N_r(q₀) ω.
Vector4 QuaternionStepLinear(const Vector4& q0, const Vector3& w_F, double h);

/// Exponential-map update exp(h ω/2) ⊗ q₀ (small angles use the series of sin(θ/2)/θ).
Vector4 QuaternionStepExponential(const Vector4& q0, const Vector3& w_F, double h);

/// MuJoCo's convention (`mj_integratePos` for ball and free joints): ω_M in the child (local)
/// frame, the increment multiplies from the right, then the result is renormalised:
///   q₁ = normalise(q₀ ⊗ exp(h ω_M/2)).
/// For a unit q₀ and ω_M = R(q₀)ᵀ ω_F this is the same rotation as QuaternionStepExponential.
Vector4 QuaternionStepExponentialLocal(const Vector4& q0, const Vector3& w_M, double h);

}  // namespace simatlas::multibody
