// E3-SAP §1: the generalized force assembly of (1.2), term by term.
// Equation numbers (N.M) are the formula sheet's (course/FORMULAS.md).
#include "reference/multibody/generalized_forces.h"

#include <string>

#include "reference/core/errors.h"

namespace simatlas::multibody {

namespace {

void RequireFiniteVector(const std::string& name, const Vector3& x, const char* unit) {
  for (int i = 0; i < 3; ++i) core::RequireFinite(name + "[" + std::to_string(i) + "]", x(i), unit);
}

}  // namespace

VectorX CalcExternalGeneralizedForces(const MultibodyTree& tree, const VectorX& q,
                                      const std::vector<ExternalForce>& forces) {
  const PositionKinematics kin = tree.CalcPositionKinematics(q);
  std::vector<Vector6> F(tree.num_bodies(), Vector6::Zero());
  for (const ExternalForce& e : forces) {
    tree.body(e.body);
    RequireFiniteVector("external force_W", e.force_W, "N");
    RequireFiniteVector("external torque_W", e.torque_W, "N·m");
    RequireFiniteVector("external p_BoQ_B", e.p_BoQ_B, "m");
    // (τ, f) applied at Q, moved to Bo: τ_Bo = τ + p_BoQ × f.
    const Vector3 p_BoQ_W = kin.X_WB[e.body].R * e.p_BoQ_B;
    F[e.body] += ShiftSpatialForceToPoint(MakeSpatial(e.torque_W, e.force_W), p_BoQ_W);
  }
  return tree.CalcGeneralizedForcesFromBodyForces(q, F);
}

VectorX CalcContactGeneralizedForces(const MultibodyTree& tree, const VectorX& q,
                                     const std::vector<ContactForce>& contacts) {
  VectorX tau = VectorX::Zero(tree.num_velocities());
  for (const ContactForce& c : contacts) {
    RequireFiniteVector("contact f_Bc_W", c.f_Bc_W, "N");
    // Jᵢᵀ fᵢ with Jᵢ v = v_AcBc_W: +f on B's point, −f on A's point.
    tau += tree.CalcRelativePointJacobian(q, c.body_A, c.body_B, c.p_WC).transpose() * c.f_Bc_W;
  }
  return tau;
}

GeneralizedForceTerms AssembleGeneralizedForces(const MultibodyTree& tree, const VectorX& q,
                                                const VectorX& v, const AppliedForces& applied) {
  const int nv = tree.num_velocities();
  GeneralizedForceTerms t;
  // B u [N·m, N].
  VectorX u = applied.u.size() == 0 ? VectorX::Zero(tree.num_actuators()) : applied.u;
  if (u.size() != tree.num_actuators()) {
    core::ThrowInputError("u size", static_cast<double>(u.size()), "1",
                          "equal to num_actuators() = " + std::to_string(tree.num_actuators()));
  }
  for (int i = 0; i < u.size(); ++i) core::RequireFinite("u[" + std::to_string(i) + "]", u(i), "");
  t.actuation = tree.ActuationMatrix() * u;
  // τ_g.
  t.gravity = tree.CalcGravityGeneralizedForces(q);
  // τ_elements: springs (explicit) and damping −D v (implicit in §2.1).
  t.springs = tree.CalcSpringForces(q);
  t.damping = tree.CalcDampingForces(v);
  // τ_ext: applied body forces plus any direct generalized force.
  t.external = CalcExternalGeneralizedForces(tree, q, applied.external);
  if (applied.generalized.size() != 0) {
    if (applied.generalized.size() != nv) {
      core::ThrowInputError("generalized force size",
                            static_cast<double>(applied.generalized.size()), "1",
                            "equal to num_velocities() = " + std::to_string(nv));
    }
    t.external += applied.generalized;
  }
  // Σ Jᵢᵀ fᵢ.
  t.contact = CalcContactGeneralizedForces(tree, q, applied.contacts);
  // c(q, v), the left-hand bias.
  t.bias = tree.CalcBiasTerm(q, v);
  return t;
}

}  // namespace simatlas::multibody
