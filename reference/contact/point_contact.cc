// E3-geometry §2.1: the point-pair record (0.1), the continuous Hunt–Crossley point law (2.1)–(2.2)
// and the discrete point pair of E3-SAP §2.2.
// Equation numbers (N.M) are the formula sheet's (course/FORMULAS.md).
#include "reference/contact/point_contact.h"

#include <cmath>
#include <string>

#include "reference/contact/friction_regularization.h"
#include "reference/core/errors.h"

namespace simatlas::contact {

namespace {

// Every entry of a 3-vector finite; the message names the entry ("p_WCa[1] = nan m …").
void RequireFiniteVector(const char* quantity, const core::Vector3& v, const char* unit) {
  for (int i = 0; i < 3; ++i) {
    core::RequireFinite(std::string(quantity) + "[" + std::to_string(i) + "]", v[i], unit);
  }
}

// A stiffness of the discrete pair: finite and ≥ 0; ∞ would make w_A = ∞/∞ = NaN in Drake.
void RequireFiniteStiffness(const char* quantity, double k) {
  if (std::isnan(k) || k < 0 || std::isinf(k)) {
    core::ThrowInputError(quantity, k, "N/m",
                          "finite and >= 0 (the discrete point pair weights the contact point by "
                          "k/(k_A + k_B); Drake has no guard for inf there and would produce NaN)");
  }
}

}  // namespace

PenetrationAsPointPair SwapAAndB(const PenetrationAsPointPair& pair) {
  // Ids and witness points trade places, the normal flips, the depth stays.
  PenetrationAsPointPair swapped = pair;
  swapped.id_A = pair.id_B;
  swapped.id_B = pair.id_A;
  swapped.p_WCa = pair.p_WCb;
  swapped.p_WCb = pair.p_WCa;
  swapped.nhat_BA_W = -pair.nhat_BA_W;
  return swapped;
}

double DepthFromWitnessPoints(const PenetrationAsPointPair& pair) {
  // x = (p_WCb − p_WCa)·nhat_BA_W  (0.1).
  return (pair.p_WCb - pair.p_WCa).dot(pair.nhat_BA_W);
}

void ValidatePenetrationAsPointPair(const PenetrationAsPointPair& pair) {
  RequireFiniteVector("p_WCa", pair.p_WCa, "m");
  RequireFiniteVector("p_WCb", pair.p_WCb, "m");
  RequireUnitVector("nhat_BA_W", pair.nhat_BA_W);
  core::RequireNonNegative("depth", pair.depth, "m");
  // The depth must agree with the witness points along the normal (0.1).
  const double from_points = DepthFromWitnessPoints(pair);
  const double tolerance = kDepthTolerance + 1e-12 * (pair.p_WCa.norm() + pair.p_WCb.norm());
  if (!(std::abs(pair.depth - from_points) <= tolerance)) {
    core::ThrowInputError(
        "depth", pair.depth, "m",
        "equal to (p_WCb - p_WCa)·nhat_BA_W = " + core::FormatNumber(from_points) +
            " m (point-pair identity, formula sheet (0.1), tolerance " +
            core::FormatNumber(tolerance) + " m)");
  }
}

ContinuousNormalForce CalcContinuousNormalForce(double k, double d, double depth, double xdot) {
  core::RequireNonNegative("k", k, "N/m");
  core::RequireNonNegative("d", d, "s/m");
  core::RequireNonNegative("depth", depth, "m");
  core::RequireFinite("xdot", xdot, "m/s");
  // fn = k x (1 + d ẋ), ẋ the penetration rate (2.1).
  const double fn = k * depth * (1.0 + d * xdot);
  // fn ≤ 0: the pair is skipped entirely (no normal force, no friction, no contact result).
  if (fn <= 0.0) return {0.0, true};
  return {fn, false};
}

ContinuousPointContact CalcContinuousPointContact(const PenetrationAsPointPair& pair, double k,
                                                  double d, const CoulombFriction& friction,
                                                  double stiction_tolerance,
                                                  const core::Vector3& v_WAc,
                                                  const core::Vector3& v_WBc) {
  ValidatePenetrationAsPointPair(pair);
  RequireFiniteVector("v_WAc", v_WAc, "m/s");
  RequireFiniteVector("v_WBc", v_WBc, "m/s");
  const auto& n = pair.nhat_BA_W;
  ContinuousPointContact result;
  // Application point of the continuous path: the midpoint of the witness points.
  result.p_WC = 0.5 * (pair.p_WCa + pair.p_WCb);
  // B's velocity relative to A; its normal component is ẋ (> 0 approaching), §0.3.
  const core::Vector3 v_AcBc_W = v_WBc - v_WAc;
  result.xdot = v_AcBc_W.dot(n);
  result.separation_speed = -result.xdot;
  // Tangential part vt = v_AcBc − ẋ n̂_BA and its length, the slip speed.
  const core::Vector3 vt = v_AcBc_W - result.xdot * n;
  const double vt_squared = vt.squaredNorm();
  const bool slipping = vt_squared > kSlipThreshold * kSlipThreshold;
  result.slip_speed = slipping ? std::sqrt(vt_squared) : 0.0;
  // Stribeck coefficient (validates vs > 0 and 0 ≤ μd ≤ μs even when there is no slip).
  const double mu = StribeckFrictionCoefficient(
      result.slip_speed, stiction_tolerance, friction.static_friction, friction.dynamic_friction);
  // Normal force (2.1); a skipped pair carries no force at all.
  const ContinuousNormalForce normal = CalcContinuousNormalForce(k, d, pair.depth, result.xdot);
  result.fn = normal.fn;
  result.skipped = normal.skipped;
  if (result.skipped) return result;
  // Friction on A along vt (opposing A's slip relative to B), only when slipping (2.2).
  if (slipping) result.ft_Ac_W = mu * result.fn * vt / result.slip_speed;
  // Force on B is the opposite of the total force on A.
  // (Written as 0 − (…) so that zero components print as 0, not −0.)
  result.f_Bc_W = core::Vector3::Zero() - (result.fn * n + result.ft_Ac_W);
  return result;
}

DiscretePointPair MakeDiscretePointPair(double k_A, double k_B,
                                        const PenetrationAsPointPair& pair) {
  RequireFiniteStiffness("kA", k_A);
  RequireFiniteStiffness("kB", k_B);
  ValidatePenetrationAsPointPair(pair);
  DiscretePointPair result;
  // Stiffness weights; ½ each when both sides have zero stiffness.
  const double sum = k_A + k_B;
  const double w_A = sum == 0.0 ? 0.5 : k_A / sum;
  const double w_B = sum == 0.0 ? 0.5 : k_B / sum;
  // Contact point on the segment between the witness points, nearer the stiffer side's point.
  result.p_WC = w_A * pair.p_WCa + w_B * pair.p_WCb;
  // Signed distance, negative in penetration.
  result.phi0 = -pair.depth;
  // Combined (series) stiffness and the elastic force at the current depth.
  result.stiffness = CombinePointStiffness(k_A, k_B);
  result.fe0 = result.stiffness * pair.depth;
  // Frame C: z from A into B, i.e. −nhat_BA_W.
  result.R_WC = MakeContactFrame(core::Vector3::Zero() - pair.nhat_BA_W);
  return result;
}

}  // namespace simatlas::contact
