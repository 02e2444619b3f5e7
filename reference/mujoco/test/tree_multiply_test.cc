// MJ-solvers §4 — M x along the DOF tree (MuJoCo 2.2.2 engine_support.c: mj_mulM) and
// MultiplyM's choice between the tree and M's sparse rows: hand-derived products.
#include <gtest/gtest.h>

#include <vector>

#include "reference/mujoco/operators.h"
#include "reference/mujoco/tree_factor.h"

namespace simatlas::mujoco {
namespace {

// Two trees: DOF 0 with children 1 and 2 (siblings, M(1, 2) = 0), DOF 3 with child 4, which
// has child 5 (a chain: every pair coupled). Small integers, so every product below is exact.
core::MatrixX TwoTreesM() {
  core::MatrixX M = core::MatrixX::Zero(6, 6);
  M.topLeftCorner(3, 3) << 4, 1, 2, 1, 3, 0, 2, 0, 5;
  M.bottomRightCorner(3, 3) << 6, 2, 1, 2, 4, 3, 1, 3, 7;
  return M;
}

const std::vector<int> kTwoTreesParent = {-1, 0, 0, -1, 3, 4};

// By hand, x = (1, 2, 3, 1, −1, 2):
//   first tree  (4·1 + 1·2 + 2·3, 1·1 + 3·2, 2·1 + 5·3) = (12, 7, 17),
//   second tree (6·1 − 2·1 + 1·2, 2·1 − 4·1 + 3·2, 1·1 − 3·1 + 7·2) = (6, 4, 12).
TEST(TreeMultiply, TwoTreesByHand) {
  const MTree tree = MakeMTree(TwoTreesM(), kTwoTreesParent);
  const core::VectorX x = (core::VectorX(6) << 1, 2, 3, 1, -1, 2).finished();
  core::VectorX out = core::VectorX::Constant(6, 99);  // stale values must be overwritten
  MultiplyTree(tree, x.data(), out.data());
  const core::VectorX expected = (core::VectorX(6) << 12, 7, 17, 6, 4, 12).finished();
  EXPECT_EQ(out, expected);
}

// A unit vector on a leaf picks M's column there: e₅ gives (0, 0, 0, 1, 3, 7), which needs
// both products of each ancestor entry (M(5, 4) and M(5, 3) pushed up to DOFs 4 and 3).
TEST(TreeMultiply, LeafUnitVectorIsItsColumn) {
  const MTree tree = MakeMTree(TwoTreesM(), kTwoTreesParent);
  core::VectorX e5 = core::VectorX::Zero(6);
  e5[5] = 1;
  core::VectorX out(6);
  MultiplyTree(tree, e5.data(), out.data());
  const core::VectorX expected = (core::VectorX(6) << 0, 0, 0, 1, 3, 7).finished();
  EXPECT_EQ(out, expected);
}

// MultiplyM takes the tree when the problem gave dof_parentid and M's sparse rows otherwise;
// both give the hand product above (out resized from empty).
TEST(TreeMultiply, MultiplyMWithAndWithoutTheTree) {
  const core::VectorX x = (core::VectorX(6) << 1, 2, 3, 1, -1, 2).finished();
  const core::VectorX expected = (core::VectorX(6) << 12, 7, 17, 6, 4, 12).finished();
  SparseOperators ops;
  ops.M = MakeSparseRows(TwoTreesM());
  core::VectorX rows_out;
  MultiplyM(ops, x, rows_out);
  EXPECT_EQ(rows_out, expected);
  ops.has_tree = true;
  ops.tree = MakeMTree(TwoTreesM(), kTwoTreesParent);
  ops.M = SparseRows{};  // the tree path must not read the rows
  ops.M.rows = ops.M.cols = 6;
  ops.M.start.assign(7, 0);
  core::VectorX tree_out;
  MultiplyM(ops, x, tree_out);
  EXPECT_EQ(tree_out, expected);
}

}  // namespace
}  // namespace simatlas::mujoco
