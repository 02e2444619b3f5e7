// E3-SAP §1: joint kinematics (X_FM, H_F, N) of the four joint types.
#include "reference/multibody/joint.h"

#include <utility>

#include "reference/core/errors.h"
#include "reference/multibody/quaternion.h"

namespace simatlas::multibody {

namespace {

Vector3 UnitAxis(const std::string& joint, const Vector3& axis) {
  for (int i = 0; i < 3; ++i) {
    core::RequireFinite("joint '" + joint + "' axis[" + std::to_string(i) + "]", axis(i), "1");
  }
  const double norm = axis.norm();
  if (!(norm > 1e-12)) {
    core::ThrowInputError("joint '" + joint + "' axis norm", norm, "1",
                          "> 1e-12 (a revolute or prismatic axis needs a direction)");
  }
  return axis / norm;
}

JointSpec Make(std::string name, JointType type, int parent, int child, const RigidTransform& X_PF,
               const Vector3& axis) {
  JointSpec spec;
  spec.name = std::move(name);
  spec.type = type;
  spec.parent = parent;
  spec.child = child;
  spec.X_PF = X_PF;
  spec.axis_F = axis;
  return spec;
}

}  // namespace

const char* JointTypeName(JointType type) {
  switch (type) {
    case JointType::kFree: return "free";
    case JointType::kRevolute: return "revolute";
    case JointType::kPrismatic: return "prismatic";
    case JointType::kWeld: return "weld";
  }
  return "?";
}

JointSpec MakeFreeJoint(std::string name, int parent, int child, const RigidTransform& X_PF) {
  return Make(std::move(name), JointType::kFree, parent, child, X_PF, Vector3::UnitZ());
}

JointSpec MakeRevoluteJoint(std::string name, int parent, int child, const Vector3& axis_F,
                            const RigidTransform& X_PF) {
  const Vector3 axis = UnitAxis(name, axis_F);
  return Make(std::move(name), JointType::kRevolute, parent, child, X_PF, axis);
}

JointSpec MakePrismaticJoint(std::string name, int parent, int child, const Vector3& axis_F,
                             const RigidTransform& X_PF) {
  const Vector3 axis = UnitAxis(name, axis_F);
  return Make(std::move(name), JointType::kPrismatic, parent, child, X_PF, axis);
}

JointSpec MakeWeldJoint(std::string name, int parent, int child, const RigidTransform& X_PF) {
  return Make(std::move(name), JointType::kWeld, parent, child, X_PF, Vector3::UnitZ());
}

int NumPositions(JointType type) {
  switch (type) {
    case JointType::kFree: return 7;
    case JointType::kRevolute:
    case JointType::kPrismatic: return 1;
    case JointType::kWeld: return 0;
  }
  return 0;
}

int NumVelocities(JointType type) {
  switch (type) {
    case JointType::kFree: return 6;
    case JointType::kRevolute:
    case JointType::kPrismatic: return 1;
    case JointType::kWeld: return 0;
  }
  return 0;
}

bool IsRotationalVelocity(JointType type, int i) {
  // Free: ω first (3 rotational), then v_FM; revolute: one rotational.
  if (type == JointType::kFree) return i < 3;
  return type == JointType::kRevolute;
}

RigidTransform CalcAcrossJointPose(const JointSpec& joint, const Eigen::Ref<const VectorX>& q) {
  RigidTransform X_FM;
  switch (joint.type) {
    case JointType::kFree: {
      const std::string what = "joint '" + joint.name + "' quaternion";
      X_FM.R = RotationFromQuaternion(q.head<4>(), what.c_str());
      X_FM.p = q.tail<3>();
      break;
    }
    case JointType::kRevolute:
      // Rotation by θ about â (Rodrigues).
      X_FM.R = Eigen::AngleAxisd(q(0), joint.axis_F).toRotationMatrix();
      break;
    case JointType::kPrismatic: X_FM.p = q(0) * joint.axis_F; break;
    case JointType::kWeld: break;
  }
  return X_FM;
}

Matrix6X AcrossJointMotionSubspace(const JointSpec& joint) {
  Matrix6X H = Matrix6X::Zero(6, NumVelocities(joint.type));
  switch (joint.type) {
    case JointType::kFree: H.setIdentity(); break;
    case JointType::kRevolute: H.block<3, 1>(0, 0) = joint.axis_F; break;
    case JointType::kPrismatic: H.block<3, 1>(3, 0) = joint.axis_F; break;
    case JointType::kWeld: break;
  }
  return H;
}

MatrixX JointVelocityToQDotMatrix(const JointSpec& joint, const Eigen::Ref<const VectorX>& q) {
  const int nq = NumPositions(joint.type), nv = NumVelocities(joint.type);
  MatrixX N = MatrixX::Zero(nq, nv);
  if (joint.type == JointType::kFree) {
    // Quaternion rows: q̇_quat = N_r(q) ω; position rows: q̇_pos = v_FM.
    N.block<4, 3>(0, 0) = QuaternionRateMatrix(q.head<4>());
    N.block<3, 3>(4, 3).setIdentity();
  } else if (nq == 1) {
    N(0, 0) = 1.0;
  }
  return N;
}

VectorX JointZeroPositions(JointType type) {
  VectorX q = VectorX::Zero(NumPositions(type));
  if (type == JointType::kFree) q(0) = 1.0;
  return q;
}

}  // namespace simatlas::multibody
