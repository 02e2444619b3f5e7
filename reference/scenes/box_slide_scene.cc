// Scene box_slide (E3-SAP §2.2, §3.1–§3.2): a cube on a free joint resting on the ground on its
// four bottom vertices, launched along +x at v0. Coulomb friction decelerates it at μ g, so it
// stops after v0/(μ g) having travelled v0²/(2 μ g); the kSap and Similar approximations couple
// normal and tangential impulse ("gliding", §3.2) and may differ at large dt.
#include <cmath>

#include "reference/core/errors.h"
#include "reference/scenes/scene.h"

namespace simatlas::scenes {

namespace {

using multibody::Vector3;

// Horizontal speed below which the box counts as stopped [m/s].
constexpr double kStopSpeed = 1e-3;

Scene Build(const SceneArguments& a) {
  Scene scene;
  const double mass = a.Number("mass"), side = a.Number("side");
  core::RequirePositive("mass", mass, "kg");
  core::RequirePositive("side", side, "m");
  core::RequireFinite("v0", a.Number("v0"), "m/s");
  multibody::RigidBody box;
  box.name = "box";
  box.mass = mass;
  box.I_BBcm_B = multibody::SolidBoxInertia(mass, Vector3::Constant(side));
  const int b = scene.tree.AddBody(box);
  scene.tree.AddJoint(multibody::MakeFreeJoint("box_free", multibody::kWorldBody, b));
  ContactGeometry g;
  g.body = b;
  g.shape = ShapeType::kBox;
  g.sides = Vector3::Constant(side);
  scene.contact_geometry.push_back(g);
  scene.material = ReadContactMaterial(a);
  // Start at the static penetration of the four bottom vertices (each carries m g / 4).
  scene.q0 = scene.tree.DefaultPositions();
  scene.q0(6) = side / 2 - mass * 9.81 / (4 * scene.material.stiffness);
  scene.v0 = VectorX::Zero(6);
  scene.v0(3) = a.Number("v0");
  return scene;
}

std::vector<SummaryEntry> Summarize(const Scene&, const SceneArguments&, const Trajectory& t) {
  std::optional<double> stop_time;
  for (std::size_t k = 0; k < t.v.size(); ++k) {
    if (std::hypot(t.v[k](3), t.v[k](4)) <= kStopSpeed) {
      stop_time = t.t[k];
      break;
    }
  }
  return {
      {"distance", t.q.back()(4) - t.q.front()(4), "m", "x travelled by the centre"},
      {"stop_time", stop_time, "s",
       "first time the horizontal speed is <= 1e-3 m/s (null: still sliding)"},
  };
}

}  // namespace

SceneDefinition BoxSlideScene() {
  std::vector<SceneKey> keys = {
      {"mass", "kg", "box mass", 1.0, {}, ""},
      {"v0", "m/s", "initial speed along +x", 1.0, {}, ""},
      {"side", "m", "cube side", 0.2, {}, ""},
  };
  for (const SceneKey& k : ContactMaterialKeys(1e5)) keys.push_back(k);
  return {"box_slide",
          "E3-SAP §2.2, §3",
          "a cube sliding on the ground on its 4 bottom vertices; stops after v0²/(2 μ g)",
          keys,
          Build,
          Summarize};
}

}  // namespace simatlas::scenes
