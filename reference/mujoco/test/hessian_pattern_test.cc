// MJ-solvers §4 (Newton on the sparse path) — the pattern of H = M + Jᵀ Hc J (formula sheet
// (3.2)) and the positions it records: every term an elliptic block adds to H has its place
// found once with the pattern, the one the search PatternPosition finds, and H assembled there
// solves as the dense H does.
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

// Every term of ForEachBlockProduct, with a block Hessian Hc that is not symmetric and has
// zeros, must land where PatternPosition says (a pair (p, q) read as (q, p), or a term count that
// does not restart per pair, lands on another entry: the rows' DOFs differ), inside the pattern.
TEST(HessianPattern, EveryConeTermHasThePositionTheSearchFinds) {
  const Problem p = ConeBlocksOnThreeChains();
  const SparseRows J = MakeSparseRows(p.J);
  const HessianPattern h = MakeHessianPattern(p, J, MakeSparseRows(p.M));
  for (const Contact& contact : p.contacts) {
    const int n = contact.dim, first = contact.efc_address;
    ASSERT_GE(h.cone_start[first], 0) << "contact at row " << first;
    core::MatrixX Hc(n, n);
    for (int a = 0; a < n; ++a) {
      for (int b = 0; b < n; ++b) Hc(a, b) = (a + 2 * b) % 3 == 0 ? 0.0 : 1.0 + a - 0.5 * b;
    }
    const int* pair_start = &h.cone_pair_start[h.cone_start[first]];
    int terms = 0;
    ForEachBlockProduct(J, first, Hc, [&](int i, int j, double, int pair, int m) {
      const int found = PatternPosition(h, i, j);
      ASSERT_GE(found, 0) << "(" << i << ", " << j << ") outside the pattern";
      EXPECT_EQ(h.cone_position[pair_start[pair] + m], found)
          << "contact at row " << first << ", pair " << pair << ", term " << m;
      ++terms;
    });
    EXPECT_GT(terms, n) << "the walk reached the off-diagonal pairs";
  }
  EXPECT_EQ(h.cone_start[9], -1) << "the limit row is no cone block";
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
