// Scene pendulum_chain (E3-SAP §1, §2.1, §5): n uniform rods on revolute joints about +y,
// hanging from the world, released from an angle. Joint damping is implicit (§2.1); gravity and
// the Coriolis bias are explicit at x₀.
#include <cmath>
#include <string>

#include "reference/core/errors.h"
#include "reference/scenes/rod_chain.h"
#include "reference/scenes/scene.h"

namespace simatlas::scenes {

namespace {

using multibody::Vector3;

Scene Build(const SceneArguments& a) {
  // The rods of rod_chain.h with damping only, released at rest from theta0.
  Scene scene;
  BuildRodChain(a, {}, &scene);
  scene.tree.ValidatePositions(scene.q0);
  return scene;
}

std::vector<SummaryEntry> Summarize(const Scene& scene, const SceneArguments& a,
                                    const Trajectory& t) {
  const auto& tree = scene.tree;
  const auto energy = [&](std::size_t k) {
    return tree.CalcKineticEnergy(t.q[k], t.v[k]) + tree.CalcPotentialEnergy(t.q[k]);
  };
  const Vector3 tip =
      tree.CalcPointPosition(t.q.back(), tree.num_bodies() - 1, Vector3(0, 0, -a.Number("length")));
  return {
      {"energy_start", energy(0), "J", "T + V at t = 0"},
      {"energy_end", energy(t.q.size() - 1), "J", "T + V at the end"},
      {"theta1_end", t.q.back()(0), "rad", "angle of the first joint at the end"},
      {"tip_x", tip.x(), "m", "x of the last rod's tip at the end"},
      {"tip_z", tip.z(), "m", "z of the last rod's tip at the end"},
  };
}

}  // namespace

SceneDefinition PendulumChainScene() {
  return {
      "pendulum_chain",
      "E3-SAP §1, §2.1, §5",
      "n uniform rods on revolute joints (axis y) released from theta0; implicit joint damping; "
      "no contact",
      {
          {"links", "1", "number of rods", 3, {}, ""},
          {"mass", "kg", "mass of each rod", 1.0, {}, ""},
          {"length", "m", "length of each rod", 0.5, {}, ""},
          {"damping", "N·m·s/rad", "linear damping D of every joint", 0.0, {}, ""},
          {"theta0", "rad", "initial angle of the first joint", 0.5, {}, ""},
          {"g", "m/s²", "gravity magnitude along −z", 9.81, {}, ""},
      },
      Build,
      Summarize};
}

}  // namespace simatlas::scenes
