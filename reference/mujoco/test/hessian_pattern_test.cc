// MJ-solvers §4 (Newton on the sparse path) — the pattern of H = M + Jᵀ Hc J (formula sheet
// (3.2)) and the positions it records: every term an elliptic block adds to H has its place
// found once with the pattern, the one the search PatternPosition finds; the block's product
// J_bᵀ Hc J_b is the dense one; and H assembled there solves as the dense H does.
// Equation numbers (N.M) are the formula sheet's (course/FORMULAS.md).
#include "reference/mujoco/hessian_pattern.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <random>

#include "reference/mujoco/newton_hessian.h"
#include "reference/mujoco/prepare.h"
#include "reference/mujoco/primal.h"
#include "reference/mujoco/sparse_rows.h"

namespace simatlas::mujoco {
namespace {

// nv = 12 in 3 chains of 4 DOFs (M = I plus 0.1 between a DOF and its parent); contacts of
// condim 3 and 6 (elliptic blocks of 3 and 6 rows) whose rows touch one or two chains on
// different DOFs row by row, and one limit row; R = 1, a₀ = 0. aref puts each contact in the
// cone's middle zone at a = 0: z = J·0 − aref has N = 0.1 and every tangential z = 1, so with
// μ = 0.5 neither N ≥ μT (satisfied) nor μN + T ≤ 0 (quadratic) holds (3.1).
Problem ConeBlocksOnThreeChains() {
  const int chains = 3, depth = 4, nv = chains * depth;
  Problem p;
  p.nv = nv;
  p.M = core::MatrixX::Identity(nv, nv);
  for (int c = 0; c < chains; ++c) {
    for (int i = 0; i < depth; ++i) {
      const int k = c * depth + i;
      p.dof_parentid.push_back(i == 0 ? -1 : k - 1);
      if (i > 0) p.M(k, k - 1) = p.M(k - 1, k) = 0.1;
    }
  }
  p.qacc_smooth = core::VectorX::Zero(nv);
  p.opt.cone = Cone::kElliptic;
  p.contacts = {Contact{3, {0.5, 0.5, 0.005, 1e-4, 1e-4}, 0.5, 0},
                Contact{6, {0.5, 0.5, 0.005, 1e-4, 1e-4}, 0.5, 3}};
  const int nefc = 10;
  p.J = core::MatrixX::Zero(nefc, nv);
  p.aref = core::VectorX::Constant(nefc, -1.0);
  p.aref[0] = p.aref[3] = -0.1;  // the normals
  p.aref[9] = 1.0;               // the limit row active: z = −1
  std::mt19937 rng(7);
  std::uniform_real_distribution<double> u(0.5, 1.0);
  for (int r = 0; r < nefc; ++r) {
    p.kind.push_back(r < 9 ? RowKind::kContactElliptic : RowKind::kLimitJoint);
    p.contact.push_back(r < 3 ? 0 : r < 9 ? 1 : -1);
    // Row r touches DOF r % depth of chain r % chains and, every other row, chain (r + 1) % 3.
    p.J(r, (r % chains) * depth + r % depth) = u(rng);
    if (r % 2 == 0) p.J(r, ((r + 1) % chains) * depth + (r + 1) % depth) = u(rng);
  }
  p.R = core::VectorX::Constant(nefc, 1.0);
  p.frictionloss = core::VectorX::Zero(nefc);
  return p;
}

// Each elliptic block's columns are the DOFs its rows touch, and each entry (a, b ≤ a) of its
// product has the position the search PatternPosition finds, inside the pattern.
TEST(HessianPattern, EveryConeEntryHasThePositionTheSearchFinds) {
  const Problem p = ConeBlocksOnThreeChains();
  const HessianPattern h = MakeHessianPattern(p, MakeSparseRows(p.J), MakeSparseRows(p.M));
  for (const Contact& contact : p.contacts) {
    const int first = contact.efc_address;
    ASSERT_GE(h.cone_of_row[first], 0) << "contact at row " << first;
    const HessianPattern::Cone& cone = h.cones[h.cone_of_row[first]];
    std::vector<int> touched;
    for (int c = 0; c < p.nv; ++c) {
      if (p.J.block(first, c, contact.dim, 1).cwiseAbs().maxCoeff() > 0) touched.push_back(c);
    }
    EXPECT_EQ(cone.columns, touched) << "contact at row " << first;
    size_t k = 0;
    for (size_t a = 0; a < cone.columns.size(); ++a) {
      for (size_t b = 0; b <= a; ++b, ++k) {
        const int found = PatternPosition(h, cone.columns[a], cone.columns[b]);
        ASSERT_GE(found, 0) << "(" << cone.columns[a] << ", " << cone.columns[b] << ")";
        ASSERT_LT(k, cone.position.size());
        EXPECT_EQ(cone.position[k], found) << "entry (" << a << ", " << b << ")";
      }
    }
    EXPECT_EQ(k, cone.position.size());
  }
  EXPECT_EQ(h.cone_of_row[9], -1) << "the limit row is no cone block";
}

// BlockProduct is J_bᵀ Hc J_b on the block's columns: the dense product of the block's rows of
// J, read at those columns (entries of 1–4 terms of size ≤ 10: equal to round-off, 1e-13).
TEST(HessianPattern, BlockProductIsTheDenseProductOnTheBlocksColumns) {
  const Problem p = ConeBlocksOnThreeChains();
  const SparseRows J = MakeSparseRows(p.J);
  for (const Contact& contact : p.contacts) {
    const int n = contact.dim, first = contact.efc_address;
    core::MatrixX Hc(n, n);
    for (int a = 0; a < n; ++a) {
      for (int b = 0; b < n; ++b) Hc(a, b) = (a + 2 * b) % 3 == 0 ? 0.0 : 1.0 + a - 0.5 * b;
    }
    const std::vector<int> columns = BlockColumns(J, first, n);
    const core::MatrixX P = BlockProduct(J, first, Hc, columns);
    const core::MatrixX dense =
        p.J.middleRows(first, n).transpose() * Hc * p.J.middleRows(first, n);
    ASSERT_EQ(P.rows(), static_cast<int>(columns.size()));
    for (size_t a = 0; a < columns.size(); ++a) {
      for (size_t b = 0; b < columns.size(); ++b) {
        EXPECT_NEAR(P(a, b), dense(columns[a], columns[b]), 1e-13) << a << ", " << b;
      }
    }
  }
}

// The sparse H (FactorHessian on the pattern's positions, jacobian sparse) with both contacts in
// the cone state solves as a dense LLᵀ of PrimalHessian. M = I + 0.1 on the tree and |J| ≤ 1,
// Hc ≤ a few: cond(H) ≲ 10², so both solves agree to ~10⁻¹³ of |x|; 1e-10 leaves room, and a
// cone term added at a wrong entry moves x by O(0.1).
TEST(HessianPattern, SparseHessianWithConeBlocksSolvesAsTheDenseOne) {
  Problem p = ConeBlocksOnThreeChains();
  p.opt.jacobian = Jacobian::kSparse;
  const std::shared_ptr<const PreparedProblem> prepared = Prepare(p);
  const SparseOperators& ops = prepared->operators();
  ASSERT_TRUE(ops.sparse_path);
  const ConstraintRows rows = MakeConstraintRows(p);
  const PrimalEval eval = EvaluatePrimal(p, rows, ops, core::VectorX::Zero(p.nv));
  const std::vector<RowState>& state = eval.constraints.state;
  ASSERT_EQ(state[0], RowState::kCone);
  ASSERT_EQ(state[3], RowState::kCone);
  ASSERT_EQ(state[9], RowState::kQuadratic);
  SpdFactor sparse;
  FactorHessian(p, rows, ops, eval, sparse);
  const core::MatrixX H = PrimalHessian(p, rows, ops, eval);
  const core::VectorX g = core::VectorX::LinSpaced(p.nv, -1, 1);
  const core::VectorX dense = H.llt().solve(g);
  EXPECT_LE((sparse.Solve(g) - dense).norm(), 1e-10 * dense.norm());
}

}  // namespace
}  // namespace simatlas::mujoco
