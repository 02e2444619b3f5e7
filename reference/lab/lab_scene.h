#pragma once
/// @file
/// E3-SAP §2.2, §3 — the lab's shared scenes ( ContactBench's physical criteria on the course's
/// scenes). Each is a built-in scene of reference/scenes with the lab's common data, so SAP's and
/// MuJoCo's models step exactly the same bodies and point pairs:
///   mass 1 kg per body, cube side 0.2 m, sphere radius 0.1 m, μ = 0.4, g = 9.81 m/s²,
///   k = 1e5 N/m per point pair, τd = 0.01 s (kSap), d = 10 s/m and vs = 1e-4 m/s (kSimilar,
///   kLagged), MuJoCo rows mapped from (k, τd k) as mujoco_contact_step.h states.
/// A scene carries the Coulomb law's prediction of its outcome (E3-SAP §3; a course formula per
/// family), evaluated from the run's trajectory.

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "reference/scenes/scene.h"

namespace simatlas::lab {

/// The lab's friction coefficient μ [1].
inline constexpr double kLabMu = 0.4;
/// The lab's gravity magnitude g [m/s²].
inline constexpr double kLabGravity = 9.81;

/// What a run recorded, for the outcome functions.
struct LabTrace {
  std::vector<double> t;                ///< time after each state [s] (t[0] = 0)
  std::vector<core::VectorX> q;         ///< q at each t
  std::vector<core::VectorX> v;         ///< v at each t
  std::vector<double> max_penetration;  ///< per step: max(0, −φ₀) over the step's pairs [m]
};

/// What an outcome measures, for the reasons given when a model misses its law (outcome_reasons.h).
enum class OutcomeKind {
  kRest,   ///< a body at rest on its contacts: depths, final speed, drift
  kStick,  ///< contacts holding a tangential load below μ fn: any slip is creep
  kSlide,  ///< a body sliding (or rolling after sliding) on its contacts
  kOnset   ///< the load at which sticking ends
};

/// One outcome of a run against the law's prediction.
struct Outcome {
  std::string name;             ///< e.g. "slide_distance"
  std::optional<double> value;  ///< measured (nullopt: the event never happened)
  double predicted = 0.0;       ///< the law's value in the same unit
  std::string unit;             ///< SI unit
  std::string law;              ///< the prediction as a formula, e.g. "v0²/(2 μ g)"
  bool upper_bound = false;     ///< the law bounds the value from above (value ≤ predicted)
  OutcomeKind kind = OutcomeKind::kRest;  ///< what it measures
  /// kStick: the tangential load the contacts hold [N]; the value is a creep speed [m/s], or
  /// with unit m the distance crept over the whole run.
  double load = 0.0;
};

/// A lab scene: the model, its duration, an optional time-varying drive and its outcomes.
struct LabScene {
  std::string name;         ///< e.g. "cube_slide"
  std::string section;      ///< course section whose law the outcome tests
  std::string description;  ///< one line with the scene's data
  scenes::Scene scene;      ///< bodies, contact geometry, x₀, contact material
  double mu = kLabMu;       ///< friction coefficient [1]
  double duration = 1.0;    ///< simulated time [s]
  /// Point pairs between the first body and its support at rest (a cube's 4 bottom vertices,
  /// the ball's 1): its weight's shares in the depth laws.
  int support_pairs = 4;
  /// Non-empty: sets scene.applied for the step starting at time t [s] (the ramped drag).
  std::function<void(double t, scenes::Scene& scene)> drive;
  /// The outcomes of a run against the Coulomb law's predictions.
  std::function<std::vector<Outcome>(const LabTrace& trace)> outcomes;
};

/// ball_roll, cube_drop, cube_slide, cube_drag, box_stack, incline_stick, incline_slide,
/// chain_strike, in this order.
std::vector<std::string> LabSceneNames();

/// The scene called name (InputError listing the names otherwise).
LabScene MakeLabScene(const std::string& name);

}  // namespace simatlas::lab
