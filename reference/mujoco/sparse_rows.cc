// MJ-solvers §3–§4 — matrices in compressed sparse rows for the primal solvers (formula sheet
// (3.2) terms J a, Jᵀ f); MuJoCo engine_util_sparse.c: mju_mulMatVecSparse,
// mju_mulMatTVecSparse. Written from the course's description.
#include "reference/mujoco/sparse_rows.h"

namespace simatlas::mujoco {

SparseRows MakeSparseRows(const core::MatrixX& A) {
  SparseRows s;
  s.rows = static_cast<int>(A.rows());
  s.cols = static_cast<int>(A.cols());
  s.start.reserve(s.rows + 1);
  s.start.push_back(0);
  for (int r = 0; r < s.rows; ++r) {
    for (int c = 0; c < s.cols; ++c) {
      if (A(r, c) == 0) continue;
      s.col.push_back(c);
      s.value.push_back(A(r, c));
    }
    s.start.push_back(static_cast<int>(s.col.size()));
  }
  return s;
}

void MultiplyRows(const SparseRows& A, const core::VectorX& x, core::VectorX& out) {
  out.resize(A.rows);
  for (int r = 0; r < A.rows; ++r) {
    double sum = 0;
    for (int k = A.start[r]; k < A.start[r + 1]; ++k) sum += A.value[k] * x[A.col[k]];
    out[r] = sum;
  }
}

void MultiplyRowsTransposed(const SparseRows& A, const core::VectorX& f, core::VectorX& out) {
  out.setZero(A.cols);
  for (int r = 0; r < A.rows; ++r) {
    if (f[r] == 0) continue;
    for (int k = A.start[r]; k < A.start[r + 1]; ++k) out[A.col[k]] += A.value[k] * f[r];
  }
}

}  // namespace simatlas::mujoco
