// Unit tests of E3-SAP §1 kinematics: point Jacobians against finite differences of point
// positions on the configuration manifold, J v against the forward velocity pass, relative
// Jacobians, q̇ = N(q) v against finite differences of the exponential-map update, and the §5
// linear update q₀ + h N(q₀) v.
#include <gtest/gtest.h>

#include <cmath>

#include "reference/multibody/multibody_tree.h"
#include "reference/multibody/quaternion.h"
#include "reference/multibody/test/test_models.h"

namespace simatlas::multibody {
namespace {

TEST(PointJacobian, MatchesFiniteDifferencesOfPointPositions) {
  // Column k: d/dε p_WQ(q ⊕ ε e_k) with ⊕ the exponential-map update (so a free joint's
  // rotational columns move the quaternion on the unit sphere); central differences, ε = 1e-6.
  const MultibodyTree tree = testing::MixedTree();
  const VectorX q = testing::MixedQ();
  const int nv = tree.num_velocities();
  const Vector3 p_BoQ_B(0.05, -0.1, 0.2);
  for (int body = 1; body < tree.num_bodies(); ++body) {
    const MatrixX J = tree.CalcPointJacobian(q, body, p_BoQ_B);
    for (int k = 0; k < nv; ++k) {
      const double e = 1e-6;
      const VectorX dv = VectorX::Unit(nv, k);
      const Vector3 plus = tree.CalcPointPosition(
          tree.IntegratePositions(q, dv, e, QuaternionUpdate::kExponentialMap), body, p_BoQ_B);
      const Vector3 minus = tree.CalcPointPosition(
          tree.IntegratePositions(q, dv, -e, QuaternionUpdate::kExponentialMap), body, p_BoQ_B);
      EXPECT_LT((J.col(k) - (plus - minus) / (2 * e)).norm(), 1e-8)
          << "body " << tree.body(body).name << " column " << k;
    }
  }
}

TEST(PointJacobian, DoublePendulumTipHand) {
  // Tip of link 2 at p = (−l1 s1 − L s12, 0, −l1 c1 − L c12) (rotation about +y maps
  // (0,0,−l) to (−l sin θ, 0, −l cos θ)). ∂p/∂θ1 = (−l1 c1 − L c12, 0, l1 s1 + L s12),
  // ∂p/∂θ2 = (−L c12, 0, L s12). θ1 = 0, θ2 = π/2, l1 = 0.9, L = 0.5:
  // column 1 = (−0.9, 0, 0.5), column 2 = (0, 0, 0.5).
  testing::DoublePendulum p;
  VectorX q(2);
  q << 0.0, M_PI / 2;
  const MatrixX J = p.tree.CalcPointJacobian(q, 2, Vector3(0, 0, -0.5));
  EXPECT_LT((J.col(0) - Vector3(-0.9, 0, 0.5)).norm(), 1e-15);
  EXPECT_LT((J.col(1) - Vector3(0, 0, 0.5)).norm(), 1e-15);
}

TEST(PointJacobian, TimesVelocityIsThePointVelocity) {
  // J v from the Jacobian columns vs v_WQ from the forward velocity pass (V_WB shifted to Q).
  const MultibodyTree tree = testing::MixedTree();
  const VectorX q = testing::MixedQ(), v = testing::MixedV();
  const Vector3 p_BoQ_B(-0.2, 0.3, 0.1);
  for (int body = 1; body < tree.num_bodies(); ++body) {
    const Vector3 Jv = tree.CalcPointJacobian(q, body, p_BoQ_B) * v;
    EXPECT_LT((Jv - tree.CalcPointVelocity(q, v, body, p_BoQ_B)).norm(), 1e-14);
  }
}

TEST(PointJacobian, FreeBodyTranslationalVelocityIsInTheWorldFrame) {
  // Sheet §1: v = (ω_FM, v_FM), both in F = W. With a turned body and ω = 0, the origin moves
  // with exactly v_FM; with ω = (0, 0, 2) the point p_BoQ_W = (0, 0.5, 0) moves at ω × p = (−1, 0, 0).
  MultibodyTree tree;
  const int b = tree.AddBody({"b", 1.0, Vector3::Zero(), Matrix3::Identity()});
  tree.AddJoint(MakeFreeJoint("f", kWorldBody, b));
  VectorX q(7);
  q << std::sqrt(0.5), 0, 0, std::sqrt(0.5), 1, 2, 3;  // 90° about z: B's x axis is W's y axis
  VectorX v(6);
  v << 0, 0, 0, 0.3, -0.7, 0.2;
  EXPECT_LT((tree.CalcPointVelocity(q, v, b, Vector3::Zero()) - Vector3(0.3, -0.7, 0.2)).norm(),
            1e-15);
  v << 0, 0, 2, 0, 0, 0;
  EXPECT_LT((tree.CalcPointVelocity(q, v, b, Vector3(0.5, 0, 0)) - Vector3(-1, 0, 0)).norm(),
            1e-15);
}

TEST(RelativeJacobian, IsTheDifferenceOfTheTwoBodiesPointVelocities) {
  // J_rel v = v of B's point at C minus v of A's point at C (contact relative velocity).
  const MultibodyTree tree = testing::MixedTree();
  const VectorX q = testing::MixedQ(), v = testing::MixedV();
  const Vector3 p_WC(0.4, -0.1, 0.9);
  const int A = tree.BodyIndex("tail"), B = tree.BodyIndex("slider");
  const auto point_velocity = [&](int body) {
    // The body-fixed point at C now: p_BoC_B = R_WBᵀ (p_WC − p_WBo).
    const RigidTransform X = tree.CalcPositionKinematics(q).X_WB[body];
    return tree.CalcPointVelocity(q, v, body, X.R.transpose() * (p_WC - X.p));
  };
  const Vector3 expected = point_velocity(B) - point_velocity(A);
  EXPECT_LT((tree.CalcRelativePointJacobian(q, A, B, p_WC) * v - expected).norm(), 1e-14);
  // Against the world (body 0), J_rel is B's own point Jacobian.
  EXPECT_EQ(tree.CalcRelativePointJacobian(q, kWorldBody, B, p_WC),
            tree.CalcPointJacobianAtWorldPoint(q, B, p_WC));
}

TEST(VelocityToQDot, MatchesFiniteDifferencesOfTheManifoldUpdate) {
  // N(q) v = d/dh IntegratePositions_exp(q, v, h) at h = 0 (central differences, 1e-6).
  const MultibodyTree tree = testing::MixedTree();
  const VectorX q = testing::MixedQ(), v = testing::MixedV();
  const double e = 1e-6;
  const VectorX fd = (tree.IntegratePositions(q, v, e, QuaternionUpdate::kExponentialMap) -
                      tree.IntegratePositions(q, v, -e, QuaternionUpdate::kExponentialMap)) /
                     (2 * e);
  EXPECT_LT((tree.MapVelocityToQDot(q, v) - fd).cwiseAbs().maxCoeff(), 1e-9);
  // Shape: nq = 7 + 1 + 1 + 0 + 1 = 10, nv = 6 + 1 + 1 + 0 + 1 = 9.
  EXPECT_EQ(tree.CalcVelocityToQDotMatrix(q).rows(), 10);
  EXPECT_EQ(tree.CalcVelocityToQDotMatrix(q).cols(), 9);
  // qᵀ q̇ = 0 on the quaternion block.
  EXPECT_NEAR(q.head<4>().dot(tree.MapVelocityToQDot(q, v).head<4>()), 0.0, 1e-16);
}

TEST(IntegratePositions, LinearIsExactlyQ0PlusHNv) {
  // §6 exercise 7: q_next − q₀ − h N(q₀) v_next = 0 to round-off for the executed path.
  const MultibodyTree tree = testing::MixedTree();
  const VectorX q = testing::MixedQ(), v = testing::MixedV();
  const double h = 0.01;
  const VectorX q_next = tree.IntegratePositions(q, v, h);
  // (Round-off: entries are O(1), so a few ulps of 1.)
  EXPECT_LT((q_next - q - h * tree.CalcVelocityToQDotMatrix(q) * v).cwiseAbs().maxCoeff(), 1e-15);
  // Its quaternion norm is √(1 + h²‖ω‖²/4): ω = (0.4, −1.1, 0.7), ‖ω‖² = 0.16 + 1.21 + 0.49 = 1.86
  // → √(1 + 1e-4·1.86/4) = √1.0000465.
  EXPECT_NEAR(q_next.head<4>().norm(), std::sqrt(1.0000465), 1e-15);
  // The exponential map stays unit and moves the other joints the same way.
  const VectorX q_exp = tree.IntegratePositions(q, v, h, QuaternionUpdate::kExponentialMap);
  EXPECT_NEAR(q_exp.head<4>().norm(), 1.0, 1e-15);
  EXPECT_EQ(q_exp.tail<6>(), q_next.tail<6>());
}

}  // namespace
}  // namespace simatlas::multibody

namespace simatlas::multibody {
namespace {

TEST(QDotToVelocity, IsALeftInverseOfNAndRecoversOmega) {
  // N⁺ N = 1 even for a drifted (non-unit) quaternion, since N_rᵀ N_r = ‖q‖²/4 · 1.
  const MultibodyTree tree = testing::MixedTree();
  VectorX q = testing::MixedQ();
  q.head<4>() *= 1.3;
  const MatrixX NN = tree.CalcQDotToVelocityMatrix(q) * tree.CalcVelocityToQDotMatrix(q);
  EXPECT_LT((NN - MatrixX::Identity(9, 9)).cwiseAbs().maxCoeff(), 1e-15);
  // Hand: q = identity, q̇ = (0, 0, 0, 0.5) (½ ω ⊗ q with ω = (0, 0, 1)) → ω = (0, 0, 1).
  MultibodyTree one;
  one.AddJoint(MakeFreeJoint("f", kWorldBody,
                             one.AddBody({"b", 1.0, Vector3::Zero(), Matrix3::Identity()})));
  VectorX qdot = VectorX::Zero(7);
  qdot(3) = 0.5;
  qdot(4) = 2.0;
  VectorX expected = VectorX::Zero(6);
  expected(2) = 1.0;
  expected(3) = 2.0;
  EXPECT_LT((one.MapQDotToVelocity(one.DefaultPositions(), qdot) - expected).norm(), 1e-16);
}

}  // namespace
}  // namespace simatlas::multibody
