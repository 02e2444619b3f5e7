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
    // models with the same evidence share one entry
    std::vector<std::pair<std::string, std::string>> shared;  // (models, evidence)
    std::string names;
    for (const auto& [model, e] : members) {
      names += (names.empty() ? "" : ", ") + model;
      if (e.empty()) continue;
      auto same =
          std::find_if(shared.begin(), shared.end(), [&e](const auto& x) { return x.second == e; });
      if (same == shared.end()) {
        shared.emplace_back(model, e);
      } else {
        same->first += ", " + model;
      }
    }
    std::string evidence;
    for (const auto& [models, e] : shared)
      evidence += (evidence.empty() ? "" : "; ") + models + ": " + e;
    s += " Why " + names + ": " + mechanism +
         (evidence.empty() ? "" : " (Evidence: " + evidence + ".)");
  }
  return s;
}

// One finding per (scene, dt, outcome) from the runs' numbers, with the reason of each model
// outside the law.
std::string Finding(const LabScene& scene, const std::vector<RunSummary>& runs,
                    std::size_t outcome) {
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
    list +=
        (list.empty() ? "" : ", ") + r.model + (agrees ? "" : " (" + FormatValue(o.value) + ")");
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
  table.title =
      "every lab scene under every model: the law's outcome and the physical criteria (maxima over the steps)";
  table.columns = {"scene",
                   "model",
                   "dt",
                   "outcome",
                   "value",
                   "predicted",
                   "law",
                   "penetration_max",
                   "signorini_max",
                   "dissipation_gap_max",
                   "cone_violation_max",
                   "energy_rise_max",
                   "iterations_max",
                   "iterations_mean",
                   "capped_steps",
                   "failed_steps",
                   "seconds"};
  table.units = {"", "", "s", "", "", "", "", "m", "J", "J", "N·s", "J", "1", "1", "1", "1", "s"};
  // γ = f h: a contact's impulse over the step [N·s] in its frame (t1, t2, n); vn, vt: its
  // separation and slip velocity at v⁺ [m/s]; each criterion the maximum over steps and pairs
  table.definitions = {
      "the lab scene (simatlas lab --help lists them with their data)",
      "the contact model: sap, similar, lagged (SAP's approximations, E3-SAP §3); pgs, cg, newton × "
      "pyramidal, elliptic (MuJoCo's solver and cone on the lab's mapping, MJ-solvers §2–§4); a live "
      "row names the engine and version that ran",
      "time step h",
      "the law's outcome, or 'failed: step k: why' when a step failed (the run ends there)",
      "the outcome measured at the run's end, in the law's unit",
      "the Coulomb law's value of the outcome",
      "the law as a formula [its unit]",
      "max over steps and pairs of max(0, −φ₀), φ₀ the signed distance at the step's start "
      "(E3-SAP §2.2)",
      "max |γn · vn|, γn = fn h the normal impulse, vn the separation speed at v⁺: 0 when the "
      "contact either pushes (γn > 0, vn = 0) or separates (γn = 0) — complementarity (E3-SAP §3, "
      "MJ-solvers §2)",
      "max max(0, (μ γn − ‖γt‖) ‖vt‖): a contact slipping at ‖vt‖ > 0 while its friction impulse "
      "‖γt‖ stays below the cone's rim μ γn (Coulomb's maximum dissipation wants ‖γt‖ = μ γn "
      "whenever ‖vt‖ > 0)",
      "max max(0, ‖γt‖ − μ γn): friction impulse outside the cone (Lagged's bound μ n₀ allows it, "
      "E3-SAP §3.2)",
      "max over steps of E_k − E₀, E = T + V of the tree: > 0 means energy created (or work done "
      "by a drive)",
      "the most solver iterations of one step (null: the engine does not report them)",
      "solver iterations per step (null: not reported)",
      "steps whose solver stopped at its iteration cap (MuJoCo: 100) without converging",
      "1 when a step failed (a solver error or a non-finite answer), else 0",
      "wall time of the run's steps"};
  return table;
}

std::vector<LabTable> ScenesTables() { return {ScenesTable()}; }

void AppendSceneRows(const RunSummary& r, LabTable& table) {
  // the columns after the law's, shared by the failed row and the outcome rows
  const auto criteria = [&r] {
    const bool it = r.iterations_reported;
    return std::vector<LabCell>{
        NumberCell(r.max.penetration),
        NumberCell(r.max.signorini),
        NumberCell(r.max.dissipation_gap),
        NumberCell(r.max.cone_violation),
        NumberCell(r.energy_rise_max),
        NumberCell(it ? std::optional<double>(r.iterations_max) : std::nullopt),
        NumberCell(it ? std::optional<double>(r.iterations_mean) : std::nullopt),
        NumberCell(r.capped_steps),
        NumberCell(r.failed_steps),
        NumberCell(r.seconds)};
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
