#pragma once
/// @file
/// MJ-solvers §4 (Newton on the sparse path): the nonzero pattern of Newton's H = M + Jᵀ Hc J
/// (3.2), fixed by J's and M's patterns, so that H is assembled on it and its symbolic analysis
/// is done once per solve while the row states change.
/// Equation numbers (N.M) are the formula sheet's (course/FORMULAS.md).

#include <vector>

#include <Eigen/SparseCore>

#include "reference/mujoco/problem.h"
#include "reference/mujoco/sparse_rows.h"

namespace simatlas::mujoco {

/// Newton's H = M + Jᵀ Hc J on its nonzero pattern: M's nonzeros and, per contact (all its
/// rows, which an elliptic cone block couples) or other row, every pair of the DOFs its rows
/// touch. Stored as the upper triangle (column major) of H with the DOFs in reversed order
/// k' = nv − 1 − k, so that a Cholesky in natural order eliminates the leaves first, as MuJoCo
/// 2.2.2 factors H backward from the last DOF (engine_util_solve.c: mju_cholFactorSparse; a
/// parent precedes its children, so M alone creates no fill).
struct HessianPattern {
  Eigen::SparseMatrix<double> upper;  ///< nv × nv, the reversed pattern (its values unused)
  /// Position in upper's values of each of M's sparse-row entries on or below the diagonal,
  /// in their order (−1 above the diagonal).
  std::vector<int> m_position;
  /// Row r's pairs (a, b ≤ a) of its nonzeros, in AddRowOuterProduct's order, are at
  /// row_position[row_start[r] ..]: their positions in upper's values.
  std::vector<int> row_start;
  std::vector<int> row_position;  ///< see row_start
};

/// H's pattern for the problem's rows and contacts, J and M as sparse rows, and the positions of
/// M's and each row's products in it.
HessianPattern MakeHessianPattern(const Problem& problem, const SparseRows& J, const SparseRows& M);

/// The position of H's entry (row, col), row ≥ col (original DOF order), in pattern.upper's
/// values (−1 if absent).
int PatternPosition(const HessianPattern& pattern, int row, int col);

}  // namespace simatlas::mujoco
