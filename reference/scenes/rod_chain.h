#pragma once
/// @file
/// E3-SAP §1 and MJ-solvers §7 — the chain of n uniform rods on revolute joints about +y hanging
/// from the world, built once for the pendulum_chain and hinge_chain scenes.

#include "reference/scenes/scene.h"

namespace simatlas::scenes {

/// The joint elements every joint of the chain gets besides the scene's `damping`.
struct RodChainJoints {
  double armature = 0.0;   ///< reflected rotor inertia of every joint [kg·m²] (≥ 0)
  double stiffness = 0.0;  ///< joint spring k about 0 of every joint [N·m/rad] (≥ 0)
};

/// Reads `links` (an integer in [1, 50]), `mass` [kg] > 0, `length` [m] > 0, `damping`
/// [N·m·s/rad] ≥ 0, `g` [m/s²] (finite) and `theta0` [rad] from the arguments (InputError naming
/// the key otherwise) and sets the scene's tree to gravity (0, 0, −g) and the chain: rod i has
/// its pivot at the origin of body i, at (0, 0, −L) of rod i − 1 (the world origin for the
/// first), its COM at (0, 0, −L/2) and the inertia of a slender cylinder of radius L/20; every
/// joint has damping D and `joints`. q0 puts the first joint at theta0 and the others straight,
/// v0 is zero.
void BuildRodChain(const SceneArguments& arguments, const RodChainJoints& joints, Scene* scene);

}  // namespace simatlas::scenes
