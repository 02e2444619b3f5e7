#pragma once
/// @file
/// E3-SAP §4: H = A + JᵀGJ is factored, never inverted. Drake's default is a block-sparse
/// (supernodal) Cholesky whose supernodes are the cliques; this is a small right-looking block
/// Cholesky over clique blocks that keeps only the blocks that are nonzero or filled in.
/// Elimination follows the clique order (no fill-reducing reordering): cliques coupled only to
/// the ground give a block-diagonal H and a cost linear in the number of cliques.

#include <map>
#include <vector>

#include "reference/core/numeric.h"

namespace simatlas::sap {

/// A symmetric matrix stored as its lower blocks (i ≥ j) over a partition of the unknowns.
class BlockSparseSymmetricMatrix {
 public:
  /// block_sizes[i] = size of block i (a clique's number of velocities).
  explicit BlockSparseSymmetricMatrix(std::vector<int> block_sizes);
  /// Adds M to block (i, j), i ≥ j (for i == j, M must be symmetric).
  void AddToBlock(int i, int j, const core::MatrixX& M);
  /// The dense matrix (both triangles).
  core::MatrixX ToDense() const;
  /// Size of each block, as given to the constructor.
  const std::vector<int>& block_sizes() const { return sizes_; }
  /// Block column j: row index i ≥ j → block.
  const std::map<int, core::MatrixX>& column(int j) const { return columns_[j]; }
  /// Number of diagonal blocks (cliques).
  int num_blocks() const { return static_cast<int>(sizes_.size()); }

 private:
  std::vector<int> sizes_;
  std::vector<int> offsets_;
  std::vector<std::map<int, core::MatrixX>> columns_;
};

/// L Lᵀ = H over the same block structure (fill-in added where elimination creates it).
class BlockSparseCholesky {
 public:
  /// Factors H; throws core::NumericalError if a diagonal block is not positive definite.
  explicit BlockSparseCholesky(const BlockSparseSymmetricMatrix& H);
  /// x = H⁻¹ b.
  core::VectorX Solve(const core::VectorX& b) const;
  /// Number of stored lower blocks of L (diagonal included): a measure of fill-in.
  int num_factor_blocks() const;

 private:
  std::vector<int> sizes_;
  std::vector<int> offsets_;
  std::vector<std::map<int, core::MatrixX>> L_;  // L_[j][i] = L(i, j), i ≥ j
};

}  // namespace simatlas::sap
