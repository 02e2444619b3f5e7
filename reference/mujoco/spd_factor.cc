// MJ-solvers §4 — Cholesky of M and of Newton's H = M + Jᵀ Hc J (formula sheet (3.2)), dense for
// small nv (MuJoCo engine_util_solve.c: mju_cholFactor), sparse with AMD ordering from nv = 60
// (engine_support.c: mj_isSparse; engine_util_solve.c: mju_cholFactorSparse), M along its DOF
// tree when the tree is known (engine_core_smooth.c: mj_factorM). Not MuJoCo's code.
#include "reference/mujoco/spd_factor.h"

#include <algorithm>
#include <string>

#include "reference/core/errors.h"

namespace simatlas::mujoco {

namespace {

[[noreturn]] void ThrowNotPositiveDefinite(const char* what) {
  throw core::NumericalError(std::string(what) + " is not positive definite (Cholesky failed)");
}

}  // namespace

void SpdFactor::Factor(const core::MatrixX& A, const char* what) {
  if (A.rows() >= kSparseFactorFromNv) {
    // Exact zeros of A are dropped: the pattern of M (a tree per body chain) plus Jᵀ Hc J.
    const Eigen::SparseMatrix<double> S = A.sparseView();
    kind_ = Kind::kSparse;
    pattern_ = nullptr;
    sparse_llt_.compute(S);
    if (sparse_llt_.info() != Eigen::Success) ThrowNotPositiveDefinite(what);
    return;
  }
  kind_ = Kind::kDense;
  dense_.compute(A);
  if (dense_.info() != Eigen::Success) ThrowNotPositiveDefinite(what);
}

void SpdFactor::FactorTree(const MTree& tree, const char* what) {
  kind_ = Kind::kTree;
  tree_.Factor(tree, what);
}

double* SpdFactor::BeginSparse(const Eigen::SparseMatrix<double>& pattern) {
  // A new pattern: copy it and run the symbolic analysis once.
  if (pattern_ != &pattern) {
    work_ = pattern;
    reversed_llt_.analyzePattern(work_);
    pattern_ = &pattern;
  }
  std::fill(work_.valuePtr(), work_.valuePtr() + work_.nonZeros(), 0.0);
  return work_.valuePtr();
}

void SpdFactor::FactorSparse(const char* what) {
  kind_ = Kind::kReversed;
  reversed_llt_.factorize(work_);
  if (reversed_llt_.info() != Eigen::Success) ThrowNotPositiveDefinite(what);
}

core::VectorX SpdFactor::Solve(const core::VectorX& b) const {
  core::VectorX x;
  SolveInto(b, x);
  return x;
}

void SpdFactor::SolveInto(const core::VectorX& b, core::VectorX& x) const {
  if (kind_ == Kind::kTree) {
    x = b;
    tree_.SolveInPlace(x.data());
  } else if (kind_ == Kind::kReversed) {
    x = reversed_llt_.solve(b.reverse()).reverse();
  } else if (kind_ == Kind::kSparse) {
    x = sparse_llt_.solve(b);
  } else {
    x = dense_.solve(b);
  }
}

bool SpdFactor::RankOneUpdate(const core::VectorX& v, double sigma) {
  if (kind_ != Kind::kDense) return false;
  dense_.rankUpdate(v, sigma);
  return dense_.info() == Eigen::Success;
}

core::MatrixX SpdFactor::SolveColumns(const core::MatrixX& B) const {
  // No columns (nefc = 0): nothing to solve. Eigen 3.4's LLT::solve binds a reference to the
  // null data of an empty right side (undefined behaviour, UBSan in scripts/sanitize).
  if (B.cols() == 0) return core::MatrixX(B.rows(), 0);
  if (kind_ == Kind::kTree) {
    core::MatrixX X = B;
    for (Eigen::Index c = 0; c < X.cols(); ++c) tree_.SolveInPlace(X.col(c).data());
    return X;
  }
  if (kind_ == Kind::kReversed)
    return reversed_llt_.solve(B.colwise().reverse()).colwise().reverse();
  if (kind_ == Kind::kSparse) return sparse_llt_.solve(B);
  return dense_.solve(B);
}

}  // namespace simatlas::mujoco
