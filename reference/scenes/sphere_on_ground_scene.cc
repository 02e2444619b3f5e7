// Scene sphere_on_ground (E3-SAP §2.2, §3): a solid sphere on a free joint dropped onto the
// ground half-space with one point contact of combined stiffness k. At rest the contact carries
// m g, so the sphere settles at penetration x = m g / k (φ₀ = −x, fe₀ = k x = m g).
#include "reference/core/errors.h"
#include "reference/scenes/scene.h"

namespace simatlas::scenes {

namespace {

using multibody::Vector3;

Scene Build(const SceneArguments& a) {
  Scene scene;
  const double mass = a.Number("mass"), radius = a.Number("radius");
  core::RequirePositive("mass", mass, "kg");
  core::RequirePositive("radius", radius, "m");
  core::RequireFinite("z0", a.Number("z0"), "m");
  // Solid sphere: I = (2/5) m r² about every axis.
  multibody::RigidBody ball;
  ball.name = "sphere";
  ball.mass = mass;
  ball.I_BBcm_B = Vector3::Constant(0.4 * mass * radius * radius).asDiagonal();
  const int b = scene.tree.AddBody(ball);
  scene.tree.AddJoint(multibody::MakeFreeJoint("sphere_free", multibody::kWorldBody, b));
  ContactGeometry g;
  g.body = b;
  g.shape = ShapeType::kSphere;
  g.radius = radius;
  scene.contact_geometry.push_back(g);
  scene.material = ReadContactMaterial(a);
  // q = (qw,qx,qy,qz, x,y,z): centre at height z0, at rest.
  scene.q0 = scene.tree.DefaultPositions();
  scene.q0(6) = a.Number("z0");
  scene.v0 = VectorX::Zero(6);
  return scene;
}

std::vector<SummaryEntry> Summarize(const Scene&, const SceneArguments& a, const Trajectory& t) {
  return {
      {"penetration", a.Number("radius") - t.q.back()(6), "m",
       "radius − z of the centre at the end (at rest: m g / k)"},
      {"contact_force_end", t.contact_force.empty() ? 0.0 : t.contact_force.back(), "N",
       "total normal force of the last step (at rest: m g)"},
  };
}

}  // namespace

SceneDefinition SphereOnGroundScene() {
  std::vector<SceneKey> keys = {
      {"mass", "kg", "sphere mass", 1.0, {}, ""},
      {"radius", "m", "sphere radius", 0.1, {}, ""},
      {"z0", "m", "initial height of the centre (radius: touching)", 0.1, {}, ""},
  };
  for (const SceneKey& k : ContactMaterialKeys(1e4)) keys.push_back(k);
  return {"sphere_on_ground",
          "E3-SAP §2.2",
          "a sphere (free joint) dropped on the ground; one point contact; settles at x = m g / k",
          keys,
          Build,
          Summarize};
}

}  // namespace simatlas::scenes
