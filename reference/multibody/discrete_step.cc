// E3-SAP §5: q_next = q₀ + h N(q₀) v_next, and a momentum-restoring free-flight variant.
// Equation numbers (N.M) are the formula sheet's (course/FORMULAS.md).
#include "reference/multibody/discrete_step.h"

#include <string>

#include "reference/core/errors.h"

namespace simatlas::multibody {

DiscreteStepResult StepWithoutConstraints(const MultibodyTree& tree, const VectorX& q0,
                                          const VectorX& v0, double h, const AppliedForces& applied,
                                          QuaternionUpdate update) {
  DiscreteStepResult r;
  // §2.1: v* from A (v* − v₀) = h k(x₀); no constraints, so v_next = v*.
  r.free_motion = CalcFreeMotion(tree, q0, v0, h, applied);
  r.v_next = r.free_motion.v_star;
  // (5.1): the old configuration's N(q₀) with the new velocity.
  r.q_next = tree.IntegratePositions(q0, r.v_next, h, update);
  return r;
}

DiscreteStepResult StepFreeFlightConservingMomentum(const MultibodyTree& tree, const VectorX& q0,
                                                    const VectorX& v0, double h) {
  // A floating tree: one joint to the world, and it is free.
  int base = -1;
  for (int j = 0; j < tree.num_joints(); ++j) {
    if (tree.joint(j).parent != kWorldBody) continue;
    if (base >= 0 || tree.joint(j).type != JointType::kFree) {
      throw core::InputError(
          "free flight needs exactly one joint to the world and it must be a "
          "free joint (joint '" +
          tree.joint(j).name + "')");
    }
    base = j;
  }
  if (base < 0) throw core::InputError("free flight needs a free joint to the world");
  // No force may act: gravity zero, no damping, no springs.
  if (tree.gravity().norm() != 0) {
    core::ThrowInputError("free flight gravity norm", tree.gravity().norm(), "m/s²", "0");
  }
  for (int j = 0; j < tree.num_joints(); ++j) {
    const JointSpec& joint = tree.joint(j);
    if (joint.stiffness != 0 || joint.damping.cwiseAbs().sum() != 0) {
      throw core::InputError("free flight: joint '" + joint.name +
                             "' has a spring or damping (no force may act in free flight)");
    }
  }
  const Vector6 h_target = tree.CalcSpatialMomentumInWorld(q0, v0);
  DiscreteStepResult r =
      StepWithoutConstraints(tree, q0, v0, h, {}, QuaternionUpdate::kExponentialMap);
  // Target momentum moved from the world origin to the base origin Bo at q_next.
  const PositionKinematics kin = tree.CalcPositionKinematics(r.q_next);
  const int base_body = tree.joint(base).child;
  const Vector3 p_WBo = kin.X_WB[base_body].p;
  const Vector6 h_Bo =
      MakeSpatial(AngularPart(h_target) - p_WBo.cross(LinearPart(h_target)), LinearPart(h_target));
  // Base rows of M v are H_bᵀ times the system momentum about Bo; fix them with Δv_b.
  const MatrixX M = tree.CalcMassMatrix(r.q_next);
  const int vb = tree.velocity_start(base);
  const Matrix6X& H_b = kin.H_W[base];
  const Vector6 residual = H_b.transpose() * h_Bo - (M * r.v_next).segment<6>(vb);
  const Matrix6 M_bb = M.block<6, 6>(vb, vb);
  r.v_next.segment<6>(vb) += M_bb.llt().solve(residual);
  return r;
}

}  // namespace simatlas::multibody
