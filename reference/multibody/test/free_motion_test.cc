// Unit tests of E3-SAP §1 (generalized force assembly), §2.1 (free motion, damping counted once)
// and §5 (the discrete update). Numbers are hand arithmetic shown in the comments; the tree cases
// check the defining residual M (v* − v₀)/h = k₁(x₀) − D v* rather than a frozen output.
// Equation numbers (N.M) are the formula sheet's (course/FORMULAS.md).
#include <gtest/gtest.h>

#include <cmath>

#include "reference/core/errors.h"
#include "reference/multibody/discrete_step.h"
#include "reference/multibody/free_motion.h"
#include "reference/multibody/generalized_forces.h"
#include "reference/multibody/test/test_models.h"

namespace simatlas::multibody {
namespace {

TEST(FreeMotion, OneDofSplitCountsDampingOnce) {
  // m = 2 kg, D = 4 kg/s, h = 0.1 s, v₀ = 1 m/s, k₁ = 3 N:
  //   A = 2 + 0.1·4 = 2.4 kg,  k = 3 − 4·1 = −1 N,  v* = 1 + 0.1·(−1)/2.4 = 0.958333… m/s.
  const FreeMotion fm = CalcFreeMotion(MatrixX::Constant(1, 1, 2.0), VectorX::Constant(1, 4.0),
                                       VectorX::Constant(1, 3.0), VectorX::Constant(1, 1.0), 0.1);
  EXPECT_DOUBLE_EQ(fm.A(0, 0), 2.4);
  EXPECT_DOUBLE_EQ(fm.k(0), -1.0);
  EXPECT_NEAR(fm.v_star(0), 1.0 - 0.1 / 2.4, 1e-15);
  // Wrong splits give other numbers: damping subtracted twice (k = 3 − 8 = −5) → 0.791667;
  // damping only explicit (A = M) → 1 − 0.1/2 = 0.95.
  EXPECT_GT(std::abs(fm.v_star(0) - (1.0 - 0.5 / 2.4)), 0.1);
  EXPECT_GT(std::abs(fm.v_star(0) - 0.95), 0.008);
  // The implicit-damping equation holds: m (v* − v₀)/h = k₁ − D v*: 2·(−0.041667)/0.1 = −0.83333
  // = 3 − 4·0.958333.
  EXPECT_NEAR(2.0 * (fm.v_star(0) - 1.0) / 0.1, 3.0 - 4.0 * fm.v_star(0), 1e-13);
}

TEST(FreeMotion, RejectsBadInput) {
  const MatrixX M = MatrixX::Identity(1, 1);
  const VectorX one = VectorX::Constant(1, 1.0);
  EXPECT_THROW(CalcFreeMotion(M, one, one, one, 0.0), core::InputError);
  EXPECT_THROW(CalcFreeMotion(M, -one, one, one, 0.1), core::InputError);
  EXPECT_THROW(CalcFreeMotion(-M, one * 0, one, one, 0.1), core::NumericalError);
}

TEST(FreeMotion, TreeSliderWithActuatorSpringGravityAndDamping) {
  // A 2 kg slider on x with D = 4 N·s/m, spring k = 10 N/m at q = 0.1 m (q_ref = 0),
  // gravity (−1, 0, 0) m/s², actuator u = 5 N: k₁ = 5 − 2 − 1 = 2 N. h = 0.1, v₀ = 1:
  //   A = 2.4, k = 2 − 4 = −2, v* = 1 − 0.2/2.4 = 0.916667 m/s.
  MultibodyTree tree;
  const int b = tree.AddBody({"slider", 2.0, Vector3::Zero(), Matrix3::Identity()});
  JointSpec rail = MakePrismaticJoint("rail", kWorldBody, b, Vector3::UnitX());
  rail.damping = VectorX::Constant(1, 4.0);
  rail.stiffness = 10.0;
  const int j = tree.AddJoint(rail);
  tree.AddActuator(j);
  tree.set_gravity(Vector3(-1, 0, 0));
  AppliedForces applied;
  applied.u = VectorX::Constant(1, 5.0);
  const VectorX q0 = VectorX::Constant(1, 0.1), v0 = VectorX::Constant(1, 1.0);
  const FreeMotion fm = CalcFreeMotion(tree, q0, v0, 0.1, applied);
  EXPECT_NEAR(fm.A(0, 0), 2.4, 1e-15);
  EXPECT_NEAR(fm.k(0), -2.0, 1e-15);
  EXPECT_NEAR(fm.v_star(0), 1.0 - 0.2 / 2.4, 1e-15);
  // Contact forces are constraints: refused here.
  applied.contacts.push_back({});
  EXPECT_THROW(CalcFreeMotion(tree, q0, v0, 0.1, applied), core::InputError);
}

TEST(FreeMotion, TreeResidualWithImplicitDamping) {
  // Double pendulum with damping on both joints: M(q₀)(v* − v₀)/h = τ_g − c(q₀, v₀) − D v*.
  testing::DoublePendulum p;
  MultibodyTree tree;
  const int b1 = tree.AddBody(testing::Link("link1", p.m1, p.lc1, p.I1));
  const int b2 = tree.AddBody(testing::Link("link2", p.m2, p.lc2, p.I2));
  JointSpec j1 = MakeRevoluteJoint("shoulder", kWorldBody, b1, Vector3::UnitY());
  j1.damping = VectorX::Constant(1, 0.7);
  RigidTransform X;
  X.p = Vector3(0, 0, -p.l1);
  JointSpec j2 = MakeRevoluteJoint("elbow", b1, b2, Vector3::UnitY(), X);
  j2.damping = VectorX::Constant(1, 0.3);
  tree.AddJoint(j1);
  tree.AddJoint(j2);
  VectorX q0(2), v0(2);
  q0 << 0.4, -0.9;
  v0 << 1.5, -2.0;
  const double h = 0.02;
  const FreeMotion fm = CalcFreeMotion(tree, q0, v0, h);
  const VectorX D = tree.JointDamping();
  const VectorX lhs = tree.CalcMassMatrix(q0) * (fm.v_star - v0) / h;
  const VectorX rhs =
      tree.CalcGravityGeneralizedForces(q0) - tree.CalcBiasTerm(q0, v0) - D.cwiseProduct(fm.v_star);
  EXPECT_LT((lhs - rhs).cwiseAbs().maxCoeff(), 1e-11);
}

TEST(GeneralizedForces, NamedTermsOfThePendulumHand) {
  // Rod (m = 1.3, lc = 0.4) about +y at θ = 0, actuator u = 2 N·m; a force f = (1, 0, 0) N at
  // the tip p_BoQ_B = (0, 0, −0.5): r × f = (0, −0.5, 0) → τ_ext = −0.5 N·m (a +x push opposes
  // +θ, which swings the tip toward −x). The same force as a contact on the rod (B) against the
  // world (A) at C = (0, 0, −0.5): Jᵀ f = −0.5 N·m; with the roles swapped, +0.5 N·m.
  MultibodyTree tree;
  const int b = tree.AddBody(testing::Link("rod", 1.3, 0.4, 0.05));
  tree.AddActuator(tree.AddJoint(MakeRevoluteJoint("pin", kWorldBody, b, Vector3::UnitY())));
  AppliedForces applied;
  applied.u = VectorX::Constant(1, 2.0);
  applied.external.push_back({b, Vector3(0, 0, -0.5), Vector3(1, 0, 0), Vector3::Zero()});
  applied.contacts.push_back({kWorldBody, b, Vector3(0, 0, -0.5), Vector3(1, 0, 0)});
  const VectorX q = VectorX::Zero(1), v = VectorX::Constant(1, 0.5);
  const GeneralizedForceTerms t = AssembleGeneralizedForces(tree, q, v, applied);
  EXPECT_DOUBLE_EQ(t.actuation(0), 2.0);
  EXPECT_NEAR(t.external(0), -0.5, 1e-15);
  EXPECT_NEAR(t.contact(0), -0.5, 1e-15);
  EXPECT_NEAR(t.gravity(0), 0.0, 1e-15);  // hanging straight down
  EXPECT_NEAR(t.RightHandSide()(0), 2.0 - 0.5 - 0.5, 1e-15);
  applied.contacts[0] = {b, kWorldBody, Vector3(0, 0, -0.5), Vector3(1, 0, 0)};
  EXPECT_NEAR(AssembleGeneralizedForces(tree, q, v, applied).contact(0), 0.5, 1e-15);
  // A pure torque (0, 3, 0) N·m on the rod is 3 N·m on the joint.
  EXPECT_NEAR(CalcExternalGeneralizedForces(
                  tree, q, {{b, Vector3::Zero(), Vector3::Zero(), Vector3(0, 3, 0)}})(0),
              3.0, 1e-15);
  // Size of u is checked.
  applied.u = VectorX::Zero(2);
  EXPECT_THROW(AssembleGeneralizedForces(tree, q, v, applied), core::InputError);
}

TEST(DiscreteStep, IsFreeMotionThenTheLinearPositionUpdate) {
  // (5.1) on the mixed tree with damping: q_next = q₀ + h N(q₀) v*, v_next = v*.
  MultibodyTree tree = testing::MixedTree();
  const VectorX q0 = testing::MixedQ(), v0 = testing::MixedV();
  const double h = 0.005;
  const DiscreteStepResult r = StepWithoutConstraints(tree, q0, v0, h);
  EXPECT_EQ(r.v_next, r.free_motion.v_star);
  EXPECT_LT(
      (r.q_next - q0 - h * tree.CalcVelocityToQDotMatrix(q0) * r.v_next).cwiseAbs().maxCoeff(),
      1e-15);
}

TEST(DiscreteStep, FreeFlightMomentum) {
  // Free flight (no gravity) of the mixed tree: the corrected step keeps the total spatial
  // momentum (summed body by body) to round-off; the plain §5 step (explicit bias c(q₀, v₀))
  // does not — its angular momentum error is O(h²) per step (measured here: > 1e-7 at h = 0.01).
  MultibodyTree tree = testing::MixedTree();
  tree.set_gravity(Vector3::Zero());
  VectorX q = testing::MixedQ(), v = 3.0 * testing::MixedV();
  const Vector6 h0 = tree.CalcSpatialMomentumInWorld(q, v);
  const DiscreteStepResult plain = StepWithoutConstraints(tree, q, v, 0.01);
  EXPECT_GT((tree.CalcSpatialMomentumInWorld(plain.q_next, plain.v_next) - h0).norm(), 1e-7);
  for (int step = 0; step < 20; ++step) {
    const DiscreteStepResult r = StepFreeFlightConservingMomentum(tree, q, v, 0.01);
    q = r.q_next;
    v = r.v_next;
    EXPECT_LT((tree.CalcSpatialMomentumInWorld(q, v) - h0).norm(), 1e-12 * (1 + h0.norm()));
  }
  // Gravity is a force: free flight refuses it.
  tree.set_gravity(Vector3(0, 0, -9.81));
  EXPECT_THROW(StepFreeFlightConservingMomentum(tree, q, v, 0.01), core::InputError);
}

}  // namespace
}  // namespace simatlas::multibody
