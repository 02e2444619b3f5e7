#pragma once
/// @file
/// E3-SAP §2 and §5: the discrete step driver. One step from x₀ = [q₀; v₀]:
///   geometry → contact pairs → constraints → solver → v_next → q_next = q₀ + h N(q₀) v_next
/// A scene with contact geometry takes StepWithContact (contact_step.h: point contact against
/// the ground half-space, SAP with the chosen approximation, per-contact results). A scene
/// without contact geometry has no constraints, so v_next is the free motion v* of §2.1
/// (A (v* − v₀) = h k(x₀), damping implicit) and the step is multibody::StepWithoutConstraints;
/// its contact_force and solver_iterations are recorded as 0 per step.

#include <string>

#include "reference/scenes/scene.h"

namespace simatlas::scenes {

/// Driver settings: the keys every scene takes.
struct DriverOptions {
  double dt = 1e-3;                      ///< h [s], > 0
  int steps = 1000;                      ///< number of steps, ≥ 0
  std::string approximation = "lagged";  ///< sap | similar | lagged (acts on contact only)
  double mu = 0.5;                       ///< friction [1], ≥ 0 (acts on contact only)
};

/// Reads dt, steps, approximation, mu from parsed arguments and validates them
/// (dt > 0 finite; steps an integer in [0, 10⁷]; mu ≥ 0).
DriverOptions ReadDriverOptions(const SceneArguments& arguments);

/// Runs steps discrete steps of the scene from (q₀, v₀) and records the trajectory.
Trajectory Simulate(const Scene& scene, const DriverOptions& options);

}  // namespace simatlas::scenes
