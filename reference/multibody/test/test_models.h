#pragma once
// E3-SAP §1: small models of the multibody unit tests.
// Small models shared by the multibody unit tests, with the parameters their hand derivations use.
#include "reference/multibody/multibody_tree.h"

namespace simatlas::multibody::testing {

// Pendulum link: pivot at Bo, COM at (0, 0, −lc) in B, inertia about the COM with I_yy = Iy.
inline RigidBody Link(const char* name, double m, double lc, double Iy) {
  RigidBody b;
  b.name = name;
  b.mass = m;
  b.p_BoBcm_B = Vector3(0, 0, -lc);
  b.I_BBcm_B = Vector3(Iy, Iy, 0.5 * Iy).asDiagonal();  // Ix = Iy, Iz = Iy/2: valid inertia
  return b;
}

// Double pendulum about +y: link 1 (m1, lc1, I1) pivots at the world origin; link 2 (m2, lc2,
// I2) pivots at (0, 0, −l1) on link 1. With only link 1 it is the single pendulum.
struct DoublePendulum {
  double m1 = 1.3, lc1 = 0.4, I1 = 0.05, l1 = 0.9;
  double m2 = 0.7, lc2 = 0.35, I2 = 0.02;
  MultibodyTree tree;
  DoublePendulum() {
    const int b1 = tree.AddBody(Link("link1", m1, lc1, I1));
    const int b2 = tree.AddBody(Link("link2", m2, lc2, I2));
    tree.AddJoint(MakeRevoluteJoint("shoulder", kWorldBody, b1, Vector3::UnitY()));
    RigidTransform X_PF;
    X_PF.p = Vector3(0, 0, -l1);
    tree.AddJoint(MakeRevoluteJoint("elbow", b1, b2, Vector3::UnitY(), X_PF));
  }
};

// A mixed tree exercising every joint type: a free base, a revolute arm with a prismatic
// slider on it, a welded box on the arm, and a second revolute branch on the base.
inline MultibodyTree MixedTree() {
  MultibodyTree tree;
  RigidBody base{"base", 3.0, Vector3(0.05, -0.02, 0.1), Vector3(0.3, 0.4, 0.5).asDiagonal()};
  base.I_BBcm_B(0, 1) = base.I_BBcm_B(1, 0) = 0.02;
  const int b0 = tree.AddBody(base);
  const int b1 =
      tree.AddBody({"arm", 1.2, Vector3(0.3, 0, 0), Vector3(0.01, 0.05, 0.05).asDiagonal()});
  const int b2 =
      tree.AddBody({"slider", 0.5, Vector3(0, 0.02, 0), Vector3(0.002, 0.003, 0.004).asDiagonal()});
  const int b3 = tree.AddBody(
      {"box", 0.8, Vector3(0.01, 0.0, -0.03), Vector3(0.01, 0.012, 0.015).asDiagonal()});
  const int b4 =
      tree.AddBody({"tail", 0.6, Vector3(-0.2, 0.1, 0), Vector3(0.02, 0.02, 0.03).asDiagonal()});
  tree.AddJoint(MakeFreeJoint("base_free", kWorldBody, b0));
  RigidTransform X1;
  X1.p = Vector3(0.2, 0.1, 0.3);
  X1.R = Eigen::AngleAxisd(0.4, Vector3(1, 2, 3).normalized()).toRotationMatrix();
  tree.AddJoint(MakeRevoluteJoint("shoulder", b0, b1, Vector3(0.3, 1.0, -0.2), X1));
  RigidTransform X2;
  X2.p = Vector3(0.5, 0, 0);
  tree.AddJoint(MakePrismaticJoint("slide", b1, b2, Vector3(1, 0.2, 0.1), X2));
  RigidTransform X3;
  X3.p = Vector3(0.1, 0.2, -0.1);
  X3.R = Eigen::AngleAxisd(-0.7, Vector3::UnitZ()).toRotationMatrix();
  tree.AddJoint(MakeWeldJoint("box_weld", b1, b3, X3));
  RigidTransform X4;
  X4.p = Vector3(-0.3, 0, 0.1);
  tree.AddJoint(MakeRevoluteJoint("tail_hinge", b0, b4, Vector3::UnitZ(), X4));
  tree.set_gravity(Vector3(0.5, -1.0, -9.81));
  return tree;
}

// A configuration and velocity for MixedTree (unit quaternion, generic numbers).
inline VectorX MixedQ() {
  VectorX q(10);
  const Eigen::Vector4d quat = Eigen::Vector4d(0.8, 0.3, -0.4, 0.2).normalized();
  q << quat, 0.3, -0.2, 1.1, 0.7, 0.15, -1.2;
  return q;
}
inline VectorX MixedV() {
  VectorX v(9);
  v << 0.4, -1.1, 0.7, 0.3, 0.2, -0.5, 1.3, -0.6, 0.9;
  return v;
}

}  // namespace simatlas::multibody::testing
