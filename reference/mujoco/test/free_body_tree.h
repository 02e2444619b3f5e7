#pragma once
// MJ-solvers §7: the one free body that the tree integrators' position-map tests difference and
// integrate (mj_differentiatePos, mj_integratePos on a free joint).
#include "reference/multibody/multibody_tree.h"

namespace simatlas::mujoco::testing {

// One body on a free joint, gravity off: 2 kg, centre of mass at (0, 0, −0.1) m in the body frame,
// inertia diag(0.01, 0.02, 0.03) kg·m²; q = (quaternion w, x, y, z; position), nv = 6.
inline multibody::MultibodyTree FreeBody() {
  multibody::MultibodyTree tree;
  tree.set_gravity(core::Vector3::Zero());
  multibody::RigidBody body;
  body.name = "body";
  body.mass = 2.0;
  body.p_BoBcm_B = core::Vector3(0, 0, -0.1);
  body.I_BBcm_B = core::Vector3(0.01, 0.02, 0.03).asDiagonal();
  tree.AddJoint(multibody::MakeFreeJoint("free", multibody::kWorldBody, tree.AddBody(body)));
  return tree;
}

}  // namespace simatlas::mujoco::testing
