// Unit tests of the sphere–sphere and sphere–box point pairs (E3-geometry §2.1, §0.1), each
// expectation derived by hand below; Drake's own values are compared live in
// oracle/drake/test_point_pairs.py.
#include <gtest/gtest.h>

#include <cmath>

#include "reference/contact/point_contact.h"
#include "reference/core/errors.h"
#include "reference/scenes/sphere_queries.h"

namespace simatlas::scenes {
namespace {

using core::Vector3;

void ExpectNear(const Vector3& a, const Vector3& b) { EXPECT_LT((a - b).norm(), 1e-15); }

TEST(SphereSpherePenetration, OverlapAlongTheLineOfCentres) {
  // A: r 0.3 at (1, 0, 0); B: r 0.2 at (0.5, 0, 0). d = 0.5, x = 0.3 + 0.2 − 0.5 = 0 → none;
  // move A to x = 0.4: d = 0.4, x = 0.1, n̂ = +x, p_WCa = 0.4 − 0.3 = 0.1, p_WCb = 0.5 + 0.2 = 0.7.
  EXPECT_TRUE(SphereSpherePenetration({1, 0, 0}, 0.3, {0.5, 0, 0}, 0.2, 1, 2).empty());
  const auto pairs = SphereSpherePenetration({0.9, 0, 0}, 0.3, {0.5, 0, 0}, 0.2, 1, 2);
  ASSERT_EQ(pairs.size(), 1u);
  EXPECT_NEAR(pairs[0].depth, 0.1, 1e-15);
  ExpectNear(pairs[0].nhat_BA_W, {1, 0, 0});
  ExpectNear(pairs[0].p_WCa, {0.6, 0, 0});
  ExpectNear(pairs[0].p_WCb, {0.7, 0, 0});
  EXPECT_NO_THROW(contact::ValidatePenetrationAsPointPair(pairs[0]));
  EXPECT_THROW(SphereSpherePenetration({0, 0, 0}, 0.1, {0, 0, 0}, 0.1, 1, 2), core::InputError);
}

TEST(SphereBoxPenetration, CentreOutsideNearAFaceAndAnEdge) {
  // Box 2 × 2 × 2 at the origin. Sphere r 0.5 at (0, 0, 1.3): q = (0, 0, 1), d = 0.3,
  // x = 0.2, n̂ = +z, p_WCb = (0, 0, 1), p_WCa = (0, 0, 0.8).
  const multibody::RigidTransform X;
  const Vector3 sides(2, 2, 2);
  auto pairs = SphereBoxPenetration({0, 0, 1.3}, 0.5, X, sides, 1, 2);
  ASSERT_EQ(pairs.size(), 1u);
  EXPECT_NEAR(pairs[0].depth, 0.2, 1e-15);
  ExpectNear(pairs[0].nhat_BA_W, {0, 0, 1});
  ExpectNear(pairs[0].p_WCb, {0, 0, 1});
  ExpectNear(pairs[0].p_WCa, {0, 0, 0.8});
  // Over the edge x = z = 1: centre (1.3, 0, 1.3), q = (1, 0, 1), d = 0.3√2 = 0.42426,
  // x = 0.5 − 0.42426 = 0.07574, n̂ = (1, 0, 1)/√2.
  pairs = SphereBoxPenetration({1.3, 0, 1.3}, 0.5, X, sides, 1, 2);
  ASSERT_EQ(pairs.size(), 1u);
  EXPECT_NEAR(pairs[0].depth, 0.5 - 0.3 * std::sqrt(2.0), 1e-15);
  ExpectNear(pairs[0].nhat_BA_W, Vector3(1, 0, 1) / std::sqrt(2.0));
  EXPECT_TRUE(SphereBoxPenetration({0, 0, 1.6}, 0.5, X, sides, 1, 2).empty());
}

TEST(SphereBoxPenetration, CentreInsideLeavesThroughTheNearestFace) {
  // Box 2 × 2 × 2 turned 90° about z (R = Rz(90°)) and moved to (5, 0, 0); sphere r 0.1 at
  // (5, −0.7, 0.2): in the box frame c = Rᵀ(0, −0.7, 0.2) = (−0.7, 0, 0.2); the nearest face
  // is x = −1 at 0.3 (the others at 1 and 0.8), so
  // x = 0.1 + 0.3 = 0.4, n̂_B = −x → n̂_W = R(−1, 0, 0) = (0, −1, 0), p_WCb = (5, −1, 0.2),
  // p_WCa = (5, −0.7, 0.2) − 0.1 (0, −1, 0) = (5, −0.6, 0.2).
  multibody::RigidTransform X;
  X.R << 0, -1, 0, 1, 0, 0, 0, 0, 1;
  X.p = Vector3(5, 0, 0);
  const auto pairs = SphereBoxPenetration({5, -0.7, 0.2}, 0.1, X, {2, 2, 2}, 1, 2);
  ASSERT_EQ(pairs.size(), 1u);
  EXPECT_NEAR(pairs[0].depth, 0.4, 1e-15);
  ExpectNear(pairs[0].nhat_BA_W, {0, -1, 0});
  ExpectNear(pairs[0].p_WCb, {5, -1, 0.2});
  ExpectNear(pairs[0].p_WCa, {5, -0.6, 0.2});
  EXPECT_NO_THROW(contact::ValidatePenetrationAsPointPair(pairs[0]));
}

}  // namespace
}  // namespace simatlas::scenes
