#pragma once
/// @file
/// DESIGN.md "Round 3: the course's engines, live" — the one JSON form of a lab result, written
/// by `simatlas lab --json` and read by `simatlas.lab` in Python:
///   {"name", "section", "seconds", "findings": [...],
///    "tables": [{"title", "columns", "units", "definitions", "rows": [[cell, ...], ...]}]}
/// A cell is a number, a string or null; a non-finite number throws core::NumericalError.

#include <string>
#include <vector>

#include "reference/lab/lab_experiment.h"

namespace simatlas::lab {

/// The result as JSON text (indent 1).
std::string LabResultJson(const LabResult& result);

/// {"quick": quick, "experiments": [result, ...]} as JSON text (indent 1).
std::string LabRunJson(const std::vector<LabResult>& results, bool quick);

/// The experiments' list: [{"name", "section", "summary"}, ...] (indent 2).
std::string LabListJson();

/// The rows of a live engine's runs of the lab scenes in the scenes table's format
/// (scenes_table.h), from the runs' steps (lab_run.h, SummarizeExternalRun), so the engines'
/// rows carry the same criteria, energy and outcomes as the reference's. Input:
///   {"runs": [{"scene", "model" (the label shown: engine, version, solver), "dt" [s],
///              "failure" ("" or why the run ended early),
///              "steps": [{"q": [nq], "v": [nv] (the tree's coordinates), "iterations": n | null,
///                         "capped": bool, "seconds", "contacts": [{"phi0" [m], "f_C": [t1, t2, n] [N] on the
///                         scene's body, "slip_speed" [m/s], "separation_speed" [m/s]}]}]}]}
/// Output (indent 1): {"title", "columns", "units", "definitions", "rows", "findings"}, the
/// findings one per outcome of each (scene, dt) in the order the runs come, each outside model
/// with its reason (scenes_table.h). Throws core::InputError naming the
/// run and the key for a missing or mistyped key, an unknown scene or a bad step.
std::string LabExternalRunsJson(const std::string& runs_json);

}  // namespace simatlas::lab
