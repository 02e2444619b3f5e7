#pragma once
/// @file
/// DESIGN.md "The surfaces users meet (round 2)" — the one helper that writes a vector of the
/// engine (a velocity, an impulse, a force) into a command's JSON answer, as an array of numbers:
/// the laws' writer (laws::ValueToJson), which `simatlas check` answers with too, so every JSON
/// vector the project prints is written by one function.

#include <nlohmann/json.hpp>

#include "reference/core/numeric.h"
#include "reference/laws/law_json.h"

namespace simatlas::tools {

/// x as a JSON array of its entries, in order (units are those of x); ±∞ would be written as
/// "inf"/"-inf" as the check protocol does, but the commands refuse non-finite answers first.
inline nlohmann::json VectorJson(const Eigen::Ref<const core::VectorX>& x) {
  return laws::ValueToJson(laws::Value(core::VectorX(x)));
}

}  // namespace simatlas::tools
