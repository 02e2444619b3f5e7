// E3-SAP §3, MJ-solvers §2–§4 — experiment (a): every lab scene under every model, side by side (lab_experiment.h).
#include <algorithm>
#include <chrono>
#include <cmath>

#include "reference/lab/lab_experiment.h"
#include "reference/lab/lab_format.h"
#include "reference/lab/lab_run.h"

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

// One finding per (scene, dt, outcome) from the runs' numbers.
std::string Finding(const std::vector<RunSummary>& runs, std::size_t outcome) {
  const RunSummary* lo = nullptr;
  const RunSummary* hi = nullptr;
  std::string agree, disagree, failed;
  for (const RunSummary& r : runs) {
    if (r.failed_steps > 0) {
      failed += (failed.empty() ? "" : ", ") + r.model;
      continue;
    }
    const Outcome& o = r.outcomes.at(outcome);
    const bool agrees = Agrees(o);
    std::string& list = agrees ? agree : disagree;
    list += (list.empty() ? "" : ", ") + r.model + (agrees ? "" : " (" + FormatValue(o.value) + ")");
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
  return s + ".";
}

}  // namespace

LabResult RunScenesExperiment(const LabSize& size, const LabProgress& progress) {
  const auto start = std::chrono::steady_clock::now();
  LabResult result;
  result.name = "scenes";
  result.section = "E3-SAP §2.2, §3; MJ-solvers §2–§4";
  LabTable table;
  table.title = "every lab scene under every model: the law's outcome and the physical criteria (maxima over the steps)";
  table.columns = {"scene", "model", "dt", "outcome", "value", "predicted", "law",
                   "penetration_max", "signorini_max", "dissipation_gap_max",
                   "cone_violation_max", "energy_rise_max", "iterations_max", "iterations_mean",
                   "capped_steps", "failed_steps", "seconds"};
  table.units = {"", "", "s", "", "", "", "", "m", "J", "J", "N·s", "J", "1", "1", "1", "1", "s"};
  std::vector<double> dts = {1e-3, 1e-2};
  if (size.quick) dts = {1e-2};
  for (double dt : dts) {
    for (const std::string& name : LabSceneNames()) {
      const LabScene scene = MakeLabScene(name);
      std::vector<RunSummary> runs;
      for (const LabModel& model : AllLabModels()) {
        runs.push_back(RunLabScene(scene, model, dt));
        const RunSummary& r = runs.back();
        if (r.failed_steps > 0) {
          table.rows.push_back({TextCell(name), TextCell(model.name), NumberCell(dt),
                                TextCell("failed: " + r.failure), NumberCell(std::nullopt),
                                NumberCell(std::nullopt), TextCell(""), NumberCell(r.max.penetration),
                                NumberCell(r.max.signorini), NumberCell(r.max.dissipation_gap),
                                NumberCell(r.max.cone_violation), NumberCell(r.energy_rise_max),
                                NumberCell(r.iterations_max), NumberCell(r.iterations_mean),
                                NumberCell(r.capped_steps), NumberCell(r.failed_steps),
                                NumberCell(r.seconds)});
        }
        for (const Outcome& o : r.outcomes) {
          table.rows.push_back({TextCell(name), TextCell(model.name), NumberCell(dt),
                                TextCell(o.name), NumberCell(o.value), NumberCell(o.predicted),
                                TextCell(o.law + " [" + o.unit + "]"), NumberCell(r.max.penetration),
                                NumberCell(r.max.signorini), NumberCell(r.max.dissipation_gap),
                                NumberCell(r.max.cone_violation), NumberCell(r.energy_rise_max),
                                NumberCell(r.iterations_max), NumberCell(r.iterations_mean),
                                NumberCell(r.capped_steps), NumberCell(r.failed_steps),
                                NumberCell(r.seconds)});
        }
      }
      std::size_t outcomes = 0;
      for (const RunSummary& r : runs) outcomes = std::max(outcomes, r.outcomes.size());
      for (std::size_t o = 0; o < std::max<std::size_t>(outcomes, 1); ++o) {
        result.findings.push_back(Finding(runs, o));
      }
      if (progress) progress("scenes: " + name + " at dt = " + FormatValue(dt) + " s done");
    }
  }
  result.tables.push_back(std::move(table));
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return result;
}

}  // namespace simatlas::lab
