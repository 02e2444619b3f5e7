// MJ-solvers §2b — the dual problem (formula sheet (2.4)).
#include "reference/mujoco/dual.h"

#include <algorithm>
#include <cmath>
#include <memory>
#include <utility>
#include <vector>

#include "reference/core/errors.h"
#include "reference/mujoco/prepare.h"
#include "reference/mujoco/sparse_rows.h"
#include "reference/mujoco/spd_factor.h"

namespace simatlas::mujoco {

namespace {

/// Each DOF's tree (the root DOF it descends from).
std::vector<int> TreeRoots(const std::vector<int>& parent) {
  std::vector<int> root(parent.size());
  for (size_t i = 0; i < parent.size(); ++i)
    root[i] = parent[i] < 0 ? static_cast<int>(i) : root[parent[i]];
  return root;
}

/// A = B Bᵀ, B_r = D^{-1/2} L⁻ᵀ J_rᵀ on the ancestor closure of row r's DOFs; A_rs only for
/// rows r, s sharing a tree, the rest of A stays 0. `partners[r]` lists those rows s
/// (ascending, r included): the nonzero pattern of A's row r.
void TreeDualMatrix(const Problem& problem, const SparseRows& J, const TreeFactor& factor,
                    core::MatrixX& A, std::vector<std::vector<int>>& partners) {
  const int nv = problem.nv, nefc = problem.nefc();
  const std::vector<int>& parent = problem.dof_parentid;
  const std::vector<int> root = TreeRoots(parent);
  // B's rows, sparse: closure DOFs (descending) and values.
  std::vector<std::vector<int>> b_dofs(nefc);
  std::vector<std::vector<double>> b_value(nefc);
  std::vector<std::vector<int>> rows_of_tree(nv);
  std::vector<char> mark(nv, 0);
  core::VectorX work = core::VectorX::Zero(nv);
  for (int r = 0; r < nefc; ++r) {
    std::vector<int>& dofs = b_dofs[r];
    for (int k = J.start[r]; k < J.start[r + 1]; ++k) {
      for (int a = J.col[k]; a >= 0 && !mark[a]; a = parent[a]) {
        mark[a] = 1;
        dofs.push_back(a);
      }
    }
    std::sort(dofs.rbegin(), dofs.rend());
    for (int k = J.start[r]; k < J.start[r + 1]; ++k) work[J.col[k]] = J.value[k];
    factor.HalfSolveOn(dofs, work.data());
    for (const int d : dofs) {
      b_value[r].push_back(work[d]);
      work[d] = 0;
      mark[d] = 0;
      if (parent[d] < 0) rows_of_tree[d].push_back(r);
    }
  }
  // A_rs = B_r · B_s for the rows s ≥ r of r's trees (B_r scattered into work).
  std::vector<int> seen(nefc, -1);
  partners.assign(nefc, {});
  for (int r = 0; r < nefc; ++r) {
    for (size_t k = 0; k < b_dofs[r].size(); ++k) work[b_dofs[r][k]] = b_value[r][k];
    for (const int d : b_dofs[r]) {
      if (parent[d] >= 0) continue;
      for (const int s : rows_of_tree[root[d]]) {
        if (s < r || seen[s] == r) continue;
        seen[s] = r;
        double dot = 0;
        for (size_t k = 0; k < b_dofs[s].size(); ++k) dot += b_value[s][k] * work[b_dofs[s][k]];
        A(r, s) = A(s, r) = dot;
        partners[r].push_back(s);
        if (s != r) partners[s].push_back(r);
      }
    }
    for (const int d : b_dofs[r]) work[d] = 0;
  }
}

}  // namespace

DualProblem MakeDual(const Problem& problem) {
  auto ops = std::make_shared<const SparseOperators>(MakeSparseOperators(problem));
  auto factor = std::make_shared<SpdFactor>();
  FactorM(problem, *ops, *factor);
  return MakeDual(problem, ops, factor);
}

DualProblem MakeDual(const Problem& problem, std::shared_ptr<const SparseOperators> ops,
                     std::shared_ptr<const SpdFactor> m_factor) {
  DualProblem dual;
  const int nefc = problem.nefc();
  dual.ops = std::move(ops);
  const SparseRows& J = dual.ops->J;
  if (problem.nv == 0) {
    dual.A = dual.AR = core::MatrixX::Zero(nefc, nefc);
    dual.AR.diagonal() += problem.R;
    dual.b = -problem.aref;
    return dual;
  }
  // M's factor: along the DOF tree when known, else Cholesky (MuJoCo engine_core_constraint.c:
  // mj_projectConstraint solves with M's tree factor, mj_solveM2).
  dual.m_factor = std::move(m_factor);
  std::vector<std::vector<int>> partners;
  const TreeFactor* tree = dual.m_factor->Tree();
  if (tree) {
    dual.A = core::MatrixX::Zero(nefc, nefc);
    TreeDualMatrix(problem, J, *tree, dual.A, partners);
  } else {
    // A = J M⁻¹ Jᵀ column by column with J's nonzeros only, symmetrised exactly (through a
    // copy: A + Aᵀ written into A itself would alias).
    const core::MatrixX MinvJt = dual.m_factor->SolveColumns(problem.J.transpose());
    dual.A.resize(nefc, nefc);
    core::VectorX column;
    for (int c = 0; c < nefc; ++c) {
      MultiplyRows(J, MinvJt.col(c), column);
      dual.A.col(c) = column;
    }
    const core::MatrixX At = dual.A.transpose();
    dual.A = 0.5 * (dual.A + At);
  }
  dual.AR = dual.A;
  dual.AR.diagonal() += problem.R;
  // The sparse path reads AR's rows by their nonzeros: with the tree on each row's partners
  // (no scan of the dense AR), else AR's exact nonzeros.
  if (dual.ops->sparse_path) {
    dual.sparse_rows = true;
    if (tree) {
      SparseRows& rows = dual.AR_rows;
      rows.rows = rows.cols = nefc;
      rows.start.assign(1, 0);
      for (int r = 0; r < nefc; ++r) {
        std::sort(partners[r].begin(), partners[r].end());
        for (const int s : partners[r]) {
          rows.col.push_back(s);
          rows.value.push_back(dual.AR(r, s));
        }
        rows.start.push_back(static_cast<int>(rows.col.size()));
      }
    } else {
      dual.AR_rows = MakeSparseRows(dual.AR);
    }
  }
  // b = J a₀ − aref (efc_b).
  MultiplyRows(J, problem.qacc_smooth, dual.b);
  dual.b -= problem.aref;
  return dual;
}

double DualCost(const DualProblem& dual, const core::VectorX& force) {
  if (!dual.sparse_rows) return 0.5 * force.dot(dual.AR * force) + force.dot(dual.b);
  // ½ fᵀ (AR f) + fᵀ b with AR f from AR's sparse rows.
  core::VectorX ARf;
  MultiplyRows(dual.AR_rows, force, ARf);
  return 0.5 * force.dot(ARf) + force.dot(dual.b);
}

core::VectorX QaccFromForce(const Problem& problem, const DualProblem& dual,
                            const core::VectorX& force) {
  if (problem.nv == 0) return problem.qacc_smooth;
  // a₀ + M⁻¹ (Jᵀ f): Jᵀ f on J's nonzeros, then M's factor.
  core::VectorX Jtf;
  MultiplyJTranspose(*dual.ops, force, Jtf);
  return problem.qacc_smooth + dual.m_factor->Solve(Jtf);
}

double OmegaViolation(const Problem& problem, const core::VectorX& f) {
  double violation = 0;
  for (const Block& block : MakeBlocks(problem)) {
    const int i = block.first;
    if (block.elliptic) {
      // f₀ ≥ 0 and ‖(f_j/μ_j)‖ ≤ f₀.
      const Contact& c = problem.contacts[block.contact];
      double t2 = 0;
      for (int j = 1; j < block.size; ++j) t2 += std::pow(f[i + j] / c.friction[j - 1], 2);
      violation = std::max({violation, -f[i], std::sqrt(t2) - std::max(0.0, f[i])});
      continue;
    }
    switch (problem.kind[i]) {
      case RowKind::kEquality: break;
      case RowKind::kFrictionDof:
      case RowKind::kFrictionTendon:
        violation = std::max(violation, std::abs(f[i]) - problem.frictionloss[i]);
        break;
      default: violation = std::max(violation, -f[i]); break;
    }
  }
  return violation;
}

void ProjectBlock(const Problem& problem, const Block& block, core::VectorX& f) {
  const int i = block.first;
  if (!block.elliptic) {
    switch (problem.kind[i]) {
      case RowKind::kEquality: return;
      case RowKind::kFrictionDof:
      case RowKind::kFrictionTendon:
        f[i] = std::clamp(f[i], -problem.frictionloss[i], problem.frictionloss[i]);
        return;
      default: f[i] = std::max(0.0, f[i]); return;
    }
  }
  // Elliptic: in u_j = f_j/μ_j the cone is circular ‖u‖ ≤ f₀; project (f₀, u) there.
  const Contact& c = problem.contacts[block.contact];
  core::VectorX u(block.size - 1);
  for (int j = 1; j < block.size; ++j) u[j - 1] = f[i + j] / c.friction[j - 1];
  const double n = f[i], t = u.norm();
  if (t <= n) return;  // inside
  if (t <= -n) {       // polar cone: the apex
    f.segment(i, block.size).setZero();
    return;
  }
  const double n_new = 0.5 * (n + t);  // onto the surface ‖u‖ = f₀
  f[i] = n_new;
  for (int j = 1; j < block.size; ++j) f[i + j] = u[j - 1] * (n_new / t) * c.friction[j - 1];
}

bool NeedsDual(const Problem& problem) {
  return problem.opt.solver == SolverKind::kPGS || problem.opt.noslip_iterations > 0;
}

}  // namespace simatlas::mujoco
