// MJ-solvers §2b, §4, §6 — the dual matrix along the DOF tree, the sparse path's AR rows and
// Newton's sparse cone Hessian, islands with rows that touch no DOF, and the warmstart's checks:
// hand-derived entries, and agreement between the project's two routes
// (tree vs Cholesky, sparse vs dense, islands vs the whole problem).
#include <gtest/gtest.h>

#include <string>

#include "reference/core/test/error_of.h"
#include "reference/mujoco/dual.h"
#include "reference/mujoco/islands.h"
#include "reference/mujoco/solve.h"
#include "reference/mujoco/test/point_mass_problems.h"
#include "reference/mujoco/warmstart.h"

namespace simatlas::mujoco {
namespace {

// Two trees: the chain 0 ← 1 with M₀₁ = [[4, 2], [2, 3]] and the root 2 with M₂₂ = 2. Rows:
// 0 J = e₀, 1 J = e₁ + e₂ (both trees), 2 J = e₂, 3 J = e₀ + e₁; all limit rows, R = 0.5.
Problem TwoTrees(bool with_tree, Jacobian jacobian) {
  Problem p;
  p.nv = 3;
  p.M.resize(3, 3);
  p.M << 4, 2, 0, 2, 3, 0, 0, 0, 2;
  p.qacc_smooth = core::Vector3(-1, -2, -3);
  if (with_tree) p.dof_parentid = {-1, 0, -1};
  p.J.resize(4, 3);
  p.J << 1, 0, 0, 0, 1, 1, 0, 0, 1, 1, 1, 0;
  p.R = core::VectorX::Constant(4, 0.5);
  p.aref = Eigen::Vector4d(0.1, 0.2, 0.3, 0.4);
  p.frictionloss = core::VectorX::Zero(4);
  p.kind.assign(4, RowKind::kLimitJoint);
  p.contact.assign(4, -1);
  p.opt.jacobian = jacobian;
  return p;
}

// By hand: M₀₁⁻¹ = [[3, −2], [−2, 4]]/8 and M₂₂⁻¹ = 1/2, so A = J M⁻¹ Jᵀ has
// A₀₀ = 3/8, A₀₁ = −2/8, A₀₂ = 0, A₀₃ = (3 − 2)/8, A₁₁ = 4/8 + 1/2, A₁₂ = 1/2,
// A₁₃ = (−2 + 4)/8, A₂₂ = 1/2, A₂₃ = 0, A₃₃ = (3 − 4 + 4)/8.
core::MatrixX HandA() {
  core::MatrixX A(4, 4);
  A << 3, -2, 0, 1, -2, 8, 4, 2, 0, 4, 4, 0, 1, 2, 0, 3;
  return A / 8;
}

TEST(DualSparseRoutes, TreeAndCholeskyRoutesGiveTheHandMatrix) {
  for (const Jacobian jac : {Jacobian::kDense, Jacobian::kSparse}) {
    for (const bool tree : {false, true}) {
      const Problem p = TwoTrees(tree, jac);
      const DualProblem d = MakeDual(p);
      // Entries are sums of a few products of eighths: exact to a few roundings.
      EXPECT_TRUE(d.A.isApprox(HandA(), 1e-14)) << d.A;
      EXPECT_EQ(d.A(0, 2), 0);
      EXPECT_EQ(d.A(2, 3), 0);
      EXPECT_TRUE((d.AR - d.A).isApprox(core::MatrixX::Identity(4, 4) * 0.5, 1e-14));
      // b = J a₀ − aref = (−1, −5, −3, −3) − aref.
      EXPECT_TRUE(d.b.isApprox(Eigen::Vector4d(-1.1, -5.2, -3.3, -3.4), 1e-14));
      EXPECT_EQ(d.sparse_rows, jac == Jacobian::kSparse);
      if (d.sparse_rows) {
        // Row 0's nonzeros are rows 0, 1, 3 (row 2 is on the other tree): the pattern of AR.
        ASSERT_EQ(d.AR_rows.start[1] - d.AR_rows.start[0], 3);
        EXPECT_EQ(d.AR_rows.col[0], 0);
        EXPECT_EQ(d.AR_rows.col[1], 1);
        EXPECT_EQ(d.AR_rows.col[2], 3);
      }
      // The sparse residual and cost read what the dense AR gives.
      const Eigen::Vector4d f(0.3, -0.7, 1.1, 2.0);
      const core::VectorX dense_res = d.AR * f + d.b;
      for (int i = 0; i < 4; ++i) EXPECT_NEAR(DualResidual(d, i, f), dense_res[i], 1e-14);
      EXPECT_NEAR(DualCost(d, f), 0.5 * f.dot(d.AR * f) + f.dot(d.b), 1e-14);
      // qacc = a₀ + M⁻¹ Jᵀ f with the hand M⁻¹.
      const core::Vector3 Jtf = p.J.transpose() * f;
      const core::Vector3 expected(-1 + (3 * Jtf[0] - 2 * Jtf[1]) / 8,
                                   -2 + (-2 * Jtf[0] + 4 * Jtf[1]) / 8, -3 + Jtf[2] / 2);
      EXPECT_TRUE(QaccFromForce(p, d, f).isApprox(expected, 1e-14));
    }
  }
}

// PGS on the tree route and the sparse path, and on the dense Cholesky route, reach the
// direct solution f* = −(A + R)⁻¹ b of the hand matrix: every f*ᵢ > 0 (about (1.57, 2.57,
// 2.02, 2.93)), so all four limit rows are active and the dual minimum is that linear solve.
// Tolerance 0: PGS runs until a sweep no longer lowers the dual cost (rounding) or the cap of
// 2000 sweeps (the Gauss–Seidel rate on this cond(AR) ≈ 3.8 matrix reaches ε long before);
// a fixed point is f* to about cond(AR)·16 ε ≈ 1e-14 of |f|, so 1e-12 leaves room.
TEST(DualSparseRoutes, PgsOnTheTreeAgreesWithTheDenseRoute) {
  Problem dense = TwoTrees(false, Jacobian::kDense);
  Problem tree = TwoTrees(true, Jacobian::kSparse);
  for (Problem* p : {&dense, &tree}) {
    p->opt.solver = SolverKind::kPGS;
    p->opt.iterations = 2000;
    p->opt.tolerance = 0;
  }
  const core::MatrixX AR = HandA() + 0.5 * core::MatrixX::Identity(4, 4);
  const core::VectorX f_star = -AR.llt().solve(Eigen::Vector4d(-1.1, -5.2, -3.3, -3.4));
  ASSERT_GT(f_star.minCoeff(), 1);
  for (const Problem* p : {&dense, &tree}) {
    const SolveResult r = SolveProblem(*p);
    EXPECT_TRUE(r.efc_force.isApprox(f_star, 1e-12)) << r.efc_force << "\n" << f_star;
  }
}

// nv = 0: a row on no DOF has A = 0, so AR = R, b = −aref, and the accelerations are empty.
TEST(DualSparseRoutes, NoDofsLeavesOnlyR) {
  Problem p;
  p.nv = 0;
  p.M.resize(0, 0);
  p.qacc_smooth.resize(0);
  p.J.resize(1, 0);
  p.R = core::VectorX::Constant(1, 0.25);
  p.aref = core::VectorX::Constant(1, 2);
  p.frictionloss = core::VectorX::Zero(1);
  p.kind = {RowKind::kEquality};
  p.contact = {-1};
  const DualProblem d = MakeDual(p);
  EXPECT_EQ(d.A, core::MatrixX::Zero(1, 1));
  EXPECT_EQ(d.AR, core::MatrixX::Constant(1, 1, 0.25));
  EXPECT_EQ(d.b, core::VectorX::Constant(1, -2));
  EXPECT_EQ(QaccFromForce(p, d, core::VectorX::Constant(1, 8)).size(), 0);
  // The equality row's dual minimum: f = −b/R = 8 (½·0.25 f² − 2 f).
  p.opt.solver = SolverKind::kPGS;
  const SolveResult r = SolveProblem(p);
  EXPECT_NEAR(r.efc_force[0], 8, 1e-12);
}

// A 1 kg point mass sliding on an elliptic condim-3 contact (a₀ = (10, 0, −9.81), μ = 0.5):
// Newton's H carries the cone block (the cone state). The sparse path assembles it on H's
// pattern; it must reach the dense path's answer (Newton on a strictly convex cost, stopped at
// 1e-14: both are at the optimum to rounding, 1e-10 leaves room for cond(H) ≈ 10²).
TEST(DualSparseRoutes, NewtonSparseConeHessianAgreesWithDense) {
  Problem p = EllipticPointMass(1, core::Vector3(10, 0, -9.81));
  p.opt.tolerance = 1e-14;
  Problem sparse = p;
  p.opt.jacobian = Jacobian::kDense;
  sparse.opt.jacobian = Jacobian::kSparse;
  const SolveResult a = SolveProblem(p);
  const SolveResult b = SolveProblem(sparse);
  EXPECT_TRUE(a.qacc.isApprox(b.qacc, 1e-10)) << a.qacc << "\n" << b.qacc;
  EXPECT_TRUE(a.efc_force.isApprox(b.efc_force, 1e-10));
  // Sliding: the friction is on the cone, |f_x| = μ f₀ (the cone state, not stuck).
  EXPECT_NEAR(std::abs(b.efc_force[1]), 0.5 * b.efc_force[0], 1e-9 * b.efc_force[0]);
  EXPECT_GT(b.qacc[0], 0);
}

// Islands with rows that touch no DOF: a problem whose only row has J = 0 makes one island of
// all DOFs; an elliptic contact on the z DOF alone has tangent rows with J = 0 that follow their
// contact. Either way islands must give the whole problem's answer: the same strictly convex
// problem; PGS sweeps the same rows with the same AR (M = I, the extra DOF has no row) and the
// monolithic scale, so it takes the same steps; Newton converges quadratically, so at tolerance
// 1e-15 both routes are at the optimum to rounding. Row 0 of the first: f = aref/R = 2.
TEST(DualSparseRoutes, IslandsWithRowsOnNoDofMatchTheWholeProblem) {
  Problem orphan;
  orphan.nv = 2;
  orphan.M = core::MatrixX::Identity(2, 2);
  orphan.qacc_smooth = core::Vector2(1, 2);
  orphan.J = core::MatrixX::Zero(1, 2);
  orphan.R = core::VectorX::Constant(1, 0.5);
  orphan.aref = core::VectorX::Constant(1, 1);
  orphan.frictionloss = core::VectorX::Zero(1);
  orphan.kind = {RowKind::kEquality};
  orphan.contact = {-1};
  const std::vector<Island> islands = FindIslands(orphan);
  ASSERT_EQ(islands.size(), 1u);
  EXPECT_EQ(islands[0].dofs, (std::vector<int>{0, 1}));
  EXPECT_EQ(islands[0].rows, (std::vector<int>{0}));

  Problem contact;
  contact.nv = 2;
  contact.M = core::MatrixX::Identity(2, 2);
  contact.qacc_smooth = core::Vector2(0.5, -9.81);
  contact.J.resize(4, 2);
  contact.J << 0, 1, 0, 0, 0, 0, 0, 0;  // rows 0–2 the contact (normal e_z), row 3 on no DOF
  contact.R = core::VectorX::Constant(4, 0.01);
  contact.aref = Eigen::Vector4d(0, 0, 0, 0.02);
  contact.frictionloss = core::VectorX::Zero(4);
  contact.kind = {RowKind::kContactElliptic, RowKind::kContactElliptic, RowKind::kContactElliptic,
                  RowKind::kEquality};
  contact.contact = {0, 0, 0, -1};
  contact.contacts = {Contact{3, {1, 1, 0.005, 1e-4, 1e-4}, 1, 0}};
  contact.opt.cone = Cone::kElliptic;
  const std::vector<Island> two = FindIslands(contact);
  // The contact's rows all join DOF 1's island; the orphan row 3 joins the first island.
  ASSERT_EQ(two.size(), 1u);
  EXPECT_EQ(two[0].dofs, (std::vector<int>{1}));
  EXPECT_EQ(two[0].rows, (std::vector<int>{0, 1, 2, 3}));

  for (Problem* p : {&orphan, &contact}) {
    for (const SolverKind solver : {SolverKind::kPGS, SolverKind::kNewton}) {
      p->opt.solver = solver;
      p->opt.iterations = 10000;
      p->opt.tolerance = 1e-15;
      SolveSettings settings;
      settings.qacc_warmstart = p->qacc_smooth;
      const SolveResult whole = SolveProblem(*p, settings);
      settings.islands = true;
      const SolveResult split = SolveProblem(*p, settings);
      EXPECT_TRUE(whole.qacc.isApprox(split.qacc, 1e-12)) << whole.qacc << "\n" << split.qacc;
      EXPECT_TRUE(whole.efc_force.isApprox(split.efc_force, 1e-12));
    }
  }
  orphan.opt.solver = SolverKind::kNewton;
  EXPECT_NEAR(SolveProblem(orphan).efc_force[0], 2, 1e-12);
}

// A warmstart of the wrong length or with a non-finite entry is named.
TEST(DualSparseRoutes, WarmstartIsChecked) {
  const Problem p = TwoTrees(false, Jacobian::kDense);
  const auto message = [&](const core::VectorX& warm) {
    return core::InputErrorOf([&] { RequireWarmstart(p.nv, warm); });
  };
  EXPECT_EQ(message(core::Vector3(0, 0, 0)), "");
  EXPECT_EQ(message(core::Vector2(0, 0)),
            "qacc_warmstart has 2 accelerations but the problem has nv = 3");
  EXPECT_EQ(message(core::Vector3(0, std::nan(""), 0)),
            "qacc_warmstart entry 1 = nan m/s^2 or rad/s^2 must be a finite number");
}

}  // namespace
}  // namespace simatlas::mujoco
