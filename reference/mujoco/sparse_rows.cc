// MJ-solvers §3–§4 — J in compressed sparse rows for the primal solvers (formula sheet (3.2)
// terms J a, Jᵀ f, Jᵀ Hc J); MuJoCo engine_util_sparse.c: mju_mulMatVecSparse,
// mju_mulMatTVecSparse. Written from the course's description.
#include "reference/mujoco/sparse_rows.h"

#include <algorithm>
#include <string>
#include <utility>

#include "reference/core/errors.h"
#include "reference/mujoco/v222/blas.h"

#include "reference/mujoco/dual.h"
#include "reference/mujoco/spd_factor.h"

namespace simatlas::mujoco {

SparseRows MakeSparseRows(const core::MatrixX& J) {
  SparseRows s;
  s.rows = static_cast<int>(J.rows());
  s.cols = static_cast<int>(J.cols());
  s.start.reserve(s.rows + 1);
  s.start.push_back(0);
  for (int r = 0; r < s.rows; ++r) {
    for (int c = 0; c < s.cols; ++c) {
      if (J(r, c) == 0) continue;
      s.col.push_back(c);
      s.value.push_back(J(r, c));
    }
    s.start.push_back(static_cast<int>(s.col.size()));
  }
  return s;
}

namespace {

/// The DOFs each coupling group touches: a contact's rows together (an elliptic block couples
/// them in Hc), every other row alone. Columns ascending.
std::vector<std::vector<int>> GroupColumns(const Problem& problem, const SparseRows& J) {
  std::vector<std::vector<int>> groups;
  std::vector<int> group_of_contact(problem.contacts.size(), -1);
  for (int r = 0; r < J.rows; ++r) {
    const int c = problem.contact[r];
    int g = -1;
    if (c >= 0 && group_of_contact[c] >= 0) {
      g = group_of_contact[c];
    } else {
      g = static_cast<int>(groups.size());
      groups.emplace_back();
      if (c >= 0) group_of_contact[c] = g;
    }
    groups[g].insert(groups[g].end(), J.col.begin() + J.start[r], J.col.begin() + J.start[r + 1]);
  }
  for (std::vector<int>& cols : groups) {
    std::sort(cols.begin(), cols.end());
    cols.erase(std::unique(cols.begin(), cols.end()), cols.end());
  }
  return groups;
}

/// H's pattern (see HessianPattern) and the positions of M's and each row's products in it.
HessianPattern MakeHessianPattern(const Problem& problem, const SparseRows& J,
                                  const SparseRows& M) {
  const int nv = M.rows;
  // Rows of each column on or below the diagonal: M's, then every pair within a group.
  std::vector<std::vector<int>> column(nv);
  for (int r = 0; r < nv; ++r) {
    for (int k = M.start[r]; k < M.start[r + 1]; ++k) {
      if (M.col[k] <= r) column[M.col[k]].push_back(r);
    }
  }
  for (const std::vector<int>& cols : GroupColumns(problem, J)) {
    for (size_t b = 0; b < cols.size(); ++b) {
      for (size_t a = b; a < cols.size(); ++a) column[cols[b]].push_back(cols[a]);
    }
  }
  // Stored as the upper triangle in reversed DOF order k' = nv − 1 − k: original column c is
  // column nv − 1 − c, its rows r become nv − 1 − r (ascending once the list is reversed).
  std::vector<int> outer(nv + 1, 0), inner;
  for (int C = 0; C < nv; ++C) {
    std::vector<int>& rows = column[nv - 1 - C];
    std::sort(rows.begin(), rows.end());
    rows.erase(std::unique(rows.begin(), rows.end()), rows.end());
    for (auto it = rows.rbegin(); it != rows.rend(); ++it) inner.push_back(nv - 1 - *it);
    outer[C + 1] = static_cast<int>(inner.size());
  }
  HessianPattern h;
  std::vector<double> zeros(inner.size(), 0.0);
  h.upper = Eigen::Map<const Eigen::SparseMatrix<double>>(
      nv, nv, static_cast<Eigen::Index>(inner.size()), outer.data(), inner.data(), zeros.data());
  // Where M's entries and each row's pairs land.
  h.m_position.reserve(M.col.size());
  for (int r = 0; r < nv; ++r) {
    for (int k = M.start[r]; k < M.start[r + 1]; ++k) {
      h.m_position.push_back(M.col[k] <= r ? PatternPosition(h, r, M.col[k]) : -1);
    }
  }
  h.row_start.reserve(J.rows + 1);
  h.row_start.push_back(0);
  for (int r = 0; r < J.rows; ++r) {
    for (int a = J.start[r]; a < J.start[r + 1]; ++a) {
      for (int b = J.start[r]; b <= a; ++b) {
        h.row_position.push_back(PatternPosition(h, J.col[a], J.col[b]));
      }
    }
    h.row_start.push_back(static_cast<int>(h.row_position.size()));
  }
  return h;
}

}  // namespace

int PatternPosition(const HessianPattern& pattern, int row, int col) {
  // (row, col), row ≥ col, is entry (nv − 1 − row, nv − 1 − col) of the reversed upper triangle.
  const Eigen::SparseMatrix<double>& U = pattern.upper;
  const int n = static_cast<int>(U.cols());
  const int c = n - 1 - col, r = n - 1 - row;
  const int* begin = U.innerIndexPtr() + U.outerIndexPtr()[c];
  const int* end = U.innerIndexPtr() + U.outerIndexPtr()[c + 1];
  const int* it = std::lower_bound(begin, end, r);
  if (it == end || *it != r) return -1;
  return static_cast<int>(it - U.innerIndexPtr());
}

bool UsesSparsePath(const Problem& problem) {
  switch (problem.opt.jacobian) {
    case Jacobian::kDense: return false;
    case Jacobian::kSparse: return true;
    case Jacobian::kAuto: break;
  }
  return problem.nv >= kSparseFactorFromNv;
}

SparseOperators MakeSparseOperators(const Problem& problem) {
  SparseOperators ops;
  ops.J = MakeSparseRows(problem.J);
  ops.JT = MakeSparseRows(problem.J.transpose());
  ops.M = MakeSparseRows(problem.M);
  if (!problem.dof_parentid.empty()) {
    ops.has_tree = true;
    ops.tree = MakeMTree(problem.M, problem.dof_parentid);
  }
  if (UsesSparsePath(problem)) {
    ops.sparse_path = true;
    ops.hessian = MakeHessianPattern(problem, ops.J, ops.M);
  }
  return ops;
}

namespace {

// M positive definite, checked once: along the DOF tree when the problem gives one (the tree
// factor's pivots, O(Σ depth²), as MuJoCo's mj_factorM), else row by row; an InputError names
// the failing pivot (ValidateProblem has checked symmetry and a positive diagonal).
void RequirePositiveDefiniteM(const Problem& problem, const SparseOperators& ops) {
  if (!ops.has_tree) {
    core::RequirePositiveDefinite("M", problem.M, "kg or kg m^2");
    return;
  }
  try {
    TreeFactor().Factor(ops.tree, "M");
  } catch (const core::NumericalError& e) {
    throw core::InputError(std::string(e.what()) +
                           " must be > 0 (M along dof_parentid is not positive definite)");
  }
}

// Validates, builds the sparse structure, checks M, and (unless `islands` is false: a problem
// that is itself one island) finds the islands and prepares each one's sub-problem.
void Prepare(Problem& problem, bool islands) {
  problem.prepared.reset();
  ValidateProblem(problem);
  auto ops = std::make_shared<SparseOperators>(MakeSparseOperators(problem));
  RequirePositiveDefiniteM(problem, *ops);
  if (ops->has_tree) {
    // Kept for the solves (RequirePositiveDefiniteM has checked its pivots).
    auto m_factor = std::make_shared<SpdFactor>();
    m_factor->FactorTree(ops->tree, "M");
    ops->m_factor = m_factor;
  }
  if (!ops->sparse_path) ops->ancestors = v222::AncestorPattern(problem.M);
  ops->options = problem.opt;
  // The islands, each copied out and prepared (an island of the whole problem is not copied).
  bool one_piece = true;
  if (islands) {
    ops->islands = FindIslands(problem);
    ops->islands_found = true;
    for (const Island& island : ops->islands) {
      ops->island_problems.emplace_back();
      const bool whole = static_cast<int>(island.dofs.size()) == problem.nv &&
                         static_cast<int>(island.rows.size()) == problem.nefc();
      if (whole) continue;
      one_piece = false;
      Problem& sub = ops->island_problems.back();
      sub = SubProblem(problem, island.dofs, island.rows);
      Prepare(sub, false);
    }
  }
  // The dual of a problem its version solves in one piece (2.2.2 has no islands; under 3.15 a
  // problem that is one island), when its solver needs it. Formed while problem.prepared is
  // unset, so that it holds operators of its own (the dual keeps its operators alive; these
  // operators keep the dual: no cycle).
  if (!IslandsByDefault(problem.opt.version)) one_piece = true;
  if (one_piece && NeedsDual(problem)) {
    ops->dual = std::make_shared<const DualProblem>(MakeDual(problem));
  }
  problem.prepared = ops;
}

}  // namespace

void PrepareProblem(Problem& problem) { Prepare(problem, true); }

bool IsPrepared(const Problem& problem) {
  return problem.prepared && problem.prepared->J.rows == problem.nefc() &&
         problem.prepared->J.cols == problem.nv && problem.prepared->M.rows == problem.nv &&
         problem.prepared->sparse_path == UsesSparsePath(problem);
}

bool IslandsPrepared(const Problem& problem) {
  return IsPrepared(problem) && problem.prepared->islands_found &&
         problem.prepared->options == problem.opt;
}

std::shared_ptr<const SparseOperators> OperatorsOf(const Problem& problem) {
  if (IsPrepared(problem)) return problem.prepared;
  return std::make_shared<const SparseOperators>(MakeSparseOperators(problem));
}

void MultiplyRows(const SparseRows& J, const core::VectorX& x, core::VectorX& out) {
  out.resize(J.rows);
  for (int r = 0; r < J.rows; ++r) {
    double sum = 0;
    for (int k = J.start[r]; k < J.start[r + 1]; ++k) sum += J.value[k] * x[J.col[k]];
    out[r] = sum;
  }
}

void MultiplyM(const SparseOperators& ops, const core::VectorX& x, core::VectorX& out) {
  if (!ops.has_tree) return MultiplyRows(ops.M, x, out);
  out.resize(ops.tree.nv);
  MultiplyTree(ops.tree, x.data(), out.data());
}

void MultiplyJTranspose(const SparseOperators& ops, const core::VectorX& f, core::VectorX& out) {
  MultiplyRows(ops.JT, f, out);
}

void MultiplyRowsTransposed(const SparseRows& J, const core::VectorX& f, core::VectorX& out) {
  out.setZero(J.cols);
  for (int r = 0; r < J.rows; ++r) {
    if (f[r] == 0) continue;
    for (int k = J.start[r]; k < J.start[r + 1]; ++k) out[J.col[k]] += J.value[k] * f[r];
  }
}

void AddRowOuterProduct(const SparseRows& J, int r, double w, core::MatrixX& H) {
  // Lower triangle only: a row's columns are ascending, so b ≤ a gives column ≤ row.
  for (int a = J.start[r]; a < J.start[r + 1]; ++a) {
    const double wa = w * J.value[a];
    double* Hrow = &H(J.col[a], 0);
    for (int b = J.start[r]; b <= a; ++b) Hrow[J.col[b] * H.rows()] += wa * J.value[b];
  }
}

void AddBlockProduct(const SparseRows& J, int first, const core::MatrixX& Hc, core::MatrixX& H) {
  ForEachBlockProduct(J, first, Hc, [&H](int i, int j, double v) { H(i, j) += v; });
}

}  // namespace simatlas::mujoco
