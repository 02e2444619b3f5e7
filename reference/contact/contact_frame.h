#pragma once
/// @file
/// Formula sheet §0.2 "Drake contact frame C for discrete contact (SAP)" (used by E3-SAP §2.2 and
/// E3-geometry §2.1's discrete path). Mirrors Drake `discrete_update_manager.cc`,
/// `AppendDiscreteContactPairsForPointContact` / `…ForHydroelasticContact`, which builds
/// R_WC = `RotationMatrix::MakeFromOneVector(nhat_AB_W, 2)`.
///
///   Cz = nhat_AB_W = −nhat_BA_W            z points FROM A INTO B
///   Cx, Cy: an arbitrary right-handed completion; nothing physical may depend on it beyond a
///           rotation of the tangential components
///   vc = R_WCᵀ (v_WBc − v_WAc) = R_WCᵀ J v = [vt1, vt2, vn]     vn > 0: separating
///   a vector γ (or f) on B expressed in C is R_WC γ in W; A receives the opposite.
///
/// Power consistency: γᵀ vc = γᵀ R_WCᵀ J v = (R_WC γ)ᵀ (J v) = vᵀ Jᵀ f_W, so the generalized
/// force Jcᵀ γ with Jc = R_WCᵀ J does the same work as the world force on B.

#include "reference/core/numeric.h"

namespace simatlas::contact {

/// Tolerance on ‖n̂‖ − 1 for a direction that must be a unit vector [1].
inline constexpr double kUnitVectorTolerance = 1e-10;

/// Throws InputError unless every entry of v is finite and |‖v‖ − 1| ≤ kUnitVectorTolerance.
/// quantity names the key in the message (e.g. "nhat_BA_W").
void RequireUnitVector(const char* quantity, const core::Vector3& v);

/// R_WC of §0.2: orthonormal, right-handed (det = +1), third column exactly nhat_AB_W.
/// The tangent columns are a deterministic completion (built from the world axis least aligned
/// with n̂); Drake's MakeFromOneVector makes a different but equally valid choice.
/// nhat_AB_W must be a unit vector (RequireUnitVector).
core::Matrix3 MakeContactFrame(const core::Vector3& nhat_AB_W);

/// Contact Jacobian Jc = R_WCᵀ J_W [rows: t1, t2, n], from the world Jacobian J_W (3 × nv) of
/// the relative velocity v_AcBc_W = v_WBc − v_WAc = J_W v.
core::MatrixX ContactJacobian(const core::Matrix3& R_WC, const core::MatrixX& J_W);

/// vc = R_WCᵀ v_AcBc_W = [vt1, vt2, vn] [m/s]; vn > 0 when B moves away from A.
core::Vector3 ContactVelocity(const core::Matrix3& R_WC, const core::Vector3& v_AcBc_W);

/// A vector on B expressed in C (impulse γ [N·s] or force [N]), re-expressed in W: R_WC γ.
core::Vector3 ExpressInWorld(const core::Matrix3& R_WC, const core::Vector3& gamma_C);

/// Generalized impulse (or force) of γ on B: Jcᵀ γ = J_Wᵀ R_WC γ [N·s, N·m·s].
core::VectorX GeneralizedImpulse(const core::Matrix3& R_WC, const core::MatrixX& J_W,
                                 const core::Vector3& gamma_C);

}  // namespace simatlas::contact
