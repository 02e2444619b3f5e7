#pragma once
/// @file
/// The last gate before printing: an answer holding NaN or ±inf is never written.
/// The solvers validate their inputs; this catches what overflow could still produce (e.g. a
/// slip speed or an energy of a 1e308 m/s body), names the first bad entry and lets the command
/// exit without printing a partial answer.

#include <cmath>
#include <string>

#include <nlohmann/json.hpp>

#include "reference/core/errors.h"
#include "reference/core/numeric.h"

namespace simatlas::tools {

/// Throws core::NumericalError "<what>[i] = nan <unit> is not finite (...)" for the first
/// non-finite entry of x.
inline void RequireFiniteOutput(const std::string& what, const core::VectorX& x,
                                const std::string& unit) {
  for (Eigen::Index i = 0; i < x.size(); ++i) {
    if (!std::isfinite(x(i))) {
      throw core::NumericalError(
          what + "[" + std::to_string(i) + "] = " + core::FormatNumber(x(i)) +
          (unit.empty() ? "" : " " + unit) + " is not finite: no trustworthy answer to print");
    }
  }
}

/// The scalar form of RequireFiniteOutput.
inline void RequireFiniteOutput(const std::string& what, double x, const std::string& unit) {
  if (!std::isfinite(x)) {
    throw core::NumericalError(what + " = " + core::FormatNumber(x) +
                               (unit.empty() ? "" : " " + unit) +
                               " is not finite: no trustworthy answer to print");
  }
}

/// Every number in a JSON document is finite (nlohmann::json would print NaN and ±inf as null
/// silently); otherwise core::NumericalError naming the JSON path of the first bad number.
inline void RequireFiniteJson(const nlohmann::json& j, const std::string& path = "") {
  if (j.is_number_float()) {
    RequireFiniteOutput(path.empty() ? "output" : path, j.get<double>(), "");
  } else if (j.is_array()) {
    for (std::size_t i = 0; i < j.size(); ++i) {
      RequireFiniteJson(j[i], path + "[" + std::to_string(i) + "]");
    }
  } else if (j.is_object()) {
    for (const auto& [key, value] : j.items()) {
      RequireFiniteJson(value, path.empty() ? key : path + "." + key);
    }
  }
}

}  // namespace simatlas::tools
