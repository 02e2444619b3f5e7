// E3-SAP §1: the terms of (1.2) computed by the tree — M(q) by the composite rigid body
// algorithm, c(q, v) by recursive Newton–Euler, τ_g, the joint elements, and the energies and
// momentum the tests use as independent checks.
// Equation numbers (N.M) are the formula sheet's (course/FORMULAS.md).
#include <string>

#include "reference/core/errors.h"
#include "reference/multibody/multibody_tree.h"

namespace simatlas::multibody {

std::vector<Matrix6> MultibodyTree::SpatialInertias(const PositionKinematics& kin) const {
  std::vector<Matrix6> M(num_bodies(), Matrix6::Zero());
  for (int b = 1; b < num_bodies(); ++b)
    M[b] = SpatialInertiaAboutOrigin(bodies_[b], kin.X_WB[b].R);
  return M;
}

VectorX MultibodyTree::ProjectBodyForces(const PositionKinematics& kin,
                                         std::vector<Vector6> F) const {
  VectorX tau = VectorX::Zero(nv_);
  // Child before parent: F of a subtree about Bo, projected on the joint, then moved to Po.
  for (int j = num_joints() - 1; j >= 0; --j) {
    const JointSpec& joint = joints_[j];
    const Matrix6X& H = kin.H_W[j];
    // Power of the subtree force over the joint's motion: τ_j = H_Wᵀ F_Bo.
    tau.segment(v_start_[j], H.cols()) = H.transpose() * F[joint.child];
    const Vector3 p_PoBo_W = kin.X_WB[joint.child].p - kin.X_WB[joint.parent].p;
    F[joint.parent] += ShiftSpatialForceToPoint(F[joint.child], p_PoBo_W);
  }
  return tau;
}

MatrixX MultibodyTree::CalcMassMatrix(const VectorX& q) const {
  const PositionKinematics kin = CalcPositionKinematics(q);
  // Composite inertias K_B about Bo: own inertia plus the children's, shifted to Bo.
  std::vector<Matrix6> K = SpatialInertias(kin);
  for (int j = num_joints() - 1; j >= 0; --j) {
    const JointSpec& joint = joints_[j];
    if (joint.parent == kWorldBody) continue;
    // M_Po = Φ(r)ᵀ M_Bo Φ(r), r = p_PoBo: same kinetic energy for the same rigid motion.
    const Matrix6 phi = ShiftOperator(kin.X_WB[joint.child].p - kin.X_WB[joint.parent].p);
    K[joint.parent] += phi.transpose() * K[joint.child] * phi;
  }
  MatrixX M = MatrixX::Zero(nv_, nv_);
  for (int i = 0; i < num_joints(); ++i) {
    const int bi = joints_[i].child;
    const Matrix6X& Hi = kin.H_W[i];
    const int ni = static_cast<int>(Hi.cols());
    if (ni == 0) continue;
    // F = K_Bi H_i: the momentum (about Bo_i) of the subtree when only joint i moves.
    Matrix6X F = K[bi] * Hi;
    M.block(v_start_[i], v_start_[i], ni, ni) = Hi.transpose() * F;
    // Up the path to the world: M_ki = H_kᵀ F with F moved to each ancestor's origin.
    for (int b = bi; joints_[joint_of_body_[b]].parent != kWorldBody;) {
      const int parent = joints_[joint_of_body_[b]].parent;
      const Vector3 r = kin.X_WB[b].p - kin.X_WB[parent].p;
      for (int c = 0; c < ni; ++c) F.col(c) = ShiftSpatialForceToPoint(F.col(c), r);
      const int k = joint_of_body_[parent];
      const Matrix6X& Hk = kin.H_W[k];
      if (Hk.cols() > 0) {
        const MatrixX Mki = Hk.transpose() * F;
        M.block(v_start_[k], v_start_[i], Hk.cols(), ni) = Mki;
        M.block(v_start_[i], v_start_[k], ni, Hk.cols()) = Mki.transpose();
      }
      b = parent;
    }
  }
  // Reflected rotor inertia sits on the diagonal (formula sheet §1).
  for (int j = 0; j < num_joints(); ++j) {
    if (NumVelocities(joints_[j].type) == 1)
      M(v_start_[j], v_start_[j]) += joints_[j].reflected_inertia;
  }
  return M;
}

VectorX MultibodyTree::CalcInverseDynamics(const VectorX& q, const VectorX& v,
                                           const VectorX& vdot) const {
  ValidateVelocities(v);
  if (vdot.size() != nv_) {
    core::ThrowInputError("vdot size", static_cast<double>(vdot.size()), "1",
                          "equal to num_velocities() = " + std::to_string(nv_));
  }
  const PositionKinematics kin = CalcPositionKinematics(q);
  const std::vector<Matrix6> M = SpatialInertias(kin);
  std::vector<Vector6> V(num_bodies(), Vector6::Zero());
  std::vector<Vector6> A(num_bodies(), Vector6::Zero());
  std::vector<Vector6> F(num_bodies(), Vector6::Zero());
  // Forward pass: velocities and accelerations (H_F is constant in F, so A_PB = H_W v̇_j).
  for (int j = 0; j < num_joints(); ++j) {
    const JointSpec& joint = joints_[j];
    const int n = static_cast<int>(kin.H_W[j].cols());
    const Vector3 r = kin.X_WB[joint.child].p - kin.X_WB[joint.parent].p;
    const Vector6 V_PB = kin.H_W[j] * v.segment(v_start_[j], n);
    const Vector6 A_PB = kin.H_W[j] * vdot.segment(v_start_[j], n);
    V[joint.child] = ShiftSpatialVelocity(V[joint.parent], r) + V_PB;
    A[joint.child] = ComposeAcceleration(A[joint.parent], V[joint.parent], r, V_PB, A_PB);
  }
  // Newton–Euler per body about Bo: F_Bo = M_Bo A_WB + Fb(ω).
  for (int b = 1; b < num_bodies(); ++b) {
    F[b] = M[b] * A[b] + VelocityBiasForce(bodies_[b], kin.X_WB[b].R, AngularPart(V[b]));
  }
  // Backward pass, then the rotor inertia's own torque I_rotor v̇.
  VectorX tau = ProjectBodyForces(kin, F);
  for (int j = 0; j < num_joints(); ++j) {
    if (NumVelocities(joints_[j].type) == 1) {
      tau(v_start_[j]) += joints_[j].reflected_inertia * vdot(v_start_[j]);
    }
  }
  return tau;
}

VectorX MultibodyTree::CalcBiasTerm(const VectorX& q, const VectorX& v) const {
  // c(q, v) is the inverse dynamics with v̇ = 0 (gravity is τ_g, on the right of (1.2)).
  return CalcInverseDynamics(q, v, VectorX::Zero(nv_));
}

VectorX MultibodyTree::CalcGeneralizedForcesFromBodyForces(const VectorX& q,
                                                           const std::vector<Vector6>& F) const {
  if (static_cast<int>(F.size()) != num_bodies()) {
    core::ThrowInputError("number of body spatial forces", static_cast<double>(F.size()), "1",
                          "equal to num_bodies() = " + std::to_string(num_bodies()));
  }
  const PositionKinematics kin = CalcPositionKinematics(q);
  return ProjectBodyForces(kin, F);
}

VectorX MultibodyTree::CalcGravityGeneralizedForces(const VectorX& q) const {
  const PositionKinematics kin = CalcPositionKinematics(q);
  // Weight m g at Bcm, as a spatial force about Bo: (c × m g, m g).
  std::vector<Vector6> F(num_bodies(), Vector6::Zero());
  for (int b = 1; b < num_bodies(); ++b) {
    const Vector3 f = bodies_[b].mass * gravity_;
    const Vector3 c = kin.X_WB[b].R * bodies_[b].p_BoBcm_B;
    F[b] = MakeSpatial(c.cross(f), f);
  }
  return ProjectBodyForces(kin, F);
}

VectorX MultibodyTree::CalcSpringForces(const VectorX& q) const {
  ValidatePositions(q);
  VectorX tau = VectorX::Zero(nv_);
  // τ = −k (q − q_ref) on each one-dof joint.
  for (int j = 0; j < num_joints(); ++j) {
    if (NumVelocities(joints_[j].type) != 1) continue;
    tau(v_start_[j]) = -joints_[j].stiffness * (q(q_start_[j]) - joints_[j].spring_reference);
  }
  return tau;
}

VectorX MultibodyTree::CalcDampingForces(const VectorX& v) const {
  ValidateVelocities(v);
  return -JointDamping().cwiseProduct(v);
}

double MultibodyTree::CalcKineticEnergy(const VectorX& q, const VectorX& v) const {
  const PositionKinematics kin = CalcPositionKinematics(q);
  const std::vector<Vector6> V = CalcBodyVelocities(q, v);
  double T = 0.0;
  // Body by body: ½ m ‖v_Bcm‖² + ½ ωᵀ I_Bcm_W ω.
  for (int b = 1; b < num_bodies(); ++b) {
    const Matrix3& R = kin.X_WB[b].R;
    const Vector3 w = AngularPart(V[b]);
    const Vector3 v_cm = LinearPart(ShiftSpatialVelocity(V[b], R * bodies_[b].p_BoBcm_B));
    T += 0.5 * bodies_[b].mass * v_cm.squaredNorm() +
         0.5 * w.dot(R * bodies_[b].I_BBcm_B * R.transpose() * w);
  }
  // Rotor kinetic energy ½ I_rotor v².
  for (int j = 0; j < num_joints(); ++j) {
    if (NumVelocities(joints_[j].type) == 1) {
      T += 0.5 * joints_[j].reflected_inertia * v(v_start_[j]) * v(v_start_[j]);
    }
  }
  return T;
}

double MultibodyTree::CalcPotentialEnergy(const VectorX& q) const {
  const std::vector<Vector3> p_cm = CalcCentersOfMass(q);
  double V = 0.0;
  // Gravity: −m g·p_WBcm.
  for (int b = 1; b < num_bodies(); ++b) V -= bodies_[b].mass * gravity_.dot(p_cm[b]);
  // Springs: ½ k (q − q_ref)².
  for (int j = 0; j < num_joints(); ++j) {
    if (NumVelocities(joints_[j].type) != 1) continue;
    const double dq = q(q_start_[j]) - joints_[j].spring_reference;
    V += 0.5 * joints_[j].stiffness * dq * dq;
  }
  return V;
}

Vector6 MultibodyTree::CalcSpatialMomentumInWorld(const VectorX& q, const VectorX& v) const {
  const PositionKinematics kin = CalcPositionKinematics(q);
  const std::vector<Vector6> V = CalcBodyVelocities(q, v);
  Vector3 angular = Vector3::Zero(), linear = Vector3::Zero();
  for (int b = 1; b < num_bodies(); ++b) {
    const Matrix3& R = kin.X_WB[b].R;
    const Vector3 c = R * bodies_[b].p_BoBcm_B;
    const Vector3 w = AngularPart(V[b]);
    const Vector3 L = bodies_[b].mass * LinearPart(ShiftSpatialVelocity(V[b], c));
    // About the world origin: spin I_Bcm ω plus the moment of the COM's linear momentum.
    angular += R * bodies_[b].I_BBcm_B * R.transpose() * w + (kin.X_WB[b].p + c).cross(L);
    linear += L;
  }
  return MakeSpatial(angular, linear);
}

}  // namespace simatlas::multibody
