#pragma once
/// @file
/// DESIGN.md "Round 3: the course's engines, live" — helpers of the lab's tables and findings: cells and number formatting.

#include <optional>
#include <string>

#include "reference/lab/lab_experiment.h"

namespace simatlas::lab {

/// A numeric cell (nullopt: null).
LabCell NumberCell(std::optional<double> value);
/// A label cell.
LabCell TextCell(const std::string& text);
/// value with 4 significant digits ("null" for nullopt).
std::string FormatValue(std::optional<double> value);

}  // namespace simatlas::lab
