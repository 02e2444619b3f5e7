// DESIGN.md "Conventions": errors that name the quantity, its value, unit and rule.
#include "reference/core/errors.h"

#include <array>
#include <charconv>
#include <cmath>

namespace simatlas::core {

std::string FormatNumber(double value) {
  if (std::isnan(value)) return "nan";
  if (std::isinf(value)) return value > 0 ? "inf" : "-inf";
  std::array<char, 64> buffer{};
  const auto result = std::to_chars(buffer.data(), buffer.data() + buffer.size(), value);
  return std::string(buffer.data(), result.ptr);
}

void ThrowInputError(std::string_view quantity, double value, std::string_view unit,
                     std::string_view rule) {
  std::string message(quantity);
  message += " = " + FormatNumber(value);
  if (!unit.empty()) message += " " + std::string(unit);
  message += " must be " + std::string(rule);
  throw InputError(message);
}

void RequireFinite(std::string_view quantity, double value, std::string_view unit) {
  if (!std::isfinite(value)) ThrowInputError(quantity, value, unit, "a finite number");
}

void RequireNonNegative(std::string_view quantity, double value, std::string_view unit) {
  RequireFinite(quantity, value, unit);
  if (value < 0) ThrowInputError(quantity, value, unit, ">= 0");
}

void RequirePositive(std::string_view quantity, double value, std::string_view unit) {
  RequireFinite(quantity, value, unit);
  if (!(value > 0)) ThrowInputError(quantity, value, unit, "> 0");
}

void RequireNonNegativeOrInfinite(std::string_view quantity, double value, std::string_view unit) {
  if (std::isnan(value) || value < 0) {
    ThrowInputError(quantity, value, unit, ">= 0 (inf allowed for a rigid side)");
  }
}

void RequirePositiveOrInfinite(std::string_view quantity, double value, std::string_view unit) {
  if (std::isnan(value) || !(value > 0)) {
    ThrowInputError(quantity, value, unit, "> 0 (inf allowed for a rigid side)");
  }
}

}  // namespace simatlas::core
