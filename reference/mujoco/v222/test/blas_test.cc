// MJ-solvers §4–§5, 2.2.2 column — the 2.2.2 kernels (v222/blas.h) and the 2.2.2 solve
// (v222/primal.h) on hand-checked cases. Bit-for-bit agreement with MuJoCo itself is the oracle
// test's (oracle/mujoco222/blas_oracle_test.cc, mujoco222/statistics_oracle_test.cc).
#include <gtest/gtest.h>

#include "reference/core/errors.h"
#include "reference/mujoco/v222/blas.h"
#include "reference/mujoco/v222/primal.h"

namespace simatlas::mujoco::v222 {
namespace {

TEST(V222Blas, DotSumsInMuJoCosOrder) {
  // a = (1e17, 1, −1e17, 1, 1, 1), b = 1: mju_dot's partial sums are s0 = 1e17, s1 = 1,
  // s2 = −1e17, s3 = 1, (s0 + s2) + (s1 + s3) = 2, then the remainder (1 + 1) → 4 exactly.
  // Left to right gives 3: 1e17 + 1 rounds to 1e17 (the spacing of doubles there is 16).
  const double a[] = {1e17, 1, -1e17, 1, 1, 1}, b[] = {1, 1, 1, 1, 1, 1};
  EXPECT_EQ(Dot(a, b, 6), 4.0);
  double naive = 0;
  for (int i = 0; i < 6; ++i) naive += a[i] * b[i];
  EXPECT_EQ(naive, 3.0);
  // Remainders alone (n < 4): one sum.
  EXPECT_EQ(Dot(a + 3, b, 3), 3.0);
  EXPECT_EQ(Dot(a, b, 0), 0.0);
}

/// A tree M on three DOFs, 0 ← 1 ← 2, with the structural entry M₁₀ = 0: eliminating DOF 2
/// fills (1, 0), so the pattern must hold it.
core::MatrixX TreeWithZeroEntry() {
  core::MatrixX M(3, 3);
  M << 4, 0, 1,  //
      0, 3, 1,   //
      1, 1, 2;
  return M;
}

TEST(V222Blas, AncestorPatternKeepsTheFill) {
  const std::vector<std::vector<int>> pattern = AncestorPattern(TreeWithZeroEntry());
  ASSERT_EQ(pattern.size(), 3u);
  EXPECT_TRUE(pattern[0].empty());
  EXPECT_EQ(pattern[1], std::vector<int>({0}));  // the fill of eliminating DOF 2
  EXPECT_EQ(pattern[2], std::vector<int>({1, 0}));
}

TEST(V222Blas, MulMAndTheTreeFactorInvertEachOther) {
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

TEST(V222Blas, CholeskyFactorSolveAndRankOneUpdates) {
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

TEST(V222Blas, HessianDirectIsJtDJPlusM) {
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

/// One DOF, mass 2, a₀ = −10, one joint limit row with R = 0.1, aref = 0.
Problem OneLimit() {
  Problem p;
  p.nv = 1;
  p.M = core::MatrixX::Constant(1, 1, 2);
  p.qacc_smooth = core::VectorX::Constant(1, -10);
  p.J = core::MatrixX::Ones(1, 1);
  p.R = core::VectorX::Constant(1, 0.1);
  p.aref = core::VectorX::Zero(1);
  p.frictionloss = core::VectorX::Zero(1);
  p.kind = {RowKind::kLimitJoint};
  p.contact = {-1};
  p.opt.tolerance = 1e-12;
  return p;
}

TEST(Primal222, SolvesTheOneDofLimit) {
  // cost(a) = (a + 10)² + 5 a² for a < 0: minimum at 2(a + 10) + 10 a = 0, a = −20/12 = −5/3,
  // f = −a/R = 50/3. Both solvers land there (a quadratic in one piece: one Newton step).
  for (SolverKind solver : {SolverKind::kCG, SolverKind::kNewton}) {
    Problem p = OneLimit();
    p.opt.solver = solver;
    const SolveResult r = SolvePrimal(p, PrimalStart(p, std::nullopt));
    EXPECT_NEAR(r.qacc[0], -5.0 / 3.0, 1e-12) << SolverName(solver);
    EXPECT_NEAR(r.efc_force[0], 50.0 / 3.0, 1e-10) << SolverName(solver);
    EXPECT_GE(r.iterations, 1);
  }
}

TEST(Primal222, WarmstartKeptUnlessSmoothIsCheaper) {
  const Problem p = OneLimit();
  // Warm −1: Gauss (−1 + 10)² = 81 plus the row's 5 = 86; smooth −10: the row's ½·100/0.1 =
  // 500. The warm start is kept; warm −30: 400 + 4500 > 500, qacc_smooth wins.
  EXPECT_EQ(PrimalStart(p, core::VectorX::Constant(1, -1))[0], -1.0);
  EXPECT_EQ(PrimalStart(p, core::VectorX::Constant(1, -30))[0], -10.0);
}

TEST(Primal222, RejectsAQfrcSmoothOfTheWrongLength) {
  Problem p = OneLimit();
  p.qfrc_smooth = core::VectorX::Zero(2);
  EXPECT_THROW(SolvePrimal(p, p.qacc_smooth), core::InputError);
}

}  // namespace
}  // namespace simatlas::mujoco::v222
