// E3-SAP §2, §4.1; MJ-solvers §7: simatlas.simulate — a built-in scene run by the
// discrete step driver, with the same arguments, finiteness gate and records as
// `simatlas simulate SCENE ... --json` (tools/simatlas/simulate_command.cc), as numpy arrays.
#include <string>
#include <vector>

#include <pybind11/eigen.h>
#include <pybind11/stl.h>

#include "python/src/bindings.h"
#include "python/src/numpy_columns.h"
#include "reference/scenes/scene.h"
#include "reference/scenes/step_driver.h"
#include "tools/simatlas/finite_output.h"

namespace simatlas::python {

namespace {

namespace py = pybind11;

// The rows of a list of equally long vectors as one 2-D float64 array (steps × size).
py::array_t<double> Matrix(const std::vector<core::VectorX>& rows) {
  const py::ssize_t n = static_cast<py::ssize_t>(rows.size());
  const py::ssize_t m = rows.empty() ? 0 : static_cast<py::ssize_t>(rows.front().size());
  py::array_t<double> a({n, m});
  for (py::ssize_t i = 0; i < n; ++i) {
    for (py::ssize_t j = 0; j < m; ++j) a.mutable_at(i, j) = rows[i](j);
  }
  return a;
}

// Every contact record of the run, one row per (step, contact): columns as numpy arrays.
py::dict ContactColumns(const std::vector<std::vector<scenes::ContactResult>>& steps) {
  std::vector<scenes::ContactResult> all;
  std::vector<int> step;
  for (std::size_t k = 0; k < steps.size(); ++k) {
    for (const auto& c : steps[k]) {
      // Nothing non-finite is handed on (a slip speed can overflow).
      const std::string where = "contact of step " + std::to_string(k) + " ";
      tools::RequireFiniteOutput(where + "p_WC", core::VectorX(c.p_WC), "m");
      tools::RequireFiniteOutput(where + "f_Bc_W", core::VectorX(c.f_Bc_W), "N");
      tools::RequireFiniteOutput(where + "phi0", c.phi0, "m");
      tools::RequireFiniteOutput(where + "fn", c.fn, "N");
      tools::RequireFiniteOutput(where + "slip_speed", c.slip_speed, "m/s");
      tools::RequireFiniteOutput(where + "separation_speed", c.separation_speed, "m/s");
      all.push_back(c);
      step.push_back(static_cast<int>(k));
    }
  }
  using C = scenes::ContactResult;
  std::vector<core::VectorX> p, f;
  for (const auto& c : all) {
    p.emplace_back(c.p_WC);
    f.emplace_back(c.f_Bc_W);
  }
  py::dict d;
  d["step"] = Column<int>(step, [](int x) { return x; });
  d["geometry"] = Column<int>(all, [](const C& c) { return c.geometry; });
  d["body"] = Column<int>(all, [](const C& c) { return c.body; });
  d["halfspace_body"] = Column<int>(all, [](const C& c) { return c.halfspace_body; });
  d["p_WC"] = Matrix(p);
  d["phi0"] = Column<double>(all, [](const C& c) { return c.phi0; });
  d["fn"] = Column<double>(all, [](const C& c) { return c.fn; });
  d["f_Bc_W"] = Matrix(f);
  d["slip_speed"] = Column<double>(all, [](const C& c) { return c.slip_speed; });
  d["separation_speed"] = Column<double>(all, [](const C& c) { return c.separation_speed; });
  return d;
}

// Parse, build, run, summarise — the steps of `simatlas simulate`.
py::dict Simulate(const std::string& name, const std::vector<std::string>& arguments) {
  const scenes::SceneDefinition& def = scenes::FindScene(name);
  const scenes::SceneArguments args = scenes::ParseSceneArguments(def, arguments);
  const scenes::DriverOptions options = scenes::ReadDriverOptions(args);
  const scenes::Scene scene = def.build(args);
  const scenes::Trajectory trajectory = scenes::Simulate(scene, options);
  const std::vector<scenes::SummaryEntry> summary = def.summarize(scene, args, trajectory);
  for (std::size_t k = 0; k < trajectory.q.size(); ++k) {
    tools::RequireFiniteOutput("q of state " + std::to_string(k), trajectory.q[k], "");
    tools::RequireFiniteOutput("v of state " + std::to_string(k), trajectory.v[k], "");
    tools::RequireFiniteOutput("energy of state " + std::to_string(k), trajectory.energy[k], "J");
  }
  py::dict parameters, named, units;
  for (const auto& [k, v] : args.numbers) parameters[py::str(k)] = v;
  for (const auto& [k, v] : args.labels) parameters[py::str(k)] = v;
  for (const auto& e : summary) {
    if (e.value) tools::RequireFiniteOutput("summary " + e.name, *e.value, e.unit);
    named[py::str(e.name)] = e.value ? py::object(py::float_(*e.value)) : py::object(py::none());
    units[py::str(e.name)] = e.unit;
  }
  py::dict d;
  d["scene"] = def.name;
  d["parameters"] = parameters;
  d["times"] = Column<double>(trajectory.t, [](double x) { return x; });
  d["q"] = Matrix(trajectory.q);
  d["v"] = Matrix(trajectory.v);
  d["energy"] = Column<double>(trajectory.energy, [](double x) { return x; });
  d["contact_force"] = Column<double>(trajectory.contact_force, [](double x) { return x; });
  d["solver_iterations"] = Column<int>(trajectory.solver_iterations, [](int x) { return x; });
  d["contacts"] = ContactColumns(trajectory.contacts);
  d["summary"] = named;
  d["summary_units"] = units;
  d["notes"] = def.notes ? def.notes(scene, args, trajectory) : std::vector<std::string>{};
  return d;
}

// A pose as a dict {R: 3×3, p: 3} [1, m].
py::dict Pose(const multibody::RigidTransform& X) {
  py::dict d;
  d["R"] = core::Matrix3(X.R);
  d["p"] = core::Vector3(X.p);
  return d;
}

// The built-in scene name on key=value arguments as data, with the driver keys.
py::dict SceneModel(const std::string& name, const std::vector<std::string>& arguments) {
  const scenes::SceneDefinition& def = scenes::FindScene(name);
  const scenes::SceneArguments args = scenes::ParseSceneArguments(def, arguments);
  const scenes::DriverOptions options = scenes::ReadDriverOptions(args);
  py::dict d = SceneModelDict(def.build(args));
  d["scene"] = def.name;
  d["dt"] = options.dt;
  d["steps"] = options.steps;
  d["approximation"] = options.approximation;
  d["mu"] = options.mu;
  return d;
}

}  // namespace

// The built scene as data (the model a second engine builds from): bodies, joints, gravity,
// x₀, applied forces, contact geometry and the contact material.
py::dict SceneModelDict(const scenes::Scene& scene) {
  py::list bodies, joints, external, geometry;
  for (int b = 1; b < scene.tree.num_bodies(); ++b) {
    const multibody::RigidBody& body = scene.tree.body(b);
    py::dict e;
    e["index"] = b;
    e["name"] = body.name;
    e["mass"] = body.mass;
    e["p_BoBcm_B"] = core::Vector3(body.p_BoBcm_B);
    e["I_BBcm_B"] = core::Matrix3(body.I_BBcm_B);
    bodies.append(e);
  }
  for (int j = 0; j < scene.tree.num_joints(); ++j) {
    const multibody::JointSpec& joint = scene.tree.joint(j);
    py::dict e;
    e["name"] = joint.name;
    e["type"] = std::string(multibody::JointTypeName(joint.type));
    e["parent"] = joint.parent;
    e["child"] = joint.child;
    e["X_PF"] = Pose(joint.X_PF);
    e["axis_F"] = core::Vector3(joint.axis_F);
    e["damping"] = Array(joint.damping);
    e["stiffness"] = joint.stiffness;
    e["spring_reference"] = joint.spring_reference;
    e["reflected_inertia"] = joint.reflected_inertia;
    joints.append(e);
  }
  for (const multibody::ExternalForce& f : scene.applied.external) {
    py::dict e;
    e["body"] = f.body;
    e["p_BoQ_B"] = core::Vector3(f.p_BoQ_B);
    e["force_W"] = core::Vector3(f.force_W);
    e["torque_W"] = core::Vector3(f.torque_W);
    external.append(e);
  }
  static const char* kShapes[] = {"sphere", "box", "capsule"};
  for (const scenes::ContactGeometry& g : scene.contact_geometry) {
    py::dict e;
    e["body"] = g.body;
    e["halfspace_body"] = g.halfspace_body;
    e["X_AH"] = Pose(g.X_AH);
    e["shape"] = std::string(kShapes[static_cast<int>(g.shape)]);
    e["X_BG"] = Pose(g.X_BG);
    e["radius"] = g.radius;
    e["sides"] = core::Vector3(g.sides);
    e["length"] = g.length;
    geometry.append(e);
  }
  const scenes::ContactMaterial& m = scene.material;
  py::dict material;
  material["stiffness"] = m.stiffness;
  material["side_stiffness"] = m.SideStiffness();
  material["dissipation"] = m.dissipation;
  material["relaxation_time"] = m.relaxation_time;
  material["stiction_tolerance"] = m.stiction_tolerance;
  py::dict d;
  d["gravity"] = core::Vector3(scene.tree.gravity());
  d["bodies"] = bodies;
  d["joints"] = joints;
  d["q0"] = Array(scene.q0);
  d["v0"] = Array(scene.v0);
  d["external"] = external;
  d["contact_geometry"] = geometry;
  d["material"] = material;
  d["smooth"] = static_cast<bool>(scene.smooth_step);
  return d;
}

void BindScenes(py::module_& m) {
  m.def("simulate", &Simulate, py::arg("scene"), py::arg("arguments"),
        "Runs a built-in scene on key=value arguments (simatlas simulate SCENE ...); a dict.");
  m.def("scene_model", &SceneModel, py::arg("scene"), py::arg("arguments"),
        "The built scene as data: bodies, joints, x0, applied forces, contact geometry, material.");
}

}  // namespace simatlas::python
