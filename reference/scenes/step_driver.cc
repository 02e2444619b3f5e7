// E3-SAP §2, §4.1 and §5: the discrete step driver.
#include "reference/scenes/step_driver.h"

#include <cmath>
#include <utility>

#include "reference/core/errors.h"
#include "reference/multibody/discrete_step.h"
#include "reference/scenes/contact_step.h"

namespace simatlas::scenes {

DriverOptions ReadDriverOptions(const SceneArguments& arguments) {
  DriverOptions options;
  options.dt = arguments.Number("dt");
  core::RequirePositive("dt", options.dt, "s");
  const double steps = arguments.Number("steps");
  if (!(steps >= 0 && steps <= 1e7 && std::floor(steps) == steps)) {
    core::ThrowInputError("steps", steps, "1", "an integer in [0, 10000000]");
  }
  options.steps = static_cast<int>(steps);
  options.approximation = arguments.Label("approximation");
  options.mu = arguments.Number("mu");
  core::RequireNonNegative("mu", options.mu, "1");
  return options;
}

Trajectory Simulate(const Scene& scene, const DriverOptions& options) {
  core::RequirePositive("dt", options.dt, "s");
  Trajectory trajectory;
  VectorX q = scene.q0, v = scene.v0;
  scene.tree.ValidatePositions(q);
  scene.tree.ValidateVelocities(v);
  trajectory.t.push_back(0.0);
  trajectory.q.push_back(q);
  trajectory.v.push_back(v);
  // The state after step `step` with its contact records (none: zero force, no iterations).
  const auto record = [&](int step, double force, int iterations,
                          std::vector<ContactResult> contacts) {
    trajectory.t.push_back((step + 1) * options.dt);
    trajectory.q.push_back(q);
    trajectory.v.push_back(v);
    trajectory.contact_force.push_back(force);
    trajectory.solver_iterations.push_back(iterations);
    trajectory.contacts.push_back(std::move(contacts));
  };
  for (int step = 0; step < options.steps; ++step) {
    if (scene.smooth_step) {
      // A MuJoCo-chapter scene: one step of its §7 integrator, no constraints.
      scene.smooth_step(options.dt, q, v);
      record(step, 0.0, 0, {});
      continue;
    }
    if (!scene.contact_geometry.empty()) {
      // Geometry → pairs → constraints → SAP → v_next → q_next (contact_step.h).
      ContactStepResult r =
          StepWithContact(scene, q, v, options.dt, options.approximation, options.mu);
      q = r.q_next;
      v = r.v_next;
      double total_fn = 0.0;
      for (const ContactResult& c : r.contacts) total_fn += c.fn;
      record(step, total_fn, r.solver_iterations, std::move(r.contacts));
      continue;
    }
    // Geometry → contact pairs → constraints: none in these scenes, so the solver has nothing
    // to do and v_next = v* (free motion, §2.1).
    const multibody::DiscreteStepResult r = multibody::StepWithoutConstraints(
        scene.tree, q, v, options.dt, scene.applied, scene.quaternion_update);
    // q_next = q₀ + h N(q₀) v_next (§5).
    q = r.q_next;
    v = r.v_next;
    record(step, 0.0, 0, {});
  }
  // T + V at every recorded state.
  for (std::size_t k = 0; k < trajectory.q.size(); ++k) {
    trajectory.energy.push_back(scene.tree.CalcKineticEnergy(trajectory.q[k], trajectory.v[k]) +
                                scene.tree.CalcPotentialEnergy(trajectory.q[k]));
  }
  return trajectory;
}

}  // namespace simatlas::scenes
