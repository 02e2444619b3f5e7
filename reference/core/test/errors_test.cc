// DESIGN.md "Conventions": the error messages name quantity, value, unit and rule.
#include "reference/core/errors.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

namespace simatlas::core {
namespace {

TEST(FormatNumber, ShortestRoundTripAndSpecialValues) {
  EXPECT_EQ(FormatNumber(-0.2), "-0.2");
  EXPECT_EQ(FormatNumber(100000.0), "1e+05");  // shortest text that reads back the same double
  EXPECT_EQ(FormatNumber(123456.0), "123456");
  EXPECT_EQ(FormatNumber(0.1 + 0.2), "0.30000000000000004");
  EXPECT_EQ(FormatNumber(std::numeric_limits<double>::infinity()), "inf");
  EXPECT_EQ(FormatNumber(-std::numeric_limits<double>::infinity()), "-inf");
  EXPECT_EQ(FormatNumber(std::nan("")), "nan");
}

TEST(InputError, MessageNamesQuantityValueUnitAndRule) {
  try {
    RequireNonNegative("mu_dynamic", -0.2, "");
    FAIL() << "expected an InputError";
  } catch (const InputError& e) {
    EXPECT_STREQ(e.what(), "mu_dynamic = -0.2 must be >= 0");
  }
  try {
    RequirePositive("k", 0.0, "N/m");
    FAIL() << "expected an InputError";
  } catch (const InputError& e) {
    EXPECT_STREQ(e.what(), "k = 0 N/m must be > 0");
  }
}

TEST(Require, RejectsNaNAndInfinityWhereTheRuleSaysSo) {
  const double inf = std::numeric_limits<double>::infinity();
  EXPECT_THROW(RequireFinite("h", std::nan(""), "s"), InputError);
  EXPECT_THROW(RequireFinite("h", inf, "s"), InputError);
  EXPECT_NO_THROW(RequireFinite("h", -1.0, "s"));
  EXPECT_NO_THROW(RequireNonNegativeOrInfinite("k1", inf, "N/m"));
  EXPECT_NO_THROW(RequireNonNegativeOrInfinite("k1", 0.0, "N/m"));
  EXPECT_THROW(RequireNonNegativeOrInfinite("k1", -inf, "N/m"), InputError);
  EXPECT_THROW(RequireNonNegativeOrInfinite("k1", std::nan(""), "N/m"), InputError);
  EXPECT_THROW(RequirePositiveOrInfinite("E", 0.0, "Pa"), InputError);
  EXPECT_NO_THROW(RequirePositiveOrInfinite("E", inf, "Pa"));
}

}  // namespace
}  // namespace simatlas::core
