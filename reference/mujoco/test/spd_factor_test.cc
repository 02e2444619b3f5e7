// MJ-solvers §4 — the factors of M and H: every kind (dense, sparse from
// nv = 60, along the DOF tree, the sparse pattern of H) solves a hand-derived system and names
// the matrix that is not positive definite.
#include <gtest/gtest.h>

#include <string>

#include "reference/core/test/error_of.h"
#include "reference/mujoco/spd_factor.h"
#include "reference/mujoco/tree_factor.h"

namespace simatlas::mujoco {
namespace {

using core::NumericalErrorOf;

// diag(1, 2, …, n): x = b ./ (1, 2, …, n), each entry one division (exact to 1 ulp).
core::MatrixX Diagonal(int n) { return core::VectorX::LinSpaced(n, 1, n).asDiagonal(); }

// [[1, 2], [2, 1]] has eigenvalues 3 and −1; embedded in the identity it keeps one −1.
core::MatrixX Indefinite(int n) {
  core::MatrixX A = core::MatrixX::Identity(n, n);
  A(0, 1) = A(1, 0) = 2;
  return A;
}

TEST(SpdFactorKinds, DenseAndSparseKindsSolveAndNameTheMatrix) {
  for (const int n : {3, kSparseFactorFromNv}) {
    SpdFactor factor;
    factor.Factor(Diagonal(n), "M");
    const core::VectorX b = core::VectorX::LinSpaced(n, 1, n).array().square();
    // (k + 1)² / (k + 1) = k + 1.
    EXPECT_TRUE(factor.Solve(b).isApprox(core::VectorX::LinSpaced(n, 1, n), 1e-15));
    core::MatrixX B(n, 2);
    B << b, 2 * b;
    const core::MatrixX X = factor.SolveColumns(B);
    EXPECT_TRUE(X.col(1).isApprox(2 * core::VectorX::LinSpaced(n, 1, n), 1e-15));
    EXPECT_EQ(factor.SolveColumns(core::MatrixX(n, 0)).cols(), 0);
    EXPECT_EQ(NumericalErrorOf([&] { factor.Factor(Indefinite(n), "H"); }),
              "H is not positive definite (Cholesky failed)");
  }
}

// Rank-one update of the dense factor: diag(1, 2) + 1·(1, 1)(1, 1)ᵀ = [[2, 1], [1, 3]], whose
// solve of (3, 4) is (1, 1). Other kinds decline the update.
TEST(SpdFactorKinds, RankOneUpdateOnlyOnTheDenseFactor) {
  SpdFactor dense;
  dense.Factor(Diagonal(2), "M");
  EXPECT_TRUE(dense.RankOneUpdate(core::Vector2(1, 1), 1));
  EXPECT_TRUE(dense.Solve(core::Vector2(3, 4)).isApprox(core::Vector2(1, 1), 1e-15));
  SpdFactor sparse;
  sparse.Factor(Diagonal(kSparseFactorFromNv), "M");
  EXPECT_FALSE(sparse.RankOneUpdate(core::VectorX::Ones(kSparseFactorFromNv), 1));
  EXPECT_EQ(dense.Tree(), nullptr);
}

// Along the tree 0 ← 1, 0 ← 2 with M = [[4, 1, 1], [1, 3, 0], [1, 0, 2]]: M (1, 2, 3) =
// (9, 7, 7), so both Solve and SolveColumns return (1, 2, 3).
TEST(SpdFactorKinds, TreeKindSolvesColumns) {
  core::MatrixX M(3, 3);
  M << 4, 1, 1, 1, 3, 0, 1, 0, 2;
  const MTree tree = MakeMTree(M, {-1, 0, 0});  // must outlive the factor
  SpdFactor factor;
  factor.FactorTree(tree, "M");
  ASSERT_NE(factor.Tree(), nullptr);
  EXPECT_TRUE(factor.Solve(core::Vector3(9, 7, 7)).isApprox(core::Vector3(1, 2, 3), 1e-14));
  core::MatrixX B(3, 2);
  B << 9, 4, 7, 1, 7, 1;  // second column M e₀
  const core::MatrixX X = factor.SolveColumns(B);
  EXPECT_TRUE(X.col(0).isApprox(core::Vector3(1, 2, 3), 1e-14));
  EXPECT_TRUE(X.col(1).isApprox(core::Vector3(1, 0, 0), 1e-14));
}

// H on a fixed sparse pattern (the upper triangle of a 3 × 3 tridiagonal): values written into
// BeginSparse's array, factored; the same pattern again reuses the analysis. H = [[2, 1, 0],
// [1, 2, 1], [0, 1, 2]] times (1, 1, 1) is (3, 4, 3). Then values of an indefinite matrix
// ([[1, 2], [2, 1]] block) are named.
TEST(SpdFactorKinds, SparsePatternKindSolvesAndNamesH) {
  core::MatrixX upper(3, 3);
  upper << 1, 1, 0, 0, 1, 1, 0, 0, 1;
  const Eigen::SparseMatrix<double> pattern = upper.sparseView();
  SpdFactor factor;
  const auto fill = [&](double diag, double off) {
    double* value = factor.BeginSparse(pattern);
    // Column-major upper triangle: (0,0), (0,1), (1,1), (1,2), (2,2).
    const double v[] = {diag, off, diag, off, diag};
    for (int k = 0; k < 5; ++k) value[k] = v[k];
  };
  fill(2, 1);
  factor.FactorSparse("H");
  EXPECT_TRUE(factor.Solve(core::Vector3(3, 4, 3)).isApprox(core::Vector3(1, 1, 1), 1e-14));
  core::MatrixX B(3, 1);
  B << 3, 4, 3;
  EXPECT_TRUE(factor.SolveColumns(B).col(0).isApprox(core::Vector3(1, 1, 1), 1e-14));
  fill(1, 2);
  EXPECT_EQ(NumericalErrorOf([&] { factor.FactorSparse("H"); }),
            "H is not positive definite (Cholesky failed)");
}

}  // namespace
}  // namespace simatlas::mujoco
