// MJ-solvers §9: mjd_transitionFD's A and B by tangent-space finite differences
// (MuJoCo engine_derivative_fd.c; the structure below is the course's description).
#include "reference/mujoco/transition_fd.h"

#include <cmath>

#include <string>

#include "reference/core/errors.h"

namespace simatlas::mujoco {

namespace {

core::VectorX IntegratePos(const TransitionModel& m, const core::VectorX& q,
                           const core::VectorX& dv, double scale) {
  if (m.integrate_pos) return m.integrate_pos(q, dv, scale);
  return q + scale * dv;
}

core::VectorX DifferentiatePos(const TransitionModel& m, const core::VectorX& q1,
                               const core::VectorX& q2, double h) {
  if (m.differentiate_pos) return m.differentiate_pos(q1, q2, h);
  return (q2 - q1) / h;
}

// The difference quotient of two next states in tangent coordinates: (y2 ⊖ y1)/h.
core::VectorX StateDifference(const TransitionModel& m, const TransitionState& y1,
                              const TransitionState& y2, double h) {
  core::VectorX d(2 * m.nv + m.na);
  d.head(m.nv) = DifferentiatePos(m, y1.q, y2.q, h);
  d.segment(m.nv, m.nv) = (y2.v - y1.v) / h;
  if (m.na > 0) d.tail(m.na) = (y2.act - y1.act) / h;
  return d;
}

void Validate(const TransitionModel& m, const TransitionState& x, const core::VectorX& u,
              double eps) {
  if (m.integrator == Integrator::kRk4) {
    throw core::InputError(
        "integrator = rk4 is rejected by the transition Jacobian (mjd_transitionFD rejects RK4 "
        "since MuJoCo 3.2.7: its stages are not one differentiable step map; MJ-solvers §9)");
  }
  core::RequirePositive("eps", eps, "1");
  if (!m.step) throw core::InputError("transition model: step function must be set");
  auto require = [](const char* name, Eigen::Index got, int want) {
    if (got != want) {
      core::ThrowInputError(name, static_cast<double>(got), "1",
                            "equal to " + std::to_string(want));
    }
  };
  require("v size", x.v.size(), m.nv);
  require("act size", x.act.size(), m.na);
  require("u size", u.size(), m.nu);
  if (m.ctrl_lower.size() > 0 || m.ctrl_upper.size() > 0) {
    require("ctrl_lower size", m.ctrl_lower.size(), m.nu);
    require("ctrl_upper size", m.ctrl_upper.size(), m.nu);
  }
}

}  // namespace

TransitionJacobians TransitionFD(const TransitionModel& m, const TransitionState& x,
                                 const core::VectorX& u, double eps, bool centered) {
  Validate(m, x, u, eps);
  const int nx = 2 * m.nv + m.na;
  TransitionJacobians J{core::MatrixX::Zero(nx, nx), core::MatrixX::Zero(nx, m.nu)};
  // The unperturbed next state (forward differences start from it).
  const TransitionState y0 = m.step(x, u);
  // Column from a ± perturbation pair (centred) or a + perturbation (forward).
  auto column = [&](auto perturbed) -> core::VectorX {
    if (centered) return StateDifference(m, perturbed(-1.0), perturbed(+1.0), 2 * eps);
    return StateDifference(m, y0, perturbed(+1.0), eps);
  };
  // Positions: q ⊕ (±ε eᵢ) through integratePos.
  for (int i = 0; i < m.nv; ++i) {
    J.A.col(i) = column([&](double s) {
      TransitionState xp = x;
      xp.q = IntegratePos(m, x.q, core::VectorX::Unit(m.nv, i), s * eps);
      return m.step(xp, u);
    });
  }
  // Velocities and activations: ordinary perturbations.
  for (int i = 0; i < m.nv + m.na; ++i) {
    J.A.col(m.nv + i) = column([&](double s) {
      TransitionState xp = x;
      if (i < m.nv)
        xp.v[i] += s * eps;
      else
        xp.act[i - m.nv] += s * eps;
      return m.step(xp, u);
    });
  }
  // Controls: difference only on the sides that stay inside ctrlrange (control clamping).
  const bool limited = m.ctrl_lower.size() > 0;
  for (int i = 0; i < m.nu; ++i) {
    const bool up = !limited || u[i] + eps <= m.ctrl_upper[i];
    const bool down = !limited || u[i] - eps >= m.ctrl_lower[i];
    auto at = [&](double s) {
      core::VectorX up_u = u;
      up_u[i] += s * eps;
      return m.step(x, up_u);
    };
    if (up && down && centered) {
      J.B.col(i) = StateDifference(m, at(-1), at(+1), 2 * eps);
    } else if (up) {
      J.B.col(i) = StateDifference(m, y0, at(+1), eps);
    } else if (down) {
      J.B.col(i) = StateDifference(m, at(-1), y0, eps);
    } else {
      core::ThrowInputError("ctrlrange width", m.ctrl_upper[i] - m.ctrl_lower[i], "N",
                            "> eps so that a one-sided control difference fits");
    }
  }
  return J;
}

TransitionModel LinearTransitionModel(const LinearSystem& system, Integrator integrator, double h) {
  TransitionModel m;
  m.nv = system.nv();
  m.nu = system.nu();
  m.integrator = integrator;
  m.step = [system, integrator, h](const TransitionState& x, const core::VectorX& u) {
    const LinearState next = StepLinear(system, integrator, h, {x.q, x.v}, u);
    return TransitionState{next.q, next.v, x.act};
  };
  return m;
}

TransitionModel PendulumTransitionModel(double gravity_over_length, double h) {
  TransitionModel m;
  m.nv = 1;
  m.integrator = Integrator::kEuler;
  m.step = [gravity_over_length, h](const TransitionState& x, const core::VectorX&) {
    TransitionState next = x;
    // velocity first, then position with the new velocity (mj_Euler)
    next.v(0) = x.v(0) - h * gravity_over_length * std::sin(x.q(0));
    next.q(0) = x.q(0) + h * next.v(0);
    return next;
  };
  return m;
}

core::MatrixX PendulumTransitionJacobian(double gravity_over_length, double h, double q) {
  const double c = -gravity_over_length * std::cos(q);
  core::MatrixX a(2, 2);
  a << 1 + h * h * c, h, h * c, 1;
  return a;
}

}  // namespace simatlas::mujoco
