// Unit tests of the scenes and the step driver (E3-SAP §2, §5) without contact. Expected values
// are hand-derived: the small-angle period of a rod pendulum, the exponential energy decay of a
// lightly damped oscillator, the closed form of the §5 update under constant gravity, and the
// quaternion norm growth √(1 + h²‖ω‖²/4) per step of the linear update.
#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "reference/core/errors.h"
#include "reference/scenes/scene.h"
#include "reference/scenes/step_driver.h"
#include "reference/scenes/test/scene_run.h"

namespace simatlas::scenes {
namespace {

using testing::RunScene;
using testing::SceneRun;

// The value of a summary entry that must be non-null.
double SummaryValue(const std::string& scene, const SceneRun& run, const std::string& key) {
  const auto value = testing::Summary(scene, run, key);
  if (!value) ADD_FAILURE() << "summary entry " << key << " is null";
  return value.value_or(NAN);
}

// Times at which θ₁ crosses 0 going down (linear interpolation between steps).
std::vector<double> DownCrossings(const Trajectory& t) {
  std::vector<double> times;
  for (std::size_t k = 1; k < t.q.size(); ++k) {
    const double a = t.q[k - 1](0), b = t.q[k](0);
    if (a > 0 && b <= 0) times.push_back(t.t[k - 1] + (t.t[k] - t.t[k - 1]) * a / (a - b));
  }
  return times;
}

TEST(PendulumChain, SmallAnglePeriodOfARod) {
  // One rod m = 1 kg, L = 0.5 m, radius r = L/20 = 0.025 m about its end:
  //   I = m(3r² + L²)/12 + m(L/2)² = (0.001875 + 0.25)/12 + 0.0625 = 0.08348958 kg·m²
  //   T = 2π √(I/(m g L/2)) = 2π √(0.08348958/2.4525) = 1.159296 s
  // (θ₀ = 0.05 rad adds the factor 1 + θ₀²/16 = 1.00016.)
  const SceneRun run =
      RunScene("pendulum_chain", {"links=1", "theta0=0.05", "dt=1e-3", "steps=4000"});
  const std::vector<double> down = DownCrossings(run.trajectory);
  ASSERT_GE(down.size(), 3u);
  const double period = (down.back() - down.front()) / (down.size() - 1);
  EXPECT_NEAR(period, 1.159296 * 1.00016, 0.002 * 1.159296);
}

TEST(PendulumChain, DampedEnergyDecaysExponentially) {
  // Light damping D = 0.01 N·m·s/rad: amplitude ∝ exp(−D t/(2I)), energy ∝ exp(−D t/I).
  // After t = 2 s: exp(−0.01·2/0.08348958) = exp(−0.239551) = 0.78699 (ζ = D/(2Iω) ≈ 0.011, so
  // the ripple of E within a period is about 1%; tolerance 2%).
  const SceneRun run = RunScene(
      "pendulum_chain", {"links=1", "theta0=0.05", "damping=0.01", "dt=1e-3", "steps=2000"});
  // Energies measured from the bottom: E − V_min, V_min = −m g L/2 = −2.4525 J.
  const double e0 = SummaryValue("pendulum_chain", run, "energy_start") + 2.4525;
  const double e1 = SummaryValue("pendulum_chain", run, "energy_end") + 2.4525;
  EXPECT_NEAR(e1 / e0, 0.78699, 0.02);
}

TEST(PendulumChain, UndampedEnergyErrorIsFirstOrderInTheStep) {
  // §5 with explicit gravity and q̇ = v is symplectic Euler: the energy error stays bounded and
  // shrinks like h. Halving dt roughly halves the largest |E − E₀| over the same 1 s.
  const auto max_error = [](const std::string& dt, const std::string& steps) {
    const SceneRun run =
        RunScene("pendulum_chain", {"links=3", "theta0=1.0", "dt=" + dt, "steps=" + steps});
    const auto& tree = run.scene.tree;
    const auto& t = run.trajectory;
    const double e0 = tree.CalcKineticEnergy(t.q[0], t.v[0]) + tree.CalcPotentialEnergy(t.q[0]);
    double worst = 0.0;
    for (std::size_t k = 0; k < t.q.size(); ++k) {
      const double e = tree.CalcKineticEnergy(t.q[k], t.v[k]) + tree.CalcPotentialEnergy(t.q[k]);
      worst = std::max(worst, std::abs(e - e0));
    }
    return worst;
  };
  const double coarse = max_error("2e-3", "500"), fine = max_error("1e-3", "1000");
  EXPECT_GT(coarse / fine, 1.6);
  EXPECT_LT(coarse / fine, 2.5);
  // m g L = 4.905 J sets the scale; at h = 1 ms the error is a few percent of it at most.
  EXPECT_LT(fine, 0.05 * 4.905);
}

TEST(FreeFlight, LinearMomentumExactAndQuaternionNormGrowsByTheHandFactor) {
  // COM at Bo: M is block diagonal and the bias has no linear part, so v_FM never changes.
  const SceneRun run = RunScene("free_flight", {"vx=0.3", "vy=-0.2", "steps=500", "dt=2e-3"});
  EXPECT_EQ(SummaryValue("free_flight", run, "linear_momentum_error"), 0.0);
  // ‖q_N‖ = Π_k √(1 + h²‖ω_k‖²/4) with ω_k the angular part of v after step k (the v_next of
  // that step), because q_{k+1} = q_k + h N_r(q_k) ω_{k+1} and qᵀN_r = 0, N_rᵀN_r = ‖q‖²/4.
  double norm = 1.0;
  const double h = 2e-3;
  for (std::size_t k = 1; k < run.trajectory.v.size(); ++k) {
    norm *= std::sqrt(1 + h * h * run.trajectory.v[k].head<3>().squaredNorm() / 4);
  }
  EXPECT_NEAR(SummaryValue("free_flight", run, "quaternion_norm"), norm, 1e-13);
  EXPECT_GT(norm - 1.0, 1e-3);  // 500 steps at ‖ω‖ ≈ 5 rad/s: ≈ 500·(2e-3·5)²/8 = 6.3e-3
  // The exponential map keeps ‖q‖ = 1.
  const SceneRun exp = RunScene("free_flight", {"steps=500", "dt=2e-3", "quaternion_update=exp"});
  EXPECT_NEAR(SummaryValue("free_flight", exp, "quaternion_norm"), 1.0, 1e-13);
}

TEST(FreeFlight, AngularMomentumDriftIsFirstOrderInTheStep) {
  // The gyroscopic term ω × Iω is explicit at x₀ (§2.1), so H_cm is not conserved exactly by the
  // §5 step; over the same 1 s its error halves with dt (first order). Measured at dt = 1 ms:
  // 1.7e-5 kg·m²/s against |H| = 0.0417 kg·m²/s (I_yy = (0.01 + 0.09)/12 kg·m², ω_y = 5 rad/s).
  const auto drift = [](const std::string& dt, const std::string& steps) {
    const SceneRun run = RunScene("free_flight", {"dt=" + dt, "steps=" + steps});
    return SummaryValue("free_flight", run, "angular_momentum_error");
  };
  const double coarse = drift("2e-3", "500"), fine = drift("1e-3", "1000");
  EXPECT_GT(coarse / fine, 1.8);
  EXPECT_LT(coarse / fine, 2.2);
  EXPECT_LT(fine, 1e-3 * 0.0417);
}

TEST(FreeFlight, FallUnderGravityFollowsTheDiscreteClosedForm) {
  // v_z after k steps: vz0 − k h g (exact up to round-off); q_next uses v_next (§5), so
  // z_N = z0 + h Σ_{k=1..N} (vz0 − k h g) = z0 + N h vz0 − h² g N(N+1)/2.
  // N = 100, h = 0.01, vz0 = 2, g = 9.81, z0 = 1: z = 1 + 2 − 1e-4·9.81·5050 = 3 − 4.95405 = −1.95405.
  const SceneRun run =
      RunScene("free_flight", {"g=9.81", "vz=2", "wx=0", "wy=0", "wz=0", "steps=100", "dt=0.01"});
  EXPECT_NEAR(run.trajectory.q.back()(6), -1.95405, 1e-12);
  EXPECT_NEAR(run.trajectory.v.back()(5), 2 - 9.81, 1e-12);
  // The continuous answer z0 + vz0 t − g t²/2 = 3 − 4.905 = −1.905 differs by g h t/2 = 0.04905.
}

TEST(Driver, RecordsOnePerStepAndNoContact) {
  const SceneRun run = RunScene("pendulum_chain", {"steps=7"});
  EXPECT_EQ(run.trajectory.t.size(), 8u);
  EXPECT_EQ(run.trajectory.contact_force, std::vector<double>(7, 0.0));
  EXPECT_EQ(run.trajectory.solver_iterations, std::vector<int>(7, 0));
  EXPECT_DOUBLE_EQ(run.trajectory.t.back(), 7e-3);
}

TEST(SceneArguments, ErrorsNameTheKey) {
  const SceneDefinition& def = FindScene("pendulum_chain");
  const auto message = [&](const std::vector<std::string>& args) -> std::string {
    try {
      const SceneArguments a = ParseSceneArguments(def, args);
      ReadDriverOptions(a);
      def.build(a);
    } catch (const core::InputError& e) {
      return e.what();
    }
    return "";
  };
  EXPECT_NE(message({"radius=1"}).find("has no key 'radius'"), std::string::npos);
  EXPECT_NE(message({"dt=abc"}).find("dt = 'abc' must be a number"), std::string::npos);
  EXPECT_NE(message({"dt=nan"}).find("not NaN"), std::string::npos);
  EXPECT_NE(message({"dt=-1"}).find("dt = -1 s"), std::string::npos);
  EXPECT_NE(message({"steps=2.5"}).find("steps = 2.5"), std::string::npos);
  EXPECT_NE(message({"approximation=tamsi"}).find("must be one of sap, similar, lagged"),
            std::string::npos);
  EXPECT_NE(message({"mass=1", "mass=2"}).find("given twice"), std::string::npos);
  EXPECT_NE(message({"links=0"}).find("links = 0"), std::string::npos);
  EXPECT_EQ(message({"approximation=sap", "mu=0.3"}), "");
  EXPECT_THROW(FindScene("no_such_scene"), core::InputError);
}

}  // namespace
}  // namespace simatlas::scenes
