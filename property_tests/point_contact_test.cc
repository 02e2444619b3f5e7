// Properties of point contact and the discrete contact frame (E3-geometry §2.1, formula sheet
// §0.1–§0.3, E3-SAP §2.2): the point-pair identity (0.1) under SwapAAndB, the frame C
// (orthonormal, right-handed, z = n), the discrete contact point on the witness segment and its
// rigid limit, power consistency through the frame, and the normal-velocity signs of both paths.
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>

#include "reference/contact/contact_frame.h"
#include "reference/contact/point_contact.h"
#include "reference/core/errors.h"
#include "reference/laws/law.h"

namespace simatlas::contact {
namespace {

using core::Matrix3;
using core::MatrixX;
using core::Vector3;
using core::VectorX;

// A number in [−scale, scale] with 1e-6 relative resolution.
rc::Gen<double> Uniform(double scale) {
  return rc::gen::map(rc::gen::inRange(-1000000, 1000001),
                      [scale](int i) { return scale * i * 1e-6; });
}

// A vector with entries in [−scale, scale].
Vector3 AnyVector(double scale) {
  return Vector3(*Uniform(scale), *Uniform(scale), *Uniform(scale));
}

// A unit direction: a random vector normalised (rejecting short ones), or now and then an exact
// world axis (the frame's seed choice has branches there).
Vector3 UnitNormal() {
  if (*rc::gen::inRange(0, 8) == 0) {
    const int axis = *rc::gen::inRange(0, 3);
    return (*rc::gen::arbitrary<bool>() ? 1.0 : -1.0) * Vector3::Unit(axis);
  }
  const Vector3 v = AnyVector(1.0);
  RC_PRE(v.norm() > 0.1);
  return v.normalized();
}

// A stiffness [N/m] over 1e0 … 1e9 (log-uniform).
rc::Gen<double> Stiffness() {
  return rc::gen::map(rc::gen::inRange(0, 900), [](int e) { return std::pow(10.0, e / 100.0); });
}

// A geometrically consistent pair: depth x ∈ [0, 0.01] m, witness points within 1 m of the
// origin, A's point offset from B's by −x n̂ plus a tangential slide (which (0.1) ignores).
PenetrationAsPointPair AnyPair() {
  PenetrationAsPointPair pair;
  pair.id_A = *rc::gen::inRange(0, 100);
  pair.id_B = *rc::gen::inRange(100, 200);
  pair.nhat_BA_W = UnitNormal();
  pair.depth = *rc::gen::map(rc::gen::inRange(0, 10001), [](int i) { return i * 1e-6; });
  pair.p_WCb = AnyVector(1.0);
  const Vector3 slide = AnyVector(1e-3);
  const Vector3 tangential = slide - slide.dot(pair.nhat_BA_W) * pair.nhat_BA_W;
  pair.p_WCa = pair.p_WCb - pair.depth * pair.nhat_BA_W + tangential;
  // Store the depth as (0.1) computes it from the rounded points, as a geometry query would.
  pair.depth = std::max(0.0, DepthFromWitnessPoints(pair));
  return pair;
}

RC_GTEST_PROP(PointPair, SignIdentityInvariantUnderSwapAAndB, ()) {
  const PenetrationAsPointPair pair = AnyPair();
  const PenetrationAsPointPair swapped = SwapAAndB(pair);
  // (0.1) holds before and after relabelling: negating both factors of the dot product is exact.
  RC_ASSERT(DepthFromWitnessPoints(swapped) == DepthFromWitnessPoints(pair));
  RC_ASSERT(swapped.depth == pair.depth);
  RC_ASSERT(swapped.nhat_BA_W == -pair.nhat_BA_W);
  RC_ASSERT(swapped.id_A == pair.id_B && swapped.id_B == pair.id_A);
  // Both are accepted by the validation (depth ≥ 0 and consistent), and swapping twice is identity.
  ValidatePenetrationAsPointPair(pair);
  ValidatePenetrationAsPointPair(swapped);
  const PenetrationAsPointPair back = SwapAAndB(swapped);
  RC_ASSERT(back.p_WCa == pair.p_WCa && back.p_WCb == pair.p_WCb &&
            back.nhat_BA_W == pair.nhat_BA_W && back.id_A == pair.id_A);
}

RC_GTEST_PROP(ContactFrame, OrthonormalRightHandedWithZAlongTheNormal, ()) {
  const Vector3 n = UnitNormal();
  const Matrix3 R = MakeContactFrame(n);
  // Round-off of a few products of unit entries: 1e-14.
  RC_ASSERT((R.transpose() * R - Matrix3::Identity()).norm() <= 1e-14);
  RC_ASSERT(std::abs(R.determinant() - 1.0) <= 1e-14);
  RC_ASSERT(R.col(2) == n);
  RC_ASSERT((R.col(0).cross(R.col(1)) - n).norm() <= 1e-14);
}

RC_GTEST_PROP(ContactFrame, PowerIsTheSameInContactAndGeneralizedCoordinates, ()) {
  // Random J (3 × nv), v, γ and frame: γᵀ(Jc v) = vᵀ(Jcᵀ γ) = (J v)ᵀ(R_WC γ).
  const int nv = *rc::gen::inRange(1, 13);
  MatrixX J(3, nv);
  VectorX v(nv);
  for (int j = 0; j < nv; ++j) {
    J.col(j) = AnyVector(2.0);
    v[j] = *Uniform(3.0);
  }
  const Vector3 gamma = AnyVector(10.0);
  const Matrix3 R_WC = MakeContactFrame(UnitNormal());
  const Vector3 vc = ContactVelocity(R_WC, J * v);
  // The contact velocity through Jc is the same as through R_WCᵀ(J v).
  RC_ASSERT((ContactJacobian(R_WC, J) * v - vc).norm() <= 1e-12 * (1 + vc.norm()));
  const double power_contact = gamma.dot(vc);
  const double power_generalized = v.dot(GeneralizedImpulse(R_WC, J, gamma));
  const double power_world = (J * v).dot(ExpressInWorld(R_WC, gamma));
  // Scale: |γ| |J| |v| bounds each term; relative round-off 1e-12 of that.
  const double scale = gamma.norm() * J.norm() * v.norm() + 1.0;
  RC_ASSERT(std::abs(power_contact - power_generalized) <= 1e-12 * scale);
  RC_ASSERT(std::abs(power_contact - power_world) <= 1e-12 * scale);
}

RC_GTEST_PROP(DiscretePointPair, PointOnTheWitnessSegmentWeightedByStiffness, ()) {
  const PenetrationAsPointPair pair = AnyPair();
  const double kA = *Stiffness();
  const double kB = *Stiffness();
  const DiscretePointPair p = MakeDiscretePointPair(kA, kB, pair);
  // p_WC = p_WCa + w_B (p_WCb − p_WCa) with w_B = kB/(kA + kB) ∈ (0, 1): on the segment.
  const Vector3 segment = pair.p_WCb - pair.p_WCa;
  const double w_B = kB / (kA + kB);
  const double tol = 1e-15 * (1.0 + pair.p_WCa.norm() + pair.p_WCb.norm()) * 8;
  RC_ASSERT((p.p_WC - (pair.p_WCa + w_B * segment)).norm() <= tol);
  RC_ASSERT((p.p_WC - pair.p_WCa).norm() <= segment.norm() + tol);
  RC_ASSERT((p.p_WC - pair.p_WCb).norm() <= segment.norm() + tol);
  // φ₀ = −x, fe₀ = k x ≥ 0, z_C = −n̂_BA (from A into B).
  RC_ASSERT(p.phi0 == -pair.depth);
  RC_ASSERT(p.fe0 >= 0.0);
  RC_ASSERT(p.R_WC.col(2) == -pair.nhat_BA_W);
  // Relabelling A ↔ B (with kA ↔ kB) gives the same physical contact: same point, φ₀, k, and a
  // flipped frame normal.
  const DiscretePointPair q = MakeDiscretePointPair(kB, kA, SwapAAndB(pair));
  RC_ASSERT((q.p_WC - p.p_WC).norm() <= 2 * tol);
  RC_ASSERT(q.phi0 == p.phi0);
  RC_ASSERT(q.stiffness == p.stiffness);
  RC_ASSERT(q.R_WC.col(2) == -p.R_WC.col(2));
}

RC_GTEST_PROP(DiscretePointPair, TendsToTheRigidSidesWitnessPoint, ()) {
  const PenetrationAsPointPair pair = AnyPair();
  const double k = *Stiffness();
  const double segment = (pair.p_WCb - pair.p_WCa).norm();
  const double tol = 1e-12 * segment + 1e-15 * (1.0 + pair.p_WCa.norm() + pair.p_WCb.norm()) * 8;
  // A 1e12 times stiffer than B: w_B ≈ 1e-12, the point sits on A's witness point p_WCa.
  RC_ASSERT((MakeDiscretePointPair(k * 1e12, k, pair).p_WC - pair.p_WCa).norm() <= tol);
  // B much stiffer: the point sits on p_WCb.
  RC_ASSERT((MakeDiscretePointPair(k, k * 1e12, pair).p_WC - pair.p_WCb).norm() <= tol);
  // And the combined stiffness tends to the softer side's k (springs in series).
  RC_ASSERT(std::abs(MakeDiscretePointPair(k * 1e12, k, pair).stiffness - k) <= 1e-11 * k);
}

RC_GTEST_PROP(NormalVelocitySigns, SeparatingIsPositiveInFrameCAndNegativeXdot, ()) {
  // B moves away from A along n̂_AB = −n̂_BA at speed c > 0, plus any tangential motion.
  const PenetrationAsPointPair pair = AnyPair();
  const double c = *rc::gen::map(rc::gen::inRange(1, 1001), [](int i) { return i * 1e-3; });
  const Vector3 slide = AnyVector(1.0);
  const Vector3 tangential = slide - slide.dot(pair.nhat_BA_W) * pair.nhat_BA_W;
  const Vector3 v_WAc = AnyVector(1.0);
  const Vector3 v_WBc = v_WAc - c * pair.nhat_BA_W + tangential;
  // Discrete frame C: vn = +c (> 0 separating).
  const Matrix3 R_WC = MakeDiscretePointPair(1e5, 1e5, pair).R_WC;
  RC_ASSERT(std::abs(ContactVelocity(R_WC, v_WBc - v_WAc).z() - c) <= 1e-12);
  // Continuous path: ẋ = vn_code = −c (< 0), the course's separation speed is +c.
  const auto r =
      CalcContinuousPointContact(pair, 1e5, 0.1, CoulombFriction{0.6, 0.4}, 1e-4, v_WAc, v_WBc);
  RC_ASSERT(std::abs(r.xdot + c) <= 1e-12);
  RC_ASSERT(std::abs(r.separation_speed - c) <= 1e-12);
  // Separating lowers the normal force below k x; approaching at the same speed raises it.
  RC_ASSERT(r.fn <= 1e5 * pair.depth);
  const auto a = CalcContinuousPointContact(pair, 1e5, 0.1, CoulombFriction{0.6, 0.4}, 1e-4, v_WBc,
                                            v_WAc);  // velocities swapped: approaching
  RC_ASSERT(a.xdot > 0.0);
  RC_ASSERT(a.fn >= 1e5 * pair.depth);
  if (pair.depth > 0) RC_ASSERT(a.fn > r.fn || r.skipped);
}

RC_GTEST_PROP(ContinuousPointContact, ActionReactionAndFrictionDissipates, ()) {
  const PenetrationAsPointPair pair = AnyPair();
  const double k = *Stiffness();
  const double d = *rc::gen::map(rc::gen::inRange(0, 1001), [](int i) { return i * 1e-2; });
  const double mu_a = *rc::gen::map(rc::gen::inRange(0, 1001), [](int i) { return i * 1e-3; });
  const double mu_b = *rc::gen::map(rc::gen::inRange(0, 1001), [](int i) { return i * 1e-3; });
  const CoulombFriction friction{std::max(mu_a, mu_b), std::min(mu_a, mu_b)};
  const Vector3 v_WAc = AnyVector(1e-3);
  const Vector3 v_WBc = AnyVector(1e-3);
  const auto r = CalcContinuousPointContact(pair, k, d, friction, 1e-4, v_WAc, v_WBc);
  const Vector3& n = pair.nhat_BA_W;
  const double scale = 1e-12 * (1.0 + r.fn);
  // Skipped ⇔ no force at all.
  if (r.skipped) {
    RC_ASSERT(r.fn == 0.0 && r.f_Bc_W.isZero(0.0) && r.ft_Ac_W.isZero(0.0));
    return;
  }
  // f_Bc_W = −(fn n̂ + ft_A): B is pushed away from A (against n̂_BA) with exactly fn.
  RC_ASSERT(std::abs(r.f_Bc_W.dot(n) + r.fn) <= scale);
  RC_ASSERT((r.f_Bc_W + r.fn * n + r.ft_Ac_W).norm() <= scale);
  // Friction is tangential, bounded by μs fn, and its total power is −μ fn ‖vt‖ ≤ 0.
  RC_ASSERT(std::abs(r.ft_Ac_W.dot(n)) <= scale);
  RC_ASSERT(r.ft_Ac_W.norm() <= friction.static_friction * r.fn * (1 + 1e-12) + 1e-300);
  const double friction_power = r.ft_Ac_W.dot(v_WAc) - r.ft_Ac_W.dot(v_WBc);
  RC_ASSERT(friction_power <= scale * 1e-3);
  // fn is exactly Hunt–Crossley with the penetration rate ẋ = (v_WBc − v_WAc)·n̂_BA.
  const double xdot = (v_WBc - v_WAc).dot(n);
  RC_ASSERT(std::abs(r.fn - k * pair.depth * (1 + d * xdot)) <= scale);
}

// point.discrete_pair answers what MakeDiscretePointPair computes, and refuses a depth that
// contradicts (0.1) by more than a micrometre and a normal that is not a unit vector.
RC_GTEST_PROP(PointLaws, DiscretePairLawAgreesAndRejectsInconsistentPairs, ()) {
  const PenetrationAsPointPair pair = AnyPair();
  const double kA = *Stiffness();
  const double kB = *Stiffness();
  laws::Values in;
  in.Set("kA", kA);
  in.Set("kB", kB);
  in.Set("depth", pair.depth);
  in.Set("p_WCa", VectorX(pair.p_WCa));
  in.Set("p_WCb", VectorX(pair.p_WCb));
  in.Set("nhat_BA_W", VectorX(pair.nhat_BA_W));
  const laws::Law& law = laws::AllLaws().Get("point.discrete_pair");
  const laws::Values out = laws::Evaluate(law, in);
  const DiscretePointPair p = MakeDiscretePointPair(kA, kB, pair);
  RC_ASSERT(out.Vector("p_WC") == VectorX(p.p_WC));
  RC_ASSERT(out.Number("phi0") == p.phi0);
  RC_ASSERT(out.Number("fn0") == p.fe0);
  RC_ASSERT(out.Number("k") == p.stiffness);
  RC_ASSERT(out.Vector("z_C") == VectorX(-pair.nhat_BA_W));
  // A depth off by 1e-6 m … 1e-2 m contradicts (0.1).
  laws::Values bad_depth = in;
  bad_depth.Set("depth", pair.depth + *rc::gen::map(rc::gen::inRange(1, 10001),
                                                    [](int i) { return i * 1e-6; }));
  RC_ASSERT_THROWS_AS(laws::Evaluate(law, bad_depth), core::InputError);
  // A normal scaled by 1.001 … 3 (or shrunk) is not a unit vector.
  const double scale = *rc::gen::element(1.001, 3.0, 0.5, 0.999);
  laws::Values bad_normal = in;
  bad_normal.Set("nhat_BA_W", VectorX(scale * pair.nhat_BA_W));
  RC_ASSERT_THROWS_AS(laws::Evaluate(law, bad_normal), core::InputError);
}

// point.continuous_force answers k x (1 + d ẋ) and flags skipping exactly when that is ≤ 0.
RC_GTEST_PROP(PointLaws, ContinuousForceLawAgrees, ()) {
  const double k = *Stiffness();
  const double d = *rc::gen::map(rc::gen::inRange(0, 1001), [](int i) { return i * 1e-2; });
  const double x = *rc::gen::map(rc::gen::inRange(0, 10001), [](int i) { return i * 1e-6; });
  const double xdot = *Uniform(5.0);
  laws::Values in;
  in.Set("k", k);
  in.Set("d", d);
  in.Set("depth", x);
  in.Set("xdot", xdot);
  const laws::Values out = laws::Evaluate(laws::AllLaws().Get("point.continuous_force"), in);
  const double raw = k * x * (1.0 + d * xdot);
  RC_ASSERT(out.Flag("skipped") == (raw <= 0.0));
  RC_ASSERT(out.Number("fn") == (raw <= 0.0 ? 0.0 : raw));
}

}  // namespace
}  // namespace simatlas::contact
