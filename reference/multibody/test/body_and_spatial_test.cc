// Unit tests of E3-SAP §1 building blocks: spatial algebra identities (hand values), body
// validation with named errors, tree-building errors, and the units of each dof.
#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "reference/core/errors.h"
#include "reference/multibody/multibody_tree.h"
#include "reference/multibody/rigid_body.h"
#include "reference/multibody/spatial_algebra.h"

namespace simatlas::multibody {
namespace {

using core::InputError;

// Message of the InputError thrown by f ("" if none).
template <typename F>
std::string ErrorOf(F f) {
  try {
    f();
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

TEST(SpatialAlgebra, ShiftsHand) {
  // V_P = (ω, v_P) = ((0, 0, 2), (1, 0, 0)), r = p_PQ = (0.5, 0, 0): v_Q = v_P + ω × r
  // = (1, 0, 0) + (0, 1, 0) = (1, 1, 0).
  const Vector6 V = MakeSpatial(Vector3(0, 0, 2), Vector3(1, 0, 0));
  EXPECT_EQ(LinearPart(ShiftSpatialVelocity(V, Vector3(0.5, 0, 0))), Vector3(1, 1, 0));
  // Force f = (0, 3, 0) at Q, moved to P with r = p_PQ = (0.5, 0, 0): τ_P = r × f = (0, 0, 1.5).
  const Vector6 F = MakeSpatial(Vector3::Zero(), Vector3(0, 3, 0));
  EXPECT_EQ(AngularPart(ShiftSpatialForceToPoint(F, Vector3(0.5, 0, 0))), Vector3(0, 0, 1.5));
  // Power is the same at both points: F_Pᵀ V_P = F_Qᵀ V_Q.
  const Vector6 F_Q = MakeSpatial(Vector3(0.3, -0.2, 0.7), Vector3(1.1, 0.4, -2.0));
  const Vector3 r(0.2, -0.6, 1.3);
  EXPECT_NEAR(ShiftSpatialForceToPoint(F_Q, r).dot(V), F_Q.dot(ShiftSpatialVelocity(V, r)), 1e-15);
  // The matrix form agrees: V_Q = Φ(r) V_P and F_P = Φ(r)ᵀ F_Q.
  EXPECT_LT((ShiftOperator(r) * V - ShiftSpatialVelocity(V, r)).norm(), 1e-15);
  EXPECT_LT((ShiftOperator(r).transpose() * F_Q - ShiftSpatialForceToPoint(F_Q, r)).norm(), 1e-15);
}

TEST(SpatialAlgebra, CrossProductsAndTransforms) {
  const Vector6 V = MakeSpatial(Vector3(0.3, -1.0, 0.5), Vector3(2.0, 0.1, -0.4));
  const Vector6 X = MakeSpatial(Vector3(-0.7, 0.2, 1.1), Vector3(0.5, 0.9, 0.3));
  const Vector6 F = MakeSpatial(Vector3(1.0, 2.0, -1.0), Vector3(-0.3, 0.4, 0.8));
  // V ×ₘ V = 0; duality V ×f = −(V ×ₘ)ᵀ, i.e. (V ×f F)·X = −F·(V ×ₘ X).
  EXPECT_LT(CrossMotion(V, V).norm(), 1e-15);
  EXPECT_NEAR(CrossForce(V, F).dot(X), -F.dot(CrossMotion(V, X)), 1e-14);
  // Hand: ω = (0,0,1), v = 0 acting on X = ((1,0,0), (0,0,0)): (ω × (1,0,0), 0) = ((0,1,0), 0).
  EXPECT_EQ(CrossMotion(MakeSpatial(Vector3::UnitZ(), Vector3::Zero()),
                        MakeSpatial(Vector3::UnitX(), Vector3::Zero())),
            MakeSpatial(Vector3::UnitY(), Vector3::Zero()));
  // Transforms: X_AB · X_BA = identity; a point maps as R p + p.
  RigidTransform X_AB;
  X_AB.R = Eigen::AngleAxisd(0.9, Vector3(1, -1, 2).normalized()).toRotationMatrix();
  X_AB.p = Vector3(1, 2, 3);
  const RigidTransform I = X_AB * X_AB.Inverse();
  EXPECT_LT((I.R - Matrix3::Identity()).norm(), 1e-15);
  EXPECT_LT(I.p.norm(), 1e-14);  // |p| ≈ 3.7: a few ulps
  EXPECT_EQ(X_AB * Vector3::Zero(), Vector3(1, 2, 3));
}

TEST(RigidBodyValidation, NamesTheBodyQuantityAndRule) {
  RigidBody b{"wheel", 2.0, Vector3::Zero(), Vector3(1, 1, 1).asDiagonal()};
  EXPECT_EQ(ErrorOf([&] { ValidateRigidBody(b); }), "");
  b.mass = -1.0;
  EXPECT_NE(ErrorOf([&] { ValidateRigidBody(b); }).find("body 'wheel' mass = -1 kg"),
            std::string::npos);
  b.mass = 2.0;
  // Not positive definite: a zero moment.
  b.I_BBcm_B = Vector3(0, 1, 1).asDiagonal();
  EXPECT_NE(ErrorOf([&] { ValidateRigidBody(b); }).find("positive definite"), std::string::npos);
  // Triangle inequality: 1 + 1 < 3 (no rigid body has these moments).
  b.I_BBcm_B = Vector3(1, 1, 3).asDiagonal();
  EXPECT_NE(ErrorOf([&] { ValidateRigidBody(b); }).find("triangle inequality"), std::string::npos);
  // A thin rod is the limit: 1 + 1 = 2 is accepted.
  b.I_BBcm_B = Vector3(1, 1, 2).asDiagonal();
  EXPECT_EQ(ErrorOf([&] { ValidateRigidBody(b); }), "");
  // Asymmetric.
  b.I_BBcm_B = Matrix3::Identity();
  b.I_BBcm_B(0, 1) = 0.1;
  EXPECT_NE(ErrorOf([&] { ValidateRigidBody(b); }).find("symmetric"), std::string::npos);
  b.I_BBcm_B = Matrix3::Identity();
  b.p_BoBcm_B.x() = NAN;
  EXPECT_THROW(ValidateRigidBody(b), InputError);
}

TEST(RigidBodyValidation, StandardInertiasHand) {
  // Box 2 kg, sides (1, 2, 3): diag(4+9, 1+9, 1+4)·2/12 = diag(13, 10, 5)/6.
  EXPECT_LT((SolidBoxInertia(2.0, Vector3(1, 2, 3)) -
             Vector3(13, 10, 5).asDiagonal().toDenseMatrix() / 6.0)
                .norm(),
            1e-15);
  // Sphere 5 kg, r = 0.2: 0.4·5·0.04 = 0.08.
  EXPECT_NEAR(SolidSphereInertia(5.0, 0.2)(1, 1), 0.08, 1e-16);
}

TEST(TreeBuilding, RejectsBadTopologyAndParameters) {
  MultibodyTree tree;
  const int a = tree.AddBody({"a", 1.0, Vector3::Zero(), Matrix3::Identity()});
  const int b = tree.AddBody({"b", 1.0, Vector3::Zero(), Matrix3::Identity()});
  EXPECT_THROW(tree.AddBody({"a", 1.0, Vector3::Zero(), Matrix3::Identity()}), InputError);
  // Parent b is not connected yet.
  EXPECT_NE(ErrorOf([&] {
              tree.AddJoint(MakeRevoluteJoint("j", b, a, Vector3::UnitZ()));
            }).find("not connected"),
            std::string::npos);
  // A body without an inboard joint makes every calculation refuse.
  EXPECT_NE(ErrorOf([&] { tree.CalcMassMatrix(VectorX()); }).find("has no inboard joint"),
            std::string::npos);
  tree.AddJoint(MakeRevoluteJoint("ja", kWorldBody, a, Vector3::UnitZ()));
  EXPECT_THROW(tree.AddJoint(MakeRevoluteJoint("again", kWorldBody, a, Vector3::UnitZ())),
               InputError);
  // Damping with the wrong number of entries, negative damping, a spring on a free joint.
  JointSpec free = MakeFreeJoint("jb", a, b);
  free.damping = VectorX::Zero(3);
  EXPECT_NE(ErrorOf([&] { tree.AddJoint(free); }).find("damping entries"), std::string::npos);
  free.damping = VectorX::Constant(6, -1.0);
  EXPECT_NE(ErrorOf([&] { tree.AddJoint(free); }).find("damping[0] = -1 N·m·s/rad"),
            std::string::npos);
  free.damping = VectorX();
  free.stiffness = 3.0;
  EXPECT_THROW(tree.AddJoint(free), InputError);
  EXPECT_THROW(MakeRevoluteJoint("zero_axis", a, b, Vector3::Zero()), InputError);
  free.stiffness = 0.0;
  tree.AddJoint(free);
  // Sizes and quaternions of q.
  EXPECT_NE(ErrorOf([&] { tree.CalcMassMatrix(VectorX::Zero(3)); }).find("q size = 3"),
            std::string::npos);
  EXPECT_NE(ErrorOf([&] { tree.CalcMassMatrix(VectorX::Zero(8)); }).find("quaternion norm = 0"),
            std::string::npos);
  // Units per dof: revolute rad/s (N·m), free ω rad/s (N·m), free v m/s (N).
  EXPECT_EQ(tree.VelocityUnit(0), "rad/s");
  EXPECT_EQ(tree.ForceUnit(1), "N·m");
  EXPECT_EQ(tree.ForceUnit(4), "N");
  EXPECT_EQ(tree.num_positions(), 8);
  EXPECT_EQ(tree.num_velocities(), 7);
}

}  // namespace
}  // namespace simatlas::multibody
