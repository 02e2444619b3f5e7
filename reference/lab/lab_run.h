#pragma once
/// @file
/// E3-SAP §3, MJ-solvers §2 — one lab run: a scene stepped by one model at one dt, measured per step with ContactBench's
/// physical criteria on the course's symbols (impulses γ = f h [N·s], contact velocities at v⁺):
///   penetration        max(0, −φ₀) over the step's pairs [m]                (E3-SAP §2.2)
///   Signorini          ‖γn · vn‖∞ [J]: zero for an exact complementarity    (E3-SAP §3, MJ §2)
///   max-dissipation    max(0, (μ γn − ‖γt‖) · ‖vt‖) [J]: sliding below the cone's rim
///   cone violation     max(0, ‖γt‖ − μ γn) [N·s]
/// and summarised per run by maxima and a failed-step count (never an average alone): energy
/// E = T + V of the tree, its largest rise over E₀, solver iterations (max and mean) and wall time.
/// A step that throws (a solver that did not converge, a non-finite answer) ends the run; the
/// summary then says which step failed and why.

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "reference/lab/lab_model.h"
#include "reference/lab/lab_scene.h"

namespace simatlas::lab {

/// The physical criteria of one step (file comment).
struct StepCriteria {
  double penetration = 0.0;      ///< [m]
  double signorini = 0.0;        ///< ‖γn vn‖∞ [J]
  double dissipation_gap = 0.0;  ///< max(0, (μ γn − ‖γt‖)‖vt‖) [J]
  double cone_violation = 0.0;   ///< max(0, ‖γt‖ − μ γn) [N·s]
};

/// The criteria of one step's contacts at impulse scale h [s] and friction μ.
StepCriteria MeasureStep(const std::vector<scenes::ContactResult>& contacts, double h, double mu);

/// What a run did besides its criteria: the evidence of the reasons a model misses its law
/// (outcome_reasons.h). "Late" is the second half of the steps asked for.
struct RunDiagnostics {
  int first_contact_step = -1;  ///< first step with a contact pair (−1: none)
  int open_steps = 0;           ///< steps after the first contact with no contact pair (in flight)
  int late_steps = 0;           ///< completed steps in the second half
  /// Late steps whose number of contact pairs differs from the step before's: contacts opening
  /// or closing (a bouncing or rocking body).
  int late_changes = 0;
  double late_penetration_max = 0.0;  ///< max(0, −φ₀) over the late steps [m]
  double slip_speed_max = 0.0;        ///< the largest contact slip speed of the run [m/s]
  core::VectorX q_end;                ///< q after the last completed step
  core::VectorX v_end;                ///< v after the last completed step
  std::vector<scenes::ContactResult> last_contacts;  ///< the last completed step's contacts
};

/// A run's summary.
struct RunSummary {
  std::string scene;                ///< lab scene name
  std::string model;                ///< lab model name
  double dt = 0.0;                  ///< h [s]
  int steps = 0;                    ///< steps asked for
  int steps_done = 0;               ///< steps completed
  int failed_steps = 0;             ///< 0 or 1 (a failed step ends the run)
  std::string failure;              ///< the failed step's error ("" when none)
  int capped_steps = 0;             ///< steps whose solver stopped at its iteration cap (MuJoCo)
  StepCriteria max;                 ///< each criterion's maximum over the steps
  double energy_rise_max = 0;       ///< max_k (E_k − E₀) [J] (> 0: energy created or work done)
  double energy_change = 0;         ///< E_end − E₀ [J]
  bool iterations_reported = true;  ///< false: the engine does not report its iterations
  int iterations_max = 0;           ///< solver iterations, the largest of a step
  double iterations_mean = 0;       ///< solver iterations per step
  double seconds = 0;               ///< wall time of the steps [s]
  double step_seconds_max = 0;      ///< slowest step [s]
  std::vector<Outcome> outcomes;    ///< the scene's law outcomes (empty when a step failed)
  RunDiagnostics diagnostics;       ///< the run's evidence for the reasons (outcome_reasons.h)
};

/// Called with the scene (its applied forces set for the step) and the state before each step.
using StateVisitor =
    std::function<void(const scenes::Scene& scene, const core::VectorX& q, const core::VectorX& v)>;

/// Runs scene under model at dt for round(duration/dt) steps (visit, if given, sees each
/// step's start).
RunSummary RunLabScene(const LabScene& scene, const LabModel& model, double dt,
                       const StateVisitor& visit = {});

/// One step of the scene run by an engine outside the reference (a live engine's row): the
/// state after the step in the tree's coordinates (free body q = (quaternion w x y z, p),
/// v = (ω, v) in the parent frame), the step's contacts as the reference reports them and the
/// engine's effort.
struct ExternalStep {
  core::VectorX q;                              ///< q after the step (nq)
  core::VectorX v;                              ///< v after the step (nv)
  std::vector<scenes::ContactResult> contacts;  ///< φ₀ at the step start, f_Bc_C, vt, vn at v⁺
  std::optional<int> iterations;                ///< solver iterations (nullopt: not reported)
  bool capped = false;                          ///< the solver stopped at its iteration cap
  double seconds = 0.0;                         ///< wall time of the step [s]
};

/// The summary of an engine's run of scene under the label model at dt, from its steps (the
/// same criteria, energy and outcomes as RunLabScene: one owner of each); failure non-empty:
/// the run ended early for that reason. Throws core::InputError naming the step when a q or v
/// has the wrong size or a number is not finite, or when the steps are more than the run's.
RunSummary SummarizeExternalRun(const LabScene& scene, const std::string& model, double dt,
                                const std::vector<ExternalStep>& steps,
                                const std::string& failure = "");

}  // namespace simatlas::lab
