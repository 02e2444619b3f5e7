// MJ-solvers §7–§8 — integrators on the linear slider. Numbers: test vectors T8, T9 (formula
// sheet, MuJoCo 2.2.2) and hand derivations in the comments.
#include "reference/mujoco/integrators.h"

#include <gtest/gtest.h>

#include <cmath>

#include "reference/core/errors.h"

namespace simatlas::mujoco {
namespace {

LinearState Slider(double q, double v) {
  return {core::VectorX::Constant(1, q), core::VectorX::Constant(1, v)};
}

TEST(Integrators, T8DampedSliderEulerAndImplicit) {
  // T8: m = 1, damping 10, h = 0.01, v0 = 1: v = 1/(1 + 0.1) = 0.9090909091, q = h v.
  const LinearSystem s = OneDof(1, 0, 10);
  for (Integrator integ : {Integrator::kEuler, Integrator::kImplicit, Integrator::kImplicitFast}) {
    const LinearState x = StepLinear(s, integ, 0.01, Slider(0, 1));
    EXPECT_NEAR(x.v[0], 1 / 1.1, 1e-15) << IntegratorName(integ);
    EXPECT_NEAR(x.q[0], 0.01 / 1.1, 1e-17) << IntegratorName(integ);
  }
}

TEST(Integrators, T8DampedSliderRk4) {
  // T8: RK4 = degree-4 Taylor of e^{−0.1}: v = 1 − 0.1 + 0.005 − 1/6000 + 1/240000 = 0.9048375;
  // q = h − 10h²/2 + 100h³/6 − 1000h⁴/24 = 0.00951625.
  const LinearState x = StepLinear(OneDof(1, 0, 10), Integrator::kRk4, 0.01, Slider(0, 1));
  EXPECT_NEAR(x.v[0], 0.9048375, 1e-15);
  EXPECT_NEAR(x.q[0], 0.00951625, 1e-17);
}

TEST(Integrators, T9UndampedSpring) {
  // T9: k = 100, q0 = 1, v0 = 0, h = 0.01. Euler: a = −100, v = −1, q = 1 + h v = 0.99.
  const LinearSystem s = OneDof(1, 100, 0);
  const LinearState e = StepLinear(s, Integrator::kEuler, 0.01, Slider(1, 0));
  EXPECT_NEAR(e.v[0], -1, 1e-15);
  EXPECT_NEAR(e.q[0], 0.99, 1e-15);
  // RK4: q = 1 − 0.1²/2 + 0.1⁴/24 = 0.995004166666667, v = −10(0.1 − 0.1³/6) = −0.998333333333.
  const LinearState r = StepLinear(s, Integrator::kRk4, 0.01, Slider(1, 0));
  EXPECT_NEAR(r.q[0], 1 - 0.005 + 1e-4 / 24, 1e-15);
  EXPECT_NEAR(r.v[0], -10 * (0.1 - 1e-3 / 6), 1e-15);
}

TEST(Integrators, EulerDampingClosedFormManySteps) {
  // k = 0: v_n = v0 ρⁿ with ρ = 1/(1 + h d/m); q_n = h Σ_{i=1..n} v_i = h v0 ρ (1 − ρⁿ)/(1 − ρ).
  const double m = 2, d = 3, h = 0.05, v0 = 1.5;
  const int n = 40;
  const LinearState x = IntegrateLinear(OneDof(m, 0, d), Integrator::kEuler, h, Slider(0, v0), n);
  const double rho = 1 / (1 + h * d / m);
  EXPECT_NEAR(x.v[0], v0 * std::pow(rho, n), 1e-14);
  EXPECT_NEAR(x.q[0], h * v0 * rho * (1 - std::pow(rho, n)) / (1 - rho), 1e-14);
}

TEST(Integrators, EulerKeepsStiffnessExplicitButImplicitDamping) {
  // T10 derivation: a = (u − k q − d v)/(m + h d) — only damping enters the matrix.
  // m = 1, k = 100, d = 10, h = 0.01, q = 0.2, v = −0.3: a = (−20 + 3)/1.1 = −15.4545…
  const LinearState x = StepLinear(OneDof(1, 100, 10), Integrator::kEuler, 0.01, Slider(0.2, -0.3));
  const double a = -17 / 1.1;
  EXPECT_NEAR(x.v[0], -0.3 + 0.01 * a, 1e-15);
  EXPECT_NEAR(x.q[0], 0.2 + 0.01 * (-0.3 + 0.01 * a), 1e-15);
}

TEST(Integrators, EulerLeavesCoupledDampingExplicitImplicitDoesNot) {
  // 2.2.2 Euler treats only dof_damping implicitly. With dof_damping = 0 and coupled damping
  // D = [[4, −4], [−4, 4]] (a tendon between two unit masses), Euler is explicit:
  // v = (1, 0): F = −D v = (−4, 4), v⁺ = (1 − 4h, 4h). Implicit solves (I + hD) a = F:
  // h = 0.1: [[1.4, −0.4], [−0.4, 1.4]] a = (−4, 4) → a = (−4, 4)/1.8.
  LinearSystem s;
  s.M = core::MatrixX::Identity(2, 2);
  s.K = core::MatrixX::Zero(2, 2);
  s.dof_damping = core::VectorX::Zero(2);
  s.coupled_damping = (core::MatrixX(2, 2) << 4, -4, -4, 4).finished();
  const LinearState x0{core::VectorX::Zero(2), (core::VectorX(2) << 1, 0).finished()};
  const LinearState e = StepLinear(s, Integrator::kEuler, 0.1, x0);
  EXPECT_NEAR(e.v[0], 0.6, 1e-15);
  EXPECT_NEAR(e.v[1], 0.4, 1e-15);
  const LinearState i = StepLinear(s, Integrator::kImplicit, 0.1, x0);
  EXPECT_NEAR(i.v[0], 1 - 0.4 / 1.8, 1e-15);
  EXPECT_NEAR(i.v[1], 0.4 / 1.8, 1e-15);
}

TEST(Integrators, DiscreteIsBackwardEulerOnOneDof) {
  // Backward Euler: m(v⁺ − v) = h(u − k q⁺ − d v⁺), q⁺ = q + h v⁺
  // ⇒ v⁺ = (m v − h k q + h u)/(m + h d + h² k). m = 2, k = 500, d = 3, h = 0.02, q = 0.1, v = 1:
  // v⁺ = (2 − 1 )/(2 + 0.06 + 0.2) = 1/2.26.
  const LinearState x = StepLinear(OneDof(2, 500, 3), Integrator::kDiscrete, 0.02, Slider(0.1, 1));
  EXPECT_NEAR(x.v[0], 1 / 2.26, 1e-15);
  EXPECT_NEAR(x.q[0], 0.1 + 0.02 / 2.26, 1e-15);
}

TEST(Integrators, DiscreteIsBackwardEulerOnCoupledSystem) {
  // Two coupled dofs: solve the 2n×2n backward-Euler system
  //   [ I      −h I      ] [q⁺]   [ q        ]
  //   [ h K   M + h D    ] [v⁺] = [ M v + h τ0 ]
  // directly and compare with the (8.1) metric/shift form.
  LinearSystem s;
  s.M = (core::MatrixX(2, 2) << 2, 0.3, 0.3, 1).finished();
  s.K = (core::MatrixX(2, 2) << 300, -100, -100, 150).finished();
  s.dof_damping = (core::VectorX(2) << 1, 2).finished();
  s.coupled_damping = (core::MatrixX(2, 2) << 0.5, -0.5, -0.5, 0.5).finished();
  s.tau0 = (core::VectorX(2) << 1, -2).finished();
  const double h = 0.01;
  const LinearState x0{(core::VectorX(2) << 0.1, -0.05).finished(),
                       (core::VectorX(2) << 0.3, 0.7).finished()};
  core::MatrixX D = s.coupled_damping;
  D.diagonal() += s.dof_damping;
  core::MatrixX big = core::MatrixX::Zero(4, 4);
  big.topLeftCorner(2, 2).setIdentity();
  big.topRightCorner(2, 2) = -h * core::MatrixX::Identity(2, 2);
  big.bottomLeftCorner(2, 2) = h * s.K;
  big.bottomRightCorner(2, 2) = s.M + h * D;
  core::VectorX rhs(4);
  rhs << x0.q, s.M * x0.v + h * s.tau0;
  const core::VectorX be = big.partialPivLu().solve(rhs);
  const LinearState x = StepLinear(s, Integrator::kDiscrete, h, x0);
  for (int i = 0; i < 2; ++i) {
    EXPECT_NEAR(x.q[i], be[i], 1e-14);
    EXPECT_NEAR(x.v[i], be[2 + i], 1e-13);
  }
}

TEST(Integrators, Rk4IsFourthOrder) {
  // Global error at T = 1 s of the undamped oscillator (ω = 10) against q = cos 10t:
  // halving h divides it by ≈ 2⁴ = 16.
  const LinearSystem s = OneDof(1, 100, 0);
  auto error = [&](int n) {
    const LinearState x = IntegrateLinear(s, Integrator::kRk4, 1.0 / n, Slider(1, 0), n);
    return std::hypot(x.q[0] - std::cos(10.0), x.v[0] + 10 * std::sin(10.0));
  };
  const double ratio = error(200) / error(400);
  EXPECT_GT(ratio, 15.0);
  EXPECT_LT(ratio, 17.0);
  // Euler for contrast is first order (ratio ≈ 2).
  auto euler_error = [&](int n) {
    const LinearState x = IntegrateLinear(s, Integrator::kEuler, 1.0 / n, Slider(1, 0), n);
    return std::hypot(x.q[0] - std::cos(10.0), x.v[0] + 10 * std::sin(10.0));
  };
  const double euler_ratio = euler_error(2000) / euler_error(4000);
  EXPECT_GT(euler_ratio, 1.8);
  EXPECT_LT(euler_ratio, 2.2);
}

TEST(Integrators, DiscreteStableWhereEulerDiverges) {
  // k = 1e6, h = 0.01: ωh = 10 > 2, semi-implicit Euler's stability limit; discrete (backward
  // Euler) has |eigenvalues| < 1 for every h.
  const LinearSystem s = OneDof(1, 1e6, 0);
  const LinearState e = IntegrateLinear(s, Integrator::kEuler, 0.01, Slider(1, 0), 50);
  const LinearState d = IntegrateLinear(s, Integrator::kDiscrete, 0.01, Slider(1, 0), 50);
  EXPECT_GT(std::abs(e.q[0]), 1e10);
  EXPECT_LT(std::abs(d.q[0]), 1.0);
}

TEST(Integrators, RejectsBadInput) {
  const LinearSystem s = OneDof(1, 0, 1);
  EXPECT_THROW(ParseIntegrator("semi-implicit"), core::InputError);
  EXPECT_THROW(StepLinear(s, Integrator::kEuler, 0.0, Slider(0, 1)), core::InputError);
  EXPECT_THROW(StepLinear(s, Integrator::kEuler, 0.01, Slider(NAN, 1)), core::InputError);
  EXPECT_THROW(IntegrateLinear(s, Integrator::kEuler, 0.01, Slider(0, 1), -1), core::InputError);
  EXPECT_THROW(OneDof(0, 1, 1), core::InputError);
  EXPECT_THROW(OneDof(1, -1, 1), core::InputError);
  EXPECT_THROW(StepLinear(s, Integrator::kEuler, 0.01, Slider(0, 1), core::VectorX::Ones(1)),
               core::InputError);  // u given but nu = 0
  for (const char* name : {"euler", "implicit", "implicitfast", "rk4", "discrete"}) {
    EXPECT_EQ(IntegratorName(ParseIntegrator(name)), name);
  }
}

}  // namespace
}  // namespace simatlas::mujoco
