#pragma once
/// @file
/// E3-geometry §2.2 (formula sheet (2.3), (2.4), §0.4): the continuous hydroelastic traction on
/// body A (which carries M) and its integration over the contact surface into a force and a
/// moment about a named point. Mirrors Drake `multibody/plant/hydroelastic_traction_calculator.cc`
/// (CalcTractionAtQHelper; its @param comment says the normal points "from M to N", but its
/// callers pass the face normal, out of N into M — the formula sheet's table of disagreements).
///
///   v_BqAq = v_WAq − v_WBq,   vn = v_BqAq·n̂ (> 0 separating),   vt = v_BqAq − n̂ vn
///   p  = pe [1 − d vn]₊                                                        (2.3)
///   ft = −(2/π) μd p · AtanXOverX(‖vt‖²/vs²)/vs · vt  (|ft| = (2/π) μd p atan(‖vt‖/vs))
///   traction on A = p n̂ + ft [Pa];  F_A = Σ faces traction(centroid)·area      (2.4)
/// d is the combined dissipation of (2.5) (contact::CombineContinuousHydroelastic, moduli as
/// weights); μd the combined dynamic friction. Polygons use the centroid rule of (2.4).

#include "reference/contact/friction_regularization.h"
#include "reference/core/numeric.h"
#include "reference/geometry/contact_surface.h"

namespace simatlas::contact {

/// (2.3): p = pe·[1 − d·vn]₊ [Pa]. pe [Pa] ≥ 0, d [s/m] ≥ 0, vn [m/s] (> 0 separating), all
/// finite. p = 0 whenever vn ≥ 1/d (separating fast).
double DissipatedPressure(double pe, double d, double vn);

/// (2.4): the friction traction [Pa] for the tangential velocity vt [m/s] (any length: 2 in a
/// face's tangent basis, 3 in world), p [Pa] ≥ 0, μd ≥ 0, vs [m/s] > 0. Opposes vt; zero at vt = 0.
core::VectorX FrictionTraction(double p, double mu_dynamic, double stiction_tolerance,
                               const core::VectorX& vt);

/// The material of the continuous path.
struct TractionParameters {
  double dissipation = 0.0;                               ///< combined d [s/m]
  double mu_dynamic = 0.0;                                ///< combined μd [1]
  double stiction_tolerance = kDefaultStictionTolerance;  ///< vs [m/s]
};

/// A rigid body's velocity: angular ω [rad/s] and the velocity of its point Bo [m/s] at p_WBo.
struct RigidVelocity {
  core::Vector3 w_W = core::Vector3::Zero();    ///< angular velocity ω, in world [rad/s]
  core::Vector3 v_WBo = core::Vector3::Zero();  ///< velocity of the body point Bo, in world [m/s]
  core::Vector3 p_WBo = core::Vector3::Zero();  ///< position of Bo, in world [m]
  /// v of the body-fixed point at q: v_WBo + ω × (q − p_WBo).
  core::Vector3 AtPoint(const core::Vector3& q) const { return v_WBo + w_W.cross(q - p_WBo); }
};

/// Force [N] on A and its moment [N·m] about the named point p_WP.
struct SpatialForceOnA {
  core::Vector3 force = core::Vector3::Zero();  ///< Σ f_face on A, in world [N]
  core::Vector3 moment = core::Vector3::Zero();  ///< Σ (centroid − p_WP) × f_face, in world [N·m]
  core::Vector3 p_WP = core::Vector3::Zero();  ///< the point the moment is taken about [m]
};

/// Σ over faces of traction(centroid)·area, traction from the velocities of A (carrying M) and
/// B (carrying N) at each centroid; moment Σ (centroid − p_WP) × f_face.
SpatialForceOnA IntegrateTractionOnA(const geometry::ContactSurface& surface,
                                     const TractionParameters& parameters,
                                     const RigidVelocity& velocity_A,
                                     const RigidVelocity& velocity_B, const core::Vector3& p_WP);

}  // namespace simatlas::contact
