#pragma once
/// @file
/// DESIGN.md "Conventions" — numbers as a user types them (command-line values, key=value
/// arguments, answer files): the one number parser and the one integer parser of the project,
/// whose errors name the key, the text and the rule.

#include <string>

namespace simatlas::core {

/// Parses one number: decimal or scientific, "inf", "+inf", "-inf"; rejects NaN, empty text,
/// trailing characters and values beyond a double. Throws InputError
/// "KEY = 'TEXT' must be a number (decimal, scientific, inf or -inf)" (or "... within the range
/// of a double", "... not NaN").
double ParseNumber(const std::string& key, const std::string& text);

/// Parses one whole decimal integer in [minimum, maximum]. Throws InputError
/// "KEY = 'TEXT' must be an integer" (not one, or beyond long long), "KEY = V must be >= MIN" or
/// "KEY = 'TEXT' must be an integer <= MAX".
long long ParseInteger(const std::string& key, const std::string& text, long long minimum,
                       long long maximum);

}  // namespace simatlas::core
