// MJ-solvers §7 (Euler, implicit, implicitfast, RK4) and §8 (discrete) on a linear system.
// MuJoCo: engine_forward.c mj_Euler / mj_implicit / mj_RungeKutta / mj_advance (2.2.2).
// Equation numbers (N.M) are the formula sheet's (course/FORMULAS.md).
#include "reference/mujoco/integrators.h"

#include <array>
#include <cmath>

#include "reference/core/errors.h"
#include "reference/mujoco/discrete_metric.h"

namespace simatlas::mujoco {

Rk4Rotation Rk4RotationOf(Version version) {
  // 4.0.0 (changelog, commit 9a7f240f0): RK4 with the Runge–Kutta–Munthe-Kaas correction.
  return version == Version::kMuJoCo401 ? Rk4Rotation::kMuntheKaas : Rk4Rotation::kAdditive;
}

Integrator ParseIntegrator(const std::string& name) {
  if (name == "euler") return Integrator::kEuler;
  if (name == "implicit") return Integrator::kImplicit;
  if (name == "implicitfast") return Integrator::kImplicitFast;
  if (name == "rk4") return Integrator::kRk4;
  if (name == "discrete") return Integrator::kDiscrete;
  throw core::InputError("integrator = " + name +
                         " must be one of euler, implicit, implicitfast, rk4, discrete");
}

std::string IntegratorName(Integrator integrator) {
  switch (integrator) {
    case Integrator::kEuler: return "euler";
    case Integrator::kImplicit: return "implicit";
    case Integrator::kImplicitFast: return "implicitfast";
    case Integrator::kRk4: return "rk4";
    case Integrator::kDiscrete: return "discrete";
  }
  return "unknown";
}

LinearSystem OneDof(double m, double k, double d, bool motor) {
  core::RequirePositive("m", m, "kg");
  core::RequireNonNegative("k", k, "N/m");
  core::RequireNonNegative("d", d, "N*s/m");
  LinearSystem s;
  s.M = core::MatrixX::Constant(1, 1, m);
  s.K = core::MatrixX::Constant(1, 1, k);
  s.dof_damping = core::VectorX::Constant(1, d);
  if (motor) s.G = core::MatrixX::Ones(1, 1);
  return s;
}

namespace {

// The total damping D = diag(dof_damping) + coupled_damping.
core::MatrixX TotalDamping(const LinearSystem& s) {
  core::MatrixX D = s.dof_damping.asDiagonal();
  if (s.coupled_damping.size() > 0) D += s.coupled_damping;
  return D;
}

void Validate(const LinearSystem& s, double h, const LinearState& x, const core::VectorX& u) {
  const int n = s.nv();
  core::RequirePositive("h", h, "s");
  if (n == 0 || s.M.cols() != n) {
    core::ThrowInputError("M cols", static_cast<double>(s.M.cols()), "1",
                          "equal to its rows and > 0");
  }
  auto require_size = [](const char* name, Eigen::Index got, int want, const char* rule) {
    if (got != want) core::ThrowInputError(name, static_cast<double>(got), "1", rule);
  };
  require_size("K rows", s.K.rows(), n, "equal to nv");
  require_size("K cols", s.K.cols(), n, "equal to nv");
  require_size("dof_damping size", s.dof_damping.size(), n, "equal to nv");
  if (s.coupled_damping.size() > 0) {
    require_size("coupled_damping rows", s.coupled_damping.rows(), n, "equal to nv");
    require_size("coupled_damping cols", s.coupled_damping.cols(), n, "equal to nv");
  }
  if (s.tau0.size() > 0) require_size("tau0 size", s.tau0.size(), n, "equal to nv");
  if (s.G.size() > 0) require_size("G rows", s.G.rows(), n, "equal to nv");
  require_size("u size", u.size(), s.nu(), "equal to nu");
  require_size("q size", x.q.size(), n, "equal to nv");
  require_size("v size", x.v.size(), n, "equal to nv");
  for (int i = 0; i < n; ++i) {
    core::RequireNonNegative("dof_damping", s.dof_damping[i], "N*s/m");
    core::RequireFinite("q", x.q[i], "m");
    core::RequireFinite("v", x.v[i], "m/s");
  }
  for (int i = 0; i < u.size(); ++i) core::RequireFinite("u", u[i], "N");
  if (!s.M.allFinite() || !s.K.allFinite()) {
    throw core::InputError("M and K must be finite (linear system)");
  }
}

// Solves A a = b for an SPD (or, for implicit, general) matrix; NumericalError if singular.
core::VectorX Solve(const core::MatrixX& A, const core::VectorX& b, const char* what) {
  Eigen::PartialPivLU<core::MatrixX> lu(A);
  const double det = lu.determinant();
  if (!(std::abs(det) > 0) || !std::isfinite(det)) {
    throw core::NumericalError(std::string(what) + " is singular (integrator matrix)");
  }
  return lu.solve(b);
}

// mj_advance: v⁺ = v + h a, q⁺ = q + h v⁺ (integratePos with the new velocity).
LinearState Advance(const LinearState& x, const core::VectorX& a, double h) {
  LinearState next;
  next.v = x.v + h * a;
  next.q = x.q + h * next.v;
  return next;
}

// mj_RungeKutta with MuJoCo's tableau: stages Xᵢ = X₀ + h Σⱼ A(i−1, j) Fⱼ, then
// v⁺ = v₀ + h Σ bᵢ aᵢ, q⁺ = q₀ + h Σ bᵢ vᵢ.
LinearState RungeKutta4(const LinearSystem& s, double h, const LinearState& x0,
                        const core::VectorX& u) {
  constexpr std::array<std::array<double, 3>, 3> A = {{{0.5, 0, 0}, {0, 0.5, 0}, {0, 0, 1}}};
  constexpr std::array<double, 4> b = {1.0 / 6, 1.0 / 3, 1.0 / 3, 1.0 / 6};
  const core::MatrixX Minv = s.M.inverse();
  std::array<core::VectorX, 4> vel, acc;
  vel[0] = x0.v;
  acc[0] = Minv * LinearForce(s, x0, u);
  for (int i = 1; i < 4; ++i) {
    LinearState xi = x0;
    for (int j = 0; j < i; ++j) {
      xi.q += h * A[i - 1][j] * vel[j];
      xi.v += h * A[i - 1][j] * acc[j];
    }
    vel[i] = xi.v;
    acc[i] = Minv * LinearForce(s, xi, u);
  }
  LinearState next = x0;
  for (int i = 0; i < 4; ++i) {
    next.v += h * b[i] * acc[i];
    next.q += h * b[i] * vel[i];
  }
  return next;
}

}  // namespace

core::VectorX LinearForce(const LinearSystem& s, const LinearState& x, const core::VectorX& u) {
  core::VectorX F = -s.K * x.q - TotalDamping(s) * x.v;
  if (s.tau0.size() > 0) F += s.tau0;
  if (s.nu() > 0) F += s.G * u;
  return F;
}

LinearState StepLinear(const LinearSystem& s, Integrator integrator, double h, const LinearState& x,
                       const core::VectorX& u) {
  Validate(s, h, x, u);
  const core::VectorX F = LinearForce(s, x, u);
  switch (integrator) {
    case Integrator::kEuler: {
      // 2.2.2: implicit damping iff any dof_damping > 0, with M + h diag(dof_damping).
      if ((s.dof_damping.array() > 0).any()) {
        const core::MatrixX Md = s.M + h * core::MatrixX(s.dof_damping.asDiagonal());
        return Advance(x, Solve(Md, F, "M + h diag(dof_damping)"), h);
      }
      return Advance(x, Solve(s.M, F, "M"), h);
    }
    case Integrator::kImplicit:
    case Integrator::kImplicitFast: {
      // (7.1) (M − h ∂F/∂v) a = F, ∂F/∂v = −D.
      return Advance(x, Solve(s.M + h * TotalDamping(s), F, "M - h qDeriv"), h);
    }
    case Integrator::kRk4: return RungeKutta4(s, h, x, u);
    case Integrator::kDiscrete: {
      // (8.1) (M + hD + h²K) a = F − hKv; qacc = a = (v⁺ − v)/h.
      const core::MatrixX Mhat = EffectiveMetric(s.M, TotalDamping(s), s.K, h);
      return Advance(x, Solve(Mhat, ShiftedForce(F, s.K, x.v, h), "M + hD + h^2 K"), h);
    }
  }
  throw core::InputError("integrator: unknown value");
}

LinearState IntegrateLinear(const LinearSystem& s, Integrator integrator, double h, LinearState x,
                            int steps, const core::VectorX& u) {
  if (steps < 0) core::ThrowInputError("steps", steps, "1", ">= 0");
  for (int i = 0; i < steps; ++i) x = StepLinear(s, integrator, h, x, u);
  return x;
}

}  // namespace simatlas::mujoco
