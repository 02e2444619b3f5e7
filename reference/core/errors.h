#pragma once
/// @file
/// DESIGN.md "Conventions" — errors name the quantity, its value, its unit and the rule.
/// Errors of the reference engine. Every bad input is reported as an InputError whose
/// message names the quantity, its value, its unit and the rule it broke, e.g.
/// "mu_dynamic = -0.2 must be >= 0 (friction coefficient)". Functions never print or exit.

#include <stdexcept>
#include <string>
#include <string_view>

namespace simatlas::core {

/// Bad input to a law, a problem file, a scene or the command line.
class InputError : public std::invalid_argument {
 public:
  /// `message` names quantity, value, unit and rule (build it with ThrowInputError / Require*).
  explicit InputError(const std::string& message) : std::invalid_argument(message) {}
};

/// A numerical procedure could not produce a trustworthy answer (e.g. a factorisation of a
/// matrix that should be SPD failed). The message names the object and the rule.
class NumericalError : public std::runtime_error {
 public:
  /// `message` names the procedure and what went wrong (e.g. "exact line search: no root of
  /// dell/dalpha within …").
  explicit NumericalError(const std::string& message) : std::runtime_error(message) {}
};

/// Shortest round-trip text of a double; "inf", "-inf" and "nan" for the special values.
std::string FormatNumber(double value);

/// "<quantity> = <value> <unit> must be <rule>", as an InputError.
[[noreturn]] void ThrowInputError(std::string_view quantity, double value, std::string_view unit,
                                  std::string_view rule);

/// value is a finite number (not NaN, not ±inf).
void RequireFinite(std::string_view quantity, double value, std::string_view unit);
/// value is finite and >= 0.
void RequireNonNegative(std::string_view quantity, double value, std::string_view unit);
/// value is finite and > 0.
void RequirePositive(std::string_view quantity, double value, std::string_view unit);
/// value is >= 0 and may be +inf (a rigid side); NaN and -inf are rejected.
void RequireNonNegativeOrInfinite(std::string_view quantity, double value, std::string_view unit);
/// value is > 0 and may be +inf (a rigid side); NaN, -inf and 0 are rejected.
void RequirePositiveOrInfinite(std::string_view quantity, double value, std::string_view unit);

}  // namespace simatlas::core
