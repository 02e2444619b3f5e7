#pragma once
/// @file
/// Spatial algebra for E3-SAP §1 (the rigid multibody behind M(q) v̇ + c(q, v) = …).
/// Six-vectors are ordered angular first, as in Drake (`SpatialVelocity`, `SpatialForce`):
///   spatial velocity V = (ω, v)   [rad/s, m/s]     v is the velocity of a named point
///   spatial force    F = (τ, f)   [N·m, N]         τ is the moment about a named point
/// Names follow Drake's monogram notation: V_WB is the velocity of body B in world W, taken at
/// B's origin Bo and expressed in W; p_PoBo_W is the position of Bo from Po, expressed in W.
/// Every spatial quantity of the tree is expressed in W and taken about a body origin; moving it
/// to another point is a "shift" (the rigid-body transport of velocities and moments).

#include <Eigen/Dense>

#include "reference/core/numeric.h"

namespace simatlas::multibody {

using core::Matrix3;
using core::MatrixX;
using core::Vector3;
using core::VectorX;
/// A spatial vector, angular first: V = (ω, v) [rad/s, m/s] or F = (τ, f) [N·m, N].
using Vector6 = Eigen::Matrix<double, 6, 1>;
/// A 6 × 6 spatial matrix: a spatial inertia [kg·m², kg·m, kg] or a spatial transform.
using Matrix6 = Eigen::Matrix<double, 6, 6>;
/// 6 × n block of spatial columns (a joint's motion subspace, a spatial Jacobian).
using Matrix6X = Eigen::Matrix<double, 6, Eigen::Dynamic>;

/// [a]×, the skew matrix with [a]× b = a × b.
Matrix3 Skew(const Vector3& a);

/// Angular part (first three entries) of a spatial vector.
inline Vector3 AngularPart(const Vector6& x) { return x.head<3>(); }
/// Linear (translational) part (last three entries) of a spatial vector.
inline Vector3 LinearPart(const Vector6& x) { return x.tail<3>(); }
/// Stacks (angular, linear) into a spatial vector.
Vector6 MakeSpatial(const Vector3& angular, const Vector3& linear);

/// Pose of a frame B in a frame A: X_AB = (R_AB, p_AoBo_A). A point Q maps as p_AQ = R p_BQ + p.
struct RigidTransform {
  Matrix3 R = Matrix3::Identity();  ///< R_AB [1]
  Vector3 p = Vector3::Zero();      ///< p_AoBo_A [m]

  /// X_AC = X_AB · X_BC.
  RigidTransform operator*(const RigidTransform& X_BC) const;
  /// p_AQ = X_AB · p_BQ.
  Vector3 operator*(const Vector3& p_BQ) const { return R * p_BQ + p; }
  /// X_BA.
  RigidTransform Inverse() const;
};

/// Φ(r) with V_Q = Φ(r) V_P for a rigid motion, r = p_PQ: v_Q = v_P + ω × r.
/// Its transpose moves forces the other way: F_P = Φ(r)ᵀ F_Q, i.e. τ_P = τ_Q + r × f (power
/// F_Qᵀ V_Q = F_Pᵀ V_P is the same at both points).
Matrix6 ShiftOperator(const Vector3& p_PQ);

/// V_Q from V_P on the same rigid body: (ω, v_P + ω × p_PQ).
Vector6 ShiftSpatialVelocity(const Vector6& V_P, const Vector3& p_PQ);

/// F_P from F_Q (the same force system moved to P): (τ_Q + p_PQ × f, f).
Vector6 ShiftSpatialForceToPoint(const Vector6& F_Q, const Vector3& p_PQ);

/// Re-expresses a spatial vector given in frame A in frame B: both parts rotated by R_BA.
Vector6 ReExpress(const Matrix3& R_BA, const Vector6& x_A);

/// Spatial motion cross product V ×ₘ X = (ω × ωx, v × ωx + ω × vx) (Featherstone's crm), for
/// motion vectors about the same fixed point.
Vector6 CrossMotion(const Vector6& V, const Vector6& X);

/// Spatial force cross product V ×f F = (ω × τ + v × f, ω × f) = −(V ×ₘ)ᵀ F (crf).
Vector6 CrossForce(const Vector6& V, const Vector6& F);

/// Spatial acceleration of B in W, composed across a moving frame P (Drake's
/// `SpatialAcceleration::ComposeWithMovingFrameAcceleration`), all expressed in W:
///   α_WB  = α_WP + α_PB + ω_WP × ω_PB
///   a_WBo = a_WPo + α_WP × r + ω_WP × (ω_WP × r) + a_PBo + 2 ω_WP × v_PBo,   r = p_PoBo_W
/// A_PB and V_PB are B's acceleration and velocity measured in P (taken at Bo).
Vector6 ComposeAcceleration(const Vector6& A_WP, const Vector6& V_WP, const Vector3& p_PoBo_W,
                            const Vector6& V_PB_W, const Vector6& A_PB_W);

}  // namespace simatlas::multibody
