// E3-SAP §4: block-sparse Cholesky over cliques (see block_sparse_cholesky.h).
#include "reference/sap/block_sparse_cholesky.h"

#include <stdexcept>
#include <string>

#include "reference/core/errors.h"

namespace simatlas::sap {

namespace {

std::vector<int> Offsets(const std::vector<int>& sizes) {
  std::vector<int> offsets(sizes.size() + 1, 0);
  for (size_t i = 0; i < sizes.size(); ++i) offsets[i + 1] = offsets[i] + sizes[i];
  return offsets;
}

}  // namespace

BlockSparseSymmetricMatrix::BlockSparseSymmetricMatrix(std::vector<int> block_sizes)
    : sizes_(std::move(block_sizes)), offsets_(Offsets(sizes_)), columns_(sizes_.size()) {}

void BlockSparseSymmetricMatrix::AddToBlock(int i, int j, const core::MatrixX& M) {
  if (i < j) throw std::logic_error("BlockSparseSymmetricMatrix: only lower blocks (i >= j)");
  auto [it, inserted] = columns_[j].try_emplace(i, core::MatrixX::Zero(sizes_[i], sizes_[j]));
  it->second += M;
}

core::MatrixX BlockSparseSymmetricMatrix::ToDense() const {
  core::MatrixX H = core::MatrixX::Zero(offsets_.back(), offsets_.back());
  for (int j = 0; j < num_blocks(); ++j) {
    for (const auto& [i, block] : columns_[j]) {
      H.block(offsets_[i], offsets_[j], sizes_[i], sizes_[j]) = block;
      if (i != j) H.block(offsets_[j], offsets_[i], sizes_[j], sizes_[i]) = block.transpose();
    }
  }
  return H;
}

BlockSparseCholesky::BlockSparseCholesky(const BlockSparseSymmetricMatrix& H)
    : sizes_(H.block_sizes()), offsets_(Offsets(sizes_)), L_(sizes_.size()) {
  const int n = static_cast<int>(sizes_.size());
  for (int j = 0; j < n; ++j) L_[j] = H.column(j);
  // Right-looking elimination, one clique (supernode) at a time.
  for (int k = 0; k < n; ++k) {
    auto diag = L_[k].find(k);
    if (diag == L_[k].end()) {
      throw core::NumericalError("Hessian block (" + std::to_string(k) + "," + std::to_string(k) +
                                 ") is missing (H must be SPD)");
    }
    // L(k,k) = chol(H(k,k)).
    Eigen::LLT<core::MatrixX> llt(diag->second);
    if (llt.info() != Eigen::Success) {
      throw core::NumericalError("Hessian block (" + std::to_string(k) + "," + std::to_string(k) +
                                 ") is not positive definite (Cholesky failed)");
    }
    diag->second = llt.matrixL();
    const core::MatrixX& Lkk = diag->second;
    // L(i,k) = H(i,k) L(k,k)⁻ᵀ for the blocks below the diagonal.
    for (auto& [i, block] : L_[k]) {
      if (i == k) continue;
      block = Lkk.triangularView<Eigen::Lower>().solve(block.transpose()).transpose();
    }
    // Schur complement: H(i,j) −= L(i,k) L(j,k)ᵀ for i ≥ j > k (creating fill-in).
    for (const auto& [j, Ljk] : L_[k]) {
      if (j == k) continue;
      for (const auto& [i, Lik] : L_[k]) {
        if (i < j) continue;
        auto [it, inserted] = L_[j].try_emplace(i, core::MatrixX::Zero(sizes_[i], sizes_[j]));
        it->second.noalias() -= Lik * Ljk.transpose();
      }
    }
  }
}

core::VectorX BlockSparseCholesky::Solve(const core::VectorX& b) const {
  const int n = static_cast<int>(sizes_.size());
  core::VectorX x = b;
  // Forward: L y = b, column by column.
  for (int j = 0; j < n; ++j) {
    auto yj = x.segment(offsets_[j], sizes_[j]);
    yj = L_[j].at(j).triangularView<Eigen::Lower>().solve(core::VectorX(yj));
    for (const auto& [i, Lij] : L_[j]) {
      if (i == j) continue;
      x.segment(offsets_[i], sizes_[i]).noalias() -= Lij * x.segment(offsets_[j], sizes_[j]);
    }
  }
  // Backward: Lᵀ x = y.
  for (int j = n - 1; j >= 0; --j) {
    core::VectorX rhs = x.segment(offsets_[j], sizes_[j]);
    for (const auto& [i, Lij] : L_[j]) {
      if (i == j) continue;
      rhs.noalias() -= Lij.transpose() * x.segment(offsets_[i], sizes_[i]);
    }
    x.segment(offsets_[j], sizes_[j]) =
        L_[j].at(j).triangularView<Eigen::Lower>().transpose().solve(rhs);
  }
  return x;
}

int BlockSparseCholesky::num_factor_blocks() const {
  int count = 0;
  for (const auto& column : L_) count += static_cast<int>(column.size());
  return count;
}

}  // namespace simatlas::sap
