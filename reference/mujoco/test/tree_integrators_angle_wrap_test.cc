// MJ-solvers §7 (mj_differentiatePos on a free joint) — the rotation angle wrapped to (−π, π]
// (mutation survivors of tree_integrators.cc): a relative rotation of 3π/2 is the
// rotation by −π/2, so the velocity that takes q1 to q2 in h is the short way round; and the
// rotation of a quaternion is that of its normalised form, whatever its norm.
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

#include "reference/mujoco/test/free_body_tree.h"
#include "reference/mujoco/tree_integrators.h"

namespace simatlas::mujoco {
namespace {

using testing::FreeBody;

// q1 = identity at the origin, q2 = the rotation by 3π/2 about z, (cos 3π/4, 0, 0, sin 3π/4) =
// (−√2/2, 0, 0, √2/2), and its antipode (√2/2, 0, 0, −√2/2), the same rotation. By hand:
// q1⁻¹ ⊗ q2 = q2, sin(θ/2) = ‖(0, 0, √2/2)‖ = √2/2, θ = 2 atan2(√2/2, −√2/2) = 3π/2 > π, so θ =
// 3π/2 − 2π = −π/2 about +z; the antipode gives θ = 2 atan2(√2/2, √2/2) = π/2 about −z. Both:
// ω = (0, 0, −π/2)/h, with h = 0.5: (0, 0, −π), and no translation. (A wrap by 2/π instead of
// 2π would give 3π/2 − 2/π ≈ 4.08 rad about +z.)
TEST(TreeIntegratorsAngleWrap, FreeJointRotationIsTakenTheShortWayRound) {
  const multibody::MultibodyTree tree = FreeBody();
  const double c = std::sqrt(0.5);
  core::VectorX q1 = core::VectorX::Zero(7), q2 = core::VectorX::Zero(7);
  q1(0) = 1.0;
  for (const double sign : {1.0, -1.0}) {
    SCOPED_TRACE(sign);
    q2.head<4>() << -sign * c, 0.0, 0.0, sign * c;
    const core::VectorX u = DifferentiatePosMujoco(tree, q1, q2, 0.5);
    ASSERT_EQ(u.size(), 6);
    EXPECT_NEAR(u(2), -std::numbers::pi, 1e-12);
    EXPECT_EQ(u(0), 0.0);
    EXPECT_EQ(u(1), 0.0);
    EXPECT_EQ(u.tail<3>().norm(), 0.0);
  }
}

// The rotation a quaternion stands for does not depend on its norm (the tree accepts any
// non-zero quaternion, multibody_tree.cc ValidatePositions): q2 = k·(cos(θ/2), 0, 0, sin(θ/2))
// is the rotation by θ about z for every k > 0, so ω = (0, 0, θ/h). With θ = 2e-9 rad and
// k = 1e-8, the unnormalised relative quaternion q1⁻¹ ⊗ q2 has sin(θ/2)·k = 1e-17 below the
// 1e-15 "no rotation" threshold; normalised, sin(θ/2) = 1e-9 is well above it. So a q2 scaled by
// k instead of divided (k² off) would report no rotation. (MuJoCo's mju_subQuat does not
// normalise; it is only ever given unit quaternions, mj_normalizeQuat runs first.) k = 1e8 (the
// other side) gives the same ω; 1e-12 relative covers the rounding of the atan2 of O(1e-9).
TEST(TreeIntegratorsAngleWrap, FreeJointRotationDoesNotDependOnTheQuaternionNorm) {
  const multibody::MultibodyTree tree = FreeBody();
  const double theta = 2e-9, h = 0.5;
  core::VectorX q1 = core::VectorX::Zero(7), q2 = core::VectorX::Zero(7);
  q1(0) = 1.0;
  for (const double k : {1.0, 1e-8, 1e8}) {
    SCOPED_TRACE(k);
    q2.head<4>() << k * std::cos(0.5 * theta), 0.0, 0.0, k * std::sin(0.5 * theta);
    const core::VectorX u = DifferentiatePosMujoco(tree, q1, q2, h);
    ASSERT_EQ(u.size(), 6);
    EXPECT_NEAR(u(2), theta / h, 1e-12 * theta / h);
    EXPECT_EQ(u(0), 0.0);
    EXPECT_EQ(u(1), 0.0);
  }
}

}  // namespace
}  // namespace simatlas::mujoco
