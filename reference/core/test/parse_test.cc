// DESIGN.md "Conventions": the number and integer parsers and their messages.
#include "reference/core/parse.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <string>

#include "reference/core/errors.h"

namespace simatlas::core {
namespace {

// What ParseNumber says about `text` ("" when it accepts it).
std::string NumberError(const std::string& text) {
  try {
    ParseNumber("k", text);
    return "";
  } catch (const InputError& e) {
    return e.what();
  }
}

// What ParseInteger says about `text` for the key `key` in [1, maximum] ("" when accepted).
std::string IntegerError(const std::string& key, const std::string& text, long long maximum) {
  try {
    ParseInteger(key, text, 1, maximum);
    return "";
  } catch (const InputError& e) {
    return e.what();
  }
}

TEST(ParseNumber, AcceptsDecimalScientificAndInfinity) {
  EXPECT_EQ(ParseNumber("k", "1e5"), 1e5);
  EXPECT_EQ(ParseNumber("k", "-0.25"), -0.25);
  EXPECT_EQ(ParseNumber("k", "+3"), 3.0);
  EXPECT_TRUE(std::isinf(ParseNumber("k", "inf")));
  EXPECT_LT(ParseNumber("k", "-inf"), 0);
}

TEST(ParseNumber, RejectsGarbageNaNAndEmpty) {
  EXPECT_THROW(ParseNumber("k", ""), InputError);
  EXPECT_THROW(ParseNumber("k", "+"), InputError);
  EXPECT_THROW(ParseNumber("k", "+-3"), InputError);
  EXPECT_THROW(ParseNumber("k", "1e5x"), InputError);
  EXPECT_EQ(NumberError("abc"), "k = 'abc' must be a number (decimal, scientific, inf or -inf)");
  EXPECT_EQ(NumberError("nan"), "k = 'nan' must be a number, not NaN");
  EXPECT_EQ(NumberError("1e999"), "k = '1e999' must be within the range of a double");
}

TEST(ParseInteger, AcceptsWholeIntegersInRange) {
  EXPECT_EQ(ParseInteger("n", "7", 1, 10), 7);
  EXPECT_EQ(ParseInteger("n", "+7", 1, 10), 7);
  EXPECT_EQ(ParseInteger("n", "-3", -5, 0), -3);
  // 3382872546 > 2^31: a rapidcheck seed of the check tests, within long long.
  EXPECT_EQ(ParseInteger("--seed", "3382872546", 0, std::numeric_limits<long long>::max()),
            3382872546LL);
}

TEST(ParseInteger, NamesKeyTextAndRule) {
  EXPECT_EQ(IntegerError("--repeat", "2x", 100), "--repeat = '2x' must be an integer");
  EXPECT_EQ(IntegerError("--repeat", "1.5", 100), "--repeat = '1.5' must be an integer");
  EXPECT_EQ(IntegerError("--repeat", " 2", 100), "--repeat = ' 2' must be an integer");
  EXPECT_EQ(IntegerError("--repeat", "", 100), "--repeat = '' must be an integer");
  EXPECT_EQ(IntegerError("--repeat", "+-2", 100), "--repeat = '+-2' must be an integer");
  EXPECT_EQ(IntegerError("--repeat", "0", 100), "--repeat = 0 must be >= 1");
  EXPECT_EQ(IntegerError("--cases", "101", 100), "--cases = '101' must be an integer <= 100");
  // Beyond long long (9.2e18): not an integer the program can hold.
  EXPECT_EQ(IntegerError("n", "99999999999999999999", 10),
            "n = '99999999999999999999' must be an integer");
}

}  // namespace
}  // namespace simatlas::core
