// MJ-solvers §4 — Cholesky of M and of Newton's H = M + Jᵀ Hc J (formula sheet (3.2)), dense for
// small nv (MuJoCo engine_util_solve.c: mju_cholFactor), sparse with AMD ordering from nv = 60
// (engine_support.c: mj_isSparse; engine_core_smooth.c: mj_factorM). Not MuJoCo's code.
#include "reference/mujoco/spd_factor.h"

#include <string>

#include "reference/core/errors.h"

namespace simatlas::mujoco {

void SpdFactor::Factor(const core::MatrixX& A, const char* what) {
  sparse_ = A.rows() >= kSparseFactorFromNv;
  bool ok = true;
  if (sparse_) {
    // Exact zeros of A are dropped: the pattern of M (a tree per body chain) plus Jᵀ Hc J.
    const Eigen::SparseMatrix<double> S = A.sparseView();
    sparse_llt_.compute(S);
    ok = sparse_llt_.info() == Eigen::Success;
  } else {
    dense_.compute(A);
    ok = dense_.info() == Eigen::Success;
  }
  if (!ok) {
    throw core::NumericalError(std::string(what) + " is not positive definite (Cholesky failed)");
  }
}

core::VectorX SpdFactor::Solve(const core::VectorX& b) const {
  if (sparse_) return sparse_llt_.solve(b);
  return dense_.solve(b);
}

bool SpdFactor::RankOneUpdate(const core::VectorX& v, double sigma) {
  if (sparse_) return false;
  dense_.rankUpdate(v, sigma);
  return dense_.info() == Eigen::Success;
}

core::MatrixX SpdFactor::SolveColumns(const core::MatrixX& B) const {
  // No columns (nefc = 0): nothing to solve. Eigen 3.4's LLT::solve binds a reference to the
  // null data of an empty right side (undefined behaviour, UBSan in scripts/sanitize).
  if (B.cols() == 0) return core::MatrixX(B.rows(), 0);
  if (sparse_) return sparse_llt_.solve(B);
  return dense_.solve(B);
}

}  // namespace simatlas::mujoco
