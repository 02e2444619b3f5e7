// MJ-solvers §7 — the linear-system integrators' input checks: every size,
// finiteness and singularity rule of StepLinear by its message, and a constant force with a
// control worked by hand.
#include <gtest/gtest.h>

#include <functional>
#include <limits>
#include <string>

#include "reference/core/test/error_of.h"
#include "reference/mujoco/integrators.h"

namespace simatlas::mujoco {
namespace {

using core::InputErrorOf;

const LinearState kAtRest{core::VectorX::Zero(1), core::VectorX::Zero(1)};

// The InputError of one Euler step of OneDof(1, 0, 0, motor) after `edit` ("" if none).
std::string ErrorAfter(const std::function<void(LinearSystem&)>& edit, bool motor = false) {
  LinearSystem s = OneDof(1, 0, 0, motor);
  edit(s);
  const core::VectorX u = core::VectorX::Zero(motor ? 1 : 0);
  return InputErrorOf([&] { StepLinear(s, Integrator::kEuler, 0.01, kAtRest, u); });
}

TEST(IntegratorsStepLinear, SizesAndFinitenessAreNamed) {
  EXPECT_EQ(ErrorAfter([](LinearSystem&) {}), "");
  EXPECT_EQ(ErrorAfter([](LinearSystem& s) { s.M = core::MatrixX::Ones(1, 2); }),
            "M cols = 2 1 must be equal to its rows and > 0");
  EXPECT_EQ(ErrorAfter([](LinearSystem& s) { s.M.resize(0, 0); }),
            "M cols = 0 1 must be equal to its rows and > 0");
  EXPECT_EQ(ErrorAfter([](LinearSystem& s) { s.coupled_damping = core::MatrixX::Zero(2, 1); }),
            "coupled_damping rows = 2 1 must be equal to nv");
  EXPECT_EQ(ErrorAfter([](LinearSystem& s) { s.coupled_damping = core::MatrixX::Zero(1, 2); }),
            "coupled_damping cols = 2 1 must be equal to nv");
  EXPECT_EQ(ErrorAfter([](LinearSystem& s) { s.tau0 = core::VectorX::Zero(3); }),
            "tau0 size = 3 1 must be equal to nv");
  EXPECT_EQ(ErrorAfter([](LinearSystem& s) { s.G = core::MatrixX::Ones(2, 1); }, true),
            "G rows = 2 1 must be equal to nv");
  EXPECT_EQ(
      ErrorAfter([](LinearSystem& s) { s.M(0, 0) = std::numeric_limits<double>::infinity(); }),
      "M and K must be finite (linear system)");
  EXPECT_EQ(ErrorAfter([](LinearSystem& s) { s.K(0, 0) = std::nan(""); }),
            "M and K must be finite (linear system)");
}

// M = 0 without damping: Euler's M a = F has no solution, named; an enum value outside the
// table is refused.
TEST(IntegratorsStepLinear, SingularMatrixAndUnknownIntegrator) {
  LinearSystem massless = OneDof(1, 0, 0);  // OneDof itself refuses m = 0
  massless.M(0, 0) = 0;
  EXPECT_EQ(core::NumericalErrorOf(
                [&] { StepLinear(massless, Integrator::kEuler, 0.01, kAtRest, core::VectorX()); }),
            "M is singular (integrator matrix)");
  EXPECT_EQ(InputErrorOf([] {
              StepLinear(OneDof(1, 0, 0), static_cast<Integrator>(42), 0.01, kAtRest,
                         core::VectorX());
            }),
            "integrator: unknown value");
}

// m = 2 kg at rest, τ₀ = 1 N and a motor of gear 1 at u = 3 N: F = 4 N, a = 2 m/s², so one
// Euler step of h = 0.5 s gives v⁺ = 1 m/s, q⁺ = h v⁺ = 0.5 m (all exact in binary).
TEST(IntegratorsStepLinear, ConstantForceAndControlByHand) {
  LinearSystem s = OneDof(2, 0, 0, true);
  s.tau0 = core::VectorX::Constant(1, 1);
  const LinearState x =
      StepLinear(s, Integrator::kEuler, 0.5, kAtRest, core::VectorX::Constant(1, 3));
  EXPECT_EQ(x.v[0], 1);
  EXPECT_EQ(x.q[0], 0.5);
}

}  // namespace
}  // namespace simatlas::mujoco
