#pragma once
/// @file
/// E3-SAP §2.2, §3; MJ-solvers §2–§4 — the side-by-side table of experiment (a) and its findings:
/// one row per (run, outcome) with the law's prediction and the run's criteria maxima, and one
/// sentence per (scene, dt, outcome) naming the models that agree with the law. The reference's
/// models (scenes_experiment.cc) and the live engines' runs (lab_json.h, LabExternalRunsJson)
/// are written by these functions, so their rows have one format.

#include <string>
#include <vector>

#include "reference/lab/lab_experiment.h"
#include "reference/lab/lab_run.h"

namespace simatlas::lab {

/// The empty table: its title, columns (scene, model, dt, outcome, value, predicted, law, the
/// criteria maxima, energy, iterations, capped and failed steps, seconds) and units.
LabTable ScenesTable();

/// Appends run's rows to table: one per outcome, or one "failed: …" row when a step failed.
/// Iterations are null when the engine does not report them.
void AppendSceneRows(const RunSummary& run, LabTable& table);

/// One finding per outcome of the runs of scene at one dt: the law's value, the measured range,
/// the models within 5 % of it (or 1e-3 of the unit of a predicted 0, or within an upper bound),
/// the others with their value and their reason ("Why …", outcome_reasons.h), the failed runs.
/// runs must be non-empty.
std::vector<std::string> SceneFindings(const LabScene& scene, const std::vector<RunSummary>& runs);

}  // namespace simatlas::lab
