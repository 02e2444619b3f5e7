// Unit tests of E3-SAP §1: c(q, v) by recursive Newton–Euler and τ_g. Oracles: hand-derived
// Lagrangian terms, finite differences of M(q) (c = Ṁ v − ∂T/∂q when q̇ = v), the power balance
// vᵀ c = ½ vᵀ Ṁ v (valid with quaternions too), and −∂V/∂q of the potential energy.
#include <gtest/gtest.h>

#include <cmath>

#include "reference/multibody/multibody_tree.h"
#include "reference/multibody/test/test_models.h"

namespace simatlas::multibody {
namespace {

using testing::DoublePendulum;

TEST(BiasTerm, DoublePendulumMatchesTheHandCoriolisTerms) {
  // From M12, M11 above with h = m2 l1 lc2 sin θ2:
  //   c1 = −h (2 θ̇1 θ̇2 + θ̇2²),   c2 = h θ̇1².
  DoublePendulum p;
  VectorX q(2), v(2);
  q << 0.3, 1.1;
  v << -0.8, 1.7;
  const double h = p.m2 * p.l1 * p.lc2 * std::sin(q(1));
  const VectorX c = p.tree.CalcBiasTerm(q, v);
  EXPECT_NEAR(c(0), -h * (2 * v(0) * v(1) + v(1) * v(1)), 1e-14);
  EXPECT_NEAR(c(1), h * v(0) * v(0), 1e-14);
}

TEST(BiasTerm, ChainMatchesFiniteDifferencesOfTheMassMatrix) {
  // For q̇ = v: c = Ṁ v − ½ ∂(vᵀ M v)/∂q, Ṁ = Σ_k ∂M/∂q_k v_k; central differences, step 1e-6.
  // An arm on a tilted hinge carrying a slider (prismatic on a rotating parent: Coriolis
  // 2 ω × v) which carries a pendulum about another tilted axis with an offset.
  MultibodyTree tree;
  const int arm =
      tree.AddBody({"arm", 2.0, Vector3(0.1, 0, 0), Vector3(0.1, 0.2, 0.25).asDiagonal()});
  const int a =
      tree.AddBody({"a", 0.9, Vector3(0.05, 0.1, -0.3), Vector3(0.03, 0.04, 0.02).asDiagonal()});
  const int b =
      tree.AddBody({"b", 0.4, Vector3(0.0, 0.0, -0.2), Vector3(0.01, 0.01, 0.015).asDiagonal()});
  tree.AddJoint(MakeRevoluteJoint("hinge", kWorldBody, arm, Vector3(0.2, 1, 0.1)));
  tree.AddJoint(MakePrismaticJoint("slide", arm, a, Vector3(1, 0.3, 0)));
  RigidTransform X;
  X.p = Vector3(0.1, 0, -0.6);
  tree.AddJoint(MakeRevoluteJoint("knee", a, b, Vector3(1, 0, 0.4), X));
  VectorX q(3), v(3);
  q << 0.2, 0.7, -1.3;
  v << 0.9, -1.4, 2.1;
  const double e = 1e-6;
  MatrixX Mdot = MatrixX::Zero(3, 3);
  VectorX dT = VectorX::Zero(3);
  for (int k = 0; k < 3; ++k) {
    const VectorX dq = e * VectorX::Unit(3, k);
    const MatrixX dM = (tree.CalcMassMatrix(q + dq) - tree.CalcMassMatrix(q - dq)) / (2 * e);
    Mdot += dM * v(k);
    dT(k) = 0.5 * v.dot(dM * v);
  }
  const VectorX expected = Mdot * v - dT;
  EXPECT_LT((tree.CalcBiasTerm(q, v) - expected).cwiseAbs().maxCoeff(), 1e-7);
}

TEST(BiasTerm, FreeBodyGyroscopicAndCentripetalHand) {
  // COM at Bo, I = diag(1, 2, 3), R = 1, ω = (1, 2, 3): Iω = (1, 4, 9),
  // ω × Iω = (2·9 − 3·4, 3·1 − 1·9, 1·4 − 2·1) = (6, −6, 2); no linear bias.
  MultibodyTree tree;
  const int b = tree.AddBody({"spinner", 2.0, Vector3::Zero(), Vector3(1, 2, 3).asDiagonal()});
  tree.AddJoint(MakeFreeJoint("float", kWorldBody, b));
  VectorX q = tree.DefaultPositions();
  VectorX v(6);
  v << 1, 2, 3, 0.5, -0.5, 4.0;
  VectorX expected(6);
  expected << 6, -6, 2, 0, 0, 0;
  EXPECT_LT((tree.CalcBiasTerm(q, v) - expected).cwiseAbs().maxCoeff(), 1e-14);
  // COM offset c = (0.1, 0, 0), ω = (0, 0, 3): the linear bias is m ω × (ω × c) = 2·(−0.9, 0, 0)
  // = (−1.8, 0, 0) N; I_Bo ω = (0, 0, 3.02·3) is parallel to ω, so no moment.
  MultibodyTree offset;
  const int o = offset.AddBody({"offset", 2.0, Vector3(0.1, 0, 0), Vector3(1, 2, 3).asDiagonal()});
  offset.AddJoint(MakeFreeJoint("float", kWorldBody, o));
  v << 0, 0, 3, 0, 0, 0;
  expected << 0, 0, 0, -1.8, 0, 0;
  EXPECT_LT((offset.CalcBiasTerm(offset.DefaultPositions(), v) - expected).cwiseAbs().maxCoeff(),
            1e-14);
}

TEST(BiasTerm, PowerBalanceWithQuaternions) {
  // With no forces T = ½ vᵀMv is constant: vᵀ c = ½ vᵀ Ṁ v, Ṁ along q̇ = N(q) v (central
  // differences of M over the exponential-map update, step 1e-6).
  const MultibodyTree tree = testing::MixedTree();
  const VectorX q = testing::MixedQ(), v = testing::MixedV();
  const double e = 1e-6;
  const MatrixX Mdot =
      (tree.CalcMassMatrix(tree.IntegratePositions(q, v, e, QuaternionUpdate::kExponentialMap)) -
       tree.CalcMassMatrix(tree.IntegratePositions(q, v, -e, QuaternionUpdate::kExponentialMap))) /
      (2 * e);
  EXPECT_NEAR(v.dot(tree.CalcBiasTerm(q, v)), 0.5 * v.dot(Mdot * v), 1e-7);
}

TEST(BiasTerm, InverseDynamicsMatchesTheDerivativeOfTheGeneralizedMomentum) {
  // For q̇ = v systems Lagrange gives M v̇ + c = d/dt(M v) − ∂T/∂q, so on any trajectory
  // ID(q, v, v̇) − [d/dt(M v) − ∂T/∂q] = 0. Check at t = 0 of q(t) = q0 + v0 t + ½ a t².
  DoublePendulum p;
  VectorX q0(2), v0(2), a(2);
  q0 << -0.6, 0.9;
  v0 << 1.2, -0.4;
  a << 0.5, 2.0;
  const double e = 1e-5;
  auto momentum = [&](double t) {
    const VectorX q = q0 + v0 * t + 0.5 * a * t * t;
    return VectorX(p.tree.CalcMassMatrix(q) * (v0 + a * t));
  };
  const VectorX dp = (momentum(e) - momentum(-e)) / (2 * e);
  VectorX dT(2);
  for (int k = 0; k < 2; ++k) {
    const VectorX dq = 1e-6 * VectorX::Unit(2, k);
    dT(k) =
        0.5 * v0.dot((p.tree.CalcMassMatrix(q0 + dq) - p.tree.CalcMassMatrix(q0 - dq)) * v0) / 2e-6;
  }
  EXPECT_LT((p.tree.CalcInverseDynamics(q0, v0, a) - (dp - dT)).cwiseAbs().maxCoeff(), 1e-7);
}

TEST(Gravity, SingleAndDoublePendulumHand) {
  // COM heights z1 = −lc1 cos θ1, z2 = −l1 cos θ1 − lc2 cos(θ1+θ2); V = Σ m g z; τ_g = −∂V/∂θ:
  //   τ1 = −g [(m1 lc1 + m2 l1) sin θ1 + m2 lc2 sin(θ1+θ2)],  τ2 = −g m2 lc2 sin(θ1+θ2).
  DoublePendulum p;
  VectorX q(2);
  q << 0.5, -1.2;
  const double g = 9.81;
  const VectorX tau = p.tree.CalcGravityGeneralizedForces(q);
  EXPECT_NEAR(
      tau(0),
      -g * ((p.m1 * p.lc1 + p.m2 * p.l1) * std::sin(q(0)) + p.m2 * p.lc2 * std::sin(q(0) + q(1))),
      1e-13);
  EXPECT_NEAR(tau(1), -g * p.m2 * p.lc2 * std::sin(q(0) + q(1)), 1e-13);
  // θ1 = 90°, θ2 = 0: τ1 = −9.81·(1.3·0.4 + 0.7·0.9 + 0.7·0.35) = −9.81·1.395 = −13.68495 N·m.
  q << M_PI / 2, 0.0;
  EXPECT_NEAR(p.tree.CalcGravityGeneralizedForces(q)(0), -13.68495, 1e-12);
}

TEST(Gravity, IsMinusTheGradientOfPotentialEnergyOnTheManifold) {
  // vᵀ τ_g = −dV/dt along q̇ = N(q) v for every v, including the free base (central differences).
  const MultibodyTree tree = testing::MixedTree();
  const VectorX q = testing::MixedQ();
  const VectorX tau = tree.CalcGravityGeneralizedForces(q);
  const double e = 1e-6;
  for (int k = 0; k < tree.num_velocities(); ++k) {
    const VectorX v = VectorX::Unit(tree.num_velocities(), k);
    const double dV = (tree.CalcPotentialEnergy(
                           tree.IntegratePositions(q, v, e, QuaternionUpdate::kExponentialMap)) -
                       tree.CalcPotentialEnergy(
                           tree.IntegratePositions(q, v, -e, QuaternionUpdate::kExponentialMap))) /
                      (2 * e);
    EXPECT_NEAR(tau(k), -dV, 1e-7) << "dof " << k;
  }
}

TEST(JointElements, SpringAndDampingForces) {
  // Spring k = 40 N·m/rad about q_ref = 0.25 rad at θ = 0.75: −40·0.5 = −20 N·m.
  // Damping D = 3 N·m·s/rad at θ̇ = −2: −3·(−2) = +6 N·m.
  MultibodyTree tree;
  const int b = tree.AddBody(testing::Link("rod", 1.0, 0.5, 0.01));
  JointSpec pin = MakeRevoluteJoint("pin", kWorldBody, b, Vector3::UnitY());
  pin.stiffness = 40;
  pin.spring_reference = 0.25;
  pin.damping = VectorX::Constant(1, 3.0);
  tree.AddJoint(pin);
  EXPECT_DOUBLE_EQ(tree.CalcSpringForces(VectorX::Constant(1, 0.75))(0), -20.0);
  EXPECT_DOUBLE_EQ(tree.CalcDampingForces(VectorX::Constant(1, -2.0))(0), 6.0);
  tree.set_gravity(Vector3::Zero());
  // Potential ½·40·0.5² = 5 J.
  EXPECT_DOUBLE_EQ(tree.CalcPotentialEnergy(VectorX::Constant(1, 0.75)), 5.0);
}

}  // namespace
}  // namespace simatlas::multibody
