// MJ-solvers §9 — finite-difference transition Jacobians. Numbers: test vector T10 (MuJoCo
// 2.2.2) and the exact Jacobians of linear step maps derived in the comments.
#include "reference/mujoco/transition_fd.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "reference/core/errors.h"

namespace simatlas::mujoco {
namespace {

TransitionState SliderState(double q, double v) {
  return {core::VectorX::Constant(1, q), core::VectorX::Constant(1, v), core::VectorX()};
}

TEST(TransitionFD, T10EulerSlider) {
  // T10: m = 1, k = 100, d = 10, motor gear 1, h = 0.01, Euler, eps = 1e-6, centred.
  // a = (u − 100q − 10v)/1.1 ⇒ A = [[1 − 0.01/1.1, 0.01/1.1], [−1/1.1, 1/1.1]],
  // B = [1e-4/1.1; 0.01/1.1].
  const TransitionModel m =
      LinearTransitionModel(OneDof(1, 100, 10, true), Integrator::kEuler, 0.01);
  for (bool centered : {true, false}) {
    const TransitionJacobians J =
        TransitionFD(m, SliderState(0.3, -0.2), core::VectorX::Constant(1, 0.5), 1e-6, centered);
    ASSERT_EQ(J.A.rows(), 2);
    ASSERT_EQ(J.B.cols(), 1);
    EXPECT_NEAR(J.A(0, 0), 0.990909091, 1e-8);
    EXPECT_NEAR(J.A(0, 1), 0.00909090909, 1e-8);
    EXPECT_NEAR(J.A(1, 0), -0.909090909, 1e-8);
    EXPECT_NEAR(J.A(1, 1), 0.909090909, 1e-8);
    EXPECT_NEAR(J.B(0, 0), 9.09090909e-5, 1e-9);
    EXPECT_NEAR(J.B(1, 0), 0.00909090909, 1e-8);
  }
}

TEST(TransitionFD, LinearDiscreteSystemEqualsExactJacobian) {
  // Discrete step of a 2-dof linear system: with M̂ = M + hD + h²K,
  //   v⁺ = v + h M̂⁻¹(τ0 + G u − K q − D v − h K v),  q⁺ = q + h v⁺, so
  //   ∂v⁺/∂q = −h M̂⁻¹K, ∂v⁺/∂v = I − h M̂⁻¹(D + hK), ∂v⁺/∂u = h M̂⁻¹G, and ∂q⁺/∂· = I·[·=q] + h ∂v⁺/∂·.
  LinearSystem s;
  s.M = (core::MatrixX(2, 2) << 2, 0.3, 0.3, 1).finished();
  s.K = (core::MatrixX(2, 2) << 300, -100, -100, 150).finished();
  s.dof_damping = (core::VectorX(2) << 1, 2).finished();
  s.G = (core::MatrixX(2, 1) << 1, -0.5).finished();
  const double h = 0.01;
  const core::MatrixX D = s.dof_damping.asDiagonal();
  const core::MatrixX Mhat_inv = (s.M + h * D + h * h * s.K).inverse();
  const core::MatrixX I2 = core::MatrixX::Identity(2, 2);
  core::MatrixX A(4, 4), B(4, 1);
  const core::MatrixX Avq = -h * Mhat_inv * s.K, Avv = I2 - h * Mhat_inv * (D + h * s.K);
  const core::MatrixX Bv = h * Mhat_inv * s.G;
  A << I2 + h * Avq, h * Avv, Avq, Avv;
  B << h * Bv, Bv;
  const TransitionModel m = LinearTransitionModel(s, Integrator::kDiscrete, h);
  const TransitionState x{(core::VectorX(2) << 0.1, -0.2).finished(),
                          (core::VectorX(2) << 0.5, 0.3).finished(), core::VectorX()};
  for (bool centered : {true, false}) {
    const TransitionJacobians J =
        TransitionFD(m, x, core::VectorX::Constant(1, 0.7), 1e-6, centered);
    EXPECT_LT((J.A - A).cwiseAbs().maxCoeff(), 1e-8) << "centered " << centered;
    EXPECT_LT((J.B - B).cwiseAbs().maxCoeff(), 1e-9) << "centered " << centered;
  }
}

TEST(TransitionFD, ControlClampingStaysInsideRange) {
  // u at the upper limit: the control column is a backward difference, and no evaluation
  // sees u above ctrlrange. The linear map's B is still exact: [1e-4/1.1; 0.01/1.1].
  TransitionModel m = LinearTransitionModel(OneDof(1, 100, 10, true), Integrator::kEuler, 0.01);
  double max_u = -1e300;
  const auto inner = m.step;
  m.step = [&](const TransitionState& x, const core::VectorX& u) {
    max_u = std::max(max_u, u[0]);
    return inner(x, u);
  };
  m.ctrl_lower = core::VectorX::Constant(1, -1);
  m.ctrl_upper = core::VectorX::Constant(1, 1);
  const TransitionJacobians J =
      TransitionFD(m, SliderState(0, 0), core::VectorX::Constant(1, 1.0), 1e-6, true);
  EXPECT_LE(max_u, 1.0);
  EXPECT_NEAR(J.B(1, 0), 0.01 / 1.1, 1e-8);
  EXPECT_NEAR(J.B(0, 0), 1e-4 / 1.1, 1e-9);
}

TEST(TransitionFD, TangentSpacePositions) {
  // A 1-dof "angle on the unit circle" stored as q = (cos θ, sin θ) (nq = 2, nv = 1) with the
  // step θ⁺ = θ + h v, v⁺ = v. integratePos rotates, differentiatePos returns the angle
  // difference, so A = [[1, h], [0, 1]] with 2nv = 2 rows although nq = 2.
  const double h = 0.1;
  TransitionModel m;
  m.nv = 1;
  m.integrator = Integrator::kImplicit;
  auto rotate = [](const core::VectorX& q, double angle) {
    core::VectorX out(2);
    out << q[0] * std::cos(angle) - q[1] * std::sin(angle),
        q[0] * std::sin(angle) + q[1] * std::cos(angle);
    return out;
  };
  m.integrate_pos = [rotate](const core::VectorX& q, const core::VectorX& dv, double scale) {
    return rotate(q, scale * dv[0]);
  };
  m.differentiate_pos = [](const core::VectorX& q1, const core::VectorX& q2, double hh) {
    return core::VectorX::Constant(
        1, std::atan2(q1[0] * q2[1] - q1[1] * q2[0], q1[0] * q2[0] + q1[1] * q2[1]) / hh);
  };
  m.step = [rotate, h](const TransitionState& x, const core::VectorX&) {
    return TransitionState{rotate(x.q, h * x.v[0]), x.v, x.act};
  };
  const TransitionState x{(core::VectorX(2) << std::cos(0.7), std::sin(0.7)).finished(),
                          core::VectorX::Constant(1, 2.0), core::VectorX()};
  const TransitionJacobians J = TransitionFD(m, x, core::VectorX(), 1e-6, true);
  ASSERT_EQ(J.A.rows(), 2);
  EXPECT_NEAR(J.A(0, 0), 1, 1e-8);
  EXPECT_NEAR(J.A(0, 1), h, 1e-8);
  EXPECT_NEAR(J.A(1, 0), 0, 1e-8);
  EXPECT_NEAR(J.A(1, 1), 1, 1e-8);
}

TEST(TransitionFD, RejectsRk4AndBadEps) {
  const TransitionModel rk4 =
      LinearTransitionModel(OneDof(1, 100, 10, true), Integrator::kRk4, 0.01);
  try {
    TransitionFD(rk4, SliderState(0, 0), core::VectorX::Zero(1), 1e-6, true);
    ADD_FAILURE() << "RK4 accepted";
  } catch (const core::InputError& e) {
    EXPECT_NE(std::string(e.what()).find("rk4"), std::string::npos) << e.what();
  }
  const TransitionModel euler =
      LinearTransitionModel(OneDof(1, 100, 10, true), Integrator::kEuler, 0.01);
  EXPECT_THROW(TransitionFD(euler, SliderState(0, 0), core::VectorX::Zero(1), 0.0, true),
               core::InputError);
  EXPECT_THROW(TransitionFD(euler, SliderState(0, 0), core::VectorX::Zero(2), 1e-6, true),
               core::InputError);
}

TEST(TransitionFD, PendulumJacobianByHandAndByCentredDifferences) {
  // g/L = 9.81 1/s², h = 0.01 s, q = 1 rad: c = −9.81 cos 1 = −9.81 · 0.54030231 = −5.3003656, so
  // A = [[1 + 1e-4 c, 0.01], [0.01 c, 1]] = [[0.99946996, 0.01], [−0.053003656, 1]].
  const core::MatrixX a = PendulumTransitionJacobian(9.81, 0.01, 1.0);
  EXPECT_NEAR(a(0, 0), 0.99946996, 1e-8);
  EXPECT_EQ(a(0, 1), 0.01);
  EXPECT_NEAR(a(1, 0), -0.053003656, 1e-9);
  EXPECT_EQ(a(1, 1), 1.0);
  // The step map's centred differences at ε = 1e-6: truncation (ε²/6)·h|g/L| ≈ 2e-13, round-off
  // ≈ 1e-16/1e-6 = 1e-10, so they agree to 1e-9 at any v.
  const TransitionState x{core::VectorX::Constant(1, 1.0), core::VectorX::Constant(1, 0.5),
                          core::VectorX()};
  const TransitionJacobians fd =
      TransitionFD(PendulumTransitionModel(9.81, 0.01), x, core::VectorX(), 1e-6, true);
  EXPECT_LT((fd.A - a).cwiseAbs().maxCoeff(), 1e-9);
}

}  // namespace
}  // namespace simatlas::mujoco
