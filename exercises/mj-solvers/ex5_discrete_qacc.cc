// MJ-solvers §10, exercise 5 (course §8, formula sheet (8.1): the discrete integrator solves with
// the metric M + hD + h²K and the shifted force −hKv, and reports qacc = (v⁺ − v)/h): qacc differs
// under discrete — did the integrator just change qvel at the end? Evidence: one undamped 1-dof
// spring (m = 1 kg, k = 100 N/m, q0 = 1 m, v0 = 0) stepped with h = 10 ms and 5 ms: qacc = (v⁺ −
// v)/h each time, different values, and neither equals Euler's M⁻¹F = −100 m/s².
#include <gtest/gtest.h>

#include <iostream>

#include "exercises/support/exercise.h"
#include "reference/core/errors.h"
#include "reference/mujoco/integrators.h"

namespace simatlas::exercises {
namespace {

TEST(Ex5, DiscreteQaccDependsOnH) {
  const Exercise exercise{
      "mj-solvers",
      5,
      "MJ-solvers §10",
      "qacc differs under the discrete integrator. Did the integrator just change qvel at the end? "
      "Step a spring (m = 1 kg, k = 100 N/m, q0 = 1 m, v0 = 0) with h = 10 ms and h = 5 ms.",
      {YesNo("answer", "is only qvel changed at the end (the same qacc for both h)?"),
       Number("qacc_h_10ms", "m/s^2", "qacc = (v+ - v)/h with h = 10 ms", 1e-9),
       Number("qacc_h_5ms", "m/s^2", "qacc = (v+ - v)/h with h = 5 ms", 1e-9)}};
  StateQuestion(exercise, std::cout);
  Evidence evidence;

  const mujoco::LinearSystem spring = mujoco::OneDof(1.0, 100.0, 0.0);
  mujoco::LinearState x0;
  x0.q = core::VectorX::Constant(1, 1.0);
  x0.v = core::VectorX::Zero(1);
  std::vector<double> qacc;
  for (double h : {0.01, 0.005}) {
    const mujoco::LinearState d = mujoco::StepLinear(spring, mujoco::Integrator::kDiscrete, h, x0);
    const mujoco::LinearState e = mujoco::StepLinear(spring, mujoco::Integrator::kEuler, h, x0);
    const double a = (d.v(0) - x0.v(0)) / h;
    const double a_euler = (e.v(0) - x0.v(0)) / h;
    qacc.push_back(a);
    evidence.Show("h = " + core::FormatNumber(h) +
                  " s: discrete v+ = " + core::FormatNumber(d.v(0)) +
                  " m/s, qacc = (v+ - v)/h = " + core::FormatNumber(a) +
                  " m/s^2; Euler qacc = " + core::FormatNumber(a_euler) + " m/s^2");
    // (8.1) by hand: (m + h²k) a = −k q0 − h k v0.
    EXPECT_NEAR(a, -100.0 / (1.0 + 100.0 * h * h), 1e-9);
  }

  evidence.Imply("answer", qacc[0] == qacc[1]);
  evidence.Imply("qacc_h_10ms", qacc[0]);
  evidence.Imply("qacc_h_5ms", qacc[1]);
  CheckAnswers(exercise, evidence);
}

}  // namespace
}  // namespace simatlas::exercises
