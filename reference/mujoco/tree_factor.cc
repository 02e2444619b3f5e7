// MJ-solvers §4 — M factored along the DOF tree, M = Lᵀ D L without fill (MuJoCo 2.2.2
// engine_core_smooth.c: mj_factorI, mj_solveLD). Written from the course's description and
// MuJoCo's documented algorithm, not MuJoCo's code.
#include "reference/mujoco/tree_factor.h"

#include <algorithm>
#include <cmath>
#include <string>

#include "reference/core/errors.h"

namespace simatlas::mujoco {

bool IsDofForest(const std::vector<int>& parent, int nv) {
  if (static_cast<int>(parent.size()) != nv) return false;
  for (int i = 0; i < nv; ++i) {
    if (parent[i] < -1 || parent[i] >= i) return false;
  }
  return true;
}

bool MatchesTree(const core::MatrixX& M, const std::vector<int>& parent, int* row, int* col) {
  const int nv = static_cast<int>(M.rows());
  std::vector<char> ancestor(nv, 0);
  for (int i = 0; i < nv; ++i) {
    // Mark i's ancestors, test row i left of the diagonal, then clear the marks.
    for (int a = parent[i]; a >= 0; a = parent[a]) ancestor[a] = 1;
    int off = -1;
    for (int j = 0; j < i && off < 0; ++j) {
      if (M(i, j) != 0 && !ancestor[j]) off = j;
    }
    for (int a = parent[i]; a >= 0; a = parent[a]) ancestor[a] = 0;
    if (off >= 0) {
      if (row) *row = i;
      if (col) *col = off;
      return false;
    }
  }
  return true;
}

MTree MakeMTree(const core::MatrixX& M, const std::vector<int>& parent) {
  MTree t;
  t.nv = static_cast<int>(M.rows());
  t.parent = parent;
  t.address.reserve(t.nv + 1);
  t.address.push_back(0);
  for (int k = 0; k < t.nv; ++k) {
    // Row k: the diagonal, then the ancestors from the parent up.
    t.value.push_back(M(k, k));
    for (int a = parent[k]; a >= 0; a = parent[a]) t.value.push_back(M(k, a));
    t.address.push_back(static_cast<int>(t.value.size()));
  }
  return t;
}

void MultiplyTree(const MTree& tree, const double* x, double* out) {
  std::fill(out, out + tree.nv, 0.0);
  for (int k = 0; k < tree.nv; ++k) {
    // The diagonal, then row k's ancestors from the parent up (and their symmetric twins).
    int ka = tree.address[k];
    const double xk = x[k];
    double sum = tree.value[ka] * xk;
    for (int a = tree.parent[k]; a >= 0; a = tree.parent[a]) {
      const double m = tree.value[++ka];
      sum += m * x[a];
      out[a] += m * xk;
    }
    out[k] += sum;
  }
}

void TreeFactor::Factor(const MTree& tree, const char* what) {
  tree_ = &tree;
  ld_ = tree.value;
  inverse_d_.resize(tree.nv);
  const std::vector<int>& adr = tree.address;
  // Leaves first: row k's pivot is final once every descendant (index > k) is eliminated.
  for (int k = tree.nv - 1; k >= 0; --k) {
    const double pivot = ld_[adr[k]];
    if (!(pivot > 0)) {
      throw core::NumericalError(std::string(what) +
                                 " is not positive definite (tree pivot of DOF " +
                                 std::to_string(k) + " = " + core::FormatNumber(pivot) + ")");
    }
    // For each ancestor i of k: row i (i and its ancestors, the tail of row k's list from i)
    // loses L(k, i) · M(k, ·), then L(k, i) = M(k, i) / D_k is stored in place.
    int ki = adr[k] + 1;
    for (int i = tree.parent[k]; i >= 0; i = tree.parent[i], ++ki) {
      const double l = ld_[ki] / pivot;
      const int count = adr[i + 1] - adr[i];
      for (int c = 0; c < count; ++c) ld_[adr[i] + c] -= l * ld_[ki + c];
      ld_[ki] = l;
    }
  }
  for (int k = 0; k < tree.nv; ++k) inverse_d_[k] = 1 / ld_[adr[k]];
}

void TreeFactor::SolveInPlace(double* x) const {
  const MTree& t = *tree_;
  const std::vector<int>& adr = t.address;
  // x ← L⁻ᵀ x: each DOF's value pushed to its ancestors, leaves first.
  for (int i = t.nv - 1; i >= 0; --i) {
    const double xi = x[i];
    if (xi == 0) continue;
    int ij = adr[i] + 1;
    for (int j = t.parent[i]; j >= 0; j = t.parent[j]) x[j] -= ld_[ij++] * xi;
  }
  // x ← D⁻¹ x.
  for (int i = 0; i < t.nv; ++i) x[i] *= inverse_d_[i];
  // x ← L⁻¹ x: each DOF pulls from its ancestors, roots first.
  for (int i = 0; i < t.nv; ++i) {
    double xi = x[i];
    int ij = adr[i] + 1;
    for (int j = t.parent[i]; j >= 0; j = t.parent[j]) xi -= ld_[ij++] * x[j];
    x[i] = xi;
  }
}

void TreeFactor::HalfSolveOn(const std::vector<int>& dofs, double* x) const {
  const MTree& t = *tree_;
  // x ← L⁻ᵀ x on the listed DOFs (descending: leaves before their ancestors), then D^{-1/2}.
  for (const int i : dofs) {
    const double xi = x[i];
    if (xi == 0) continue;
    int ij = t.address[i] + 1;
    for (int j = t.parent[i]; j >= 0; j = t.parent[j]) x[j] -= ld_[ij++] * xi;
  }
  for (const int i : dofs) x[i] *= std::sqrt(inverse_d_[i]);
}

}  // namespace simatlas::mujoco
