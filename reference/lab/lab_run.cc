// E3-SAP §3, MJ-solvers §2 — one lab run: steps, per-step criteria, the summary (lab_run.h).
#include "reference/lab/lab_run.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <optional>
#include <stdexcept>

#include "reference/core/errors.h"
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

namespace {

// Accumulates the per-step criteria, energy and trace of one run into its summary (the one
// owner of the run's bookkeeping, for the reference's models and the live engines' steps).
class RunRecorder {
 public:
  RunRecorder(const LabScene& lab, const std::string& model, double dt) : lab_(lab) {
    s_.scene = lab.name;
    s_.model = model;
    s_.dt = dt;
    s_.steps = static_cast<int>(std::lround(lab.duration / dt));
    trace_.t.push_back(0.0);
    trace_.q.push_back(lab.scene.q0);
    trace_.v.push_back(lab.scene.v0);
    E0_ = Energy(lab.scene.q0, lab.scene.v0);
    s_.diagnostics.q_end = lab.scene.q0;
    s_.diagnostics.v_end = lab.scene.v0;
  }

  // One completed step: its contacts, the state after it, its effort.
  void Record(const std::vector<scenes::ContactResult>& contacts, const core::VectorX& q,
              const core::VectorX& v, std::optional<int> iterations, double seconds) {
    s_.seconds += seconds;
    s_.step_seconds_max = std::max(s_.step_seconds_max, seconds);
    const StepCriteria c = MeasureStep(contacts, s_.dt, lab_.mu);
    s_.max.penetration = std::max(s_.max.penetration, c.penetration);
    s_.max.signorini = std::max(s_.max.signorini, c.signorini);
    s_.max.dissipation_gap = std::max(s_.max.dissipation_gap, c.dissipation_gap);
    s_.max.cone_violation = std::max(s_.max.cone_violation, c.cone_violation);
    if (iterations) {
      s_.iterations_max = std::max(s_.iterations_max, *iterations);
      iterations_sum_ += *iterations;
    } else {
      s_.iterations_reported = false;
    }
    RecordDiagnostics(contacts, c.penetration, q, v);
    const double E = Energy(q, v);
    s_.energy_rise_max = std::max(s_.energy_rise_max, E - E0_);
    s_.energy_change = E - E0_;
    ++s_.steps_done;
    trace_.t.push_back(s_.steps_done * s_.dt);
    trace_.q.push_back(q);
    trace_.v.push_back(v);
    trace_.max_penetration.push_back(c.penetration);
  }

  void CountCapped() { ++s_.capped_steps; }

  // The run ended at its current step for this reason.
  void Fail(const std::string& why) {
    s_.failed_steps = 1;
    s_.failure = "step " + std::to_string(s_.steps_done) + ": " + why;
  }

  // The summary, with the scene's outcomes when no step failed.
  RunSummary Finish() {
    if (!s_.iterations_reported) s_.iterations_max = 0;
    s_.iterations_mean = s_.steps_done > 0 && s_.iterations_reported
                             ? static_cast<double>(iterations_sum_) / s_.steps_done
                             : 0.0;
    if (s_.failed_steps == 0 && lab_.outcomes) s_.outcomes = lab_.outcomes(trace_);
    return s_;
  }

 private:
  // The evidence of one step (RunDiagnostics): flight, contacts opening or closing late, slip.
  void RecordDiagnostics(const std::vector<scenes::ContactResult>& contacts, double penetration,
                         const core::VectorX& q, const core::VectorX& v) {
    RunDiagnostics& d = s_.diagnostics;
    const int k = s_.steps_done;  // this step's index
    if (d.first_contact_step < 0 && !contacts.empty()) d.first_contact_step = k;
    if (d.first_contact_step >= 0 && contacts.empty()) ++d.open_steps;
    if (2 * k >= s_.steps) {
      ++d.late_steps;
      if (k > 0 && contacts.size() != d.last_contacts.size()) ++d.late_changes;
      d.late_penetration_max = std::max(d.late_penetration_max, penetration);
    }
    for (const scenes::ContactResult& c : contacts) {
      d.slip_speed_max = std::max(d.slip_speed_max, c.slip_speed);
    }
    d.q_end = q;
    d.v_end = v;
    d.last_contacts = contacts;
  }

  double Energy(const core::VectorX& q, const core::VectorX& v) const {
    return lab_.scene.tree.CalcKineticEnergy(q, v) + lab_.scene.tree.CalcPotentialEnergy(q);
  }

  const LabScene& lab_;
  RunSummary s_;
  LabTrace trace_;
  double E0_ = 0.0;
  long iterations_sum_ = 0;
};

// InputError naming the step and the quantity when x is not finite.
void RequireFiniteStep(int k, const std::string& what, double x, const std::string& unit) {
  if (!std::isfinite(x)) {
    core::ThrowInputError("step " + std::to_string(k) + " " + what, x, unit, "must be finite");
  }
}

}  // namespace

RunSummary RunLabScene(const LabScene& lab, const LabModel& model, double dt,
                       const StateVisitor& visit) {
  RunRecorder recorder(lab, model.name, dt);
  const int steps = static_cast<int>(std::lround(lab.duration / dt));
  scenes::Scene scene = lab.scene;
  core::VectorX q = scene.q0, v = scene.v0;
  std::optional<core::VectorX> qacc;  // MuJoCo's warm start
  const mujoco::Options opt = Mujoco315Options(model.solver, model.cone, dt);
  for (int k = 0; k < steps; ++k) {
    if (lab.drive) lab.drive(k * dt, scene);
    if (visit) visit(scene, q, v);
    const auto start = std::chrono::steady_clock::now();
    scenes::ContactStepResult step;
    try {
      if (model.engine == Engine::kSap) {
        step = scenes::StepWithContact(scene, q, v, dt, model.approximation, lab.mu);
      } else {
        MujocoStepResult r = StepWithMujocoContact(scene, q, v, lab.mu, opt, qacc);
        if (r.exit == mujoco::ExitReason::kIterations) recorder.CountCapped();
        qacc = r.qacc;
        step = std::move(r.step);
      }
    } catch (const std::exception& e) {
      recorder.Fail(e.what());
      break;
    }
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    q = step.q_next;
    v = step.v_next;
    recorder.Record(step.contacts, q, v, step.solver_iterations, seconds);
  }
  return recorder.Finish();
}

RunSummary SummarizeExternalRun(const LabScene& lab, const std::string& model, double dt,
                                const std::vector<ExternalStep>& steps,
                                const std::string& failure) {
  core::RequirePositive("dt", dt, "s");
  RunRecorder recorder(lab, model, dt);
  const int expected = static_cast<int>(std::lround(lab.duration / dt));
  if (static_cast<int>(steps.size()) > expected) {
    core::ThrowInputError("steps of " + model + " on " + lab.name,
                          static_cast<double>(steps.size()), "1",
                          "must be at most duration/dt = " + std::to_string(expected));
  }
  const int nq = lab.scene.tree.DefaultPositions().size();
  const int nv = static_cast<int>(lab.scene.v0.size());
  for (std::size_t k = 0; k < steps.size(); ++k) {
    const ExternalStep& s = steps[k];
    const int step = static_cast<int>(k);
    if (s.q.size() != nq || s.v.size() != nv) {
      core::ThrowInputError("step " + std::to_string(k) + " state size",
                            static_cast<double>(s.q.size() + s.v.size()), "1",
                            "must be nq + nv = " + std::to_string(nq) + " + " + std::to_string(nv));
    }
    for (int i = 0; i < nq; ++i)
      RequireFiniteStep(step, "q(" + std::to_string(i) + ")", s.q(i), "");
    for (int i = 0; i < nv; ++i)
      RequireFiniteStep(step, "v(" + std::to_string(i) + ")", s.v(i), "");
    for (const scenes::ContactResult& c : s.contacts) {
      RequireFiniteStep(step, "contact phi0", c.phi0, "m");
      for (int i = 0; i < 3; ++i) RequireFiniteStep(step, "contact f_Bc_C", c.f_Bc_C(i), "N");
      RequireFiniteStep(step, "contact slip_speed", c.slip_speed, "m/s");
      RequireFiniteStep(step, "contact separation_speed", c.separation_speed, "m/s");
    }
    if (s.capped) recorder.CountCapped();
    recorder.Record(s.contacts, s.q, s.v, s.iterations, s.seconds);
  }
  if (!failure.empty()) {
    recorder.Fail(failure);
  } else if (static_cast<int>(steps.size()) < expected) {
    recorder.Fail("the engine returned " + std::to_string(steps.size()) + " of " +
                  std::to_string(expected) + " steps");
  }
  return recorder.Finish();
}

}  // namespace simatlas::lab
