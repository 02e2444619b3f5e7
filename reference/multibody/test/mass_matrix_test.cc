// Unit tests of E3-SAP §1, M(q) by the composite rigid body algorithm. Expected values are
// hand-derived (the Lagrangian of each model, arithmetic in comments) or come from independent
// paths of the tree: the body-by-body kinetic energy and inverse dynamics columns.
#include <gtest/gtest.h>

#include <cmath>

#include "reference/multibody/multibody_tree.h"
#include "reference/multibody/test/test_models.h"

namespace simatlas::multibody {
namespace {

using testing::DoublePendulum;
using testing::Link;

void ExpectSymmetricPositiveDefinite(const MatrixX& M) {
  EXPECT_LT((M - M.transpose()).cwiseAbs().maxCoeff(), 1e-14 * M.cwiseAbs().maxCoeff());
  const Eigen::SelfAdjointEigenSolver<MatrixX> eig(M);
  EXPECT_GT(eig.eigenvalues().minCoeff(), 0.0);
}

TEST(MassMatrix, SinglePendulumIsICmPlusMLSquared) {
  // One rod: M = I_yy + m lc² (parallel axes) = 0.05 + 1.3·0.16 = 0.258 kg·m², any θ.
  MultibodyTree tree;
  const int b = tree.AddBody(Link("rod", 1.3, 0.4, 0.05));
  tree.AddJoint(MakeRevoluteJoint("pin", kWorldBody, b, Vector3::UnitY()));
  for (double theta : {0.0, 0.7, -2.5}) {
    EXPECT_NEAR(tree.CalcMassMatrix(VectorX::Constant(1, theta))(0, 0), 0.258, 1e-15);
  }
}

TEST(MassMatrix, DoublePendulumMatchesTheTextbookForm) {
  // Lagrangian of two rods about parallel axes (θ2 relative):
  //   M11 = I1 + m1 lc1² + I2 + m2 (l1² + lc2² + 2 l1 lc2 cos θ2)
  //   M12 = I2 + m2 (lc2² + l1 lc2 cos θ2),   M22 = I2 + m2 lc2².
  DoublePendulum p;
  for (double t2 : {0.0, 0.8, 2.9}) {
    VectorX q(2);
    q << -0.4, t2;
    const MatrixX M = p.tree.CalcMassMatrix(q);
    const double c2 = std::cos(t2);
    const double M11 = p.I1 + p.m1 * p.lc1 * p.lc1 + p.I2 +
                       p.m2 * (p.l1 * p.l1 + p.lc2 * p.lc2 + 2 * p.l1 * p.lc2 * c2);
    const double M12 = p.I2 + p.m2 * (p.lc2 * p.lc2 + p.l1 * p.lc2 * c2);
    const double M22 = p.I2 + p.m2 * p.lc2 * p.lc2;
    EXPECT_NEAR(M(0, 0), M11, 1e-14);
    EXPECT_NEAR(M(0, 1), M12, 1e-14);
    EXPECT_NEAR(M(1, 0), M12, 1e-14);
    EXPECT_NEAR(M(1, 1), M22, 1e-14);
    ExpectSymmetricPositiveDefinite(M);
  }
  // At θ2 = 0 with the numbers: M22 = 0.02 + 0.7·0.1225 = 0.10575;
  // M12 = 0.10575 + 0.7·0.9·0.35 = 0.32625; M11 = 0.258 + 0.02 + 0.7·(0.81+0.1225+0.63) = 1.37175.
  const MatrixX M0 = p.tree.CalcMassMatrix(VectorX::Zero(2));
  EXPECT_NEAR(M0(1, 1), 0.10575, 1e-15);
  EXPECT_NEAR(M0(0, 1), 0.32625, 1e-15);
  EXPECT_NEAR(M0(0, 0), 1.37175, 1e-14);
}

TEST(MassMatrix, FreeBodyIsTheSpatialInertiaAboutItsOrigin) {
  // m = 2, COM at p_BoBcm_B = (0.1, 0, 0), I_Bcm_B = diag(1, 2, 3), turned 90° about z:
  // c_W = (0, 0.1, 0), I_Bcm_W = diag(2, 1, 3). With v = (ω, v_Bo) in W, T = ½ m‖v − [c]ω‖² +
  // ½ ωᵀIω gives M = [[I − m[c]×², m[c]×], [−m[c]×, m 1]]:
  //   −m[c]×² = m(‖c‖² 1 − c cᵀ) = 2·diag(0.01, 0, 0.01) → M_ωω = diag(2.02, 1, 3.02);
  //   m[c]× = 2·[[0, 0, 0.1], [0, 0, 0], [−0.1, 0, 0]].
  MultibodyTree tree;
  const int b = tree.AddBody({"brick", 2.0, Vector3(0.1, 0, 0), Vector3(1, 2, 3).asDiagonal()});
  tree.AddJoint(MakeFreeJoint("float", kWorldBody, b));
  VectorX q(7);
  q << std::sqrt(0.5), 0, 0, std::sqrt(0.5), 5.0, -3.0, 2.0;  // position does not enter M
  MatrixX expected = MatrixX::Zero(6, 6);
  expected.topLeftCorner<3, 3>() = Vector3(2.02, 1.0, 3.02).asDiagonal();
  expected(0, 5) = 0.2;
  expected(2, 3) = -0.2;
  expected(5, 0) = 0.2;
  expected(3, 2) = -0.2;
  expected.bottomRightCorner<3, 3>() = 2.0 * Matrix3::Identity();
  EXPECT_LT((tree.CalcMassMatrix(q) - expected).cwiseAbs().maxCoeff(), 1e-14);
}

TEST(MassMatrix, ReflectedRotorInertiaAddsToTheDiagonal) {
  // Formula sheet §1: M includes the rotor's reflected inertia on the diagonal.
  const DoublePendulum plain;
  MultibodyTree tree;
  const int b1 = tree.AddBody(Link("link1", plain.m1, plain.lc1, plain.I1));
  JointSpec pin = MakeRevoluteJoint("shoulder", kWorldBody, b1, Vector3::UnitY());
  pin.reflected_inertia = 0.125;  // e.g. rotor 5e-4 kg·m² with gear ratio √250
  tree.AddJoint(pin);
  // 0.258 + 0.125 = 0.383 kg·m².
  EXPECT_NEAR(tree.CalcMassMatrix(VectorX::Constant(1, 0.3))(0, 0), 0.383, 1e-15);
  // And the kinetic energy includes ½ I_rotor v²: ½·0.383·2² = 0.766 J.
  EXPECT_NEAR(tree.CalcKineticEnergy(VectorX::Constant(1, 0.3), VectorX::Constant(1, 2.0)), 0.766,
              1e-14);
}

TEST(MassMatrix, MixedTreeEqualsTwiceKineticEnergyAndInverseDynamicsColumns) {
  // Two independent paths: ½ vᵀ M v equals the body-by-body kinetic energy, and column i of M
  // equals the recursive Newton–Euler result for v = 0, v̇ = eᵢ.
  const MultibodyTree tree = testing::MixedTree();
  const VectorX q = testing::MixedQ(), v = testing::MixedV();
  const MatrixX M = tree.CalcMassMatrix(q);
  ExpectSymmetricPositiveDefinite(M);
  EXPECT_NEAR(0.5 * v.dot(M * v), tree.CalcKineticEnergy(q, v), 1e-13);
  const VectorX zero = VectorX::Zero(tree.num_velocities());
  for (int i = 0; i < tree.num_velocities(); ++i) {
    const VectorX column =
        tree.CalcInverseDynamics(q, zero, VectorX::Unit(tree.num_velocities(), i));
    EXPECT_LT((column - M.col(i)).cwiseAbs().maxCoeff(), 1e-13) << "column " << i;
  }
}

TEST(MassMatrix, WeldAddsNoDofAndCarriesItsMassRigidly) {
  // A rod welded to the pendulum tip: same as one body with the point mass added. A point-like
  // cube (m = 0.5, side 0.02 → I ≈ 3.3e-5) at 0.9 m adds 0.5·0.81 + 2·(0.5·0.0008/12).
  MultibodyTree tree;
  const int b = tree.AddBody(Link("rod", 1.3, 0.4, 0.05));
  const int tip =
      tree.AddBody({"tip", 0.5, Vector3::Zero(), SolidBoxInertia(0.5, Vector3::Constant(0.02))});
  tree.AddJoint(MakeRevoluteJoint("pin", kWorldBody, b, Vector3::UnitY()));
  RigidTransform X;
  X.p = Vector3(0, 0, -0.9);
  tree.AddJoint(MakeWeldJoint("tip_weld", b, tip, X));
  EXPECT_EQ(tree.num_velocities(), 1);
  EXPECT_EQ(tree.num_positions(), 1);
  const double I_tip = 0.5 * (0.0004 + 0.0004) / 12.0;
  EXPECT_NEAR(tree.CalcMassMatrix(VectorX::Constant(1, 1.0))(0, 0), 0.258 + 0.5 * 0.81 + I_tip,
              1e-15);
}

}  // namespace
}  // namespace simatlas::multibody
