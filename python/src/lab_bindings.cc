// DESIGN.md "Round 3: the course's engines, live" — simatlas.lab: the lab's experiments
// (reference/lab/), handed to Python in the JSON form of `simatlas lab --json` (lab_json.h).
#include <iostream>
#include <string>

#include "python/src/bindings.h"
#include "reference/lab/lab_experiment.h"
#include "reference/lab/lab_json.h"

namespace simatlas::python {

void BindLab(pybind11::module_& m) {
  m.def("lab_list_json", [] { return lab::LabListJson(); },
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
}

}  // namespace simatlas::python
