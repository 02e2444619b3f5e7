// The JSON form of a lab result (lab_json.h; DESIGN.md "Round 3: the course's engines, live").
#include "reference/lab/lab_json.h"

#include <cmath>

#include <nlohmann/json.hpp>

#include "reference/core/errors.h"
#include "reference/lab/lab_format.h"

namespace simatlas::lab {

namespace {

nlohmann::json CellJson(const LabCell& c) {
  if (c.is_text) return c.text;
  if (!c.number) return nullptr;
  if (!std::isfinite(*c.number)) {
    throw core::NumericalError("lab: a table cell is " + FormatValue(c.number) + ", not finite");
  }
  return *c.number;
}

nlohmann::json ResultJson(const LabResult& r) {
  nlohmann::json tables = nlohmann::json::array();
  for (const LabTable& t : r.tables) {
    nlohmann::json rows = nlohmann::json::array();
    for (const auto& row : t.rows) {
      nlohmann::json cells = nlohmann::json::array();
      for (const LabCell& c : row) cells.push_back(CellJson(c));
      rows.push_back(cells);
    }
    tables.push_back(
        {{"title", t.title}, {"columns", t.columns}, {"units", t.units}, {"rows", rows}});
  }
  return {{"name", r.name}, {"section", r.section}, {"tables", tables},
          {"findings", r.findings}, {"seconds", r.seconds}};
}

}  // namespace

std::string LabResultJson(const LabResult& result) { return ResultJson(result).dump(1); }

std::string LabRunJson(const std::vector<LabResult>& results, bool quick) {
  nlohmann::json all = nlohmann::json::array();
  for (const LabResult& r : results) all.push_back(ResultJson(r));
  return nlohmann::json{{"quick", quick}, {"experiments", all}}.dump(1);
}

std::string LabListJson() {
  nlohmann::json all = nlohmann::json::array();
  for (const LabExperiment& e : AllLabExperiments()) {
    all.push_back({{"name", e.name}, {"section", e.section}, {"summary", e.summary}});
  }
  return all.dump(2);
}

}  // namespace simatlas::lab
