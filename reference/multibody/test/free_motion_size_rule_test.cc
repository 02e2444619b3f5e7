// E3-SAP §2.1 — the free-motion step's size rule (mutation survivor of
// free_motion.cc): M must be nv × nv and D, k₁ must have nv entries, each one checked on its own,
// so a matrix wrong in only one dimension is refused as clearly as one wrong in both.
#include <gtest/gtest.h>

#include "reference/core/errors.h"
#include "reference/multibody/free_motion.h"

namespace simatlas::multibody {
namespace {

// nv = 1 (from v₀): M of 1 × 2, 2 × 1 and 2 × 2, and D or k₁ of 2 entries, each with every other
// argument consistent, is an InputError (a rule joining the two dimensions with "and" would let
// the 1 × 2 and 2 × 1 matrices through to the Cholesky factor of a non-square A).
TEST(FreeMotionSizeRule, EachSizeIsCheckedOnItsOwn) {
  const VectorX one = VectorX::Constant(1, 1.0), two = VectorX::Constant(2, 1.0);
  const MatrixX M = MatrixX::Identity(1, 1);
  EXPECT_THROW(CalcFreeMotion(MatrixX::Ones(1, 2), one, one, one, 0.1), core::InputError);
  EXPECT_THROW(CalcFreeMotion(MatrixX::Ones(2, 1), one, one, one, 0.1), core::InputError);
  EXPECT_THROW(CalcFreeMotion(MatrixX::Identity(2, 2), one, one, one, 0.1), core::InputError);
  EXPECT_THROW(CalcFreeMotion(M, two, one, one, 0.1), core::InputError);
  EXPECT_THROW(CalcFreeMotion(M, one, two, one, 0.1), core::InputError);
  // The consistent call goes through: v* = 1 + 0.1·(1 − 1·1)/(1 + 0.1) = 1.
  EXPECT_EQ(CalcFreeMotion(M, one, one, one, 0.1).v_star(0), 1.0);
}

}  // namespace
}  // namespace simatlas::multibody
