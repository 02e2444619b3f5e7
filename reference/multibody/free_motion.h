#pragma once
/// @file
/// E3-SAP §2.1 "Free motion 不是完整接触解": the velocity the system would reach in one step
/// without constraints. Non-constraint forces are evaluated at the old state x₀; the linear
/// joint damping −D v uses the next velocity (implicit):
///   M (v − v₀)/h = k₁(x₀) − D v
///   ⇔ A (v* − v₀) = h k(x₀),   A = M(q₀) + h D,   k(x₀) = k₁(x₀) − D v₀              (2.1)
/// k(x₀) already contains −D v₀: the damping is counted once (in A through hD and in k through
/// −D v₀ — together exactly −D v*), never subtracted again. Units: h [s], D [kg/s or
/// N·m·s/rad], so hD has mass units like M. Drake computes v* = v₀ + h a₀ with its
/// articulated-body algorithm, adding (reflected inertia + hD) to the diagonal (2.2); this
/// reference solves the same linear system with a Cholesky factorisation of A instead.
/// Joint limits and PD actuation are constraints in Drake and are not part of k₁ here either.
/// Equation numbers (N.M) are the formula sheet's (course/FORMULAS.md).

#include "reference/multibody/generalized_forces.h"
#include "reference/multibody/multibody_tree.h"

namespace simatlas::multibody {

/// The free-motion data of one step.
struct FreeMotion {
  MatrixX A;       ///< M(q₀) + h D [kg, kg·m², kg·m]
  VectorX k;       ///< k(x₀) = k₁(x₀) − D v₀ [N·m, N]
  VectorX v_star;  ///< v* = v₀ + h A⁻¹ k(x₀) [rad/s, m/s]
};

/// (2.1) from its parts: M (nv × nv, symmetric), D ≥ 0 (diagonal entries), k₁, v₀, h > 0.
/// A not positive definite: core::NumericalError.
FreeMotion CalcFreeMotion(const MatrixX& M, const VectorX& D, const VectorX& k1, const VectorX& v0,
                          double h);

/// (2.1) for a tree at (q₀, v₀): k₁ = B u + τ_g + τ_springs + τ_ext − c(q₀, v₀) and D from the
/// joints. applied.contacts must be empty (contact forces are constraints, solved after this).
FreeMotion CalcFreeMotion(const MultibodyTree& tree, const VectorX& q0, const VectorX& v0, double h,
                          const AppliedForces& applied = {});

}  // namespace simatlas::multibody
