#pragma once
/// @file
/// DESIGN.md "The surfaces users meet (round 2)" — the one helper that writes a vector of the
/// engine (a velocity, an impulse, a force) into a command's JSON answer, as an array of numbers.

#include <vector>

#include <nlohmann/json.hpp>

#include "reference/core/numeric.h"

namespace simatlas::tools {

/// x as a JSON array of its entries, in order (units are those of x).
inline nlohmann::json VectorJson(const Eigen::Ref<const core::VectorX>& x) {
  return nlohmann::json(std::vector<double>(x.data(), x.data() + x.size()));
}

}  // namespace simatlas::tools
