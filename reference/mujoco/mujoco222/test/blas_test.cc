// MJ-solvers §4–§5, 2.2.2 column — MuJoCo 2.2.2's dense kernels (mujoco222/blas.h) on
// hand-checked cases. Bit-for-bit agreement with MuJoCo itself is the oracle test's
// (oracle/mujoco222/blas_oracle_test.cc, statistics_oracle_test.cc).
#include <gtest/gtest.h>

#include "reference/mujoco/mujoco222/blas.h"

namespace simatlas::mujoco::mujoco222 {
namespace {

/// A tree M on three DOFs, 0 ← 1 ← 2, with the structural entry M₁₀ = 0: eliminating DOF 2
/// fills (1, 0), so the pattern must hold it.
core::MatrixX TreeWithZeroEntry() {
  core::MatrixX M(3, 3);
  M << 4, 0, 1,  //
      0, 3, 1,   //
      1, 1, 2;
  return M;
}

TEST(Mujoco222Blas, AncestorPatternKeepsTheFill) {
  const std::vector<std::vector<int>> pattern = AncestorPattern(TreeWithZeroEntry());
  ASSERT_EQ(pattern.size(), 3u);
  EXPECT_TRUE(pattern[0].empty());
  EXPECT_EQ(pattern[1], std::vector<int>({0}));  // the fill of eliminating DOF 2
  EXPECT_EQ(pattern[2], std::vector<int>({1, 0}));
}

TEST(Mujoco222Blas, MulMAndTheTreeFactorInvertEachOther) {
  const core::MatrixX M = TreeWithZeroEntry();
  const std::vector<std::vector<int>> pattern = AncestorPattern(M);
  const core::VectorX x = (core::VectorX(3) << 1, -2, 0.5).finished();
  // M x by hand: (4 + 0.5, −6 + 0.5, 1 − 2 + 1) = (4.5, −5.5, 0).
  const core::VectorX Mx = MulM(M, pattern, x);
  EXPECT_EQ(Mx, (core::VectorX(3) << 4.5, -5.5, 0).finished());
  // The LDLᵀ solve undoes it to round-off (condition of M below 10: 1e-14 is ≥ 40 ε).
  const FactorM factor(M, pattern);
  EXPECT_LT((factor.Solve(Mx) - x).norm(), 1e-14);
}

TEST(Mujoco222Blas, CholeskyFactorSolveAndRankOneUpdates) {
  RowMatrix A(3, 3);
  A << 4, 2, 0,  //
      2, 5, 1,   //
      0, 1, 3;
  RowMatrix L = A;
  ASSERT_EQ(CholFactor(L, 1e-15), 3);
  // L₀₀ = 2, L₁₀ = 1, L₁₁ = 2 by hand.
  EXPECT_EQ(L(0, 0), 2.0);
  EXPECT_EQ(L(1, 0), 1.0);
  EXPECT_EQ(L(1, 1), 2.0);
  const core::VectorX b = (core::VectorX(3) << 1, 2, 3).finished();
  const core::MatrixX Ad = A;
  EXPECT_LT((Ad * CholSolve(L, b) - b).norm(), 1e-14);
  // L Lᵀ + x xᵀ, then − x xᵀ back to A (entries O(1): 1e-13 is far above their round-off).
  const core::VectorX x = (core::VectorX(3) << 0.5, -1, 2).finished();
  RowMatrix U = L;
  ASSERT_EQ(CholUpdate(U, x, true), 3);
  const core::MatrixX Uf = U.triangularView<Eigen::Lower>();
  EXPECT_LT((Uf * Uf.transpose() - (Ad + x * x.transpose())).norm(), 1e-13);
  ASSERT_EQ(CholUpdate(U, x, false), 3);
  const core::MatrixX Df = U.triangularView<Eigen::Lower>();
  EXPECT_LT((Df * Df.transpose() - Ad).norm(), 1e-13);
}

TEST(Mujoco222Blas, HessianDirectIsJtDJPlusM) {
  RowMatrix J(2, 3);
  J << 1, 0, 2,  //
      0, 1, -1;
  const core::VectorX D = (core::VectorX(2) << 2, 0).finished();  // row 1 not quadratic
  const core::MatrixX M = TreeWithZeroEntry();
  const RowMatrix H = HessianDirect(J, D, M, AncestorPattern(M));
  core::MatrixX expected = M;
  expected += 2 * J.row(0).transpose() * J.row(0);
  EXPECT_EQ(core::MatrixX(H), expected);
}

}  // namespace
}  // namespace simatlas::mujoco::mujoco222
