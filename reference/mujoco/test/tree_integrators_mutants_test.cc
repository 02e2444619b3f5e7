// MJ-solvers §7 (mj_differentiatePos on a free joint) — the rotation angle wrapped to (−π, π]
// (issue 20, mutation survivor of tree_integrators.cc): a relative rotation of 3π/2 is the
// rotation by −π/2, so the velocity that takes q1 to q2 in h is the short way round.
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

#include "reference/mujoco/tree_integrators.h"

namespace simatlas::mujoco {
namespace {

// q1 = identity at the origin, q2 = the rotation by 3π/2 about z, (cos 3π/4, 0, 0, sin 3π/4) =
// (−√2/2, 0, 0, √2/2), and its antipode (√2/2, 0, 0, −√2/2), the same rotation. By hand:
// q1⁻¹ ⊗ q2 = q2, sin(θ/2) = ‖(0, 0, √2/2)‖ = √2/2, θ = 2 atan2(√2/2, −√2/2) = 3π/2 > π, so θ =
// 3π/2 − 2π = −π/2 about +z; the antipode gives θ = 2 atan2(√2/2, √2/2) = π/2 about −z. Both:
// ω = (0, 0, −π/2)/h, with h = 0.5: (0, 0, −π), and no translation. (A wrap by 2/π instead of
// 2π would give 3π/2 − 2/π ≈ 4.08 rad about +z.)
TEST(TreeIntegratorsMutants, FreeJointRotationIsTakenTheShortWayRound) {
  multibody::MultibodyTree tree;
  multibody::RigidBody body;
  body.name = "body";
  body.mass = 1.0;
  body.I_BBcm_B = core::Matrix3::Identity();
  tree.AddJoint(multibody::MakeFreeJoint("free", multibody::kWorldBody, tree.AddBody(body)));
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

}  // namespace
}  // namespace simatlas::mujoco
