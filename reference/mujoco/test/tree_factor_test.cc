// MJ-solvers §4 — M factored along its DOF tree (MuJoCo engine_core_smooth.c: mj_factorM,
// mj_solveM) and the sparse path of Newton's H: hand-derived solves, the checks of a given
// dof_parentid, and the sparse H factor against the dense one.
#include <gtest/gtest.h>

#include <memory>
#include <random>

#include "reference/core/errors.h"
#include "reference/mujoco/newton_hessian.h"
#include "reference/mujoco/prepare.h"
#include "reference/mujoco/primal.h"
#include "reference/mujoco/problem.h"
#include "reference/mujoco/solve.h"
#include "reference/mujoco/tree_factor.h"

namespace simatlas::mujoco {
namespace {

core::VectorX TreeSolve(const core::MatrixX& M, const std::vector<int>& parent,
                        const core::VectorX& b) {
  const MTree tree = MakeMTree(M, parent);
  TreeFactor factor;
  factor.Factor(tree, "M");
  core::VectorX x = b;
  factor.SolveInPlace(x.data());
  return x;
}

// A root with two children (DOFs 1 and 2 are siblings, M(1, 2) = 0). By hand:
// M (1, 2, 3) = (4 + 2 + 3, 1 + 6 + 0, 1 + 0 + 6) = (9, 7, 7).
TEST(TreeFactor, BranchingTreeSolvesByHand) {
  core::MatrixX M(3, 3);
  M << 4, 1, 1, 1, 3, 0, 1, 0, 2;
  const core::VectorX x = TreeSolve(M, {-1, 0, 0}, core::Vector3(9, 7, 7));
  // Each entry is a few roundings from an exact small integer.
  EXPECT_NEAR(x[0], 1, 1e-14);
  EXPECT_NEAR(x[1], 2, 1e-14);
  EXPECT_NEAR(x[2], 3, 1e-14);
}

// A chain 0 ← 1 ← 2 (every pair on one path, M dense). By hand: M (1, −1, 2) =
// (4 − 2 + 2, 2 − 3 + 2, 1 − 1 + 4) = (4, 1, 4); det M = 13 > 0, minors 4, 8.
TEST(TreeFactor, ChainSolvesByHand) {
  core::MatrixX M(3, 3);
  M << 4, 2, 1, 2, 3, 1, 1, 1, 2;
  const core::VectorX x = TreeSolve(M, {-1, 0, 1}, core::Vector3(4, 1, 4));
  EXPECT_NEAR(x[0], 1, 1e-14);
  EXPECT_NEAR(x[1], -1, 1e-14);
  EXPECT_NEAR(x[2], 2, 1e-14);
}

// [[1, 2], [2, 1]] has eigenvalues 3 and −1: eliminating DOF 1 leaves the pivot
// 1 − 2·2/1 = −3 for DOF 0, which is named.
TEST(TreeFactor, IndefiniteMIsANumericalError) {
  core::MatrixX M(2, 2);
  M << 1, 2, 2, 1;
  const MTree tree = MakeMTree(M, {-1, 0});
  TreeFactor factor;
  try {
    factor.Factor(tree, "M");
    FAIL() << "no error";
  } catch (const core::NumericalError& e) {
    EXPECT_NE(std::string(e.what()).find("DOF 0 = -3"), std::string::npos) << e.what();
  }
}

Problem Free(const core::MatrixX& M, std::vector<int> parent) {
  Problem p;
  p.nv = static_cast<int>(M.rows());
  p.M = M;
  p.qacc_smooth = core::VectorX::Zero(p.nv);
  p.J = core::MatrixX(0, p.nv);
  p.dof_parentid = std::move(parent);
  return p;
}

TEST(TreeFactor, ValidationRejectsABadTree) {
  core::MatrixX M(3, 3);
  M << 4, 1, 1, 1, 3, 0, 1, 0, 2;
  EXPECT_NO_THROW(ValidateProblem(Free(M, {-1, 0, 0})));
  // A parent after its child, and the wrong length.
  EXPECT_THROW(ValidateProblem(Free(M, {-1, 2, 0})), core::InputError);
  EXPECT_THROW(ValidateProblem(Free(M, {-1, 0})), core::InputError);
  // M(2, 1) ≠ 0 while 1 and 2 are siblings: M is not on the tree.
  core::MatrixX coupled = M;
  coupled(1, 2) = coupled(2, 1) = 0.5;
  try {
    ValidateProblem(Free(coupled, {-1, 0, 0}));
    FAIL() << "no error";
  } catch (const core::InputError& e) {
    EXPECT_NE(std::string(e.what()).find("M[2][1] = 0.5"), std::string::npos) << e.what();
  }
}

// nv = 60 (the sparse path): 10 chains of 6 DOFs, M diagonally dominant on each chain, rows
// touching one or two chains. The sparse H of FactorHessian must solve what a dense LLᵀ of
// PrimalHessian solves. H = M + JᵀDJ with M's diagonal ≥ 2× its off-diagonal row sums and
// |J|, D ≤ 1 keeps cond(H) below about 10³, so the two backward-stable solves agree to
// ~cond·nv·ε ≈ 10⁻¹¹ of |x|; the bound 1e-9 leaves room and a wrong entry of H moves x by far more.
TEST(SparsePath, SparseHessianSolvesAsTheDenseOne) {
  const int chains = 10, depth = 6, nv = chains * depth;
  std::mt19937 rng(21);
  std::uniform_real_distribution<double> u(-1, 1);
  Problem p;
  p.nv = nv;
  p.M = core::MatrixX::Zero(nv, nv);
  for (int c = 0; c < chains; ++c) {
    for (int i = 0; i < depth; ++i) {
      const int k = c * depth + i;
      p.dof_parentid.push_back(i == 0 ? -1 : k - 1);
      for (int j = 0; j < i; ++j) p.M(k, c * depth + j) = p.M(c * depth + j, k) = 0.2 * u(rng);
    }
  }
  for (int k = 0; k < nv; ++k) p.M(k, k) = 3 + u(rng);
  p.qacc_smooth = core::VectorX::Zero(nv);
  const int nefc = 30;
  p.J = core::MatrixX::Zero(nefc, nv);
  for (int r = 0; r < nefc; ++r) {
    const int a = r % chains, b = (r * 3 + 1) % chains;
    for (int i = 0; i < depth; ++i) {
      if (i % 2 == r % 2) p.J(r, a * depth + i) = u(rng);
      if (r % 3 == 0) p.J(r, b * depth + i) = u(rng);
    }
  }
  p.R = core::VectorX::Constant(nefc, 1.0);
  p.aref = core::VectorX::Constant(nefc, 1.0);  // J·0 − 1 < 0: every limit row quadratic
  p.frictionloss = core::VectorX::Zero(nefc);
  p.kind.assign(nefc, RowKind::kLimitJoint);
  p.contact.assign(nefc, -1);
  const std::shared_ptr<const PreparedProblem> prepared = Prepare(p);
  const SparseOperators& ops = prepared->operators();
  ASSERT_TRUE(ops.sparse_path);
  const ConstraintRows blocks = MakeConstraintRows(p);
  const PrimalEval eval = EvaluatePrimal(p, blocks, ops, core::VectorX::Zero(nv));
  ASSERT_EQ(CountActive(eval.constraints.state), nefc);
  SpdFactor sparse;
  FactorHessian(p, blocks, ops, eval, sparse);
  const core::MatrixX H = PrimalHessian(p, blocks, ops, eval);
  const core::VectorX g = core::VectorX::LinSpaced(nv, -1, 1);
  const core::VectorX dense = H.llt().solve(g);
  EXPECT_LE((sparse.Solve(g) - dense).norm(), 1e-9 * dense.norm());
  // The tree factor of M solves as a dense LLᵀ of M (same bound, cond(M) ≤ 10).
  SpdFactor tree;
  FactorM(p, ops, tree);
  const core::VectorX m_dense = p.M.llt().solve(g);
  EXPECT_LE((tree.Solve(g) - m_dense).norm(), 1e-9 * m_dense.norm());
}

}  // namespace
}  // namespace simatlas::mujoco
