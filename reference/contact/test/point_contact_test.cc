// Unit tests of E3-geometry §2.1 (formula sheet §0.1, §0.3, (2.1)–(2.2)) and the discrete point
// pair of E3-SAP §2.2. Every expected number is derived by hand in the comments.
//
// The running example (formula sheet §0.1): B is the ground (z ≤ 0), A a sphere sinking 1 mm
// into it:
//
//        A (sphere)       nhat_BA_W = +z (from B toward A)
//         \__o__/
//   ---------p_WCb-----   z = 0, ground B; p_WCb = (0, 0, 0) on B's surface
//            p_WCa        z = −1e-3, A's lowest point
//
//   x = (p_WCb − p_WCa)·n̂ = (0 − (−1e-3))·1 = 1e-3 m.
#include "reference/contact/point_contact.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <string>

#include "reference/core/errors.h"

namespace simatlas::contact {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
using core::InputError;
using core::Vector3;

PenetrationAsPointPair SphereOnGround() {
  PenetrationAsPointPair pair;
  pair.id_A = 1;  // sphere
  pair.id_B = 2;  // ground
  pair.p_WCa = Vector3(0.0, 0.0, -1e-3);
  pair.p_WCb = Vector3(0.0, 0.0, 0.0);
  pair.nhat_BA_W = Vector3::UnitZ();
  pair.depth = 1e-3;
  return pair;
}

TEST(PenetrationAsPointPair, DepthFromWitnessPointsAndSwap) {
  const PenetrationAsPointPair pair = SphereOnGround();
  // (0 − (−1e-3))·1 = 1e-3 m.
  EXPECT_EQ(DepthFromWitnessPoints(pair), 1e-3);
  // Swap: ids and points trade places, n̂ → −z, depth kept; (−1e-3 − 0)·(−1) = 1e-3 again.
  const PenetrationAsPointPair swapped = SwapAAndB(pair);
  EXPECT_EQ(swapped.id_A, 2);
  EXPECT_EQ(swapped.id_B, 1);
  EXPECT_EQ(swapped.p_WCa, pair.p_WCb);
  EXPECT_EQ(swapped.p_WCb, pair.p_WCa);
  EXPECT_EQ(swapped.nhat_BA_W, Vector3(0.0, 0.0, -1.0));
  EXPECT_EQ(swapped.depth, 1e-3);
  EXPECT_EQ(DepthFromWitnessPoints(swapped), 1e-3);
  // Swapping twice is the identity.
  const PenetrationAsPointPair back = SwapAAndB(swapped);
  EXPECT_EQ(back.id_A, 1);
  EXPECT_EQ(back.p_WCa, pair.p_WCa);
  EXPECT_EQ(back.nhat_BA_W, pair.nhat_BA_W);
}

TEST(PenetrationAsPointPair, ValidationNamesTheBrokenRule) {
  EXPECT_NO_THROW(ValidatePenetrationAsPointPair(SphereOnGround()));
  // A depth of 2 mm contradicts the witness points (1 mm).
  PenetrationAsPointPair bad_depth = SphereOnGround();
  bad_depth.depth = 2e-3;
  try {
    ValidatePenetrationAsPointPair(bad_depth);
    FAIL() << "expected InputError";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find(
                  "depth = 0.002 m must be equal to (p_WCb - p_WCa)·nhat_BA_W = 0.001 m"),
              std::string::npos)
        << e.what();
  }
  // A normal of length 2 is not a direction.
  PenetrationAsPointPair bad_normal = SphereOnGround();
  bad_normal.nhat_BA_W = Vector3(0.0, 0.0, 2.0);
  EXPECT_THROW(ValidatePenetrationAsPointPair(bad_normal), InputError);
  // A negative depth (with matching witness points) is refused by the depth ≥ 0 rule.
  PenetrationAsPointPair separated = SphereOnGround();
  separated.p_WCa = Vector3(0.0, 0.0, 1e-3);
  separated.depth = -1e-3;
  EXPECT_THROW(ValidatePenetrationAsPointPair(separated), InputError);
  // Non-finite witness point.
  PenetrationAsPointPair nan_point = SphereOnGround();
  nan_point.p_WCb.x() = std::nan("");
  EXPECT_THROW(ValidatePenetrationAsPointPair(nan_point), InputError);
}

TEST(CalcContinuousNormalForce, HuntCrossleyWithPenetrationRate) {
  // k = 1e5 N/m, d = 0.5 s/m, x = 1e-3 m: k x = 100 N.
  // Approaching at ẋ = +0.2 m/s: 100 (1 + 0.5·0.2) = 110 N.
  EXPECT_DOUBLE_EQ(CalcContinuousNormalForce(1e5, 0.5, 1e-3, 0.2).fn, 110.0);
  // Separating at 0.2 m/s (ẋ = −0.2): 100 (1 − 0.1) = 90 N.
  EXPECT_DOUBLE_EQ(CalcContinuousNormalForce(1e5, 0.5, 1e-3, -0.2).fn, 90.0);
  EXPECT_FALSE(CalcContinuousNormalForce(1e5, 0.5, 1e-3, -0.2).skipped);
  // ẋ = −2 m/s = −1/d: 1 + 0.5·(−2) = 0 → fn = 0 ≤ 0 → skipped.
  const auto zero = CalcContinuousNormalForce(1e5, 0.5, 1e-3, -2.0);
  EXPECT_TRUE(zero.skipped);
  EXPECT_EQ(zero.fn, 0.0);
  // ẋ = −3 m/s: 1 − 1.5 = −0.5 < 0 → skipped, no negative (pulling) force.
  const auto pull = CalcContinuousNormalForce(1e5, 0.5, 1e-3, -3.0);
  EXPECT_TRUE(pull.skipped);
  EXPECT_EQ(pull.fn, 0.0);
  // No depth → no force → skipped.
  EXPECT_TRUE(CalcContinuousNormalForce(1e5, 0.5, 0.0, 0.0).skipped);
  // Domain.
  EXPECT_THROW(CalcContinuousNormalForce(-1.0, 0.5, 1e-3, 0.0), InputError);
  EXPECT_THROW(CalcContinuousNormalForce(1e5, -0.5, 1e-3, 0.0), InputError);
  EXPECT_THROW(CalcContinuousNormalForce(1e5, 0.5, -1e-3, 0.0), InputError);
  EXPECT_THROW(CalcContinuousNormalForce(kInf, 0.5, 1e-3, 0.0), InputError);
  EXPECT_THROW(CalcContinuousNormalForce(1e5, 0.5, 1e-3, std::nan("")), InputError);
}

TEST(CalcContinuousPointContact, ApproachingSphereGetsMoreForceNotLess) {
  // The sign test of §0.3: sphere A moves DOWN into the ground at 0.2 m/s, ground at rest.
  // v_AcBc = v_WBc − v_WAc = (0, 0, 0.2); ẋ = v_AcBc·n̂_BA = +0.2 (approaching), so
  // fn = 100 (1 + 0.5·0.2) = 110 N. Using ẋ = +vn (separation speed) would give 90 N instead.
  const CoulombFriction friction{0.6, 0.4};
  const auto r = CalcContinuousPointContact(SphereOnGround(), 1e5, 0.5, friction, 1e-4,
                                            Vector3(0.0, 0.0, -0.2), Vector3::Zero());
  EXPECT_FALSE(r.skipped);
  EXPECT_DOUBLE_EQ(r.fn, 110.0);
  EXPECT_DOUBLE_EQ(r.xdot, 0.2);
  EXPECT_DOUBLE_EQ(r.separation_speed, -0.2);
  // No slip: no friction; the ground is pushed down, f_Bc_W = −fn n̂_BA = (0, 0, −110).
  EXPECT_EQ(r.slip_speed, 0.0);
  EXPECT_EQ(r.ft_Ac_W, Vector3::Zero());
  EXPECT_LT((r.f_Bc_W - Vector3(0.0, 0.0, -110.0)).norm(), 1e-12);
  // Application point: the midpoint ½((0,0,−1e-3) + 0) = (0, 0, −5e-4).
  EXPECT_LT((r.p_WC - Vector3(0.0, 0.0, -5e-4)).norm(), 1e-18);
}

TEST(CalcContinuousPointContact, FrictionOnAOpposesItsSlip) {
  // A slides +x at 1 m/s while sinking at 0.2 m/s; the ground is at rest.
  // v_AcBc = (−1, 0, 0.2): ẋ = 0.2 → fn = 110 N; vt = (−1, 0, 0), slip = 1 m/s.
  // s = 1/1e-4 = 1e4 ≥ 3 → μ = μd = 0.4; ft_A = 0.4·110·(−1, 0, 0) = (−44, 0, 0).
  // f_Bc_W = −(110 (0,0,1) + (−44, 0, 0)) = (44, 0, −110): the ground is dragged along +x.
  const CoulombFriction friction{0.6, 0.4};
  const auto r = CalcContinuousPointContact(SphereOnGround(), 1e5, 0.5, friction, 1e-4,
                                            Vector3(1.0, 0.0, -0.2), Vector3::Zero());
  EXPECT_DOUBLE_EQ(r.slip_speed, 1.0);
  EXPECT_LT((r.ft_Ac_W - Vector3(-44.0, 0.0, 0.0)).norm(), 1e-12);
  EXPECT_LT((r.f_Bc_W - Vector3(44.0, 0.0, -110.0)).norm(), 1e-12);
}

TEST(CalcContinuousPointContact, StribeckBelowTheStictionTolerance) {
  // Resting depth (ẋ = 0): fn = k x = 100 N. B slides +y at 0.5e-4 m/s under A at rest:
  // vt = (0, 0.5e-4, 0), s = 0.5 → μ = μs S(½) = 0.6·0.5 = 0.3 → ft_A = 30 N along +y.
  const CoulombFriction friction{0.6, 0.4};
  const auto r = CalcContinuousPointContact(SphereOnGround(), 1e5, 0.5, friction, 1e-4,
                                            Vector3::Zero(), Vector3(0.0, 0.5e-4, 0.0));
  EXPECT_DOUBLE_EQ(r.fn, 100.0);
  EXPECT_LT((r.ft_Ac_W - Vector3(0.0, 30.0, 0.0)).norm(), 1e-12);
  // Below the 1e-14 m/s threshold there is no friction and slip is reported as 0.
  const auto still = CalcContinuousPointContact(SphereOnGround(), 1e5, 0.5, friction, 1e-4,
                                                Vector3::Zero(), Vector3(1e-15, 0.0, 0.0));
  EXPECT_EQ(still.slip_speed, 0.0);
  EXPECT_EQ(still.ft_Ac_W, Vector3::Zero());
}

TEST(CalcContinuousPointContact, FastSeparationSkipsThePairFrictionIncluded) {
  // A leaves upward at 3 m/s while sliding: ẋ = −3, 1 + 0.5·(−3) < 0 → skipped, no forces.
  const CoulombFriction friction{0.6, 0.4};
  const auto r = CalcContinuousPointContact(SphereOnGround(), 1e5, 0.5, friction, 1e-4,
                                            Vector3(1.0, 0.0, 3.0), Vector3::Zero());
  EXPECT_TRUE(r.skipped);
  EXPECT_EQ(r.fn, 0.0);
  EXPECT_EQ(r.ft_Ac_W, Vector3::Zero());
  EXPECT_EQ(r.f_Bc_W, Vector3::Zero());
  EXPECT_DOUBLE_EQ(r.separation_speed, 3.0);
  // Bad material input is refused even for a skipped pair.
  EXPECT_THROW(CalcContinuousPointContact(SphereOnGround(), 1e5, 0.5, friction, 0.0,
                                          Vector3::Zero(), Vector3::Zero()),
               InputError);
  EXPECT_THROW(CalcContinuousPointContact(SphereOnGround(), 1e5, 0.5, CoulombFriction{0.4, 0.6},
                                          1e-4, Vector3::Zero(), Vector3::Zero()),
               InputError);
}

TEST(MakeDiscretePointPair, StiffnessWeightedPointAndFrameFromAIntoB) {
  // kA = 3e4, kB = 1e4 N/m: w_A = 3/4, w_B = 1/4.
  // p_WC = ¾ (0, 0, −1e-3) + ¼ (0, 0, 0) = (0, 0, −7.5e-4), nearer the stiffer A's point.
  // φ₀ = −1e-3 m; k = 3e4·1e4/4e4 = 7500 N/m; fe₀ = 7500·1e-3 = 7.5 N; Cz = −n̂_BA = −z.
  const DiscretePointPair p = MakeDiscretePointPair(3e4, 1e4, SphereOnGround());
  EXPECT_LT((p.p_WC - Vector3(0.0, 0.0, -7.5e-4)).norm(), 1e-18);
  EXPECT_EQ(p.phi0, -1e-3);
  EXPECT_DOUBLE_EQ(p.stiffness, 7500.0);
  EXPECT_DOUBLE_EQ(p.fe0, 7.5);
  EXPECT_EQ(p.R_WC.col(2), Vector3(0.0, 0.0, -1.0));
  EXPECT_NEAR(p.R_WC.determinant(), 1.0, 1e-14);
}

TEST(MakeDiscretePointPair, ZeroStiffnessSumUsesTheMidpointAndInfinityIsRefused) {
  // kA = kB = 0: ½ each → midpoint (0, 0, −5e-4); k = sd(0, 0) = 0; fe₀ = 0.
  const DiscretePointPair p = MakeDiscretePointPair(0.0, 0.0, SphereOnGround());
  EXPECT_LT((p.p_WC - Vector3(0.0, 0.0, -5e-4)).norm(), 1e-18);
  EXPECT_EQ(p.stiffness, 0.0);
  EXPECT_EQ(p.fe0, 0.0);
  // ∞ would give w = ∞/∞ = NaN in Drake: refused with a message saying so.
  try {
    MakeDiscretePointPair(kInf, 1e4, SphereOnGround());
    FAIL() << "expected InputError";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("kA = inf N/m must be finite"), std::string::npos)
        << e.what();
    EXPECT_NE(std::string(e.what()).find("NaN"), std::string::npos) << e.what();
  }
  EXPECT_THROW(MakeDiscretePointPair(1e4, -1.0, SphereOnGround()), InputError);
  PenetrationAsPointPair bad = SphereOnGround();
  bad.depth = 5e-3;
  EXPECT_THROW(MakeDiscretePointPair(1e4, 1e4, bad), InputError);
}

}  // namespace
}  // namespace simatlas::contact
