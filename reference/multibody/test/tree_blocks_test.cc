// E3-SAP §2, §4.1: the velocity blocks SAP's cliques are made of (tree_blocks.h). Each case's
// blocks follow from the joint list by hand (comments); the mass-matrix case checks the reason
// for the split: M(q) has no entry coupling two blocks, and does couple within a block.
#include <gtest/gtest.h>

#include "reference/core/errors.h"
#include "reference/multibody/tree_blocks.h"
#include "reference/multibody/test/test_models.h"

namespace simatlas::multibody {
namespace {

RigidBody Box(const char* name) {
  return {name, 1.0, Vector3::Zero(), Vector3(0.1, 0.2, 0.3).asDiagonal()};
}

TEST(TreeBlocks, OneBlockPerTreeInTheOrderOfV) {
  // cube0 free (v 0–5), cube1 free (v 6–11), the double pendulum's two hinges (v 12, 13):
  // three trees, blocks (0, 6), (6, 6), (12, 2).
  MultibodyTree tree;
  const int c0 = tree.AddBody(Box("cube0"));
  const int c1 = tree.AddBody(Box("cube1"));
  const int l1 = tree.AddBody(testing::Link("link1", 1, 0.4, 0.05));
  const int l2 = tree.AddBody(testing::Link("link2", 1, 0.4, 0.05));
  tree.AddJoint(MakeFreeJoint("c0", kWorldBody, c0));
  tree.AddJoint(MakeFreeJoint("c1", kWorldBody, c1));
  tree.AddJoint(MakeRevoluteJoint("shoulder", kWorldBody, l1, Vector3::UnitY()));
  tree.AddJoint(MakeRevoluteJoint("elbow", l1, l2, Vector3::UnitY()));
  const TreeBlocks blocks = CalcTreeBlocks(tree);
  EXPECT_EQ(blocks.start, (std::vector<int>{0, 6, 12}));
  EXPECT_EQ(blocks.size, (std::vector<int>{6, 6, 2}));
  EXPECT_EQ(blocks.block_of_body, (std::vector<int>{-1, 0, 1, 2, 2}));
}

TEST(TreeBlocks, AWeldToTheWorldAnchorsItsChildrenApart) {
  // table welded to the world; two hinged arms on the table: the table moves with no block and
  // each arm is a tree of its own (v 0 and v 1), not one tree through the table.
  MultibodyTree tree;
  const int table = tree.AddBody(Box("table"));
  const int a = tree.AddBody(Box("arm_a"));
  const int b = tree.AddBody(Box("arm_b"));
  const int tip = tree.AddBody(Box("tip_b"));
  tree.AddJoint(MakeWeldJoint("table_weld", kWorldBody, table));
  tree.AddJoint(MakeRevoluteJoint("hinge_a", table, a, Vector3::UnitZ()));
  tree.AddJoint(MakeRevoluteJoint("hinge_b", table, b, Vector3::UnitZ()));
  tree.AddJoint(MakeWeldJoint("tip_weld", b, tip));  // a weld inside a tree keeps it one tree
  const TreeBlocks blocks = CalcTreeBlocks(tree);
  EXPECT_EQ(blocks.start, (std::vector<int>{0, 1}));
  EXPECT_EQ(blocks.size, (std::vector<int>{1, 1}));
  EXPECT_EQ(blocks.block_of_body, (std::vector<int>{-1, -1, 0, 1, 1}));
}

TEST(TreeBlocks, InterleavedTreesShareOneContiguousBlock) {
  // Joint order: A's free base (v 0–5), B's hinge (v 6), A's hinge on its base (v 7). A spans
  // v 0–7 around B's v 6, so one block (0, 8) keeps v's order.
  MultibodyTree tree;
  const int a0 = tree.AddBody(Box("a0"));
  const int b0 = tree.AddBody(Box("b0"));
  const int a1 = tree.AddBody(Box("a1"));
  tree.AddJoint(MakeFreeJoint("a0", kWorldBody, a0));
  tree.AddJoint(MakeRevoluteJoint("b0", kWorldBody, b0, Vector3::UnitX()));
  tree.AddJoint(MakeRevoluteJoint("a1", a0, a1, Vector3::UnitX()));
  const TreeBlocks blocks = CalcTreeBlocks(tree);
  EXPECT_EQ(blocks.start, (std::vector<int>{0}));
  EXPECT_EQ(blocks.size, (std::vector<int>{8}));
  EXPECT_EQ(blocks.block_of_body, (std::vector<int>{-1, 0, 0, 0}));
}

TEST(TreeBlocks, TheMassMatrixIsBlockDiagonalOverThem) {
  // The mixed tree (free base, arm, slider, welded box, tail: one tree of 9 velocities) and a
  // second free body after it: blocks (0, 9) and (9, 6). M couples nothing across them, and the
  // mixed tree's block is not itself block diagonal (its base carries the arm).
  MultibodyTree tree = testing::MixedTree();
  const int extra = tree.AddBody(Box("extra"));
  tree.AddJoint(MakeFreeJoint("extra_free", kWorldBody, extra));
  const TreeBlocks blocks = CalcTreeBlocks(tree);
  ASSERT_EQ(blocks.start, (std::vector<int>{0, 9}));
  ASSERT_EQ(blocks.size, (std::vector<int>{9, 6}));
  VectorX q = tree.DefaultPositions();
  for (int i = 0; i < q.size(); ++i) q(i) += 0.1 * (i % 5) - 0.15;  // away from symmetry
  const MatrixX M = tree.CalcMassMatrix(q);
  EXPECT_EQ(M.block(0, 9, 9, 6).cwiseAbs().maxCoeff(), 0.0);
  EXPECT_GT(M.block(0, 6, 6, 3).cwiseAbs().maxCoeff(), 1e-3);  // base ↔ arm, slider, tail
}

TEST(TreeBlocks, RefusesAnUnconnectedBody) {
  MultibodyTree tree;
  tree.AddBody(Box("floating"));
  EXPECT_THROW(CalcTreeBlocks(tree), core::InputError);
}

}  // namespace
}  // namespace simatlas::multibody
