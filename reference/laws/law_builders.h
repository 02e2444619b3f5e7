#pragma once
/// @file
/// DESIGN.md "The law registry" — short constructors for law signatures.
/// Short constructors for law signatures, so a family file reads as a table.

#include <string>
#include <utility>
#include <vector>

#include "reference/laws/law.h"

namespace simatlas::laws {

/// A required number.
inline Quantity Num(std::string name, std::string unit, std::string description) {
  return {std::move(name),
          ValueKind::kNumber,
          std::move(unit),
          std::move(description),
          {},
          false,
          {},
          {}};
}

/// A number with a default.
inline Quantity Num(std::string name, std::string unit, std::string description, double fallback) {
  Quantity q = Num(std::move(name), std::move(unit), std::move(description));
  q.default_value = fallback;
  return q;
}

/// A number that may be left out (the law's description says what that means).
inline Quantity OptionalNum(std::string name, std::string unit, std::string description) {
  Quantity q = Num(std::move(name), std::move(unit), std::move(description));
  q.optional = true;
  return q;
}

/// A vector with the allowed lengths (empty: any).
inline Quantity Vec(std::string name, std::string unit, std::string description,
                    std::vector<int> sizes) {
  return {std::move(name),
          ValueKind::kVector,
          std::move(unit),
          std::move(description),
          {},
          false,
          std::move(sizes),
          {}};
}

/// A label from choices, with an optional default.
inline Quantity Label(std::string name, std::string description, std::vector<std::string> choices,
                      std::string fallback = "") {
  Quantity q{std::move(name),   ValueKind::kLabel, "1", std::move(description), {}, false, {},
             std::move(choices)};
  if (!fallback.empty()) q.default_value = std::move(fallback);
  return q;
}

/// A true/false output or input.
inline Quantity Flag(std::string name, std::string description) {
  return {std::move(name), ValueKind::kFlag, "1", std::move(description), {}, false, {}, {}};
}

}  // namespace simatlas::laws
