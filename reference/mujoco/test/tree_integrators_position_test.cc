// MJ-solvers §7 — the tree integrators' position maps and checks: a tree
// with a prismatic, a weld and a revolute joint, a free body whose rotation wraps past π, the
// transition model's closures against the functions they wrap, and the messages of bad sizes.
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>
#include <string>

#include "reference/core/test/error_of.h"
#include "reference/mujoco/test/free_body_tree.h"
#include "reference/mujoco/tree_integrators.h"

namespace simatlas::mujoco {
namespace {

using core::Vector3;
using core::VectorX;
using multibody::MultibodyTree;
using testing::FreeBody;

multibody::RigidBody Body(const std::string& name, double mass) {
  multibody::RigidBody b;
  b.name = name;
  b.mass = mass;
  b.p_BoBcm_B = Vector3(0, 0, -0.1);
  b.I_BBcm_B = Vector3(0.01, 0.02, 0.03).asDiagonal();
  return b;
}

// A slider on x (prismatic), a block welded to it, a rod on a hinge about y below the block:
// nq = nv = 2 (the weld has no coordinate), gravity −9.81 z.
MultibodyTree SliderWeldHinge() {
  MultibodyTree tree;
  tree.set_gravity(Vector3(0, 0, -9.81));
  const int slider = tree.AddBody(Body("slider", 1));
  const int block = tree.AddBody(Body("block", 0.5));
  const int rod = tree.AddBody(Body("rod", 0.3));
  tree.AddJoint(
      multibody::MakePrismaticJoint("slide", multibody::kWorldBody, slider, Vector3::UnitX()));
  multibody::RigidTransform X_PF;
  X_PF.p = Vector3(0, 0, -0.2);
  tree.AddJoint(multibody::MakeWeldJoint("weld", slider, block, X_PF));
  tree.AddJoint(multibody::MakeRevoluteJoint("hinge", block, rod, Vector3::UnitY(), X_PF));
  return tree;
}

// One-coordinate joints difference and integrate linearly; the weld adds nothing:
// (q2 − q1)/h = ((0.3 − 0.1)/0.5, (−0.1 − 0.2)/0.5) = (0.4, −0.6), and q1 + 0.5 u = q2.
TEST(TreeIntegratorsPosition, OneDofAndWeldJointsDifferenceLinearly) {
  const MultibodyTree tree = SliderWeldHinge();
  ASSERT_EQ(tree.num_velocities(), 2);
  const VectorX q1 = core::Vector2(0.1, 0.2), q2 = core::Vector2(0.3, -0.1);
  const VectorX u = DifferentiatePosMujoco(tree, q1, q2, 0.5);
  EXPECT_NEAR(u[0], 0.4, 1e-15);
  EXPECT_NEAR(u[1], -0.6, 1e-15);
  EXPECT_TRUE(IntegratePosMujoco(tree, q1, u, 0.5).isApprox(q2, 1e-15));
}

// q2 = a rotation by 3π/2 about z from q1 = identity: (cos 3π/4, 0, 0, sin 3π/4). The local
// rotation vector wraps to (−π, π]: −π/2 about z, so u_ω = (0, 0, −π/2)/h; equal quaternions
// give no rotation; and zero ω leaves the quaternion as it was.
TEST(TreeIntegratorsPosition, FreeBodyRotationWrapsAndZeroRotation) {
  const MultibodyTree tree = FreeBody();
  const double h = 0.25;
  VectorX q1 = tree.DefaultPositions();
  VectorX q2 = q1;
  q2.head<4>() =
      Eigen::Vector4d(std::cos(0.75 * std::numbers::pi), 0, 0, std::sin(0.75 * std::numbers::pi));
  q2.tail<3>() = Vector3(0.1, 0, -0.2);
  const VectorX u = DifferentiatePosMujoco(tree, q1, q2, h);
  EXPECT_NEAR(u[0], 0, 1e-15);
  EXPECT_NEAR(u[1], 0, 1e-15);
  EXPECT_NEAR(u[2], -0.5 * std::numbers::pi / h, 1e-12);
  EXPECT_TRUE(u.tail<3>().isApprox(Vector3(0.4, 0, -0.8), 1e-15));
  EXPECT_EQ(DifferentiatePosMujoco(tree, q2, q2, h).head<3>(), Vector3::Zero());
  const VectorX still = IntegratePosMujoco(tree, q2, VectorX::Zero(6), h);
  EXPECT_TRUE(still.isApprox(q2, 1e-15));
}

// The transition model's closures run exactly the functions they wrap (the same bits).
TEST(TreeIntegratorsPosition, TransitionModelWrapsTheStepAndPositionMaps) {
  const MultibodyTree tree = SliderWeldHinge();
  const double h = 0.002;
  const TransitionModel m = TreeTransitionModel(tree, Integrator::kEuler, h, {});
  EXPECT_EQ(m.nv, 2);
  EXPECT_EQ(m.nu, 0);
  TransitionState x{core::Vector2(0.1, 0.2), core::Vector2(0.5, -1.0), VectorX()};
  const TransitionState next = m.step(x, VectorX());
  const TreeState direct =
      StepTree(tree, Integrator::kEuler, h, {x.q, TreeVelocityFromMujoco(tree, x.q, x.v)}, {});
  EXPECT_EQ(next.q, direct.q);
  EXPECT_EQ(next.v, MujocoVelocityFromTree(tree, direct.q, direct.v));
  const VectorX dv = core::Vector2(1, 2);
  EXPECT_EQ(m.integrate_pos(x.q, dv, h), IntegratePosMujoco(tree, x.q, dv, h));
  EXPECT_EQ(m.differentiate_pos(x.q, next.q, h), DifferentiatePosMujoco(tree, x.q, next.q, h));
}

// Sizes and counts are named with the rule.
TEST(TreeIntegratorsPosition, BadSizesAreNamed) {
  const MultibodyTree free_body = FreeBody();
  const auto message = [](const auto& f) { return core::InputErrorOf(f); };
  EXPECT_EQ(message([&] {
              MujocoVelocityFromTree(free_body, free_body.DefaultPositions(), VectorX::Zero(3));
            }),
            "velocity size = 3 1 must be equal to nv = 6");
  const MultibodyTree tree = SliderWeldHinge();
  const TreeState x{core::Vector2(0, 0), core::Vector2(0, 0)};
  multibody::AppliedForces applied;
  applied.u = core::Vector2(1, 1);
  EXPECT_EQ(message([&] { StepTree(tree, Integrator::kEuler, 0.01, x, applied); }),
            "u size = 2 1 must be equal to nu = 0 (or empty)");
  EXPECT_EQ(message([&] { IntegrateTree(tree, Integrator::kEuler, 0.01, x, -1, {}); }),
            "steps = -1 1 must be >= 0");
  // Zero steps return the state unchanged.
  EXPECT_EQ(IntegrateTree(tree, Integrator::kEuler, 0.01, x, 0, {}).q, x.q);
}

}  // namespace
}  // namespace simatlas::mujoco
