// MJ-solvers §9 — the transition Jacobian with actuator activations, and its input checks:
// a linear step map whose A and B are known in closed form, and each
// size or range rule by its message.
#include <gtest/gtest.h>

#include <string>

#include "reference/core/test/error_of.h"
#include "reference/mujoco/transition_fd.h"

namespace simatlas::mujoco {
namespace {

constexpr double kH = 0.1;

// nv = na = nu = 1: q⁺ = q + h v, v⁺ = v + h(−2q + act), act⁺ = act/2 + u. So
// A = ∂(q⁺, v⁺, act⁺)/∂(q, v, act) = [[1, h, 0], [−2h, 1, h], [0, 0, 1/2]], B = (0, 0, 1)ᵀ.
TransitionModel WithActivation() {
  TransitionModel m;
  m.nv = m.na = m.nu = 1;
  m.step = [](const TransitionState& x, const core::VectorX& u) {
    TransitionState y;
    y.q = x.q + kH * x.v;
    y.v = x.v + kH * (-2 * x.q + x.act);
    y.act = 0.5 * x.act + u;
    return y;
  };
  return m;
}

TransitionState State() {
  return {core::VectorX::Constant(1, 0.3), core::VectorX::Constant(1, -0.2),
          core::VectorX::Constant(1, 0.7)};
}

// The map is linear: the differences are exact but for rounding, ~ε_machine·|x|/eps = 1e-10
// at eps = 1e-6; 1e-8 bounds it.
TEST(TransitionFDActivations, ActivationsEnterAAndBAsTheClosedForm) {
  core::MatrixX A(3, 3);
  A << 1, kH, 0, -2 * kH, 1, kH, 0, 0, 0.5;
  const core::Vector3 B(0, 0, 1);
  for (const bool centered : {true, false}) {
    const TransitionJacobians J =
        TransitionFD(WithActivation(), State(), core::VectorX::Constant(1, 0.1), 1e-6, centered);
    EXPECT_TRUE(J.A.isApprox(A, 1e-8)) << J.A;
    EXPECT_TRUE((J.B - B).norm() < 1e-8) << J.B;
  }
}

TEST(TransitionFDActivations, SizesAndRangesAreNamed) {
  const auto message = [](const TransitionModel& m, const TransitionState& x,
                          const core::VectorX& u) {
    return core::InputErrorOf([&] { TransitionFD(m, x, u, 1e-6, true); });
  };
  const core::VectorX u = core::VectorX::Constant(1, 0.1);
  TransitionModel no_step = WithActivation();
  no_step.step = nullptr;
  EXPECT_EQ(message(no_step, State(), u), "transition model: step function must be set");
  TransitionState x = State();
  x.act = core::VectorX::Zero(2);
  EXPECT_EQ(message(WithActivation(), x, u), "act size = 2 1 must be equal to 1");
  x = State();
  x.v = core::VectorX::Zero(0);
  EXPECT_EQ(message(WithActivation(), x, u), "v size = 0 1 must be equal to 1");
  EXPECT_EQ(message(WithActivation(), State(), core::VectorX::Zero(3)),
            "u size = 3 1 must be equal to 1");
  TransitionModel ranged = WithActivation();
  ranged.ctrl_upper = core::VectorX::Constant(1, 1);
  EXPECT_EQ(message(ranged, State(), u), "ctrl_lower size = 0 1 must be equal to 1");
  ranged.ctrl_lower = core::VectorX::Constant(1, -1);
  ranged.ctrl_upper = core::VectorX::Zero(2);
  EXPECT_EQ(message(ranged, State(), u), "ctrl_upper size = 2 1 must be equal to 1");
  // A range of 1e-7 around u = 5e-8 fits neither side of eps = 1e-6.
  ranged.ctrl_lower = core::VectorX::Zero(1);
  ranged.ctrl_upper = core::VectorX::Constant(1, 1e-7);
  EXPECT_EQ(message(ranged, State(), core::VectorX::Constant(1, 5e-8)),
            "ctrlrange width = 1e-07 N must be > eps so that a one-sided control difference "
            "fits");
}

}  // namespace
}  // namespace simatlas::mujoco
