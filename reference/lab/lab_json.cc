// The JSON form of a lab result (lab_json.h; DESIGN.md "Round 3: the course's engines, live").
#include "reference/lab/lab_json.h"

#include <algorithm>
#include <cmath>
#include <utility>

#include <nlohmann/json.hpp>

#include "reference/core/errors.h"
#include "reference/lab/lab_format.h"
#include "reference/lab/lab_run.h"
#include "reference/lab/scenes_table.h"

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
    tables.push_back({{"title", t.title},
                      {"columns", t.columns},
                      {"units", t.units},
                      {"definitions", t.definitions},
                      {"rows", rows}});
  }
  return {{"name", r.name},
          {"section", r.section},
          {"tables", tables},
          {"findings", r.findings},
          {"seconds", r.seconds}};
}

// The value at key of object j, with an InputError naming where and the key otherwise.
const nlohmann::json& Field(const nlohmann::json& j, const std::string& key,
                            const std::string& where) {
  if (!j.is_object() || !j.contains(key)) {
    throw core::InputError(where + ": key '" + key + "' is missing (LabExternalRunsJson)");
  }
  return j.at(key);
}

double Number(const nlohmann::json& j, const std::string& key, const std::string& where) {
  const nlohmann::json& x = Field(j, key, where);
  if (!x.is_number()) throw core::InputError(where + ": '" + key + "' must be a number");
  return x.get<double>();
}

core::VectorX Vector(const nlohmann::json& j, const std::string& key, const std::string& where) {
  const nlohmann::json& x = Field(j, key, where);
  if (!x.is_array()) throw core::InputError(where + ": '" + key + "' must be an array of numbers");
  core::VectorX v(static_cast<Eigen::Index>(x.size()));
  for (std::size_t i = 0; i < x.size(); ++i) {
    if (!x[i].is_number())
      throw core::InputError(where + ": '" + key + "' must be an array of numbers");
    v(static_cast<Eigen::Index>(i)) = x[i].get<double>();
  }
  return v;
}

// One step of a run as ExternalStep.
ExternalStep Step(const nlohmann::json& j, const std::string& where) {
  ExternalStep s;
  s.q = Vector(j, "q", where);
  s.v = Vector(j, "v", where);
  const nlohmann::json& it = Field(j, "iterations", where);
  if (!it.is_null()) {
    if (!it.is_number_integer())
      throw core::InputError(where + ": 'iterations' must be an integer or null");
    s.iterations = it.get<int>();
  }
  s.seconds = Number(j, "seconds", where);
  const nlohmann::json& capped = Field(j, "capped", where);
  if (!capped.is_boolean()) throw core::InputError(where + ": 'capped' must be true or false");
  s.capped = capped.get<bool>();
  const nlohmann::json& contacts = Field(j, "contacts", where);
  if (!contacts.is_array()) throw core::InputError(where + ": 'contacts' must be an array");
  for (const nlohmann::json& c : contacts) {
    scenes::ContactResult r;
    r.phi0 = Number(c, "phi0", where + " contact");
    const core::VectorX f = Vector(c, "f_C", where + " contact");
    if (f.size() != 3)
      throw core::InputError(where + " contact: 'f_C' must have 3 entries (t1, t2, n)");
    r.f_Bc_C = f;
    r.fn = f(2);
    r.slip_speed = Number(c, "slip_speed", where + " contact");
    r.separation_speed = Number(c, "separation_speed", where + " contact");
    s.contacts.push_back(r);
  }
  return s;
}

}  // namespace

std::string LabExternalRunsJson(const std::string& runs_json) {
  nlohmann::json doc;
  try {
    doc = nlohmann::json::parse(runs_json);
  } catch (const nlohmann::json::parse_error& e) {
    throw core::InputError(std::string("lab runs: not JSON: ") + e.what());
  }
  const nlohmann::json& runs = Field(doc, "runs", "lab runs");
  if (!runs.is_array()) throw core::InputError("lab runs: 'runs' must be an array");
  LabTable table = ScenesTable();
  table.title =
      "the live engines' runs of the lab scenes: the law's outcome and the physical criteria (maxima over the steps)";
  // runs grouped by (scene, dt) in the order they come, for the findings
  std::vector<std::pair<std::string, std::vector<RunSummary>>> groups;
  std::vector<LabScene> group_scenes;
  for (std::size_t i = 0; i < runs.size(); ++i) {
    const nlohmann::json& r = runs[i];
    const std::string where = "lab run " + std::to_string(i);
    const nlohmann::json& scene_name = Field(r, "scene", where);
    const nlohmann::json& model = Field(r, "model", where);
    const nlohmann::json& failure = Field(r, "failure", where);
    if (!scene_name.is_string() || !model.is_string() || !failure.is_string()) {
      throw core::InputError(where + ": 'scene', 'model' and 'failure' must be strings");
    }
    const LabScene scene = MakeLabScene(scene_name.get<std::string>());
    const double dt = Number(r, "dt", where);
    const nlohmann::json& steps = Field(r, "steps", where);
    if (!steps.is_array()) throw core::InputError(where + ": 'steps' must be an array");
    std::vector<ExternalStep> external;
    for (std::size_t k = 0; k < steps.size(); ++k) {
      external.push_back(Step(steps[k], where + " step " + std::to_string(k)));
    }
    const RunSummary summary = SummarizeExternalRun(scene, model.get<std::string>(), dt, external,
                                                    failure.get<std::string>());
    AppendSceneRows(summary, table);
    const std::string key = scene.name + " " + FormatValue(dt);
    auto group = std::find_if(groups.begin(), groups.end(),
                              [&key](const auto& g) { return g.first == key; });
    if (group == groups.end()) {
      group = groups.insert(groups.end(), {key, {}});
      group_scenes.push_back(scene);
    }
    group->second.push_back(summary);
  }
  std::vector<std::string> findings;
  for (std::size_t g = 0; g < groups.size(); ++g) {
    for (std::string& f : SceneFindings(group_scenes[g], groups[g].second)) {
      findings.push_back(std::move(f));
    }
  }
  nlohmann::json rows = nlohmann::json::array();
  for (const auto& row : table.rows) {
    nlohmann::json cells = nlohmann::json::array();
    for (const LabCell& c : row) cells.push_back(CellJson(c));
    rows.push_back(cells);
  }
  return nlohmann::json{{"title", table.title}, {"columns", table.columns},
                        {"units", table.units}, {"definitions", table.definitions},
                        {"rows", rows},         {"findings", findings}}
      .dump(1);
}

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
