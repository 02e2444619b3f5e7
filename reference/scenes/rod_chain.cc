// E3-SAP §1 and MJ-solvers §7: the rod chain of the pendulum_chain and hinge_chain scenes.
#include "reference/scenes/rod_chain.h"

#include <cmath>
#include <string>

#include "reference/core/errors.h"

namespace simatlas::scenes {

using multibody::Vector3;

void BuildRodChain(const SceneArguments& a, const RodChainJoints& joints, Scene* scene) {
  const double links = a.Number("links");
  if (!(links >= 1 && links <= 50 && std::floor(links) == links)) {
    core::ThrowInputError("links", links, "1", "an integer in [1, 50]");
  }
  const double mass = a.Number("mass"), length = a.Number("length");
  core::RequirePositive("mass", mass, "kg");
  core::RequirePositive("length", length, "m");
  core::RequireNonNegative("damping", a.Number("damping"), "N·m·s/rad");
  core::RequireFinite("g", a.Number("g"), "m/s²");
  scene->tree.set_gravity(Vector3(0, 0, -a.Number("g")));
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
    const int b = scene->tree.AddBody(rod);
    // The joint at the previous rod's tip: damping D, armature and spring k about 0.
    multibody::RigidTransform X_PF;
    if (parent != multibody::kWorldBody) X_PF.p = Vector3(0, 0, -length);
    multibody::JointSpec joint = multibody::MakeRevoluteJoint("joint" + std::to_string(i), parent,
                                                              b, Vector3::UnitY(), X_PF);
    joint.damping = VectorX::Constant(1, a.Number("damping"));
    joint.reflected_inertia = joints.armature;
    joint.stiffness = joints.stiffness;
    scene->tree.AddJoint(joint);
    parent = b;
  }
  // At rest with the first joint at theta0, the others straight.
  scene->q0 = VectorX::Zero(scene->tree.num_positions());
  scene->q0(0) = a.Number("theta0");
  scene->v0 = VectorX::Zero(scene->tree.num_velocities());
}

}  // namespace simatlas::scenes
