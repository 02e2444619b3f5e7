// E3-SAP §1: kinematics of the tree — poses, spatial velocities, point Jacobians J(q) (the Jᵢ of
// (1.2), so that vᵀ Jᵀ f = (J v)ᵀ f) and relative Jacobians between two bodies.
// Equation numbers (N.M) are the formula sheet's (course/FORMULAS.md).
#include <string>

#include "reference/core/errors.h"
#include "reference/multibody/multibody_tree.h"

namespace simatlas::multibody {

PositionKinematics MultibodyTree::CalcPositionKinematics(const VectorX& q) const {
  ValidatePositions(q);
  PositionKinematics kin;
  kin.X_WB.assign(num_bodies(), RigidTransform{});
  kin.H_W.resize(num_joints());
  // Parent before child: X_WB = X_WP · X_PF · X_FM(q_j).
  for (int j = 0; j < num_joints(); ++j) {
    const JointSpec& joint = joints_[j];
    const RigidTransform X_WF = kin.X_WB[joint.parent] * joint.X_PF;
    const RigidTransform X_FM =
        CalcAcrossJointPose(joint, q.segment(q_start_[j], NumPositions(joint.type)));
    kin.X_WB[joint.child] = X_WF * X_FM;
    // H_W: the columns of H_F rotated into W (both parts), still taken at Bo.
    const Matrix6X H_F = AcrossJointMotionSubspace(joint);
    Matrix6X H_W(6, H_F.cols());
    for (int c = 0; c < H_F.cols(); ++c) H_W.col(c) = ReExpress(X_WF.R, H_F.col(c));
    kin.H_W[j] = H_W;
  }
  return kin;
}

std::vector<Vector6> MultibodyTree::CalcBodyVelocities(const VectorX& q, const VectorX& v) const {
  ValidateVelocities(v);
  const PositionKinematics kin = CalcPositionKinematics(q);
  std::vector<Vector6> V_WB(num_bodies(), Vector6::Zero());
  for (int j = 0; j < num_joints(); ++j) {
    const JointSpec& joint = joints_[j];
    const Vector3 p_PoBo_W = kin.X_WB[joint.child].p - kin.X_WB[joint.parent].p;
    // V_WB = V_WP shifted from Po to Bo, plus the across-joint velocity H_W v_j.
    V_WB[joint.child] = ShiftSpatialVelocity(V_WB[joint.parent], p_PoBo_W) +
                        kin.H_W[j] * v.segment(v_start_[j], kin.H_W[j].cols());
  }
  return V_WB;
}

Vector3 MultibodyTree::CalcPointPosition(const VectorX& q, int body_index,
                                         const Vector3& p_BoQ_B) const {
  body(body_index);
  return CalcPositionKinematics(q).X_WB[body_index] * p_BoQ_B;
}

Vector3 MultibodyTree::CalcPointVelocity(const VectorX& q, const VectorX& v, int body_index,
                                         const Vector3& p_BoQ_B) const {
  body(body_index);
  const PositionKinematics kin = CalcPositionKinematics(q);
  const Vector6 V_WB = CalcBodyVelocities(q, v)[body_index];
  // v_WQ = v_WBo + ω_WB × p_BoQ_W.
  return LinearPart(ShiftSpatialVelocity(V_WB, kin.X_WB[body_index].R * p_BoQ_B));
}

Matrix6X MultibodyTree::CalcSpatialJacobianAtWorldPoint(const VectorX& q, int body_index,
                                                        const Vector3& p_WQ) const {
  body(body_index);
  for (int i = 0; i < 3; ++i) core::RequireFinite("p_WQ[" + std::to_string(i) + "]", p_WQ(i), "m");
  const PositionKinematics kin = CalcPositionKinematics(q);
  Matrix6X J = Matrix6X::Zero(6, nv_);
  // Walk from the body to the world: each joint on the path moves Q rigidly.
  for (int b = body_index; b != kWorldBody; b = joints_[joint_of_body_[b]].parent) {
    const int j = joint_of_body_[b];
    const Vector3 p_BoQ_W = p_WQ - kin.X_WB[b].p;
    for (int c = 0; c < kin.H_W[j].cols(); ++c) {
      // Column of H_W (at Bo) shifted to Q.
      J.col(v_start_[j] + c) = ShiftSpatialVelocity(kin.H_W[j].col(c), p_BoQ_W);
    }
  }
  return J;
}

MatrixX MultibodyTree::CalcPointJacobianAtWorldPoint(const VectorX& q, int body_index,
                                                     const Vector3& p_WQ) const {
  return CalcSpatialJacobianAtWorldPoint(q, body_index, p_WQ).bottomRows<3>();
}

MatrixX MultibodyTree::CalcPointJacobian(const VectorX& q, int body_index,
                                         const Vector3& p_BoQ_B) const {
  return CalcPointJacobianAtWorldPoint(q, body_index, CalcPointPosition(q, body_index, p_BoQ_B));
}

MatrixX MultibodyTree::CalcRelativePointJacobian(const VectorX& q, int body_A, int body_B,
                                                 const Vector3& p_WC) const {
  // v_AcBc_W = v_WBc − v_WAc: both points coincide with C now.
  return CalcPointJacobianAtWorldPoint(q, body_B, p_WC) -
         CalcPointJacobianAtWorldPoint(q, body_A, p_WC);
}

std::vector<Vector3> MultibodyTree::CalcCentersOfMass(const VectorX& q) const {
  const PositionKinematics kin = CalcPositionKinematics(q);
  std::vector<Vector3> p(num_bodies(), Vector3::Zero());
  for (int b = 1; b < num_bodies(); ++b) p[b] = kin.X_WB[b] * bodies_[b].p_BoBcm_B;
  return p;
}

}  // namespace simatlas::multibody
