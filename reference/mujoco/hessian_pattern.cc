// MJ-solvers §4 — the nonzero pattern of Newton's H = M + Jᵀ Hc J (formula sheet (3.2)) on the
// sparse path; MuJoCo 2.2.2 engine_solver.c: HessianDirect (mju_sqrMatTDSparse),
// engine_util_solve.c: mju_cholFactorSparse. Written from the course's description.
#include "reference/mujoco/hessian_pattern.h"

#include <algorithm>
#include <utility>

namespace simatlas::mujoco {

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

}  // namespace

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
  // Where each elliptic block's product lands.
  h.cone_of_row.assign(J.rows, -1);
  for (const Block& block : MakeBlocks(problem)) {
    if (!block.elliptic) continue;
    HessianPattern::Cone cone{BlockColumns(J, block.first, block.size), {}};
    for (size_t a = 0; a < cone.columns.size(); ++a) {
      for (size_t b = 0; b <= a; ++b) {
        cone.position.push_back(PatternPosition(h, cone.columns[a], cone.columns[b]));
      }
    }
    h.cone_of_row[block.first] = static_cast<int>(h.cones.size());
    h.cones.push_back(std::move(cone));
  }
  return h;
}

std::vector<int> BlockColumns(const SparseRows& J, int first, int n) {
  std::vector<int> columns(J.col.begin() + J.start[first], J.col.begin() + J.start[first + n]);
  std::sort(columns.begin(), columns.end());
  columns.erase(std::unique(columns.begin(), columns.end()), columns.end());
  return columns;
}

core::MatrixX BlockProduct(const SparseRows& J, int first, const core::MatrixX& Hc,
                           const std::vector<int>& columns) {
  const int n = static_cast<int>(Hc.rows()), u = static_cast<int>(columns.size());
  // J_b on the block's columns: each row's columns ascend, as do the block's.
  core::MatrixX Jb = core::MatrixX::Zero(n, u);
  for (int p = 0; p < n; ++p) {
    int k = 0;
    for (int a = J.start[first + p]; a < J.start[first + p + 1]; ++a) {
      while (columns[k] != J.col[a]) ++k;
      Jb(p, k) = J.value[a];
    }
  }
  return Jb.transpose() * (Hc * Jb);
}

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

}  // namespace simatlas::mujoco
