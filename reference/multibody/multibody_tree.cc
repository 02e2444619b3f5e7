// E3-SAP §1: building the tree, its index bookkeeping, q̇ = N(q) v (1.1) and the §5 position
// update.
// Equation numbers (N.M) are the formula sheet's (course/FORMULAS.md).
#include "reference/multibody/multibody_tree.h"

#include <string>

#include "reference/core/errors.h"
#include "reference/multibody/quaternion.h"

namespace simatlas::multibody {

MultibodyTree::MultibodyTree() {
  // Body 0 is the world: its mass properties are never read.
  RigidBody world;
  world.name = "world";
  bodies_.push_back(world);
  joint_of_body_.push_back(-1);
}

int MultibodyTree::AddBody(const RigidBody& body) {
  ValidateRigidBody(body);
  for (const RigidBody& b : bodies_) {
    if (b.name == body.name)
      throw core::InputError("body name '" + body.name + "' is already used");
  }
  bodies_.push_back(body);
  joint_of_body_.push_back(-1);
  return num_bodies() - 1;
}

int MultibodyTree::AddJoint(const JointSpec& spec) {
  const std::string who = "joint '" + spec.name + "'";
  // Topology: the child is a new body, the parent is already part of the tree.
  if (spec.child <= kWorldBody || spec.child >= num_bodies()) {
    core::ThrowInputError(
        who + " child body index", spec.child, "1",
        "an added body other than the world (1 … " + std::to_string(num_bodies() - 1) + ")");
  }
  if (spec.parent < 0 || spec.parent >= num_bodies()) {
    core::ThrowInputError(who + " parent body index", spec.parent, "1",
                          "a body of the tree (0 … " + std::to_string(num_bodies() - 1) + ")");
  }
  if (joint_of_body_[spec.child] >= 0) {
    throw core::InputError(who + ": body '" + bodies_[spec.child].name +
                           "' already has an inboard joint (a tree has one per body)");
  }
  if (spec.parent != kWorldBody && joint_of_body_[spec.parent] < 0) {
    throw core::InputError(who + ": parent body '" + bodies_[spec.parent].name +
                           "' is not connected yet (add its inboard joint first)");
  }
  for (const JointSpec& j : joints_) {
    if (j.name == spec.name)
      throw core::InputError("joint name '" + spec.name + "' is already used");
  }
  JointSpec joint = spec;
  const int nv = NumVelocities(joint.type);
  // Damping D ≥ 0, one entry per velocity.
  if (joint.damping.size() == 0) joint.damping = VectorX::Zero(nv);
  if (joint.damping.size() != nv) {
    core::ThrowInputError(who + " damping entries", static_cast<double>(joint.damping.size()), "1",
                          "equal to the joint's nv = " + std::to_string(nv));
  }
  for (int i = 0; i < nv; ++i) {
    core::RequireNonNegative(who + " damping[" + std::to_string(i) + "]", joint.damping(i),
                             IsRotationalVelocity(joint.type, i) ? "N·m·s/rad" : "N·s/m");
  }
  // Springs and rotor inertia act on one-dof joints only.
  const bool one_dof = nv == 1;
  const char* unit_k = joint.type == JointType::kRevolute ? "N·m/rad" : "N/m";
  core::RequireNonNegative(who + " stiffness", joint.stiffness, unit_k);
  core::RequireFinite(who + " spring_reference", joint.spring_reference,
                      joint.type == JointType::kRevolute ? "rad" : "m");
  core::RequireNonNegative(who + " reflected_inertia", joint.reflected_inertia,
                           joint.type == JointType::kRevolute ? "kg·m²" : "kg");
  if (!one_dof && (joint.stiffness != 0 || joint.reflected_inertia != 0)) {
    throw core::InputError(who +
                           ": stiffness and reflected_inertia apply to revolute and "
                           "prismatic joints only (this joint is " +
                           JointTypeName(joint.type) + ")");
  }
  // The pose X_PF must be a rotation (orthonormal, det +1) and a finite offset.
  const double orthogonality =
      (joint.X_PF.R * joint.X_PF.R.transpose() - Matrix3::Identity()).cwiseAbs().maxCoeff();
  if (!(orthogonality <= 1e-9) || !(joint.X_PF.R.determinant() > 0)) {
    core::ThrowInputError(who + " X_PF rotation error max|R Rᵀ − 1|", orthogonality, "1",
                          "<= 1e-9 with det R = +1 (a proper rotation)");
  }
  for (int i = 0; i < 3; ++i) core::RequireFinite(who + " X_PF offset", joint.X_PF.p(i), "m");

  joints_.push_back(joint);
  joint_of_body_[joint.child] = num_joints() - 1;
  q_start_.push_back(nq_);
  v_start_.push_back(nv_);
  nq_ += NumPositions(joint.type);
  nv_ += nv;
  return num_joints() - 1;
}

int MultibodyTree::AddActuator(int joint_index) {
  const JointSpec& j = joint(joint_index);
  if (NumVelocities(j.type) != 1) {
    throw core::InputError("actuator on joint '" + j.name +
                           "': only revolute and prismatic "
                           "joints take an actuator (this joint is " +
                           JointTypeName(j.type) + ")");
  }
  actuated_joints_.push_back(joint_index);
  return num_actuators() - 1;
}

void MultibodyTree::set_gravity(const Vector3& g_W) {
  for (int i = 0; i < 3; ++i)
    core::RequireFinite("gravity[" + std::to_string(i) + "]", g_W(i), "m/s²");
  gravity_ = g_W;
}

const RigidBody& MultibodyTree::body(int index) const {
  if (index < 0 || index >= num_bodies()) {
    core::ThrowInputError("body index", index, "1", "in 0 … " + std::to_string(num_bodies() - 1));
  }
  return bodies_[index];
}

const JointSpec& MultibodyTree::joint(int index) const {
  if (index < 0 || index >= num_joints()) {
    core::ThrowInputError("joint index", index, "1", "in 0 … " + std::to_string(num_joints() - 1));
  }
  return joints_[index];
}

int MultibodyTree::inboard_joint(int body_index) const {
  body(body_index);
  return joint_of_body_[body_index];
}

int MultibodyTree::BodyIndex(const std::string& name) const {
  for (int i = 0; i < num_bodies(); ++i) {
    if (bodies_[i].name == name) return i;
  }
  throw core::InputError("no body named '" + name + "'");
}

std::string MultibodyTree::VelocityUnit(int i) const {
  for (int j = 0; j < num_joints(); ++j) {
    const int local = i - v_start_[j];
    if (local >= 0 && local < NumVelocities(joints_[j].type)) {
      return IsRotationalVelocity(joints_[j].type, local) ? "rad/s" : "m/s";
    }
  }
  core::ThrowInputError("velocity index", i, "1", "in 0 … nv − 1 = " + std::to_string(nv_ - 1));
}

std::string MultibodyTree::ForceUnit(int i) const {
  return VelocityUnit(i) == "rad/s" ? "N·m" : "N";
}

VectorX MultibodyTree::DefaultPositions() const {
  VectorX q(nq_);
  for (int j = 0; j < num_joints(); ++j) {
    q.segment(q_start_[j], NumPositions(joints_[j].type)) = JointZeroPositions(joints_[j].type);
  }
  return q;
}

VectorX MultibodyTree::JointDamping() const {
  VectorX d(nv_);
  for (int j = 0; j < num_joints(); ++j) {
    d.segment(v_start_[j], joints_[j].damping.size()) = joints_[j].damping;
  }
  return d;
}

MatrixX MultibodyTree::ActuationMatrix() const {
  MatrixX B = MatrixX::Zero(nv_, num_actuators());
  for (int a = 0; a < num_actuators(); ++a) B(v_start_[actuated_joints_[a]], a) = 1.0;
  return B;
}

void MultibodyTree::RequireAllBodiesConnected() const {
  for (int b = 1; b < num_bodies(); ++b) {
    if (joint_of_body_[b] < 0) {
      throw core::InputError("body '" + bodies_[b].name +
                             "' has no inboard joint (add a free, revolute, prismatic or weld "
                             "joint to connect it)");
    }
  }
}

void MultibodyTree::ValidatePositions(const VectorX& q) const {
  RequireAllBodiesConnected();
  if (q.size() != nq_) {
    core::ThrowInputError("q size", static_cast<double>(q.size()), "1",
                          "equal to num_positions() = " + std::to_string(nq_));
  }
  for (int i = 0; i < nq_; ++i) core::RequireFinite("q[" + std::to_string(i) + "]", q(i), "");
  for (int j = 0; j < num_joints(); ++j) {
    if (joints_[j].type != JointType::kFree) continue;
    const double norm = q.segment<4>(q_start_[j]).norm();
    if (!(norm > 0)) {
      core::ThrowInputError("joint '" + joints_[j].name + "' quaternion norm", norm, "1",
                            "> 0 (a rotation needs a non-zero quaternion)");
    }
  }
}

void MultibodyTree::ValidateVelocities(const VectorX& v) const {
  if (v.size() != nv_) {
    core::ThrowInputError("v size", static_cast<double>(v.size()), "1",
                          "equal to num_velocities() = " + std::to_string(nv_));
  }
  for (int i = 0; i < nv_; ++i) {
    core::RequireFinite("v[" + std::to_string(i) + "]", v(i), VelocityUnit(i));
  }
}

MatrixX MultibodyTree::CalcVelocityToQDotMatrix(const VectorX& q) const {
  ValidatePositions(q);
  MatrixX N = MatrixX::Zero(nq_, nv_);
  // Block diagonal: each joint maps its own velocities to its own position rates.
  for (int j = 0; j < num_joints(); ++j) {
    const int nqj = NumPositions(joints_[j].type), nvj = NumVelocities(joints_[j].type);
    N.block(q_start_[j], v_start_[j], nqj, nvj) =
        JointVelocityToQDotMatrix(joints_[j], q.segment(q_start_[j], nqj));
  }
  return N;
}

VectorX MultibodyTree::MapVelocityToQDot(const VectorX& q, const VectorX& v) const {
  ValidateVelocities(v);
  return CalcVelocityToQDotMatrix(q) * v;
}

MatrixX MultibodyTree::CalcQDotToVelocityMatrix(const VectorX& q) const {
  // N⁺ = (NᵀN)⁻¹Nᵀ block by block: NᵀN = 1 except ‖q‖²/4 · 1 on the quaternion rows.
  MatrixX N = CalcVelocityToQDotMatrix(q).transpose();
  for (int j = 0; j < num_joints(); ++j) {
    if (joints_[j].type != JointType::kFree) continue;
    N.block<3, 4>(v_start_[j], q_start_[j]) *= 4.0 / q.segment<4>(q_start_[j]).squaredNorm();
  }
  return N;
}

VectorX MultibodyTree::MapQDotToVelocity(const VectorX& q, const VectorX& qdot) const {
  if (qdot.size() != nq_) {
    core::ThrowInputError("qdot size", static_cast<double>(qdot.size()), "1",
                          "equal to num_positions() = " + std::to_string(nq_));
  }
  return CalcQDotToVelocityMatrix(q) * qdot;
}

VectorX MultibodyTree::IntegratePositions(const VectorX& q0, const VectorX& v, double h,
                                          QuaternionUpdate update) const {
  core::RequireFinite("h", h, "s");
  // §5: q_next = q₀ + h N(q₀) v_next, joint by joint.
  VectorX q = q0 + h * MapVelocityToQDot(q0, v);
  if (update == QuaternionUpdate::kExponentialMap) {
    // Free joints: replace the linear quaternion block by the exponential map.
    for (int j = 0; j < num_joints(); ++j) {
      if (joints_[j].type != JointType::kFree) continue;
      q.segment<4>(q_start_[j]) =
          QuaternionStepExponential(q0.segment<4>(q_start_[j]), v.segment<3>(v_start_[j]), h);
    }
  }
  return q;
}

}  // namespace simatlas::multibody
