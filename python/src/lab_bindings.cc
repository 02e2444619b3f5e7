// DESIGN.md "Round 3: the course's engines, live" — simatlas.lab: the lab's experiments
// (reference/lab/), handed to Python in the JSON form of `simatlas lab --json` (lab_json.h).
#include <iostream>
#include <string>

#include "python/src/bindings.h"
#include "reference/lab/lab_experiment.h"
#include "reference/lab/lab_json.h"
#include "reference/lab/lab_scene.h"

namespace simatlas::python {

void BindLab(pybind11::module_& m) {
  m.def(
      "lab_list_json", [] { return lab::LabListJson(); },
      "The lab's experiments as JSON: [{name, section, summary}].");
  m.def(
      "lab_run_json",
      [](const std::string& name, bool quick, bool progress) {
        lab::LabSize size;
        size.quick = quick;
        const lab::LabProgress report = [progress](const std::string& line) {
          if (progress) std::cerr << "[lab] " << line << "\n" << std::flush;
        };
        const lab::LabResult result = lab::FindLabExperiment(name).run(size, report);
        return lab::LabResultJson(result);
      },
      pybind11::arg("name"), pybind11::arg("quick") = false, pybind11::arg("progress") = true,
      "Runs one lab experiment; its result as JSON (tables and findings).");
  m.def(
      "lab_scene_model",
      [](const std::string& name) {
        const lab::LabScene scene = lab::MakeLabScene(name);
        pybind11::dict d = SceneModelDict(scene.scene);
        d["scene"] = scene.name;
        d["section"] = scene.section;
        d["description"] = scene.description;
        d["mu"] = scene.mu;
        d["duration"] = scene.duration;
        d["driven"] = static_cast<bool>(scene.drive);
        return d;
      },
      pybind11::arg("name"),
      "A lab scene as data (scene_model's keys plus section, description, mu, duration [s], "
      "driven: a time-varying drive the data does not hold).");
  m.def(
      "lab_scene_drive",
      [](const std::string& name, double t) {
        lab::LabScene scene = lab::MakeLabScene(name);
        if (!scene.drive) return pybind11::list();
        scene.drive(t, scene.scene);
        return pybind11::list(SceneModelDict(scene.scene)["external"]);
      },
      pybind11::arg("name"), pybind11::arg("t"),
      "The external forces the scene's drive applies over the step that starts at t [s] (the "
      "reference calls drive(k dt) before step k), in scene_model's 'external' format; [] when "
      "the scene has no drive.");
  m.def("lab_external_runs_json", &lab::LabExternalRunsJson, pybind11::arg("runs_json"),
        "A live engine's runs of lab scenes (their steps) as rows of the scenes table, JSON.");
}

}  // namespace simatlas::python
