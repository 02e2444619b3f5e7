#pragma once
/// @file
/// E3-SAP §1: joints (mobilizers) of the tree. A joint connects a parent body P to a child
/// body B through a frame F fixed on P (pose X_PF) and the child's own frame M = B. Its
/// positions q_j and velocities v_j (nq ≠ nv for the free joint) give the pose X_FM(q_j) and
/// the across-joint spatial velocity V_FM_F = H_F v_j, taken at Mo = Bo and expressed in F.
/// H_F is constant in F for every joint type here, so the across-joint acceleration measured
/// in F is H_F v̇_j with no extra term:
///   free       nq = 7, nv = 6: q = (qw,qx,qy,qz, x,y,z), v = (ω_FM, v_FM) both in F, H_F = 1₆
///              (Drake `QuaternionFloatingMobilizer`, angular first); q̇ = (N_r ω, v_FM)
///   revolute   nq = nv = 1: θ [rad] about the unit axis â (in F), H_F = (â, 0)
///   prismatic  nq = nv = 1: x [m] along â (in F), H_F = (0, â)
///   weld       nq = nv = 0: X_FM = identity
/// Joint elements (the τ_elements of (1.2)) and the implicit damping of (2.1):
///   damping    D ≥ 0 per velocity [N·m·s/rad rotational, N·s/m translational]: τ = −D v
///   spring     k ≥ 0 [N·m/rad or N/m] about q_ref (revolute, prismatic): τ = −k (q − q_ref)
///   reflected rotor inertia ≥ 0 [kg·m² or kg] added to M's diagonal (revolute, prismatic)
/// Equation numbers (N.M) are the formula sheet's (course/FORMULAS.md).

#include <string>

#include "reference/multibody/spatial_algebra.h"

namespace simatlas::multibody {

/// The joint kinds of the tree.
enum class JointType {
  kFree,       ///< six DOFs: quaternion + position (nq = 7), (ω, v) in F (nv = 6)
  kRevolute,   ///< rotation θ [rad] about the unit axis â (nq = nv = 1)
  kPrismatic,  ///< translation x [m] along the unit axis â (nq = nv = 1)
  kWeld        ///< no motion: X_FM = identity (nq = nv = 0)
};

/// Name of a joint type ("free", "revolute", "prismatic", "weld").
const char* JointTypeName(JointType type);

/// Everything needed to add a joint. Build with the Make*Joint helpers, then set the elements.
struct JointSpec {
  std::string name;                   ///< unique, used in error messages
  JointType type = JointType::kWeld;  ///< kind
  int parent = 0;                     ///< parent body index (0 is the world)
  int child = -1;                     ///< child body index
  RigidTransform X_PF;                ///< joint frame F on the parent [m]
  Vector3 axis_F = Vector3::UnitZ();  ///< unit axis (revolute, prismatic), in F
  VectorX damping;                    ///< D per velocity (empty: zeros)
  double stiffness = 0.0;             ///< spring k (revolute, prismatic)
  double spring_reference = 0.0;      ///< q_ref [rad or m]
  double reflected_inertia = 0.0;     ///< rotor inertia reflected to the joint [kg·m² or kg]
};

/// A free joint (6 dof, quaternion) between parent and child.
JointSpec MakeFreeJoint(std::string name, int parent, int child, const RigidTransform& X_PF = {});
/// A revolute joint about axis_F (normalised; must be non-zero).
JointSpec MakeRevoluteJoint(std::string name, int parent, int child, const Vector3& axis_F,
                            const RigidTransform& X_PF = {});
/// A prismatic joint along axis_F (normalised; must be non-zero).
JointSpec MakePrismaticJoint(std::string name, int parent, int child, const Vector3& axis_F,
                             const RigidTransform& X_PF = {});
/// A weld: the child is fixed at X_PF.
JointSpec MakeWeldJoint(std::string name, int parent, int child, const RigidTransform& X_PF = {});

/// Number of positions nq of a joint type.
int NumPositions(JointType type);
/// Number of velocities nv of a joint type.
int NumVelocities(JointType type);

/// True when velocity i of the joint is rotational (its generalized force is in N·m).
bool IsRotationalVelocity(JointType type, int i);

/// X_FM(q_j) for the joint's positions (the free joint's quaternion read normalised).
RigidTransform CalcAcrossJointPose(const JointSpec& joint, const Eigen::Ref<const VectorX>& q_j);

/// H_F (6 × nv): V_FM_F = H_F v_j at Mo, expressed in F.
Matrix6X AcrossJointMotionSubspace(const JointSpec& joint);

/// q̇_j = N_j(q_j) v_j: free → (N_r(q) ω, v); revolute, prismatic → v; weld → empty.
MatrixX JointVelocityToQDotMatrix(const JointSpec& joint, const Eigen::Ref<const VectorX>& q_j);

/// The joint's positions for zero motion: identity quaternion and zeros.
VectorX JointZeroPositions(JointType type);

}  // namespace simatlas::multibody
