// MJ-solvers §7: mujoco.integrate_linear through the registry.
// mujoco.integrate_linear through the registry: T8 and T9 (formula sheet, MuJoCo 2.2.2) and
// the backward-Euler identity of the discrete integrator (hand arithmetic).
#include <gtest/gtest.h>

#include "reference/core/errors.h"
#include "reference/laws/law.h"

namespace simatlas::laws {
namespace {

Values EvalLaw(const std::vector<std::string>& args) {
  const Law& law = AllLaws().Get("mujoco.integrate_linear");
  return Evaluate(law, ParseArguments(law, args));
}

TEST(IntegratorLaws, T8DampedSlider) {
  // T8: v = 1/1.1, q = 0.01/1.1 (euler, implicit); RK4 v = 0.9048375, q = 0.00951625.
  for (const char* integ : {"integrator=euler", "integrator=implicit", "integrator=implicitfast"}) {
    const Values out = EvalLaw({"m=1", "d=10", "h=0.01", "v0=1", integ});
    EXPECT_NEAR(out.Number("v"), 1 / 1.1, 1e-15) << integ;
    EXPECT_NEAR(out.Number("q"), 0.01 / 1.1, 1e-17) << integ;
  }
  const Values rk4 = EvalLaw({"m=1", "d=10", "h=0.01", "v0=1", "integrator=rk4"});
  EXPECT_NEAR(rk4.Number("v"), 0.9048375, 1e-15);
  EXPECT_NEAR(rk4.Number("q"), 0.00951625, 1e-17);
}

TEST(IntegratorLaws, T9UndampedSpring) {
  // T9: Euler q = 0.99, v = −1; RK4 q = 0.995004166666667, v = −0.998333333333333.
  const Values e = EvalLaw({"m=1", "k=100", "h=0.01", "q0=1"});
  EXPECT_NEAR(e.Number("q"), 0.99, 1e-15);
  EXPECT_NEAR(e.Number("v"), -1, 1e-15);
  const Values r = EvalLaw({"m=1", "k=100", "h=0.01", "q0=1", "integrator=rk4"});
  EXPECT_NEAR(r.Number("q"), 0.995004166666667, 1e-15);
  EXPECT_NEAR(r.Number("v"), -0.998333333333333, 1e-15);
}

TEST(IntegratorLaws, DiscreteTwoStepsBackwardEuler) {
  // Backward Euler v⁺ = (m v − h k q + h u)/(m + h d + h² k), q⁺ = q + h v⁺; m = 1, k = 100,
  // d = 0, h = 0.1, q0 = 1, u = 0: denominator 2; step 1 v = −10/2 = −5, q = 0.5;
  // step 2 v = (−5 − 5)/2 = −5, q = 0.
  const Values out = EvalLaw({"m=1", "k=100", "h=0.1", "q0=1", "integrator=discrete", "steps=2"});
  EXPECT_NEAR(out.Number("v"), -5, 1e-14);
  EXPECT_NEAR(out.Number("q"), 0, 1e-14);
}

TEST(IntegratorLaws, MotorForceEntersEuler) {
  // u = 2, m = 1, d = 10, h = 0.01, v0 = 0: a = 2/1.1, v = 0.02/1.1.
  const Values out = EvalLaw({"m=1", "d=10", "h=0.01", "u=2"});
  EXPECT_NEAR(out.Number("v"), 0.02 / 1.1, 1e-16);
}

TEST(IntegratorLaws, RejectsBadInput) {
  EXPECT_THROW(EvalLaw({"m=1", "h=0.01", "steps=1.5"}), core::InputError);
  EXPECT_THROW(EvalLaw({"m=1", "h=0.01", "steps=-1"}), core::InputError);
  EXPECT_THROW(EvalLaw({"m=0", "h=0.01"}), core::InputError);
  EXPECT_THROW(EvalLaw({"m=1", "h=0"}), core::InputError);
  EXPECT_ANY_THROW(EvalLaw({"m=1", "h=0.01", "integrator=verlet"}));
}

}  // namespace
}  // namespace simatlas::laws
