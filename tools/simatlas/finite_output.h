#pragma once
/// @file
/// The last gate before printing (issue #10): an answer holding NaN or ±inf is never written.
/// The solvers validate their inputs; this catches what overflow could still produce, names the
/// first bad entry and lets the command exit without printing a partial answer.

#include <cmath>
#include <string>

#include "reference/core/errors.h"
#include "reference/core/numeric.h"

namespace simatlas::tools {

/// Throws core::NumericalError "<what>[i] = nan <unit> is not finite (...)" for the first
/// non-finite entry of x.
inline void RequireFiniteOutput(const std::string& what, const core::VectorX& x,
                                const std::string& unit) {
  for (Eigen::Index i = 0; i < x.size(); ++i) {
    if (!std::isfinite(x(i))) {
      throw core::NumericalError(what + "[" + std::to_string(i) + "] = " +
                                 core::FormatNumber(x(i)) + " " + unit +
                                 " is not finite: the solve produced no trustworthy answer");
    }
  }
}

/// The scalar form of RequireFiniteOutput.
inline void RequireFiniteOutput(const std::string& what, double x, const std::string& unit) {
  if (!std::isfinite(x)) {
    throw core::NumericalError(what + " = " + core::FormatNumber(x) + " " + unit +
                               " is not finite: the solve produced no trustworthy answer");
  }
}

}  // namespace simatlas::tools
