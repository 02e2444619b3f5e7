#pragma once
/// @file
/// MJ-solvers §4 (Newton on the sparse path): the nonzero pattern of Newton's H = M + Jᵀ Hc J
/// (3.2), fixed by J's and M's patterns, so that H is assembled on it and its symbolic analysis
/// is done once per solve while the row states change.
/// Equation numbers (N.M) are the formula sheet's (course/FORMULAS.md).

#include <vector>

#include <Eigen/SparseCore>

#include "reference/core/numeric.h"
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
  /// An elliptic block's columns (BlockColumns) and the positions in upper's values of its
  /// product's lower triangle (a, b ≤ a), row by row: found once here, none searched while H is
  /// assembled.
  struct Cone {
    std::vector<int> columns;   ///< the DOFs the block's rows touch, ascending
    std::vector<int> position;  ///< entry (a, b ≤ a) of its product, row by row
  };
  std::vector<Cone> cones;       ///< the elliptic blocks in row order
  std::vector<int> cone_of_row;  ///< index into cones of the block starting at row r, else −1
};

/// The DOFs an elliptic block's rows first … first + n − 1 touch, ascending (a contact's rows
/// share the bodies' chains, so each row touches these or fewer).
std::vector<int> BlockColumns(const SparseRows& J, int first, int n);

/// J_bᵀ Hc J_b on the block's columns (BlockColumns, u of them): the u × u product of (3.2)'s
/// cone term, formed as J_bᵀ (Hc J_b) on J_b gathered dense (n × u), so that it costs about
/// n u (n + u) rather than a sum over every row pair's products (Eigen's blocked product: fewer
/// instructions here than plain loops over the lower triangle alone). The one product the dense
/// and the sparse Hessian assemblers add (its lower triangle).
core::MatrixX BlockProduct(const SparseRows& J, int first, const core::MatrixX& Hc,
                           const std::vector<int>& columns);

/// H's pattern for the problem's rows and contacts, J and M as sparse rows, and the positions of
/// M's, each row's and each elliptic block's products in it, found once here so that an
/// assembly of H adds each product at a known position (no search per entry).
HessianPattern MakeHessianPattern(const Problem& problem, const SparseRows& J, const SparseRows& M);

/// The position of H's entry (row, col), row ≥ col (original DOF order), in pattern.upper's
/// values (−1 if absent).
int PatternPosition(const HessianPattern& pattern, int row, int col);

}  // namespace simatlas::mujoco
