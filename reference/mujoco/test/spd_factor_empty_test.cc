// SpdFactor::SolveColumns with no columns (nefc = 0, MJ-solvers §2b dual M⁻¹Jᵀ): an nv × 0
// answer, without Eigen's LLT touching the null data of the empty right side (undefined
// behaviour that scripts/sanitize's UBSan reported through Degenerate.NoConstraints…).
#include <gtest/gtest.h>

#include "reference/mujoco/spd_factor.h"

namespace simatlas::mujoco {
namespace {

TEST(SpdFactorEmpty, NoColumnsGiveAnNvByZeroAnswer) {
  for (const int nv : {2, kSparseFactorFromNv}) {  // the dense and the sparse factor
    SpdFactor factor;
    factor.Factor(core::MatrixX::Identity(nv, nv), "M");
    const core::MatrixX X = factor.SolveColumns(core::MatrixX(nv, 0));
    EXPECT_EQ(X.rows(), nv);
    EXPECT_EQ(X.cols(), 0);
  }
}

}  // namespace
}  // namespace simatlas::mujoco
