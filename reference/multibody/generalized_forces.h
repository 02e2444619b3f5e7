#pragma once
/// @file
/// E3-SAP §1: the right-hand side of (1.2) kept as separately named terms, so a student can
/// print each one:
///   M(q) v̇ + c(q, v) = B u + τ_g + τ_elements + τ_ext + Σᵢ Jᵢ(q)ᵀ fᵢ              (1.2)
/// with τ_elements = τ_springs + τ_damping (τ_damping = −D v is kept on its own because the
/// free motion of §2.1 moves it to the left side, implicitly). Every term is a generalized
/// force with N·m entries on rotational dofs and N on translational dofs (MultibodyTree::
/// ForceUnit); its plain Euclidean norm has no physical unit (course §1).
/// Contact forces fᵢ enter only through Jᵢᵀ fᵢ with the relative Jacobian of the pair, so that
/// vᵀ Jᵀ f = (J v)ᵀ f [W]. An actuator effort limit would bound B u only (no limits here).
/// Equation numbers (N.M) are the formula sheet's (course/FORMULAS.md).

#include <vector>

#include "reference/multibody/multibody_tree.h"

namespace simatlas::multibody {

/// A force and torque applied to a body: f_Q_W [N] at the point Q fixed on the body at
/// p_BoQ_B [m], plus a torque tau_W [N·m].
struct ExternalForce {
  int body = 0;                        ///< index of body B in the tree
  Vector3 p_BoQ_B = Vector3::Zero();   ///< application point Q from Bo, in B [m]
  Vector3 force_W = Vector3::Zero();   ///< f_Q_W, the force at Q, in W [N]
  Vector3 torque_W = Vector3::Zero();  ///< tau_W, a pure torque on B, in W [N·m]
};

/// The force fᵢ [N] on body B at the contact point C, and −fᵢ on body A (either may be the world).
struct ContactForce {
  int body_A = 0;                    ///< body index of A, which receives −fᵢ (0 = world)
  int body_B = 0;                    ///< body index of B, which receives fᵢ (0 = world)
  Vector3 p_WC = Vector3::Zero();    ///< contact point [m]
  Vector3 f_Bc_W = Vector3::Zero();  ///< force on B at C, in W [N]
};

/// The named terms of (1.2) at one state (q, v), each nv long [N·m, N].
struct GeneralizedForceTerms {
  VectorX actuation;  ///< B u
  VectorX gravity;    ///< τ_g
  VectorX springs;    ///< τ_elements, conservative part: −k (q − q_ref)
  VectorX damping;    ///< τ_elements, dissipative part: −D v
  VectorX external;   ///< τ_ext = Σ (J_ω, J_v)ᵀ (τ, f) of the applied forces
  VectorX contact;    ///< Σᵢ Jᵢᵀ fᵢ
  VectorX bias;       ///< c(q, v), on the left of (1.2)

  /// τ_elements = springs + damping.
  VectorX Elements() const { return springs + damping; }
  /// The whole right-hand side B u + τ_g + τ_elements + τ_ext + Σ Jᵀ f.
  VectorX RightHandSide() const { return actuation + gravity + Elements() + external + contact; }
  /// k₁(x) of §2.1: every non-constraint force except damping, minus the bias:
  /// B u + τ_g + τ_springs + τ_ext − c. Contact is a constraint, not part of k₁.
  VectorX NonConstraintExceptDamping() const {
    return actuation + gravity + springs + external - bias;
  }
};

/// Inputs of the assembly besides (q, v).
struct AppliedForces {
  VectorX u;                            ///< actuator inputs (nu; empty = zeros) [N·m or N]
  std::vector<ExternalForce> external;  ///< applied forces and torques
  VectorX generalized;                  ///< extra generalized force added to τ_ext (nv or empty)
  std::vector<ContactForce> contacts;   ///< contact forces fᵢ
};

/// Computes each term of (1.2) at (q, v).
GeneralizedForceTerms AssembleGeneralizedForces(const MultibodyTree& tree, const VectorX& q,
                                                const VectorX& v, const AppliedForces& applied);

/// τ_ext of the applied forces alone, by one backward pass of body spatial forces (the path
/// that does not use a Jacobian).
VectorX CalcExternalGeneralizedForces(const MultibodyTree& tree, const VectorX& q,
                                      const std::vector<ExternalForce>& forces);

/// Σᵢ Jᵢᵀ fᵢ with Jᵢ the relative point Jacobian of body B with respect to body A at C.
VectorX CalcContactGeneralizedForces(const MultibodyTree& tree, const VectorX& q,
                                     const std::vector<ContactForce>& contacts);

}  // namespace simatlas::multibody
