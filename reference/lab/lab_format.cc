// Cells and number formatting of the lab (lab_format.h; DESIGN.md "Round 3: the course's engines, live").
#include "reference/lab/lab_format.h"

#include <cstdio>

namespace simatlas::lab {

LabCell NumberCell(std::optional<double> value) { return {value, "", false}; }

LabCell TextCell(const std::string& text) { return {std::nullopt, text, true}; }

std::string FormatValue(std::optional<double> value) {
  if (!value) return "null";
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.4g", *value);
  return buffer;
}

}  // namespace simatlas::lab
