// The MJ-solvers §7 scenes hinge_chain and tumbling_body: integrator= selects the tree integrator
// (mujoco/tree_integrators.h), energy is recorded per step. Expected values are hand-derived:
// the small-angle period with armature, the sign of the gyroscopic energy error per step, and the
// rejection of discrete on a free joint.
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "reference/core/errors.h"
#include "reference/scenes/scene.h"
#include "reference/scenes/step_driver.h"
#include "reference/scenes/test/scene_run.h"

namespace simatlas::scenes {
namespace {

using testing::RunScene;

double Value(const std::string& scene, const testing::SceneRun& run, const std::string& key) {
  const auto value = testing::Summary(scene, run, key);
  if (!value) ADD_FAILURE() << key << " is null";
  return value.value_or(NAN);
}

TEST(HingeChain, ArmatureSlowsTheSmallAnglePeriod) {
  // One rod (m = 1, L = 0.5, I_end = 0.08348958 kg·m², see pendulum_chain) plus armature
  // 0.05 kg·m² on the hinge: T = 2π √((0.08348958 + 0.05)/(m g L/2)) = 2π √(0.13348958/2.4525)
  // = 1.465893 s (θ₀ = 0.05: ×1.00016). RK4 at h = 1e-3 has no visible period error.
  const testing::SceneRun run = RunScene(
      "hinge_chain", {"links=1", "armature=0.05", "theta0=0.05", "integrator=rk4", "steps=5000"});
  std::vector<double> down;
  const Trajectory& t = run.trajectory;
  for (std::size_t k = 1; k < t.q.size(); ++k) {
    const double a = t.q[k - 1](0), b = t.q[k](0);
    if (a > 0 && b <= 0) down.push_back(t.t[k - 1] + (t.t[k] - t.t[k - 1]) * a / (a - b));
  }
  ASSERT_GE(down.size(), 3u);
  const double period = (down.back() - down.front()) / (down.size() - 1);
  EXPECT_NEAR(period, 1.465893 * 1.00016, 1e-3 * 1.465893);
  // Energy recorded per step, T + V (V(0) = −m g L/2 cos θ₀ = −2.4525 cos 0.05).
  ASSERT_EQ(t.energy.size(), t.q.size());
  EXPECT_NEAR(t.energy.front(), -2.4525 * std::cos(0.05), 1e-12);
  // Conservative and fourth order: the drift stays tiny (|ΔE| ~ (hω)⁴ E ≈ 1e-12 J here).
  EXPECT_LT(Value("hinge_chain", run, "energy_drift_max"), 1e-8);
}

TEST(HingeChain, EveryIntegratorRunsAndDampingDissipates) {
  // With damping 0.2 N·m·s/rad every integrator loses energy over 2 s (D ≥ 0 removes power
  // D v² ≥ 0; the integrators' own O(h) errors are ~1e-3 J, far below the ~J dissipated).
  for (const char* integ : {"euler", "implicit", "implicitfast", "rk4", "discrete"}) {
    const testing::SceneRun run =
        RunScene("hinge_chain", {std::string("integrator=") + integ, "damping=0.2", "steps=2000"});
    EXPECT_LT(Value("hinge_chain", run, "energy_end"),
              Value("hinge_chain", run, "energy_start") - 0.1)
        << integ;
  }
}

TEST(TumblingBody, EulerGainsImplicitLosesRk4Keeps) {
  // COM at the origin, no gravity: per step Euler gains ½h² gᵀI⁻¹g ≥ 0 (g = ω × Iω) and the
  // implicit step loses the same to leading order (tree_integrators_test derives both), so over
  // 1 s Euler's energy rises and implicit's falls; RK4's error is O(h²) smaller still; the
  // quaternion stays unit to round-off.
  const auto run = [](const char* integ) {
    return RunScene("tumbling_body", {std::string("integrator=") + integ, "steps=1000"});
  };
  const testing::SceneRun euler = run("euler"), implicit = run("implicit"), rk4 = run("rk4");
  EXPECT_GT(Value("tumbling_body", euler, "energy_end"),
            Value("tumbling_body", euler, "energy_start"));
  EXPECT_LT(Value("tumbling_body", implicit, "energy_end"),
            Value("tumbling_body", implicit, "energy_start"));
  EXPECT_LT(Value("tumbling_body", rk4, "energy_drift_max"),
            1e-3 * Value("tumbling_body", euler, "energy_drift_max"));
  for (const auto* r : {&euler, &implicit, &rk4}) {
    EXPECT_LT(Value("tumbling_body", *r, "quaternion_norm_error_max"), 1e-14);
  }
}

TEST(TumblingBody, DiscreteIsRejectedWithTheSupportedSet) {
  try {
    RunScene("tumbling_body", {"integrator=discrete", "steps=1"});
    FAIL() << "discrete on a free joint must be rejected";
  } catch (const core::InputError& e) {
    EXPECT_NE(std::string(e.what()).find("euler, implicit, implicitfast, rk4"), std::string::npos)
        << e.what();
  }
  EXPECT_THROW(RunScene("tumbling_body", {"integrator=verlet"}), core::InputError);
}

}  // namespace
}  // namespace simatlas::scenes
