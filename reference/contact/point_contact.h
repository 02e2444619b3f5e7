#pragma once
/// @file
/// E3-geometry §2.1 "Point：穿透深度、见证点和作用点" — depth, witness points and application point;
/// formula sheet §0.1, §0.3, E3-geometry §2.1 (2.1)–(2.2) and E3-SAP §2.2 "Discrete point contact".
/// Mirrors Drake `geometry/query_results/penetration_as_point_pair.h`,
/// `MultibodyPlant::CalcContactResultsPointPairContinuous` (continuous law) and
/// `DiscreteUpdateManager::AppendDiscreteContactPairsForPointContact` (discrete pair).
///
/// Sign conventions, in one place:
///   nhat_BA_W points from B toward A; depth x = (p_WCb − p_WCa)·nhat_BA_W ≥ 0          (0.1)
///   continuous path: ẋ = vn_code = (v_WBc − v_WAc)·nhat_BA_W > 0 when APPROACHING      (0.3)
///     the course's separation speed is vn = −ẋ (> 0 apart), the sign used by the SAP frame.
///     Drake's comment calls vn_code a "separation velocity" and passes it as
///     PointPairContactInfo's separation_speed, but it is positive when approaching; we return
///     both (xdot and separation_speed) under their true names.
///   discrete path: frame C with z = −nhat_BA_W (from A into B), φ₀ = −x (contact_frame.h).

#include "reference/contact/contact_frame.h"
#include "reference/contact/material.h"
#include "reference/core/numeric.h"

namespace simatlas::contact {

/// Geometry query result of one point contact (§0.1). Witness points p_WCa on A (deepest inside
/// B) and p_WCb on B (deepest inside A) [m, in W], unit normal nhat_BA_W from B toward A, depth
/// x ≥ 0 [m] with x = (p_WCb − p_WCa)·nhat_BA_W.
struct PenetrationAsPointPair {
  int id_A = 0;                                      ///< geometry id of A
  int id_B = 0;                                      ///< geometry id of B
  core::Vector3 p_WCa = core::Vector3::Zero();       ///< witness point on A [m]
  core::Vector3 p_WCb = core::Vector3::Zero();       ///< witness point on B [m]
  core::Vector3 nhat_BA_W = core::Vector3::UnitZ();  ///< unit normal, B → A
  double depth = 0.0;                                ///< penetration depth x [m]
};

/// Relabels A ↔ B: swaps ids and witness points, negates the normal, keeps the depth, so (0.1)
/// is unchanged (Drake's `PenetrationAsPointPair::SwapAAndB`).
PenetrationAsPointPair SwapAAndB(const PenetrationAsPointPair& pair);

/// x = (p_WCb − p_WCa)·nhat_BA_W [m] (0.1), computed from the witness points and the normal.
double DepthFromWitnessPoints(const PenetrationAsPointPair& pair);

/// Absolute part of the tolerance on (0.1) [m]: |depth − DepthFromWitnessPoints| must be
/// ≤ kDepthTolerance + 1e-12 (‖p_WCa‖ + ‖p_WCb‖) (a nanometre plus round-off of the coordinates).
inline constexpr double kDepthTolerance = 1e-9;

/// Checks a point pair: finite entries, unit normal (kUnitVectorTolerance), depth finite and
/// >= 0, and depth consistent with (0.1) within the tolerance above. InputError otherwise,
/// naming the key ("depth", "nhat_BA_W", "p_WCa" …).
void ValidatePenetrationAsPointPair(const PenetrationAsPointPair& pair);

/// Hunt–Crossley normal force of the continuous point law (2.1).
struct ContinuousNormalForce {
  double fn = 0.0;       ///< k x (1 + d ẋ) [N] when positive, else 0
  bool skipped = false;  ///< true when k x (1 + d ẋ) ≤ 0: no force, no friction, no result
};

/// fn = k x (1 + d ẋ) [N] with ẋ the PENETRATION RATE [m/s] (> 0 approaching; ẋ = −vn with vn the
/// separation speed). fn ≤ 0 → skipped (fn reported as 0). k [N/m] ≥ 0, d [s/m] ≥ 0,
/// depth x [m] ≥ 0, ẋ finite. Note that x = 0 or k = 0 gives fn = 0 and is therefore skipped.
ContinuousNormalForce CalcContinuousNormalForce(double k, double d, double depth, double xdot);

/// Result of the continuous point law at one pair, (2.1)–(2.2).
struct ContinuousPointContact {
  double fn = 0.0;                                ///< normal force magnitude [N]
  core::Vector3 ft_Ac_W = core::Vector3::Zero();  ///< friction force on A at C [N]
  core::Vector3 f_Bc_W = core::Vector3::Zero();  ///< total force on B at C [N] = −(fn n̂_BA + ft_A)
  core::Vector3 p_WC = core::Vector3::Zero();  ///< application point ½(p_WCa + p_WCb) [m]
  double slip_speed = 0.0;                     ///< ‖vt‖ [m/s] (0 below the 1e-14 m/s threshold)
  double xdot = 0.0;              ///< vn_code = v_AcBc·n̂_BA [m/s], > 0 approaching (Drake's
                                  ///< "separation_velocity" argument)
  double separation_speed = 0.0;  ///< course vn = −ẋ [m/s], > 0 separating
  bool skipped = false;           ///< fn ≤ 0: forces are zero and Drake records no result
};

/// Slip threshold of (2.2) [m/s]: friction is applied only when ‖vt‖² > (1e-14)².
inline constexpr double kSlipThreshold = 1e-14;

/// Continuous point law (2.1)–(2.2) for one pair with combined (k, d) of the continuous path
/// (CombineContinuousPointParameters) and the combined Coulomb friction (CombineFriction):
///   v_AcBc = v_WBc − v_WAc,  ẋ = v_AcBc·n̂_BA,  fn = k x (1 + d ẋ)  (skip if ≤ 0)
///   vt = v_AcBc − ẋ n̂_BA;  if ‖vt‖ > 1e-14: μ = Stribeck(‖vt‖, vs, μs, μd), ft_A = μ fn vt/‖vt‖
///   f_Bc_W = −(fn n̂_BA + ft_A),  p_WC = ½(p_WCa + p_WCb)
/// vt is B's velocity relative to A, so friction on A points along it and opposes A's slip.
/// The pair is validated (ValidatePenetrationAsPointPair); x is pair.depth.
ContinuousPointContact CalcContinuousPointContact(const PenetrationAsPointPair& pair, double k,
                                                  double d, const CoulombFriction& friction,
                                                  double stiction_tolerance,
                                                  const core::Vector3& v_WAc,
                                                  const core::Vector3& v_WBc);

/// One discrete point contact pair as assembled for SAP (E3-SAP §2.2).
struct DiscretePointPair {
  core::Vector3 p_WC = core::Vector3::Zero();      ///< stiffness-weighted contact point [m]
  double phi0 = 0.0;                               ///< signed distance φ₀ = −x [m]
  double fe0 = 0.0;                                ///< elastic force fe₀ = k x [N]
  double stiffness = 0.0;                          ///< combined point stiffness k [N/m]
  core::Matrix3 R_WC = core::Matrix3::Identity();  ///< contact frame, z = −nhat_BA_W (A → B)
};

/// Discrete point pair: w_A = k_A/(k_A + k_B), w_B = k_B/(k_A + k_B) (½ each when the sum is 0),
/// p_WC = w_A p_WCa + w_B p_WCb, φ₀ = −x, k = CombinePointStiffness(k_A, k_B), fe₀ = k x,
/// R_WC = MakeContactFrame(−nhat_BA_W).
/// Drake has no guard for an infinite (rigid) stiffness here: w_A = ∞/∞ is NaN. The reference
/// refuses k = ∞ with an InputError saying so (pass a large finite stiffness for a near-rigid
/// side). k_A, k_B [N/m] finite and ≥ 0; the pair is validated.
DiscretePointPair MakeDiscretePointPair(double k_A, double k_B, const PenetrationAsPointPair& pair);

}  // namespace simatlas::contact
