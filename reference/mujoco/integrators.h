#pragma once
/// @file
/// MJ-solvers §7–§8: the five integrators on a linear smooth-force system
///   M q̈ = F(q, v, u) = τ0 + G u − K q − D v,   D = diag(dof_damping) + coupled_damping,
/// so the course's claims can be checked by hand (law mujoco.integrate_linear) and against
/// MuJoCo 2.2.2 on slider models (oracle). Symbols: h step, a = qacc, v⁺, q⁺.
///  - euler (mj_Euler): a = (M + h diag(dof_damping))⁻¹ F if any dof_damping > 0 (2.2.2 rule;
///    coupled damping stays explicit), else M⁻¹F; v⁺ = v + h a; q⁺ = q + h v⁺.
///  - implicit / implicitfast (mj_implicit, (7.1)): (M − h ∂F/∂v) a = F with ∂F/∂v = −D. A linear
///    system has no RNE (Coriolis) term, so the two coincide here.
///  - rk4 (mj_RungeKutta): A = [[½,0,0],[0,½,0],[0,0,1]], b = (1/6, 1/3, 1/3, 1/6); explicit
///    damping; positions by q₀ + h Σ bᵢ vᵢ (integratePos is q + h v on slide joints).
///  - discrete (8.1): (M + hD + h²K) a = F − hKv, v⁺ = v + h a, q⁺ = q + h v⁺.
/// Equation numbers (N.M) are the formula sheet's (course/FORMULAS.md).

#include <string>

#include "reference/core/numeric.h"
#include "reference/mujoco/problem.h"

namespace simatlas::mujoco {

/// The integrators of §7 (MuJoCo's mjtIntegrator names, lower case).
enum class Integrator {
  kEuler,         ///< mjINT_EULER: semi-implicit Euler, implicit dof damping only
  kImplicit,      ///< mjINT_IMPLICIT: (M − h ∂F/∂v) a = F (7.1)
  kImplicitFast,  ///< mjINT_IMPLICITFAST: as implicit without the RNE term (same here)
  kRk4,           ///< mjINT_RK4: classical fourth-order Runge–Kutta, explicit damping
  kDiscrete       ///< the ≥ 3.13 discrete step (8.1): (M + hD + h²K) a = F − hKv
};

/// How RK4 combines a free (or ball) joint's stage angular velocities into its rotation (§7).
enum class Rk4Rotation {
  kAdditive,   ///< ≤ 3.x (the course's 3.15): Σ bⱼ ωⱼ through integratePos — second order
  kMuntheKaas  ///< ≥ 4.0.0 (Runge–Kutta–Munthe-Kaas, changelog 4.0.0, commit 9a7f240f0): each
               ///< stage's ω mapped by dexp⁻¹ at the stage's rotation — fourth order
};

/// The RK4 rotation rule of MuJoCo `version` (the course's 3.15 and 2.2.2: additive; 4.0.1:
/// Munthe-Kaas): the one place the version chooses it.
Rk4Rotation Rk4RotationOf(Version version);

/// "euler", "implicit", "implicitfast", "rk4", "discrete" → Integrator; else InputError.
Integrator ParseIntegrator(const std::string& name);
/// The lower-case name.
std::string IntegratorName(Integrator integrator);

/// A linear smooth-force system with nv = nq dofs and nu controls.
struct LinearSystem {
  core::MatrixX M;                ///< mass matrix (SPD), kg
  core::MatrixX K;                ///< stiffness −∂F/∂q, N/m
  core::VectorX dof_damping;      ///< per-dof joint damping (diagonal part), N·s/m
  core::MatrixX coupled_damping;  ///< further damping −∂F/∂v (tendons); empty = zero
  core::VectorX tau0;             ///< constant force; empty = zero
  core::MatrixX G;                ///< control moment arm (gear), nv × nu; empty = no controls
  /// Number of DOFs (= nq for this linear system).
  int nv() const { return static_cast<int>(M.rows()); }
  /// Number of controls (columns of G).
  int nu() const { return static_cast<int>(G.cols()); }
};

/// One dof: M = m, K = k, dof_damping = d, optional motor of gear 1.
LinearSystem OneDof(double m, double k, double d, bool motor = false);

/// The state (q, v) of a linear system.
struct LinearState {
  core::VectorX q;  ///< positions (nv) [m or rad]
  core::VectorX v;  ///< velocities (nv) [m/s or rad/s]
};

/// F(q, v, u) = τ0 + G u − K q − D v.
core::VectorX LinearForce(const LinearSystem& system, const LinearState& x, const core::VectorX& u);

/// One step of the integrator with step h [s] and controls u (size nu; empty when nu = 0).
LinearState StepLinear(const LinearSystem& system, Integrator integrator, double h,
                       const LinearState& x, const core::VectorX& u = {});

/// `steps` steps (steps ≥ 0) with constant controls.
LinearState IntegrateLinear(const LinearSystem& system, Integrator integrator, double h,
                            LinearState x, int steps, const core::VectorX& u = {});

}  // namespace simatlas::mujoco
