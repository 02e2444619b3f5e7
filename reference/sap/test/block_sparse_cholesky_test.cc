// Unit tests of the block-sparse Cholesky (E3-SAP §4): checked by reconstruction against the
// dense matrix (A ≈ L Lᵀ through solves) rather than frozen outputs.
#include "reference/sap/block_sparse_cholesky.h"

#include <gtest/gtest.h>

#include "reference/core/errors.h"

namespace simatlas::sap {
namespace {

TEST(BlockSparseCholesky, ArrowCouplingCreatesFillInAndSolvesLikeDense) {
  // Blocks of sizes 2, 3, 1; block 0 couples to 1 and 2 (like a body touching two others), so
  // eliminating block 0 fills in (2, 1).
  BlockSparseSymmetricMatrix H({2, 3, 1});
  H.AddToBlock(0, 0, core::MatrixX::Identity(2, 2) * 4.0);
  H.AddToBlock(1, 1, core::MatrixX::Identity(3, 3) * 5.0);
  H.AddToBlock(2, 2, core::MatrixX::Identity(1, 1) * 3.0);
  H.AddToBlock(1, 0, core::MatrixX::Constant(3, 2, 0.5));
  H.AddToBlock(2, 0, core::MatrixX::Constant(1, 2, -0.7));
  const core::MatrixX dense = H.ToDense();
  ASSERT_TRUE(dense.isApprox(dense.transpose()));
  const BlockSparseCholesky chol(H);
  EXPECT_EQ(chol.num_factor_blocks(), 6);  // 3 diagonal + (1,0), (2,0) + fill-in (2,1)
  const core::VectorX b = core::VectorX::LinSpaced(6, -1.0, 2.0);
  const core::VectorX x = chol.Solve(b);
  EXPECT_LT((dense * x - b).norm(), 1e-14 * b.norm());
  EXPECT_LT((x - dense.llt().solve(b)).norm(), 1e-14);
}

TEST(BlockSparseCholesky, BlockDiagonalHasNoFillIn) {
  BlockSparseSymmetricMatrix H({1, 1, 1, 1});
  for (int i = 0; i < 4; ++i) H.AddToBlock(i, i, core::MatrixX::Constant(1, 1, i + 1.0));
  const BlockSparseCholesky chol(H);
  EXPECT_EQ(chol.num_factor_blocks(), 4);
  const core::VectorX x = chol.Solve(core::VectorX::Ones(4));
  EXPECT_DOUBLE_EQ(x(3), 0.25);
}

TEST(BlockSparseCholesky, IndefiniteThrows) {
  BlockSparseSymmetricMatrix H({1, 1});
  H.AddToBlock(0, 0, core::MatrixX::Constant(1, 1, 1.0));
  H.AddToBlock(1, 1, core::MatrixX::Constant(1, 1, 1.0));
  H.AddToBlock(1, 0, core::MatrixX::Constant(1, 1, 2.0));  // [[1, 2], [2, 1]] is indefinite
  EXPECT_THROW(BlockSparseCholesky{H}, core::NumericalError);
}

}  // namespace
}  // namespace simatlas::sap
