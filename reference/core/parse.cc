// DESIGN.md "Conventions": the number and integer parsers, errors naming key, text and rule.
#include "reference/core/parse.h"

#include <charconv>
#include <cmath>
#include <limits>
#include <system_error>

#include "reference/core/errors.h"

namespace simatlas::core {

double ParseNumber(const std::string& key, const std::string& text) {
  const std::string where = key + " = '" + text + "'";
  if (text == "inf" || text == "+inf") return std::numeric_limits<double>::infinity();
  if (text == "-inf") return -std::numeric_limits<double>::infinity();
  double value = 0.0;
  const char* begin = text.data();
  const char* end = text.data() + text.size();
  if (end - begin > 1 && *begin == '+' && begin[1] != '-') ++begin;
  const auto result = std::from_chars(begin, end, value);
  if (text.empty() || result.ec == std::errc::invalid_argument || result.ptr != end) {
    throw InputError(where + " must be a number (decimal, scientific, inf or -inf)");
  }
  if (result.ec == std::errc::result_out_of_range) {
    throw InputError(where + " must be within the range of a double");
  }
  if (std::isnan(value)) throw InputError(where + " must be a number, not NaN");
  return value;
}

long long ParseInteger(const std::string& key, const std::string& text, long long minimum,
                       long long maximum) {
  // Whole text, decimal digits with an optional sign, within long long.
  long long value = 0;
  const char* begin = text.data();
  const char* end = text.data() + text.size();
  if (end - begin > 1 && *begin == '+' && begin[1] != '-') ++begin;
  const auto result = std::from_chars(begin, end, value);
  if (text.empty() || result.ec != std::errc() || result.ptr != end) {
    throw InputError(key + " = '" + text + "' must be an integer");
  }
  // Within [minimum, maximum].
  if (value < minimum)
    ThrowInputError(key, static_cast<double>(value), "", ">= " + std::to_string(minimum));
  if (value > maximum) {
    throw InputError(key + " = '" + text + "' must be an integer <= " + std::to_string(maximum));
  }
  return value;
}

}  // namespace simatlas::core
