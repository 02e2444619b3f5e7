#pragma once
/// @file
/// E3-SAP §1: a rigid body's mass properties, the source of M(q) ("M 包含由模型质量/惯量产生的广义
/// 质量"). A body B carries its mass m [kg], the position of its centre of mass Bcm from its
/// origin Bo, p_BoBcm_B [m], and its rotational inertia about Bcm, I_BBcm_B [kg·m²], both in B.
/// Validation mirrors Drake's `RotationalInertia::CouldBePhysicallyValid`, made strict: the
/// inertia must be symmetric positive definite and its principal moments must satisfy the
/// triangle inequality (I₁ + I₂ ≥ I₃ for every ordering).

#include <string>

#include "reference/multibody/spatial_algebra.h"

namespace simatlas::multibody {

/// Mass properties of one rigid body, all in the body frame B.
struct RigidBody {
  std::string name;                        ///< unique, used in error messages
  double mass = 1.0;                       ///< m [kg], > 0
  Vector3 p_BoBcm_B = Vector3::Zero();     ///< centre of mass from Bo [m]
  Matrix3 I_BBcm_B = Matrix3::Identity();  ///< rotational inertia about Bcm [kg·m²]
};

/// Throws core::InputError naming the body when m ≤ 0 or not finite, the COM is not finite, or
/// I_BBcm_B is not symmetric, not positive definite, or breaks the triangle inequality.
void ValidateRigidBody(const RigidBody& body);

/// Inertia of a uniform solid box with side lengths (lx, ly, lz) [m] about its centre [kg·m²]:
/// diag(ly²+lz², lx²+lz², lx²+ly²)·m/12.
Matrix3 SolidBoxInertia(double mass, const Vector3& sides);

/// Inertia of a uniform solid sphere of radius r about its centre: (2/5) m r² · 1 [kg·m²].
Matrix3 SolidSphereInertia(double mass, double radius);

/// The 6×6 spatial inertia of B about Bo, expressed in W, for the pose R_WB:
///   M_Bo_W = [[I_Bo, m [c]×], [−m [c]×, m 1]],  c = R_WB p_BoBcm_B,  I_Bo = R I_Bcm Rᵀ − m [c]×²
/// so that the momentum about Bo is (I_Bo ω + m c × v_Bo, m (v_Bo + ω × c)) for V = (ω, v_Bo).
Matrix6 SpatialInertiaAboutOrigin(const RigidBody& body, const Matrix3& R_WB);

/// Drake's velocity-bias force of the Newton–Euler equations about the moving origin Bo
/// (`SpatialInertia::CalcDynamicBiasForce`): Fb = (ω × I_Bo ω, m ω × (ω × c)), expressed in W,
/// so that the net force on B about Bo is F_Bo = M_Bo A_WB + Fb with A_WB = (α, a_Bo).
Vector6 VelocityBiasForce(const RigidBody& body, const Matrix3& R_WB, const Vector3& w_WB);

}  // namespace simatlas::multibody
