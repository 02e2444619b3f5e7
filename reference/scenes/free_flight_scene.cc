// Scene free_flight (E3-SAP §1, §5): a box on a free joint, thrown with a spin. Without gravity
// its momentum is constant; the §5 update moves the quaternion linearly (its norm grows by
// √(1 + h²‖ω‖²/4) per step) unless quaternion_update=exp is chosen.
#include <cmath>

#include "reference/core/errors.h"
#include "reference/scenes/scene.h"

namespace simatlas::scenes {

namespace {

using multibody::Vector3;
using multibody::Vector6;

// Momentum of the box about its centre of mass: (H_cm, L) [kg·m²/s, kg·m/s].
Vector6 MomentumAboutCom(const multibody::MultibodyTree& tree, const VectorX& q, const VectorX& v) {
  const Vector6 h_W = tree.CalcSpatialMomentumInWorld(q, v);
  const Vector3 p_cm = tree.CalcCentersOfMass(q)[1];
  return multibody::MakeSpatial(
      multibody::AngularPart(h_W) - p_cm.cross(multibody::LinearPart(h_W)),
      multibody::LinearPart(h_W));
}

Scene Build(const SceneArguments& a) {
  Scene scene;
  const double mass = a.Number("mass");
  const Vector3 sides(a.Number("lx"), a.Number("ly"), a.Number("lz"));
  multibody::RigidBody box;
  box.name = "box";
  box.mass = mass;
  box.I_BBcm_B = multibody::SolidBoxInertia(mass, sides);
  const int b = scene.tree.AddBody(box);
  scene.tree.AddJoint(multibody::MakeFreeJoint("box_free", multibody::kWorldBody, b));
  core::RequireNonNegative("g", a.Number("g"), "m/s²");
  scene.tree.set_gravity(Vector3(0, 0, -a.Number("g")));
  scene.q0 = scene.tree.DefaultPositions();
  scene.q0(6) = a.Number("z0");
  // v = (ω, v_Bo), both in the world frame (Drake's quaternion floating joint).
  scene.v0.resize(6);
  scene.v0 << a.Number("wx"), a.Number("wy"), a.Number("wz"), a.Number("vx"), a.Number("vy"),
      a.Number("vz");
  scene.tree.ValidateVelocities(scene.v0);
  scene.quaternion_update = a.Label("quaternion_update") == "exp"
                                ? multibody::QuaternionUpdate::kExponentialMap
                                : multibody::QuaternionUpdate::kLinear;
  return scene;
}

std::vector<SummaryEntry> Summarize(const Scene& scene, const SceneArguments&,
                                    const Trajectory& t) {
  const auto& tree = scene.tree;
  const VectorX &q0 = t.q.front(), &v0 = t.v.front(), &q1 = t.q.back(), &v1 = t.v.back();
  const Vector6 h0 = MomentumAboutCom(tree, q0, v0), h1 = MomentumAboutCom(tree, q1, v1);
  // Gravity changes L by m g t and exerts no moment about the COM.
  const Vector3 impulse = tree.body(1).mass * tree.gravity() * t.t.back();
  return {
      {"kinetic_energy_start", tree.CalcKineticEnergy(q0, v0), "J", "½ vᵀ M v at t = 0"},
      {"kinetic_energy_end", tree.CalcKineticEnergy(q1, v1), "J", "½ vᵀ M v at the end"},
      {"linear_momentum_error",
       (multibody::LinearPart(h1) - multibody::LinearPart(h0) - impulse).norm(), "kg·m/s",
       "‖L_end − L_0 − m g t‖"},
      {"angular_momentum_error", (multibody::AngularPart(h1) - multibody::AngularPart(h0)).norm(),
       "kg·m²/s", "‖H_cm,end − H_cm,0‖ (explicit gyroscopic term: O(h) drift)"},
      {"quaternion_norm", q1.head<4>().norm(), "1",
       "‖q‖ at the end (linear update: grows by √(1 + h²‖ω‖²/4) per step)"},
  };
}

}  // namespace

SceneDefinition FreeFlightScene() {
  return {"free_flight",
          "E3-SAP §1, §5",
          "a spinning box on a free joint (q = (qw,qx,qy,qz,x,y,z), v = (ω, v) in W); no contact",
          {
              {"mass", "kg", "box mass", 1.0, {}, ""},
              {"lx", "m", "box side along x", 0.1, {}, ""},
              {"ly", "m", "box side along y", 0.2, {}, ""},
              {"lz", "m", "box side along z", 0.3, {}, ""},
              {"wx", "rad/s", "initial angular velocity, world x", 0.1, {}, ""},
              {"wy", "rad/s", "initial angular velocity, world y (intermediate axis)", 5.0, {}, ""},
              {"wz", "rad/s", "initial angular velocity, world z", 0.1, {}, ""},
              {"vx", "m/s", "initial velocity of the centre, world x", 0.0, {}, ""},
              {"vy", "m/s", "initial velocity of the centre, world y", 0.0, {}, ""},
              {"vz", "m/s", "initial velocity of the centre, world z", 0.0, {}, ""},
              {"z0", "m", "initial height of the centre", 1.0, {}, ""},
              {"g", "m/s²", "gravity magnitude along −z (0: free flight)", 0.0, {}, ""},
              {"quaternion_update",
               "",
               "linear (§5, Drake) or exp (exponential map)",
               0,
               {"linear", "exp"},
               "linear"},
          },
          Build,
          Summarize};
}

}  // namespace simatlas::scenes
