// Scene pizza_saver (E3-SAP §3, after Drake's SAP tests: a body standing on three contact
// points at radius R = 1.5 m, total mass m = 3 kg): a torque τ about the vertical axis is
// resisted by friction at the three points, at most Σ μ fn R = μ m g R. Below it the body
// sticks; above it it spins up at (τ − μ m g R)/I_zz.
// Inertia here (not Drake's): the mass as three 1 kg points at the contacts, I_zz = m R²,
// I_xx = I_yy = m R²/2, centre of mass in the contact plane (no tipping moment from friction).
#include <cmath>

#include "reference/core/errors.h"
#include "reference/scenes/scene.h"

namespace simatlas::scenes {

namespace {

using multibody::Vector3;

constexpr double kMass = 3.0;    // [kg]
constexpr double kRadius = 1.5;  // [m]

Scene Build(const SceneArguments& a) {
  Scene scene;
  core::RequireFinite("torque", a.Number("torque"), "N·m");
  multibody::RigidBody body;
  body.name = "pizza_saver";
  body.mass = kMass;
  body.I_BBcm_B = Vector3(kMass * kRadius * kRadius / 2, kMass * kRadius * kRadius / 2,
                          kMass * kRadius * kRadius)
                      .asDiagonal();
  const int b = scene.tree.AddBody(body);
  scene.tree.AddJoint(multibody::MakeFreeJoint("pizza_saver_free", multibody::kWorldBody, b));
  // Three points (spheres of radius 0) at 120° on the circle of radius R.
  for (int i = 0; i < 3; ++i) {
    const double theta = 2 * M_PI * i / 3;
    ContactGeometry g;
    g.body = b;
    g.shape = ShapeType::kSphere;
    g.X_BG.p = Vector3(kRadius * std::cos(theta), kRadius * std::sin(theta), 0);
    scene.contact_geometry.push_back(g);
  }
  scene.material = ReadContactMaterial(a);
  // Start at the static penetration m g / (3 k) of each point, at rest.
  scene.q0 = scene.tree.DefaultPositions();
  scene.q0(6) = -kMass * 9.81 / (3 * scene.material.stiffness);
  scene.v0 = VectorX::Zero(6);
  multibody::ExternalForce torque;
  torque.body = b;
  torque.torque_W = Vector3(0, 0, a.Number("torque"));
  scene.applied.external.push_back(torque);
  return scene;
}

std::vector<SummaryEntry> Summarize(const Scene&, const SceneArguments& a, const Trajectory& t) {
  return {
      {"omega", t.v.back()(2), "rad/s", "angular velocity about the vertical at the end"},
      {"slip_torque", a.Number("mu") * kMass * 9.81 * kRadius, "N·m",
       "μ m g R: the largest torque friction can hold"},
  };
}

}  // namespace

SceneDefinition PizzaSaverScene() {
  std::vector<SceneKey> keys = {
      {"torque", "N·m", "torque about the vertical axis", 10.0, {}, ""},
  };
  for (const SceneKey& k : ContactMaterialKeys(1e5)) keys.push_back(k);
  return {"pizza_saver",
          "E3-SAP §3",
          "3 kg on three contact points at R = 1.5 m under a vertical torque; sticks below μ m g R",
          keys,
          Build,
          Summarize};
}

}  // namespace simatlas::scenes
