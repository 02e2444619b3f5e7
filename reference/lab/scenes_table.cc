// E3-SAP §2.2, §3; MJ-solvers §2–§4 — the side-by-side table of experiment (a) and its findings (scenes_table.h).
#include "reference/lab/scenes_table.h"

#include <algorithm>
#include <cmath>

#include "reference/lab/lab_format.h"
#include "reference/lab/outcome_reasons.h"

namespace simatlas::lab {

namespace {

// An outcome "agrees" with its law within 5 % of the prediction, or for a predicted 0 within
// 1e-3 of the outcome's unit (1 mm, 1 mm/s): the sentences name which models do.
bool Agrees(const Outcome& o) {
  if (!o.value) return false;
  if (o.upper_bound) return *o.value <= o.predicted;
  const double tolerance = o.predicted != 0.0 ? 0.05 * std::abs(o.predicted) : 1e-3;
  return std::abs(*o.value - o.predicted) <= tolerance;
}

// "Why A, B: mechanism (evidence: A …; B …)." for the runs outside the law, grouped by mechanism
// in the order they come.
std::string Reasons(const LabScene& scene, const std::vector<const RunSummary*>& outside,
                    std::size_t outcome) {
  std::vector<std::pair<std::string, std::vector<std::pair<std::string, std::string>>>> groups;
  for (const RunSummary* r : outside) {
    const OutsideReason why = ExplainOutsideLaw(scene, *r, r->outcomes.at(outcome));
    auto group = std::find_if(groups.begin(), groups.end(),
                              [&why](const auto& g) { return g.first == why.mechanism; });
    if (group == groups.end()) group = groups.insert(groups.end(), {why.mechanism, {}});
    group->second.emplace_back(r->model, why.evidence);
  }
  std::string s;
  for (const auto& [mechanism, members] : groups) {
    std::string names, evidence;
    for (const auto& [model, e] : members) {
      names += (names.empty() ? "" : ", ") + model;
      if (!e.empty()) evidence += (evidence.empty() ? "" : "; ") + model + ": " + e;
    }
    s += " Why " + names + ": " + mechanism + (evidence.empty() ? "" : " (Evidence: " + evidence + ".)");
  }
  return s;
}

// One finding per (scene, dt, outcome) from the runs' numbers, with the reason of each model
// outside the law.
std::string Finding(const LabScene& scene, const std::vector<RunSummary>& runs, std::size_t outcome) {
  const RunSummary* lo = nullptr;
  const RunSummary* hi = nullptr;
  std::string agree, disagree, failed;
  std::vector<const RunSummary*> outside;
  for (const RunSummary& r : runs) {
    if (r.failed_steps > 0) {
      failed += (failed.empty() ? "" : ", ") + r.model;
      continue;
    }
    const Outcome& o = r.outcomes.at(outcome);
    const bool agrees = Agrees(o);
    std::string& list = agrees ? agree : disagree;
    list += (list.empty() ? "" : ", ") + r.model + (agrees ? "" : " (" + FormatValue(o.value) + ")");
    if (!agrees) outside.push_back(&r);
    if (!o.value) continue;
    if (!lo || *o.value < *lo->outcomes[outcome].value) lo = &r;
    if (!hi || *o.value > *hi->outcomes[outcome].value) hi = &r;
  }
  const RunSummary& first = runs.front();
  std::string s = first.scene + " at dt = " + FormatValue(first.dt) + " s: ";
  const Outcome* any = nullptr;
  for (const RunSummary& r : runs) {
    if (r.failed_steps == 0) any = &r.outcomes.at(outcome);
  }
  if (!any) return s + "every model failed (" + failed + ").";
  s += any->name + " " + any->law + " = " + FormatValue(any->predicted) + " " + any->unit;
  if (lo && hi) {
    s += "; measured from " + FormatValue(lo->outcomes[outcome].value) + " (" + lo->model +
         ") to " + FormatValue(hi->outcomes[outcome].value) + " (" + hi->model + ")";
  }
  s += (any->upper_bound ? "; within the bound: "
                         : "; within 5 % (or 1e-3 " + any->unit + " of 0): ") +
       (agree.empty() ? "none" : agree);
  if (!disagree.empty()) s += "; outside: " + disagree;
  if (!failed.empty()) s += "; failed: " + failed;
  return s + "." + Reasons(scene, outside, outcome);
}

}  // namespace

LabTable ScenesTable() {
  LabTable table;
  table.title = "every lab scene under every model: the law's outcome and the physical criteria (maxima over the steps)";
  table.columns = {"scene", "model", "dt", "outcome", "value", "predicted", "law",
                   "penetration_max", "signorini_max", "dissipation_gap_max",
                   "cone_violation_max", "energy_rise_max", "iterations_max", "iterations_mean",
                   "capped_steps", "failed_steps", "seconds"};
  table.units = {"", "", "s", "", "", "", "", "m", "J", "J", "N·s", "J", "1", "1", "1", "1", "s"};
  return table;
}

void AppendSceneRows(const RunSummary& r, LabTable& table) {
  // the columns after the law's, shared by the failed row and the outcome rows
  const auto criteria = [&r] {
    const bool it = r.iterations_reported;
    return std::vector<LabCell>{
        NumberCell(r.max.penetration), NumberCell(r.max.signorini),
        NumberCell(r.max.dissipation_gap), NumberCell(r.max.cone_violation),
        NumberCell(r.energy_rise_max),
        NumberCell(it ? std::optional<double>(r.iterations_max) : std::nullopt),
        NumberCell(it ? std::optional<double>(r.iterations_mean) : std::nullopt),
        NumberCell(r.capped_steps), NumberCell(r.failed_steps), NumberCell(r.seconds)};
  };
  const auto row = [&](std::vector<LabCell> head) {
    for (LabCell& c : criteria()) head.push_back(std::move(c));
    table.rows.push_back(std::move(head));
  };
  if (r.failed_steps > 0) {
    row({TextCell(r.scene), TextCell(r.model), NumberCell(r.dt), TextCell("failed: " + r.failure),
         NumberCell(std::nullopt), NumberCell(std::nullopt), TextCell("")});
  }
  for (const Outcome& o : r.outcomes) {
    row({TextCell(r.scene), TextCell(r.model), NumberCell(r.dt), TextCell(o.name),
         NumberCell(o.value), NumberCell(o.predicted), TextCell(o.law + " [" + o.unit + "]")});
  }
}

std::vector<std::string> SceneFindings(const LabScene& scene, const std::vector<RunSummary>& runs) {
  std::size_t outcomes = 0;
  for (const RunSummary& r : runs) outcomes = std::max(outcomes, r.outcomes.size());
  std::vector<std::string> findings;
  for (std::size_t o = 0; o < std::max<std::size_t>(outcomes, 1); ++o) {
    findings.push_back(Finding(scene, runs, o));
  }
  return findings;
}

}  // namespace simatlas::lab
