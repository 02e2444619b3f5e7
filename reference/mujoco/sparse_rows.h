#pragma once
/// @file
/// MJ-solvers §3–§4 (cost of the primal solvers): a matrix kept row by row with only its
/// nonzeros (compressed sparse rows), the form of J (nefc × nv), Jᵀ and M. On real models a row
/// touches the DOFs of one or two kinematic chains — a humanoid contact row about 6–12 of the 594
/// DOFs of 22 humanoids — so J a and Jᵀ f cost O(nnz) instead of O(nefc · nv). MuJoCo keeps efc_J
/// in this form when mj_isSparse (engine_util_sparse.c: mju_mulMatVecSparse,
/// mju_mulMatTVecSparse).

#include <vector>

#include "reference/core/numeric.h"

namespace simatlas::mujoco {

/// A matrix in compressed sparse rows: row r's nonzeros are col/value[start[r] .. start[r+1]),
/// columns ascending.
struct SparseRows {
  int rows = 0;               ///< number of rows (J: nefc)
  int cols = 0;               ///< number of columns (J: nv)
  std::vector<int> start;     ///< rows + 1 offsets
  std::vector<int> col;       ///< column of each nonzero
  std::vector<double> value;  ///< value of each nonzero
};

/// The exact nonzeros of a dense matrix (entries equal to 0 are dropped).
SparseRows MakeSparseRows(const core::MatrixX& A);

/// out = A x (out is resized to A.rows), each row summed over its nonzeros in column order.
void MultiplyRows(const SparseRows& A, const core::VectorX& x, core::VectorX& out);

/// out = Aᵀ f (out is resized to A.cols), accumulated row by row (rows with f_r = 0 skipped).
void MultiplyRowsTransposed(const SparseRows& A, const core::VectorX& f, core::VectorX& out);

}  // namespace simatlas::mujoco
