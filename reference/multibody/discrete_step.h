#pragma once
/// @file
/// E3-SAP §5 "离散推进与连续积分不能互换名字": the discrete update of Drake's
/// `DiscreteUpdateManager::CalcDiscreteValues` tail,
///   q_next = q₀ + h N(q₀) v_next,     x_next = [q_next; v_next]                      (5.1)
/// the old configuration map with the new velocity — not a whole-system backward Euler.
/// Without constraints v_next = v* of §2.1. The free-joint quaternion is updated linearly and
/// not renormalised, so its norm grows by the factor √(1 + h²‖ω‖²/4) per step (O(h²‖ω‖²));
/// QuaternionUpdate::kExponentialMap keeps it on the unit sphere instead.
/// StepFreeFlightConservingMomentum is not Drake's: it is this step followed by a correction of
/// the floating base velocity that restores the total spatial momentum exactly.
/// Equation numbers (N.M) are the formula sheet's (course/FORMULAS.md).

#include "reference/multibody/free_motion.h"

namespace simatlas::multibody {

/// One discrete step.
struct DiscreteStepResult {
  VectorX q_next;          ///< (5.1)
  VectorX v_next;          ///< v* when there are no constraints
  FreeMotion free_motion;  ///< A, k(x₀), v*
};

/// (5.1) with v_next = v*: a step without contact or other constraints.
DiscreteStepResult StepWithoutConstraints(const MultibodyTree& tree, const VectorX& q0,
                                          const VectorX& v0, double h,
                                          const AppliedForces& applied = {},
                                          QuaternionUpdate update = QuaternionUpdate::kLinear);

/// Free flight of a floating tree (exactly one joint to the world, a free joint; gravity zero,
/// no damping, springs or forces): StepWithoutConstraints (exponential-map quaternions), then
/// the base velocity is corrected so the total spatial momentum about the world origin equals
/// its value at (q₀, v₀): with M_bb the base block of M(q_next),
///   M_bb Δv_b = H_bᵀ h_Bo(target) − (M(q_next) v_next)_b.
/// Throws InputError when the tree is not floating or a force would act.
DiscreteStepResult StepFreeFlightConservingMomentum(const MultibodyTree& tree, const VectorX& q0,
                                                    const VectorX& v0, double h);

}  // namespace simatlas::multibody
