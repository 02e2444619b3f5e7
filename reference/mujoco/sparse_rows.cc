// MJ-solvers §3–§4 — J in compressed sparse rows for the primal solvers (formula sheet (3.2)
// terms J a, Jᵀ f, Jᵀ Hc J); MuJoCo engine_util_sparse.c: mju_mulMatVecSparse,
// mju_mulMatTVecSparse. Written from the course's description.
#include "reference/mujoco/sparse_rows.h"

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

SparseOperators MakeSparseOperators(const Problem& problem) {
  return {MakeSparseRows(problem.J), MakeSparseRows(problem.M)};
}

void MultiplyRows(const SparseRows& J, const core::VectorX& x, core::VectorX& out) {
  out.resize(J.rows);
  for (int r = 0; r < J.rows; ++r) {
    double sum = 0;
    for (int k = J.start[r]; k < J.start[r + 1]; ++k) sum += J.value[k] * x[J.col[k]];
    out[r] = sum;
  }
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
  const int n = static_cast<int>(Hc.rows());
  // Σ_{p,q} Hc(p, q) J_pᵀ J_q over the block's row pairs.
  for (int p = 0; p < n; ++p) {
    for (int q = 0; q < n; ++q) {
      const double h = Hc(p, q);
      if (h == 0) continue;
      const int rp = first + p, rq = first + q;
      for (int a = J.start[rp]; a < J.start[rp + 1]; ++a) {
        const double ha = h * J.value[a];
        for (int b = J.start[rq]; b < J.start[rq + 1]; ++b) {
          if (J.col[b] <= J.col[a]) H(J.col[a], J.col[b]) += ha * J.value[b];
        }
      }
    }
  }
}

}  // namespace simatlas::mujoco
