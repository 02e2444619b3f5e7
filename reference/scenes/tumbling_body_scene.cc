// Scene tumbling_body (MJ-solvers §7): a rigid body with principal moments (Ixx, Iyy, Izz) on a
// free joint, spun mostly about its intermediate axis, stepped by the integrator named by
// integrator= (euler, implicit, implicitfast, rk4; discrete is rejected on free joints,
// mujoco/tree_integrators.h). The initial ω is given in the body frame, as MuJoCo's qvel holds
// it. Without gravity, T and the angular momentum about the world origin are invariants, so
// their drift is the integrator's; the quaternion's norm shows the manifold update. version=
// names the MuJoCo whose RK4 rotation rule runs (3.15: additive, second order in the rotation;
// 4.0: 4.0.1's Runge–Kutta–Munthe-Kaas, fourth order; mujoco::Rk4RotationOf).
#include <cmath>
#include <string>

#include "reference/core/errors.h"
#include "reference/multibody/quaternion.h"
#include "reference/mujoco/tree_integrators.h"
#include "reference/scenes/scene.h"

namespace simatlas::scenes {

namespace {

using multibody::Vector3;

Scene Build(const SceneArguments& a) {
  Scene scene;
  multibody::RigidBody body;
  body.name = "body";
  body.mass = a.Number("mass");
  body.I_BBcm_B = Vector3(a.Number("Ixx"), a.Number("Iyy"), a.Number("Izz")).asDiagonal();
  const int b = scene.tree.AddBody(body);  // validates mass and the inertia (triangle inequality)
  scene.tree.AddJoint(multibody::MakeFreeJoint("free", multibody::kWorldBody, b));
  core::RequireFinite("g", a.Number("g"), "m/s²");
  scene.tree.set_gravity(Vector3(0, 0, -a.Number("g")));
  scene.q0 = scene.tree.DefaultPositions();
  // v = (ω_F, v_F): ω given in the body frame equals ω_F at the identity orientation.
  const Vector3 w_B(a.Number("wx"), a.Number("wy"), a.Number("wz"));
  scene.v0 = VectorX::Zero(6);
  scene.v0.head<3>() = w_B;
  scene.tree.ValidateVelocities(scene.v0);
  // Step with the chosen §7 integrator (discrete is rejected here with the reason).
  const mujoco::Integrator integrator = mujoco::ParseIntegrator(a.Label("integrator"));
  mujoco::RequireTreeIntegratorSupported(scene.tree, integrator);
  const std::string version = a.Label("version");
  const mujoco::Rk4Rotation rotation = mujoco::Rk4RotationOf(
      version == "4.0" ? mujoco::Version::kMuJoCo401 : mujoco::Version::kMuJoCo315);
  scene.smooth_step = [tree = scene.tree, integrator, rotation](double h, VectorX& q, VectorX& v) {
    const mujoco::TreeState next = mujoco::StepTree(tree, integrator, h, {q, v}, {}, rotation);
    q = next.q;
    v = next.v;
  };
  return scene;
}

std::vector<SummaryEntry> Summarize(const Scene& scene, const SceneArguments&,
                                    const Trajectory& t) {
  const auto& tree = scene.tree;
  double drift = 0, norm_error = 0;
  for (std::size_t k = 0; k < t.q.size(); ++k) {
    drift = std::max(drift, std::abs(t.energy[k] - t.energy.front()));
    norm_error = std::max(norm_error, std::abs(t.q[k].head<4>().norm() - 1.0));
  }
  // Angular momentum about the world origin, in W (changes only by the moment of gravity).
  const Vector3 H0 = tree.CalcSpatialMomentumInWorld(t.q.front(), t.v.front()).head<3>();
  const Vector3 H1 = tree.CalcSpatialMomentumInWorld(t.q.back(), t.v.back()).head<3>();
  // ω in the body frame at the end: R_WBᵀ ω_W.
  const Vector3 w_end =
      multibody::RotationFromQuaternion(t.q.back().head<4>()).transpose() * t.v.back().head<3>();
  return {
      {"energy_start", t.energy.front(), "J", "T + V at t = 0"},
      {"energy_end", t.energy.back(), "J", "T + V at the end"},
      {"energy_drift_max", drift, "J", "max over the run of |E(t) − E(0)|"},
      {"angular_momentum_change", (H1 - H0).norm(), "kg·m²/s",
       "‖H_end − H_0‖ about the world origin (0 without gravity, up to the integrator)"},
      {"quaternion_norm_error_max", norm_error, "1", "max over the run of |‖q‖ − 1|"},
      {"wx_body_end", w_end.x(), "rad/s", "ω about the body's x axis at the end"},
      {"wy_body_end", w_end.y(), "rad/s", "ω about the body's y axis (intermediate) at the end"},
      {"wz_body_end", w_end.z(), "rad/s", "ω about the body's z axis at the end"},
  };
}

}  // namespace

SceneDefinition TumblingBodyScene() {
  return {"tumbling_body",
          "MJ-solvers §7",
          "a free rigid body spun near its intermediate axis, stepped by a MuJoCo integrator "
          "(quaternion by the local-frame exponential map); energy per step; no contact",
          {
              {"integrator",
               "",
               "MuJoCo integrator of §7 (discrete is rejected on free joints)",
               0,
               {"euler", "implicit", "implicitfast", "rk4", "discrete"},
               "euler"},
              {"version",
               "",
               "MuJoCo version of RK4's rotation rule: 3.15 additive (second order), 4.0 "
               "Runge–Kutta–Munthe-Kaas as 4.0.1 (fourth order)",
               0,
               {"3.15", "4.0"},
               "3.15"},
              {"mass", "kg", "body mass", 2.0, {}, ""},
              {"Ixx", "kg·m²", "principal moment about body x", 0.1, {}, ""},
              {"Iyy", "kg·m²", "principal moment about body y (intermediate)", 0.2, {}, ""},
              {"Izz", "kg·m²", "principal moment about body z", 0.25, {}, ""},
              {"wx", "rad/s", "initial ω about body x", 0.1, {}, ""},
              {"wy", "rad/s", "initial ω about body y", 5.0, {}, ""},
              {"wz", "rad/s", "initial ω about body z", 0.1, {}, ""},
              {"g", "m/s²", "gravity magnitude along −z", 0.0, {}, ""},
          },
          Build,
          Summarize};
}

}  // namespace simatlas::scenes
