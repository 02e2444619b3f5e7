// formula sheet §0 (shared conventions): sd(a, b), [x]₊, the soft norm, hand values.
#include "reference/core/numeric.h"

#include <gtest/gtest.h>

#include <cmath>

namespace simatlas::core {
namespace {

TEST(SafeDivide, ZeroDenominatorGivesZero) {
  EXPECT_EQ(SafeDivide(1.0, 0.0), 0.0);
  EXPECT_EQ(SafeDivide(0.0, 0.0), 0.0);
  EXPECT_EQ(SafeDivide(3.0, 2.0), 1.5);
}

TEST(PositivePart, ClampsNegatives) {
  EXPECT_EQ(PositivePart(-2.0), 0.0);
  EXPECT_EQ(PositivePart(2.0), 2.0);
}

TEST(SoftNorm, ZeroAtOriginAndApproachesNormMinusEpsilon) {
  const Vector2 zero = Vector2::Zero();
  EXPECT_EQ(SoftNorm(zero, 1e-4), 0.0);
  // 3-4-5 triangle with ε = 12: √(25 + 144) − 12 = 13 − 12 = 1 (hand arithmetic).
  EXPECT_DOUBLE_EQ(SoftNorm(Vector2(3.0, 4.0), 12.0), 1.0);
  // ε = 0 reduces to the Euclidean norm.
  EXPECT_DOUBLE_EQ(SoftNorm(Vector2(3.0, 4.0), 0.0), 5.0);
}

TEST(IsRigid, OnlyPositiveInfinity) {
  EXPECT_TRUE(IsRigid(kInfinity));
  EXPECT_FALSE(IsRigid(-kInfinity));
  EXPECT_FALSE(IsRigid(1e300));
  EXPECT_FALSE(IsRigid(std::nan("")));
}

}  // namespace
}  // namespace simatlas::core
