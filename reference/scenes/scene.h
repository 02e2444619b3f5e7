#pragma once
/// @file
/// E3-SAP §2 "同一个 Context 出发，一步发生什么" and §5: a scene is a model (a multibody tree and
/// its initial state x₀ = [q₀; v₀]) built from named parameters, plus the named results
/// (`summary`) a student reads after running it. Every scene takes the keys of the step
/// driver — dt [s], steps [1], approximation (sap | similar | lagged, default lagged), mu [1] —
/// and its own keys, each with a unit and a default. Scenes without contact accept
/// approximation and mu (they have nothing to act on) so every scene has the same interface.

#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "reference/multibody/generalized_forces.h"
#include "reference/multibody/multibody_tree.h"
#include "reference/scenes/halfspace_queries.h"

namespace simatlas::scenes {

using core::VectorX;

/// One key of a scene: a number with a unit, or a label from choices.
struct SceneKey {
  std::string name;                  ///< as typed: key=value
  std::string unit;                  ///< SI unit ("1" dimensionless, "" for labels)
  std::string description;           ///< one line
  double default_number = 0.0;       ///< default of a number key
  std::vector<std::string> choices;  ///< non-empty: a label key
  std::string default_label;         ///< default of a label key
  bool IsLabel() const { return !choices.empty(); }
};

/// Parsed key values (defaults filled in).
struct SceneArguments {
  std::map<std::string, double> numbers;
  std::map<std::string, std::string> labels;
  /// The number under key (InputError if the scene has no such number key).
  double Number(const std::string& key) const;
  /// The label under key.
  const std::string& Label(const std::string& key) const;
};

/// Contact parameters shared by every pair of a scene (ground and body sides combined).
struct ContactMaterial {
  double stiffness = 1e5;           ///< combined point stiffness k [N/m], > 0
  double dissipation = 10.0;        ///< Hunt–Crossley d [s/m] (read by similar, lagged)
  double relaxation_time = 0.01;    ///< τd [s], the sum of both sides' (read by sap)
  double stiction_tolerance = 1e-4; ///< vs [m/s] (plant default; read by similar, lagged)
};

/// A built scene: the model, its contact geometry (against the ground z ≤ 0) and x₀.
struct Scene {
  multibody::MultibodyTree tree;
  VectorX q0;
  VectorX v0;
  multibody::AppliedForces applied;  ///< constant applied forces and actuator inputs
  multibody::QuaternionUpdate quaternion_update = multibody::QuaternionUpdate::kLinear;
  std::vector<ContactGeometry> contact_geometry;  ///< empty: a scene without contact
  ContactMaterial material;
};

/// One contact of one step, as the driver reports it (§4.1: fn = γn/h, f = R_WC γ/h).
struct ContactResult {
  int geometry = 0;                              ///< index into Scene::contact_geometry
  int body = 0;                                  ///< body B of the pair (the geometry's body)
  int halfspace_body = 0;                        ///< body A carrying the half-space (0: ground)
  core::Vector3 p_WC = core::Vector3::Zero();    ///< contact point [m]
  double phi0 = 0.0;                             ///< signed distance at the step start [m]
  double fn = 0.0;                               ///< normal force γn/h [N]
  core::Vector3 f_Bc_W = core::Vector3::Zero();  ///< force on B at C, R_WC γ/h, in W [N]
  double slip_speed = 0.0;                       ///< ‖vt‖ at v_next [m/s]
  double separation_speed = 0.0;                 ///< vn at v_next [m/s], > 0 separating
};

/// The trajectory of a run and the step driver's per-step records.
struct Trajectory {
  std::vector<double> t;                 ///< time after each step [s] (t[0] = 0 is x₀)
  std::vector<VectorX> q;                ///< q at each t
  std::vector<VectorX> v;                ///< v at each t
  std::vector<double> contact_force;     ///< total normal contact force per step [N] (0: no contact)
  std::vector<int> solver_iterations;    ///< contact solver iterations per step (0: no contact)
  std::vector<std::vector<ContactResult>> contacts;  ///< per step: the contacts of that step
};

/// A named result of a scene: value and unit; no value means "null" (e.g. never stopped).
struct SummaryEntry {
  std::string name;
  std::optional<double> value;
  std::string unit;
  std::string description;
};

/// A scene kind: its keys, how to build it, and what to report after a run.
struct SceneDefinition {
  std::string name;         ///< e.g. "pendulum_chain"
  std::string section;      ///< course section it illustrates
  std::string summary;      ///< one line
  std::vector<SceneKey> keys;  ///< scene-specific keys (the driver keys are added by AllSceneKeys)
  std::function<Scene(const SceneArguments&)> build;
  std::function<std::vector<SummaryEntry>(const Scene&, const SceneArguments&, const Trajectory&)>
      summarize;
};

/// The step driver's keys shared by every scene: dt, steps, approximation, mu.
std::vector<SceneKey> DriverKeys();

/// DriverKeys() followed by the scene's own keys.
std::vector<SceneKey> AllSceneKeys(const SceneDefinition& definition);

/// Parses "key=value" arguments: unknown or repeated keys, malformed numbers (NaN, trailing
/// text) and unknown labels throw core::InputError naming the key; defaults are filled in.
SceneArguments ParseSceneArguments(const SceneDefinition& definition,
                                   const std::vector<std::string>& arguments);

/// Every built-in scene, in course order.
const std::vector<SceneDefinition>& AllScenes();

/// The scene called name; InputError listing the known names otherwise.
const SceneDefinition& FindScene(const std::string& name);

/// The built-in scenes (one file each).
SceneDefinition FreeFlightScene();
SceneDefinition PendulumChainScene();
SceneDefinition SphereOnGroundScene();
SceneDefinition BoxSlideScene();
SceneDefinition PizzaSaverScene();
SceneDefinition BoxStackScene();

/// The contact keys of a contact scene: stiffness [N/m], dissipation [s/m], relaxation_time [s]
/// with the given stiffness default; and the material they describe (validated).
std::vector<SceneKey> ContactMaterialKeys(double default_stiffness);
ContactMaterial ReadContactMaterial(const SceneArguments& arguments);

}  // namespace simatlas::scenes
