#pragma once
/// @file
/// DESIGN.md "Round 3: the course's engines, live" — the one JSON form of a lab result, written
/// by `simatlas lab --json` and read by `simatlas.lab` in Python:
///   {"name", "section", "seconds", "findings": [...],
///    "tables": [{"title", "columns", "units", "rows": [[cell, ...], ...]}]}
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

}  // namespace simatlas::lab
