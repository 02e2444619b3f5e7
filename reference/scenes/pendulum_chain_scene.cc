// Scene pendulum_chain (E3-SAP §1, §2.1, §5): n uniform rods on revolute joints about +y,
// hanging from the world, released from an angle. Joint damping is implicit (§2.1); gravity and
// the Coriolis bias are explicit at x₀.
#include <cmath>
#include <string>

#include "reference/core/errors.h"
#include "reference/scenes/scene.h"

namespace simatlas::scenes {

namespace {

using multibody::Vector3;

Scene Build(const SceneArguments& a) {
  Scene scene;
  const double links = a.Number("links");
  if (!(links >= 1 && links <= 50 && std::floor(links) == links)) {
    core::ThrowInputError("links", links, "1", "an integer in [1, 50]");
  }
  const double mass = a.Number("mass"), length = a.Number("length");
  core::RequirePositive("mass", mass, "kg");
  core::RequirePositive("length", length, "m");
  core::RequireNonNegative("damping", a.Number("damping"), "N·m·s/rad");
  core::RequireFinite("g", a.Number("g"), "m/s²");
  scene.tree.set_gravity(Vector3(0, 0, -a.Number("g")));
  // Each rod: pivot at its origin, COM at (0, 0, −L/2), a slender cylinder of radius L/20:
  // I_xx = I_yy = m (3r² + L²)/12, I_zz = m r²/2.
  const double r = length / 20;
  int parent = multibody::kWorldBody;
  for (int i = 1; i <= static_cast<int>(links); ++i) {
    multibody::RigidBody rod;
    rod.name = "link" + std::to_string(i);
    rod.mass = mass;
    rod.p_BoBcm_B = Vector3(0, 0, -length / 2);
    const double Ixx = mass * (3 * r * r + length * length) / 12;
    rod.I_BBcm_B = Vector3(Ixx, Ixx, mass * r * r / 2).asDiagonal();
    const int b = scene.tree.AddBody(rod);
    multibody::RigidTransform X_PF;
    if (parent != multibody::kWorldBody) X_PF.p = Vector3(0, 0, -length);
    multibody::JointSpec joint =
        multibody::MakeRevoluteJoint("joint" + std::to_string(i), parent, b, Vector3::UnitY(), X_PF);
    joint.damping = VectorX::Constant(1, a.Number("damping"));
    scene.tree.AddJoint(joint);
    parent = b;
  }
  // Released at rest with the first joint at theta0 (the others straight).
  scene.q0 = VectorX::Zero(scene.tree.num_positions());
  scene.q0(0) = a.Number("theta0");
  scene.v0 = VectorX::Zero(scene.tree.num_velocities());
  scene.tree.ValidatePositions(scene.q0);
  return scene;
}

std::vector<SummaryEntry> Summarize(const Scene& scene, const SceneArguments& a, const Trajectory& t) {
  const auto& tree = scene.tree;
  const auto energy = [&](std::size_t k) {
    return tree.CalcKineticEnergy(t.q[k], t.v[k]) + tree.CalcPotentialEnergy(t.q[k]);
  };
  const Vector3 tip = tree.CalcPointPosition(t.q.back(), tree.num_bodies() - 1,
                                             Vector3(0, 0, -a.Number("length")));
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
  return {"pendulum_chain",
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
