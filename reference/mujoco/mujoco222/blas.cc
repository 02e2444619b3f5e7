// MJ-solvers §4–§5, 2.2.2 column — MuJoCo 2.2.2's dense kernels in its order of operations,
// written from a reading of tag 2.2.2 (engine_util_blas.c, engine_util_solve.c,
// engine_support.c, engine_core_smooth.c); each function names the one it follows.
#include "reference/mujoco/mujoco222/blas.h"

#include <cmath>

#include "reference/mujoco/constants.h"
#include "reference/mujoco/dot.h"

namespace simatlas::mujoco::mujoco222 {

core::VectorX MulMatVec(const RowMatrix& A, const core::VectorX& x) {
  core::VectorX out(A.rows());
  for (Eigen::Index r = 0; r < A.rows(); ++r) {
    out[r] = MujocoDot(A.row(r).data(), x.data(), static_cast<int>(A.cols()));
  }
  return out;
}

core::VectorX MulMatTVec(const RowMatrix& A, const core::VectorX& f) {
  // mju_mulMatTVec: res += A_r · f_r (mju_addToScl) for rows with f_r ≠ 0.
  core::VectorX out = core::VectorX::Zero(A.cols());
  for (Eigen::Index r = 0; r < A.rows(); ++r) {
    const double fr = f[r];
    if (fr == 0) continue;
    for (Eigen::Index c = 0; c < A.cols(); ++c) out[c] += A(r, c) * fr;
  }
  return out;
}

std::vector<std::vector<int>> AncestorPattern(const core::MatrixX& M) {
  const Eigen::Index nv = M.rows();
  // M's nonzeros below the diagonal, closed under the backward elimination's fill (row k's
  // columns i > j put (i, j) in the pattern): for a tree, each DOF's ancestors that couple to
  // it or to a descendant, structural entries that stay zero left out (they add nothing).
  std::vector<std::vector<char>> in(nv, std::vector<char>(nv, 0));
  for (Eigen::Index i = 0; i < nv; ++i) {
    for (Eigen::Index j = 0; j < i; ++j) in[i][j] = M(i, j) != 0;
  }
  for (Eigen::Index k = nv - 1; k >= 0; --k) {
    for (Eigen::Index i = 0; i < k; ++i) {
      if (!in[k][i]) continue;
      for (Eigen::Index j = 0; j < i; ++j) in[i][j] = in[i][j] || in[k][j];
    }
  }
  std::vector<std::vector<int>> out(nv);
  for (Eigen::Index i = 0; i < nv; ++i) {
    for (Eigen::Index j = i - 1; j >= 0; --j) {
      if (in[i][j]) out[i].push_back(static_cast<int>(j));
    }
  }
  return out;
}

core::VectorX MulM(const core::MatrixX& M, const std::vector<std::vector<int>>& pattern,
                   const core::VectorX& v) {
  // mj_mulM: row i's diagonal, then each ancestor j adds to both rows i and j.
  core::VectorX res = core::VectorX::Zero(v.size());
  for (Eigen::Index i = 0; i < v.size(); ++i) {
    res[i] += M(i, i) * v[i];
    for (int j : pattern[i]) {
      res[i] += M(i, j) * v[j];
      res[j] += M(i, j) * v[i];
    }
  }
  return res;
}

FactorM::FactorM(const core::MatrixX& M, const std::vector<std::vector<int>>& pattern)
    : LD_(M), diag_inv_(M.rows()), pattern_(pattern) {
  const int nv = static_cast<int>(M.rows());
  // mj_factorI: backward over DOFs k; each ancestor i of k: tmp = L_ki/D_k, row i's
  // entries (i and its ancestors) −= row k's · tmp, then L_ki = tmp.
  for (int k = nv - 1; k >= 0; --k) {
    if (LD_(k, k) < kMinVal) LD_(k, k) = kMinVal;
    for (int i : pattern_[k]) {
      const double tmp = LD_(k, i) / LD_(k, k);
      LD_(i, i) += LD_(k, i) * -tmp;
      for (int j : pattern_[i]) LD_(i, j) += LD_(k, j) * -tmp;
      LD_(k, i) = tmp;
    }
  }
  for (int i = 0; i < nv; ++i) diag_inv_[i] = 1.0 / LD_(i, i);
}

core::VectorX FactorM::Solve(const core::VectorX& y) const {
  const int nv = static_cast<int>(y.size());
  core::VectorX x = y;
  // mj_solveLD: x ← L⁻ᵀ x (backward, skipping zeros), x ← x · (1/D), x ← L⁻¹ x (forward).
  for (int i = nv - 1; i >= 0; --i) {
    const double xi = x[i];
    if (xi == 0) continue;
    for (int j : pattern_[i]) x[j] -= LD_(i, j) * xi;
  }
  for (int i = 0; i < nv; ++i) x[i] *= diag_inv_[i];
  for (int i = 0; i < nv; ++i) {
    double t = x[i];
    for (int j : pattern_[i]) t -= LD_(i, j) * x[j];
    x[i] = t;
  }
  return x;
}

int CholFactor(RowMatrix& H, double mindiag) {
  const int n = static_cast<int>(H.rows());
  int rank = n;
  for (int j = 0; j < n; ++j) {
    // New diagonal H_jj − L_j·L_j, raised to mindiag when below it.
    double tmp = H(j, j);
    if (j > 0) tmp -= MujocoDot(H.row(j).data(), H.row(j).data(), j);
    if (tmp < mindiag) {
      tmp = mindiag;
      --rank;
    }
    H(j, j) = std::sqrt(tmp);
    // Off-diagonal column j, multiplied by 1/L_jj.
    const double inv = 1 / H(j, j);
    for (int i = j + 1; i < n; ++i) {
      H(i, j) = (H(i, j) - MujocoDot(H.row(i).data(), H.row(j).data(), j)) * inv;
    }
  }
  return rank;
}

core::VectorX CholSolve(const RowMatrix& L, const core::VectorX& b) {
  const int n = static_cast<int>(b.size());
  core::VectorX x = b;
  // Forward L y = b (row dots), then backward Lᵀ x = y (column sums), each divided by L_ii.
  for (int i = 0; i < n; ++i) {
    if (i > 0) x[i] -= MujocoDot(L.row(i).data(), x.data(), i);
    x[i] /= L(i, i);
  }
  for (int i = n - 1; i >= 0; --i) {
    for (int j = i + 1; j < n; ++j) x[i] -= L(j, i) * x[j];
    x[i] /= L(i, i);
  }
  return x;
}

int CholUpdate(RowMatrix& L, core::VectorX x, bool plus) {
  const int n = static_cast<int>(x.size());
  int rank = n;
  for (int k = 0; k < n; ++k) {
    if (x[k] == 0) continue;
    // The rotation that folds x_k into L_kk.
    const double Lkk = L(k, k);
    double tmp = Lkk * Lkk + (plus ? x[k] * x[k] : -x[k] * x[k]);
    if (tmp < kMinVal) {
      tmp = kMinVal;
      --rank;
    }
    const double r = std::sqrt(tmp);
    const double c = r / Lkk;
    const double cinv = 1 / c;
    const double s = x[k] / Lkk;
    L(k, k) = r;
    for (int i = k + 1; i < n; ++i) {
      L(i, k) = plus ? (L(i, k) + s * x[i]) * cinv : (L(i, k) - s * x[i]) * cinv;
    }
    for (int i = k + 1; i < n; ++i) x[i] = c * x[i] - s * L(i, k);
  }
  return rank;
}

RowMatrix HessianDirect(const RowMatrix& J, const core::VectorX& D, const core::MatrixX& M,
                        const std::vector<std::vector<int>>& pattern) {
  const int nv = static_cast<int>(J.cols());
  RowMatrix H = RowMatrix::Zero(nv, nv);
  // mju_sqrMatTD: lower triangle row by row, H_i,0..i += J_r,0..i · (J_ri D_r).
  for (Eigen::Index r = 0; r < J.rows(); ++r) {
    if (D[r] == 0) continue;
    for (int i = 0; i < nv; ++i) {
      const double Jri = J(r, i);
      if (Jri == 0) continue;
      const double scl = Jri * D[r];
      for (int c = 0; c <= i; ++c) H(i, c) += J(r, c) * scl;
    }
  }
  for (int i = 0; i < nv; ++i) {
    for (int j = i + 1; j < nv; ++j) H(i, j) = H(j, i);
  }
  // mj_addM (dense): M's diagonal and each ancestor entry to both halves.
  for (int i = 0; i < nv; ++i) {
    H(i, i) += M(i, i);
    for (int j : pattern[i]) {
      H(i, j) += M(i, j);
      H(j, i) += M(i, j);
    }
  }
  return H;
}

}  // namespace simatlas::mujoco::mujoco222
