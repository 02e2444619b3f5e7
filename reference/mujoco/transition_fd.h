#pragma once
/// @file
/// MJ-solvers §9: finite-difference transition Jacobians in the tangent space, as
/// mjd_transitionFD: state x = (dq [nv], v [nv], act [na]), so A is (2nv+na)×(2nv+na) and B is
/// (2nv+na)×nu. Positions are perturbed through the manifold update q ⊕ ε eᵢ (integratePos)
/// and differenced by differentiatePos; forward or centred differences; controls near a
/// ctrlrange limit are differenced on the side that stays inside (control clamping). The
/// caller's state is passed by value, so nothing (state, controls, warmstart) leaks between
/// evaluations. RK4 is rejected, as MuJoCo ≥ 3.2.7 does (2.2.2 rejects nothing).

#include <functional>

#include "reference/core/numeric.h"
#include "reference/mujoco/integrators.h"

namespace simatlas::mujoco {

/// A full simulation state.
struct TransitionState {
  core::VectorX q;    ///< positions (nq; quaternions for ball/free joints)
  core::VectorX v;    ///< velocities (nv)
  core::VectorX act;  ///< actuator activations (na)
};

/// The step map and its manifold operations.
struct TransitionModel {
  int nv = 0;                                  ///< DOFs (the tangent-space size of q)
  int na = 0;                                  ///< actuator activations
  int nu = 0;                                  ///< controls
  Integrator integrator = Integrator::kEuler;  ///< the step's integrator (RK4 is rejected)
  /// One step from the state with controls u (already clamped by the caller if limited).
  std::function<TransitionState(const TransitionState&, const core::VectorX& u)> step;
  /// q ⊕ (scale·dv) (mj_integratePos); empty: Euclidean q + scale·dv.
  std::function<core::VectorX(const core::VectorX& q, const core::VectorX& dv, double scale)>
      integrate_pos;
  /// (q2 ⊖ q1)/h (mj_differentiatePos); empty: Euclidean (q2 − q1)/h.
  std::function<core::VectorX(const core::VectorX& q1, const core::VectorX& q2, double h)>
      differentiate_pos;
  /// ctrlrange for limited controls (empty: unlimited), size nu each.
  core::VectorX ctrl_lower;
  /// Upper ends of ctrlrange (size nu, or empty with ctrl_lower).
  core::VectorX ctrl_upper;
};

/// A (2nv+na)² and B (2nv+na)×nu.
struct TransitionJacobians {
  core::MatrixX A;  ///< ∂x⁺/∂x, x = (dq, v, act) in tangent space, (2nv+na) × (2nv+na)
  core::MatrixX B;  ///< ∂x⁺/∂u, (2nv+na) × nu
};

/// mjd_transitionFD(eps, centered) for the A and B blocks. Throws InputError for RK4, for
/// eps ≤ 0 and for sizes that disagree with nv, na, nu.
TransitionJacobians TransitionFD(const TransitionModel& model, const TransitionState& x,
                                 const core::VectorX& u, double eps, bool centered);

/// The transition model of a linear system under an integrator (Euclidean positions, na = 0).
TransitionModel LinearTransitionModel(const LinearSystem& system, Integrator integrator, double h);

/// The pendulum θ̈ = −(g/L) sin θ (MJ-solvers §7) under semi-implicit Euler, as mj_Euler steps it:
///   v⁺ = v − h (g/L) sin q,   q⁺ = q + h v⁺        (nv = 1, Euclidean positions, no controls)
/// gravity_over_length g/L [1/s²], h [s].
TransitionModel PendulumTransitionModel(double gravity_over_length, double h);

/// The pendulum's exact A = ∂(q⁺, v⁺)/∂(q, v) at q [rad], derived by hand from the step map:
/// with c = −(g/L) cos q, ∂v⁺/∂q = h c, ∂v⁺/∂v = 1, ∂q⁺/∂q = 1 + h² c, ∂q⁺/∂v = h, so
///   A = [[1 + h² c, h], [h c, 1]]   (rows q⁺, v⁺; columns q, v; it does not depend on v).
core::MatrixX PendulumTransitionJacobian(double gravity_over_length, double h, double q);

}  // namespace simatlas::mujoco
