// Scene hinge_chain (MJ-solvers §7): n rods on hinges about +y hanging from the world, with joint
// damping, armature, an optional joint spring and a constant motor torque on the first joint,
// stepped by the integrator named by integrator= (euler, implicit, implicitfast, rk4, discrete;
// mujoco/tree_integrators.h). Energy T + V is recorded per step: with damping 0 and torque 0 the
// system is conservative, so its drift is the integrator's.
// Equation numbers (N.M) are the formula sheet's (course/FORMULAS.md).
#include <cmath>
#include <string>

#include "reference/core/errors.h"
#include "reference/mujoco/tree_integrators.h"
#include "reference/scenes/rod_chain.h"
#include "reference/scenes/scene.h"

namespace simatlas::scenes {

namespace {

using multibody::Vector3;

Scene Build(const SceneArguments& a) {
  // The rods of rod_chain.h; every joint: damping D, armature (rotor inertia) and spring k about 0.
  core::RequireNonNegative("armature", a.Number("armature"), "kg·m²");
  core::RequireNonNegative("stiffness", a.Number("stiffness"), "N·m/rad");
  core::RequireFinite("torque", a.Number("torque"), "N·m");
  Scene scene;
  BuildRodChain(a, {a.Number("armature"), a.Number("stiffness")}, &scene);
  // A motor on the first joint with a constant input.
  scene.tree.AddActuator(0);
  scene.applied.u = VectorX::Constant(1, a.Number("torque"));
  // First joint at theta0 with rate omega0, the others straight and at rest.
  scene.v0(0) = a.Number("omega0");
  scene.tree.ValidatePositions(scene.q0);
  scene.tree.ValidateVelocities(scene.v0);
  // Step with the chosen §7 integrator.
  const mujoco::Integrator integrator = mujoco::ParseIntegrator(a.Label("integrator"));
  mujoco::RequireTreeIntegratorSupported(scene.tree, integrator);
  scene.smooth_step = [tree = scene.tree, applied = scene.applied, integrator](double h, VectorX& q,
                                                                               VectorX& v) {
    const mujoco::TreeState next = mujoco::StepTree(tree, integrator, h, {q, v}, applied);
    q = next.q;
    v = next.v;
  };
  return scene;
}

std::vector<SummaryEntry> Summarize(const Scene& scene, const SceneArguments& a,
                                    const Trajectory& t) {
  double drift = 0;
  for (double e : t.energy) drift = std::max(drift, std::abs(e - t.energy.front()));
  const Vector3 tip = scene.tree.CalcPointPosition(t.q.back(), scene.tree.num_bodies() - 1,
                                                   Vector3(0, 0, -a.Number("length")));
  return {
      {"energy_start", t.energy.front(), "J", "T + V at t = 0"},
      {"energy_end", t.energy.back(), "J", "T + V at the end"},
      {"energy_drift_max", drift, "J", "max over the run of |E(t) − E(0)|"},
      {"theta1_end", t.q.back()(0), "rad", "angle of the first joint at the end"},
      {"tip_x", tip.x(), "m", "x of the last rod's tip at the end"},
      {"tip_z", tip.z(), "m", "z of the last rod's tip at the end"},
  };
}

}  // namespace

SceneDefinition HingeChainScene() {
  return {"hinge_chain",
          "MJ-solvers §7",
          "n rods on hinges (axis y) with damping, armature, spring and a motor on joint 1, "
          "stepped by a MuJoCo integrator; energy per step; no contact",
          {
              {"integrator",
               "",
               "MuJoCo integrator of §7 (discrete: formula sheet MJ-solvers (8.1) with D and K)",
               0,
               {"euler", "implicit", "implicitfast", "rk4", "discrete"},
               "euler"},
              {"links", "1", "number of rods", 3, {}, ""},
              {"mass", "kg", "mass of each rod", 1.0, {}, ""},
              {"length", "m", "length of each rod", 0.5, {}, ""},
              {"damping", "N·m·s/rad", "joint damping D of every joint", 0.0, {}, ""},
              {"armature", "kg·m²", "armature (rotor inertia) of every joint", 0.0, {}, ""},
              {"stiffness", "N·m/rad", "joint spring k of every joint (about 0)", 0.0, {}, ""},
              {"torque", "N·m", "constant motor input on the first joint", 0.0, {}, ""},
              {"theta0", "rad", "initial angle of the first joint", 0.5, {}, ""},
              {"omega0", "rad/s", "initial rate of the first joint", 0.0, {}, ""},
              {"g", "m/s²", "gravity magnitude along −z", 9.81, {}, ""},
          },
          Build,
          Summarize};
}

}  // namespace simatlas::scenes
