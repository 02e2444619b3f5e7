// E3-SAP §3, MJ-solvers §2 — one lab run: steps, per-step criteria, the summary (lab_run.h).
#include "reference/lab/lab_run.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <optional>
#include <stdexcept>

#include "reference/lab/mujoco_contact_step.h"
#include "reference/scenes/contact_step.h"

namespace simatlas::lab {

StepCriteria MeasureStep(const std::vector<scenes::ContactResult>& contacts, double h, double mu) {
  StepCriteria c;
  for (const scenes::ContactResult& r : contacts) {
    // impulses γ = f h in C (t1, t2, n)
    const double gn = r.f_Bc_C(2) * h;
    const double gt = r.f_Bc_C.head<2>().norm() * h;
    c.penetration = std::max(c.penetration, std::max(0.0, -r.phi0));
    c.signorini = std::max(c.signorini, std::abs(gn * r.separation_speed));
    c.dissipation_gap = std::max(c.dissipation_gap, std::max(0.0, (mu * gn - gt) * r.slip_speed));
    c.cone_violation = std::max(c.cone_violation, std::max(0.0, gt - mu * gn));
  }
  return c;
}

RunSummary RunLabScene(const LabScene& lab, const LabModel& model, double dt,
                       const StateVisitor& visit) {
  RunSummary s;
  s.scene = lab.name;
  s.model = model.name;
  s.dt = dt;
  s.steps = static_cast<int>(std::lround(lab.duration / dt));
  scenes::Scene scene = lab.scene;
  core::VectorX q = scene.q0, v = scene.v0;
  std::optional<core::VectorX> qacc;  // MuJoCo's warm start
  const mujoco::Options opt = Mujoco315Options(model.solver, model.cone, dt);
  LabTrace trace;
  trace.t.push_back(0.0);
  trace.q.push_back(q);
  trace.v.push_back(v);
  const double E0 = scene.tree.CalcKineticEnergy(q, v) + scene.tree.CalcPotentialEnergy(q);
  long iterations_sum = 0;
  for (int k = 0; k < s.steps; ++k) {
    if (lab.drive) lab.drive(k * dt, scene);
    if (visit) visit(scene, q, v);
    const auto start = std::chrono::steady_clock::now();
    scenes::ContactStepResult step;
    try {
      if (model.engine == Engine::kSap) {
        step = scenes::StepWithContact(scene, q, v, dt, model.approximation, lab.mu);
      } else {
        MujocoStepResult r = StepWithMujocoContact(scene, q, v, lab.mu, opt, qacc);
        if (r.exit == mujoco::ExitReason::kIterations) ++s.capped_steps;
        qacc = r.qacc;
        step = std::move(r.step);
      }
    } catch (const std::exception& e) {
      s.failed_steps = 1;
      s.failure = "step " + std::to_string(k) + ": " + e.what();
      break;
    }
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    s.seconds += seconds;
    s.step_seconds_max = std::max(s.step_seconds_max, seconds);
    const StepCriteria c = MeasureStep(step.contacts, dt, lab.mu);
    s.max.penetration = std::max(s.max.penetration, c.penetration);
    s.max.signorini = std::max(s.max.signorini, c.signorini);
    s.max.dissipation_gap = std::max(s.max.dissipation_gap, c.dissipation_gap);
    s.max.cone_violation = std::max(s.max.cone_violation, c.cone_violation);
    s.iterations_max = std::max(s.iterations_max, step.solver_iterations);
    iterations_sum += step.solver_iterations;
    q = step.q_next;
    v = step.v_next;
    const double E = scene.tree.CalcKineticEnergy(q, v) + scene.tree.CalcPotentialEnergy(q);
    s.energy_rise_max = std::max(s.energy_rise_max, E - E0);
    s.energy_change = E - E0;
    trace.t.push_back((k + 1) * dt);
    trace.q.push_back(q);
    trace.v.push_back(v);
    trace.max_penetration.push_back(c.penetration);
    ++s.steps_done;
  }
  s.iterations_mean = s.steps_done > 0 ? static_cast<double>(iterations_sum) / s.steps_done : 0.0;
  if (s.failed_steps == 0 && lab.outcomes) s.outcomes = lab.outcomes(trace);
  return s;
}

}  // namespace simatlas::lab
