// MJ-solvers §3–§4 — MuJoCo's dot product order (dot.h: mju_dot), which the cone norm of (3.1)
// and MuJoCo 2.2.2's dense kernels sum with, on a hand-checked case. Bit-for-bit agreement with
// MuJoCo itself is the oracle test's (oracle/mujoco222/blas_oracle_test.cc).
// Equation numbers (N.M) are the formula sheet's (course/FORMULAS.md).
#include <gtest/gtest.h>

#include "reference/mujoco/dot.h"

namespace simatlas::mujoco {
namespace {

TEST(MujocoDot, SumsInMuJoCosOrder) {
  // a = (1e17, 1, −1e17, 1, 1, 1), b = 1: mju_dot's partial sums are s0 = 1e17, s1 = 1,
  // s2 = −1e17, s3 = 1, (s0 + s2) + (s1 + s3) = 2, then the remainder (1 + 1) → 4 exactly.
  // Left to right gives 3: 1e17 + 1 rounds to 1e17 (the spacing of doubles there is 16).
  const double a[] = {1e17, 1, -1e17, 1, 1, 1}, b[] = {1, 1, 1, 1, 1, 1};
  EXPECT_EQ(MujocoDot(a, b, 6), 4.0);
  double naive = 0;
  for (int i = 0; i < 6; ++i) naive += a[i] * b[i];
  EXPECT_EQ(naive, 3.0);
  // Remainders alone (n < 4): one sum.
  EXPECT_EQ(MujocoDot(a + 3, b, 3), 3.0);
  EXPECT_EQ(MujocoDot(a, b, 0), 0.0);
}

}  // namespace
}  // namespace simatlas::mujoco
