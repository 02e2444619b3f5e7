#pragma once
/// @file
/// MJ-solvers §7 (and §8's discrete step where it applies) on the reference multibody tree:
/// smooth dynamics only — gravity, joint springs and damping, controls, the RNE bias — no
/// constraints, so qfrc_constraint = 0 and every integrator reduces to MuJoCo's smooth path.
///   F(q, v) = B u + τ_g + τ_springs − D v − c(q, v)          (the right side of M v̇ = F, no contact)
///   euler        (mj_Euler, 2.2.2): a = (M + h diag(D))⁻¹ F if any D > 0, else M⁻¹ F
///   implicit     (mj_implicit, (7.1)): a = (M − h ∂F/∂v)⁻¹ F, ∂F/∂v = −D − ∂c/∂v (the RNE bias
///                derivative included, as mjd_smooth_vel → mjd_rne_vel does)
///   implicitfast (≥ 2.3.3; absent from 2.2.2): ∂F/∂v without ∂c/∂v, lower triangle only
///                (symmetric LDLᵀ); a standalone free body (free joint, no children) gets its own
///                6×6 solve with the gyroscopic derivative, as ≥ 3.11's mjd_freeMhat does
///   rk4          (mj_RungeKutta): A = [[½,0,0],[0,½,0],[0,0,1]], b = (1/6,1/3,1/3,1/6); stage
///                positions X₀ ⊕ h Σ Aᵢⱼ kⱼ through integratePos; no implicit damping. kⱼ = uⱼ
///                (Rk4Rotation::kAdditive, ≤ 3.x: second order in a free body's rotation), or
///                (kMuntheKaas, ≥ 4.0.0) on a free joint's rotation kⱼ = dexp⁻¹ of ωⱼ at the
///                stage's local rotation θⱼ = h Σ Aⱼₘ kₘ: k = ω + ½ θ×ω + c θ×(θ×ω),
///                c = (1 − (‖θ‖/2) cot(‖θ‖/2))/‖θ‖² (fourth order)
///   discrete     (8.1): (M + hD + h²K) a = F − hKv with K the joint stiffness; rejected on trees
///                with a free joint (≥ 3.13 adds a free-body gyroscopic correction not modelled)
///   then mj_advance: u⁺ = u + h a, q⁺ = integratePos(q, u⁺, h).
/// Velocity coordinates. The tree stores a free joint's ω in the parent frame F (Drake); MuJoCo's
/// qvel stores it in the child frame M. With u_ω = R_FMᵀ ω_F (u = v on one-dof joints), v = T(q) u
/// and Ṫ u = ω_F × ω_F = 0, so M, F and ∂F/∂v transform as Tᵀ(·)T and Euler and the implicit
/// updates are the same in either coordinate; RK4's Σ bⱼ uⱼ is not (each stage has its own R),
/// so RK4 runs in MuJoCo's u. States in and out of StepTree use the tree's v. Joint damping on a
/// free joint acts on the tree's v (ω_F); it equals MuJoCo's (on ω_M) only when the three
/// angular coefficients are equal (RᵀDR = D), which is all the oracle models use (none).
/// integratePos (mj_integratePos, mju_quatIntegrate): one-dof q + h u; free: p += h v_F and
///   quat ← normalise(quat) ⊗ (cos(θ/2), sin(θ/2) ω̂_M), θ = h‖ω_M‖ (rotation about the LOCAL ω).
/// ∂c/∂v is computed exactly, not approximated: with v̇ = 0 and g = 0 the RNE bias is a homogeneous
/// quadratic form of v, c(v) = Γ(v, v), so ∂c/∂v eₖ = 2Γ(v, eₖ) = (c(v + s eₖ) − c(v − s eₖ))/(2s)
/// holds for every s (polarization identity; only round-off remains). MuJoCo differentiates its
/// RNE analytically (engine_derivative.c mjd_rne_vel); both give the same matrix.
/// Equation numbers (N.M) are the formula sheet's (course/FORMULAS.md).

#include <string>

#include "reference/core/numeric.h"
#include "reference/multibody/generalized_forces.h"
#include "reference/multibody/multibody_tree.h"
#include "reference/mujoco/integrators.h"
#include "reference/mujoco/transition_fd.h"

namespace simatlas::mujoco {

/// A tree state (q, v), v in the tree's coordinates (free joints: ω_F then v_F).
struct TreeState {
  core::VectorX q;  ///< positions (nq; free joints: quaternion (w, x, y, z) then position [m])
  core::VectorX v;  ///< velocities (nv) in the tree's coordinates
};

/// u from v: free joints' ω rotated into the child frame (u_ω = R_FMᵀ ω_F), others unchanged.
core::VectorX MujocoVelocityFromTree(const multibody::MultibodyTree& tree, const core::VectorX& q,
                                     const core::VectorX& v);
/// v from u (the inverse map, v = T(q) u).
core::VectorX TreeVelocityFromMujoco(const multibody::MultibodyTree& tree, const core::VectorX& q,
                                     const core::VectorX& u);

/// mj_integratePos: q ⊕ (scale·u), u in MuJoCo coordinates (free ω in the child frame).
core::VectorX IntegratePosMujoco(const multibody::MultibodyTree& tree, const core::VectorX& q,
                                 const core::VectorX& u, double scale);
/// mj_differentiatePos: u with q1 ⊕ (h u) = q2 (free: the local rotation vector of q1⁻¹ ⊗ q2 / h).
core::VectorX DifferentiatePosMujoco(const multibody::MultibodyTree& tree, const core::VectorX& q1,
                                     const core::VectorX& q2, double h);

/// F(q, v) = B u + τ_g + τ_springs + τ_ext − D v − c(q, v) [N·m, N] (contacts ignored).
core::VectorX SmoothForce(const multibody::MultibodyTree& tree, const core::VectorX& q,
                          const core::VectorX& v, const multibody::AppliedForces& applied);

/// ∂c/∂v (nv × nv) of the RNE bias by the polarization identity (exact for the quadratic c).
core::MatrixX BiasVelocityDerivative(const multibody::MultibodyTree& tree, const core::VectorX& q,
                                     const core::VectorX& v);

/// qDeriv = ∂F/∂v = −D − (include_bias ? ∂c/∂v : 0) (motors have no velocity dependence).
core::MatrixX SmoothForceVelocityDerivative(const multibody::MultibodyTree& tree,
                                            const core::VectorX& q, const core::VectorX& v,
                                            bool include_bias);

/// The integrators this tree supports: all five without free joints; without discrete otherwise.
/// Throws InputError naming the supported set and the reason when integrator is not supported.
void RequireTreeIntegratorSupported(const multibody::MultibodyTree& tree, Integrator integrator);

/// One step of h [s] with the applied forces (controls applied.u) held over the step; RK4
/// combines free-joint rotations by `rotation` (the course's 3.15: additive).
TreeState StepTree(const multibody::MultibodyTree& tree, Integrator integrator, double h,
                   const TreeState& x, const multibody::AppliedForces& applied = {},
                   Rk4Rotation rotation = Rk4Rotation::kAdditive);

/// `steps` steps (≥ 0).
TreeState IntegrateTree(const multibody::MultibodyTree& tree, Integrator integrator, double h,
                        TreeState x, int steps, const multibody::AppliedForces& applied = {},
                        Rk4Rotation rotation = Rk4Rotation::kAdditive);

/// The step map for TransitionFD in MuJoCo's coordinates (x = (q, u), the controls as applied.u,
/// positions through IntegratePosMujoco / DifferentiatePosMujoco), as mjd_transitionFD sees it.
/// The tree is copied into the model.
TransitionModel TreeTransitionModel(const multibody::MultibodyTree& tree, Integrator integrator,
                                    double h, const multibody::AppliedForces& applied = {});

}  // namespace simatlas::mujoco
