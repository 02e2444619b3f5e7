#pragma once
/// @file
/// E3-SAP §1: a small rigid multibody tree for
///   q̇ = N(q) v                                                                  (1.1)
///   M(q) v̇ + c(q, v) = B u + τ_g + τ_elements + τ_ext + Σᵢ Jᵢ(q)ᵀ fᵢ            (1.2)
/// Body 0 is the world. Every other body gets exactly one inboard joint whose parent is already
/// connected, so the joints are stored in a parent-before-child order; joint j owns the
/// positions q[position_start(j) …] and velocities v[velocity_start(j) …] in that order.
/// Algorithms (all spatial quantities expressed in W, taken about body origins):
///   kinematics   X_WB, V_WB = shift(V_WP) + H_W v_j, A_WB by ComposeAcceleration
///   M(q)         composite rigid body algorithm, plus reflected rotor inertia on the diagonal
///   c(q, v)      recursive Newton–Euler with v̇ = 0 and no gravity (velocity bias only)
///   τ_g          Σ_B J_Bcmᵀ m_B g, by one backward pass of the gravity forces
///   J(q)         point Jacobians from the columns of H_W on the path to the world
/// Units: v has rad/s entries for rotational and m/s for translational dofs; a generalized force
/// has N·m for rotational and N for translational dofs (VelocityUnit / ForceUnit).
/// Equation numbers (N.M) are the formula sheet's (course/FORMULAS.md).

#include <string>
#include <vector>

#include "reference/multibody/joint.h"
#include "reference/multibody/rigid_body.h"
#include "reference/multibody/spatial_algebra.h"

namespace simatlas::multibody {

/// Index of the world body.
inline constexpr int kWorldBody = 0;

/// How IntegratePositions moves a free joint's quaternion.
enum class QuaternionUpdate {
  kLinear,          ///< q₀ + h N_r(q₀) ω (§5, Drake's discrete update; no renormalisation)
  kExponentialMap,  ///< exp(h ω/2) ⊗ q₀ (on the unit sphere)
};

/// Poses of every body and the motion subspace of every joint, expressed in W.
struct PositionKinematics {
  std::vector<RigidTransform> X_WB;  ///< per body (index 0: world, identity)
  std::vector<Matrix6X> H_W;         ///< per joint: 6 × nv_j at Bo (child origin), in W
};

/// A rigid multibody tree: bodies, joints, actuators and gravity.
class MultibodyTree {
 public:
  /// A tree holding only the world body; gravity (0, 0, −9.81) m/s².
  MultibodyTree();

  /// Adds a body (validated, see ValidateRigidBody); returns its index (≥ 1). Names are unique.
  int AddBody(const RigidBody& body);
  /// Adds the inboard joint of spec.child; returns the joint index. The parent must be the
  /// world or an already connected body, the child must not have a joint yet, damping must have
  /// nv entries ≥ 0 (or be empty), and spring/rotor values must be ≥ 0 (and 0 on free or weld
  /// joints).
  int AddJoint(const JointSpec& spec);
  /// Adds an actuator on a one-dof joint: one column of B with a 1 on that velocity.
  int AddActuator(int joint);
  /// Sets gravity g_W [m/s²].
  void set_gravity(const Vector3& g_W);
  /// Gravity g_W [m/s²] (default (0, 0, −9.81)).
  const Vector3& gravity() const { return gravity_; }

  /// Number of bodies, the world (index 0) included.
  int num_bodies() const { return static_cast<int>(bodies_.size()); }
  /// Number of joints (one per non-world body once connected).
  int num_joints() const { return static_cast<int>(joints_.size()); }
  /// nq, the length of q (a free joint's quaternion counts 4).
  int num_positions() const { return nq_; }
  /// nv, the length of v (a free joint counts 6).
  int num_velocities() const { return nv_; }
  /// nu, the number of actuators (columns of B).
  int num_actuators() const { return static_cast<int>(actuated_joints_.size()); }
  /// The body at index (0 = world); InputError outside 0 … num_bodies()−1.
  const RigidBody& body(int index) const;
  /// The joint at index; InputError outside 0 … num_joints()−1.
  const JointSpec& joint(int index) const;
  /// First entry of the joint's positions in q (std::out_of_range for a bad index).
  int position_start(int joint) const { return q_start_.at(joint); }
  /// First entry of the joint's velocities in v (std::out_of_range for a bad index).
  int velocity_start(int joint) const { return v_start_.at(joint); }
  /// Inboard joint of a body (−1 for the world).
  int inboard_joint(int body) const;
  /// Index of the body called name; InputError if absent.
  int BodyIndex(const std::string& name) const;

  /// "rad/s" or "m/s" for velocity i.
  std::string VelocityUnit(int i) const;
  /// "N·m" or "N" for generalized force i.
  std::string ForceUnit(int i) const;

  /// Zero configuration: identity quaternions, zero angles and offsets.
  VectorX DefaultPositions() const;
  /// The diagonal of D [N·m·s/rad or N·s/m] (zeros where no damping was set).
  VectorX JointDamping() const;
  /// B (nv × nu).
  MatrixX ActuationMatrix() const;

  /// X_WB of every body and H_W of every joint at q.
  PositionKinematics CalcPositionKinematics(const VectorX& q) const;
  /// V_WB (about Bo, in W) of every body.
  std::vector<Vector6> CalcBodyVelocities(const VectorX& q, const VectorX& v) const;

  /// p_WQ of the point Q fixed on body at p_BoQ_B [m].
  Vector3 CalcPointPosition(const VectorX& q, int body, const Vector3& p_BoQ_B) const;
  /// v_WQ [m/s] of the point Q fixed on body.
  Vector3 CalcPointVelocity(const VectorX& q, const VectorX& v, int body,
                            const Vector3& p_BoQ_B) const;
  /// J_WQ (3 × nv) with v_WQ = J v, Q fixed on body at p_BoQ_B.
  MatrixX CalcPointJacobian(const VectorX& q, int body, const Vector3& p_BoQ_B) const;
  /// J (3 × nv) of the body-fixed point that is at p_WQ now (world coordinates).
  MatrixX CalcPointJacobianAtWorldPoint(const VectorX& q, int body, const Vector3& p_WQ) const;
  /// Spatial Jacobian (6 × nv): (ω_WB, v_WQ) = J v for Q at p_WQ fixed on body.
  Matrix6X CalcSpatialJacobianAtWorldPoint(const VectorX& q, int body, const Vector3& p_WQ) const;
  /// Relative Jacobian J_rel = J_B − J_A at the world point p_WC: J_rel v is the velocity of
  /// B's point at C relative to A's point at C (v_AcBc_W), as for a contact between A and B.
  MatrixX CalcRelativePointJacobian(const VectorX& q, int body_A, int body_B,
                                    const Vector3& p_WC) const;

  /// M(q) (nv × nv) by the composite rigid body algorithm, with reflected rotor inertia.
  MatrixX CalcMassMatrix(const VectorX& q) const;
  /// c(q, v) [N·m, N]: the velocity bias of (1.2) by recursive Newton–Euler (v̇ = 0, g = 0).
  VectorX CalcBiasTerm(const VectorX& q, const VectorX& v) const;
  /// M(q) v̇ + c(q, v) by recursive Newton–Euler (no gravity, no joint elements).
  VectorX CalcInverseDynamics(const VectorX& q, const VectorX& v, const VectorX& vdot) const;
  /// τ_g = Σ_B J_Bcmᵀ (m_B g) [N·m, N].
  VectorX CalcGravityGeneralizedForces(const VectorX& q) const;
  /// τ = Σ_B (J_ω, J_v at Bo)ᵀ F_Bo for spatial forces F_Bo_W (one per body, about Bo, in W;
  /// index 0, the world, ignored), by one backward pass.
  VectorX CalcGeneralizedForcesFromBodyForces(const VectorX& q,
                                              const std::vector<Vector6>& F_Bo_W) const;
  /// τ_elements of the joint springs: −k (q − q_ref) per one-dof joint.
  VectorX CalcSpringForces(const VectorX& q) const;
  /// −D v, the linear joint damping (kept apart: §2.1 treats it implicitly).
  VectorX CalcDampingForces(const VectorX& v) const;

  /// N(q) (nq × nv), block diagonal over the joints.
  MatrixX CalcVelocityToQDotMatrix(const VectorX& q) const;
  /// q̇ = N(q) v.
  VectorX MapVelocityToQDot(const VectorX& q, const VectorX& v) const;
  /// N⁺(q) (nv × nq) with N⁺ N = 1: on a free joint's quaternion rows ω = (4/‖q‖²) N_r(q)ᵀ q̇
  /// (N_rᵀ N_r = ‖q‖²/4 · 1), identity elsewhere. It ignores the part of q̇ along q (a change of
  /// the quaternion's norm has no angular velocity).
  MatrixX CalcQDotToVelocityMatrix(const VectorX& q) const;
  /// v = N⁺(q) q̇.
  VectorX MapQDotToVelocity(const VectorX& q, const VectorX& qdot) const;
  /// q₁ from q₀ and v over h: every joint q₀ + h N(q₀) v, except that free-joint quaternions
  /// use the exponential map when update = kExponentialMap.
  VectorX IntegratePositions(const VectorX& q0, const VectorX& v, double h,
                             QuaternionUpdate update = QuaternionUpdate::kLinear) const;

  /// Kinetic energy Σ_B ½ m ‖v_Bcm‖² + ½ ωᵀ I_Bcm ω [J], summed body by body (not from M),
  /// plus ½ I_rotor v² of the reflected inertia.
  double CalcKineticEnergy(const VectorX& q, const VectorX& v) const;
  /// Potential energy −Σ m g·p_WBcm + Σ ½ k (q − q_ref)² [J].
  double CalcPotentialEnergy(const VectorX& q) const;
  /// p_WBcm of every body.
  std::vector<Vector3> CalcCentersOfMass(const VectorX& q) const;
  /// Total spatial momentum about the world origin, in W, summed body by body:
  /// (Σ I_Bcm ω + p_WBcm × m v_Bcm, Σ m v_Bcm) [kg·m²/s, kg·m/s] (rotor inertia excluded).
  Vector6 CalcSpatialMomentumInWorld(const VectorX& q, const VectorX& v) const;

  /// Throws InputError unless q has nq finite entries (free-joint quaternions non-zero).
  void ValidatePositions(const VectorX& q) const;
  /// Throws InputError unless v has nv finite entries.
  void ValidateVelocities(const VectorX& v) const;

 private:
  void RequireAllBodiesConnected() const;
  // Spatial inertias M_Bo_W of every body at the given poses.
  std::vector<Matrix6> SpatialInertias(const PositionKinematics& kin) const;
  // Backward pass: accumulates F_Bo_W of the subtree of each joint and projects it on H_W.
  VectorX ProjectBodyForces(const PositionKinematics& kin, std::vector<Vector6> F_Bo_W) const;

  std::vector<RigidBody> bodies_;
  std::vector<JointSpec> joints_;
  std::vector<int> joint_of_body_;  // −1 for the world and unconnected bodies
  std::vector<int> q_start_, v_start_;
  std::vector<int> actuated_joints_;
  Vector3 gravity_{0.0, 0.0, -9.81};
  int nq_ = 0;
  int nv_ = 0;
};

}  // namespace simatlas::multibody
