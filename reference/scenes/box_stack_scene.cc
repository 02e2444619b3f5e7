// Scene box_stack (E3-SAP §2.2, §4.1): two equal cubes on free joints, one on top of the other,
// on the ground. Contacts: each box's vertices against the ground, and the upper box's vertices
// against the half-space below the lower box's top face (a plane moving with the lower box).
// At rest each of the four ground vertices carries 2 m g / 4 and each of the four interface
// vertices m g / 4, so the depths are x_ground = m g/(2k) and x_interface = m g/(4k).
#include "reference/core/errors.h"
#include "reference/scenes/scene.h"

namespace simatlas::scenes {

namespace {

using multibody::Vector3;

Scene Build(const SceneArguments& a) {
  Scene scene;
  const double mass = a.Number("mass"), side = a.Number("side");
  core::RequirePositive("mass", mass, "kg");
  core::RequirePositive("side", side, "m");
  int boxes[2];
  for (int i = 0; i < 2; ++i) {
    multibody::RigidBody box;
    box.name = i == 0 ? "lower" : "upper";
    box.mass = mass;
    box.I_BBcm_B = multibody::SolidBoxInertia(mass, Vector3::Constant(side));
    boxes[i] = scene.tree.AddBody(box);
    scene.tree.AddJoint(
        multibody::MakeFreeJoint(box.name + "_free", multibody::kWorldBody, boxes[i]));
    // Each box against the ground.
    ContactGeometry g;
    g.body = boxes[i];
    g.shape = ShapeType::kBox;
    g.sides = Vector3::Constant(side);
    scene.contact_geometry.push_back(g);
  }
  // The upper box against the lower box's top face (H at the face centre, z up).
  ContactGeometry top = scene.contact_geometry[1];
  top.halfspace_body = boxes[0];
  top.X_AH.p = Vector3(0, 0, side / 2);
  scene.contact_geometry.push_back(top);
  scene.material = ReadContactMaterial(a);
  // Start from the hand-derived resting depths.
  const double x_ground = mass * 9.81 / (2 * scene.material.stiffness);
  const double x_interface = mass * 9.81 / (4 * scene.material.stiffness);
  scene.q0 = scene.tree.DefaultPositions();
  scene.q0(6) = side / 2 - x_ground;
  scene.q0(13) = scene.q0(6) + side - x_interface;
  scene.v0 = VectorX::Zero(12);
  return scene;
}

std::vector<SummaryEntry> Summarize(const Scene&, const SceneArguments& a, const Trajectory& t) {
  const double side = a.Number("side");
  const VectorX& q = t.q.back();
  return {
      {"ground_penetration", side / 2 - q(6), "m", "lower box into the ground (rest: m g/(2k))"},
      {"interface_penetration", q(6) + side - q(13), "m",
       "upper box into the lower one (rest: m g/(4k))"},
  };
}

}  // namespace

SceneDefinition BoxStackScene() {
  std::vector<SceneKey> keys = {
      {"mass", "kg", "mass of each box", 1.0, {}, ""},
      {"side", "m", "cube side", 0.2, {}, ""},
  };
  for (const SceneKey& k : ContactMaterialKeys(1e5)) keys.push_back(k);
  return {"box_stack",
          "E3-SAP §2.2, §4.1",
          "two cubes stacked on the ground (vertex contacts with the ground and between the boxes)",
          keys,
          Build,
          Summarize};
}

}  // namespace simatlas::scenes
