// DESIGN.md "The law registry": simatlas.laws() and simatlas.law() over the same
// registry, argument parser and JSON writer as `simatlas law` (tools/simatlas/law_command.cc).
#include <string>
#include <vector>

#include <pybind11/stl.h>

#include "python/src/bindings.h"
#include "reference/laws/law.h"
#include "reference/laws/law_json.h"

namespace simatlas::python {

namespace {

// `simatlas law --list --json`: every signature, in registration order.
std::string LawsJson() {
  nlohmann::json all = nlohmann::json::array();
  for (const auto& law : laws::AllLaws().all()) all.push_back(laws::LawToJson(law));
  return all.dump();
}

// `simatlas law NAME key=value ... --json`, the arguments exactly as the command line takes them.
std::string LawJson(const std::string& name, const std::vector<std::string>& arguments) {
  const laws::Law& law = laws::AllLaws().Get(name);
  const laws::Values outputs = laws::Evaluate(law, laws::ParseArguments(law, arguments));
  return laws::LawAnswerToJson(law, outputs).dump();
}

}  // namespace

void BindLaws(pybind11::module_& m) {
  m.def("laws_json", &LawsJson, "Every law's signature as JSON text (simatlas law --list --json).");
  m.def("law_json", &LawJson, pybind11::arg("name"), pybind11::arg("arguments"),
        "Evaluates a law on key=value arguments; the JSON text of simatlas law NAME ... --json.");
}

}  // namespace simatlas::python
