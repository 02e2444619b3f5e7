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

#include "reference/contact/friction_regularization.h"
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
  /// True for a label key (it has choices), false for a number key.
  bool IsLabel() const { return !choices.empty(); }
};

/// Parsed key values (defaults filled in).
struct SceneArguments {
  std::map<std::string, double> numbers;      ///< number keys → value in the key's unit
  std::map<std::string, std::string> labels;  ///< label keys → the chosen label
  /// The number under key (InputError if the scene has no such number key).
  double Number(const std::string& key) const;
  /// The label under key.
  const std::string& Label(const std::string& key) const;
};

/// Contact parameters shared by every pair of a scene (ground and body sides combined).
struct ContactMaterial {
  double stiffness = 1e5;         ///< combined point stiffness k [N/m], > 0
  double dissipation = 10.0;      ///< Hunt–Crossley d [s/m] (read by similar, lagged)
  double relaxation_time = 0.01;  ///< τd [s], the sum of both sides' (read by sap)
  /// vs [m/s] (plant default; read by similar, lagged)
  double stiction_tolerance = contact::kDefaultStictionTolerance;
  /// Each side's point stiffness [N/m]: 2k on both the ground and the body side, so their
  /// series combination (E3-geometry §3) is the scene's k.
  double SideStiffness() const { return 2 * stiffness; }
};

/// A built scene: the model, its contact geometry (against the ground z ≤ 0) and x₀.
struct Scene {
  multibody::MultibodyTree tree;     ///< bodies, joints, actuators and gravity
  VectorX q0;                        ///< initial positions q₀ (nq)
  VectorX v0;                        ///< initial velocities v₀ (nv)
  multibody::AppliedForces applied;  ///< constant applied forces and actuator inputs
  /// How free-joint quaternions advance in the §5 position update (kLinear as in Drake).
  multibody::QuaternionUpdate quaternion_update = multibody::QuaternionUpdate::kLinear;
  std::vector<ContactGeometry> contact_geometry;  ///< empty: a scene without contact
  ContactMaterial material;                       ///< shared by every contact pair of the scene
  /// Non-empty: the scene advances (q, v) over h with this map instead of the E3-SAP discrete
  /// step — one step of a MuJoCo-chapter §7 integrator on smooth dynamics (no contact).
  std::function<void(double h, VectorX& q, VectorX& v)> smooth_step;
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
  core::Vector3 f_Bc_C = core::Vector3::Zero();  ///< the same force in C (t1, t2, n) [N]
  double slip_speed = 0.0;                       ///< ‖vt‖ at v_next [m/s]
  double separation_speed = 0.0;                 ///< vn at v_next [m/s], > 0 separating
};

/// The trajectory of a run and the step driver's per-step records.
struct Trajectory {
  std::vector<double> t;               ///< time after each step [s] (t[0] = 0 is x₀)
  std::vector<VectorX> q;              ///< q at each t
  std::vector<VectorX> v;              ///< v at each t
  std::vector<double> contact_force;   ///< total normal contact force per step [N] (0: no contact)
  std::vector<int> solver_iterations;  ///< contact solver iterations per step (0: no contact)
  std::vector<std::vector<ContactResult>> contacts;  ///< per step: the contacts of that step
  std::vector<double> energy;  ///< T + V [J] of the tree at each t (every scene)
};

/// A named result of a scene: value and unit; no value means "null" (e.g. never stopped).
struct SummaryEntry {
  std::string name;             ///< key of the result, e.g. "penetration"
  std::optional<double> value;  ///< the number in unit; nullopt is reported as null
  std::string unit;             ///< SI unit ("1" dimensionless)
  std::string description;      ///< one line: what it is and, where known, its expected value
};

/// A scene kind: its keys, how to build it, and what to report after a run.
struct SceneDefinition {
  std::string name;            ///< e.g. "pendulum_chain"
  std::string section;         ///< course section it illustrates
  std::string summary;         ///< one line
  std::vector<SceneKey> keys;  ///< scene-specific keys (the driver keys are added by AllSceneKeys)
  /// Builds the model and x₀ from parsed arguments (InputError for out-of-range values).
  std::function<Scene(const SceneArguments&)> build;
  /// The named results of a run from the scene, its arguments and the trajectory.
  std::function<std::vector<SummaryEntry>(const Scene&, const SceneArguments&, const Trajectory&)>
      summarize;
  /// Sentences explaining what the run shows, built from its numbers and the model's (printed
  /// by `simatlas simulate` as "note:" lines); empty function or list: nothing to explain.
  std::function<std::vector<std::string>(const Scene&, const SceneArguments&, const Trajectory&)>
      notes = {};
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

/// free_flight (E3-SAP §1, §5): a spinning box on a free joint without gravity; momentum,
/// energy and the quaternion norm under the linear or exponential-map update.
SceneDefinition FreeFlightScene();
/// pendulum_chain (E3-SAP §1, §2.1, §5): n rods on revolute joints released from an angle;
/// implicit joint damping, explicit gravity and Coriolis bias.
SceneDefinition PendulumChainScene();
/// sphere_on_ground (E3-SAP §2.2, §3): a sphere dropped on the ground; at rest the
/// penetration is m g/k and the contact force m g.
SceneDefinition SphereOnGroundScene();
/// box_slide (E3-SAP §2.2, §3.1–§3.2): a cube launched along +x; stops after v0/(μ g) having
/// travelled v0²/(2 μ g).
SceneDefinition BoxSlideScene();
/// pizza_saver (E3-SAP §3): a body on three contact points under a torque about the vertical;
/// it sticks below μ m g R and spins up above.
SceneDefinition PizzaSaverScene();
/// box_stack (E3-SAP §2.2, §4.1): two cubes stacked on the ground; rest depths m g/(2k) at the
/// ground and m g/(4k) at the interface.
SceneDefinition BoxStackScene();
/// MJ-solvers §7: a damped hinge chain stepped by the tree integrators (integrator=…).
SceneDefinition HingeChainScene();
/// MJ-solvers §7: a free body tumbling about its intermediate axis (integrator=…).
SceneDefinition TumblingBodyScene();

/// The contact keys of a contact scene: stiffness [N/m], dissipation [s/m], relaxation_time [s]
/// with the given stiffness default; and the material they describe (validated).
std::vector<SceneKey> ContactMaterialKeys(double default_stiffness);
/// The ContactMaterial under those keys: stiffness > 0, dissipation ≥ 0, relaxation_time ≥ 0,
/// else InputError naming the key.
ContactMaterial ReadContactMaterial(const SceneArguments& arguments);

}  // namespace simatlas::scenes
