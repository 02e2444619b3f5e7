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
  /// An elliptic block starting at row r (else −1): its n² row pairs (p, q) start at
  /// cone_pair_start[cone_start[r] + p n + q] in cone_position, which holds the positions in
  /// upper's values of ForEachBlockProduct's terms of that pair, in its order.
  std::vector<int> cone_start;
  std::vector<int> cone_pair_start;  ///< see cone_start
  std::vector<int> cone_position;    ///< see cone_start
};

/// Calls add(i, j, (Hc(p, q) J_pi) J_qj, pair, m) for every term of J_bᵀ Hc J_b on or below the
/// diagonal (j ≤ i), rows first … first + n − 1, Hc's zeros skipped: pair = p n + q, m counts
/// the pair's terms from 0. The one walk that the dense and the sparse Hessian assemblers
/// accumulate and that MakeHessianPattern records the positions of.
template <class Add>
void ForEachBlockProduct(const SparseRows& J, int first, const core::MatrixX& Hc, Add&& add) {
  const int n = static_cast<int>(Hc.rows());
  // Σ_{p,q} Hc(p, q) J_pᵀ J_q over the block's row pairs.
  for (int p = 0; p < n; ++p) {
    for (int q = 0; q < n; ++q) {
      const double h = Hc(p, q);
      if (h == 0) continue;
      const int rp = first + p, rq = first + q;
      int m = 0;
      for (int a = J.start[rp]; a < J.start[rp + 1]; ++a) {
        const double ha = h * J.value[a];
        for (int b = J.start[rq]; b < J.start[rq + 1]; ++b) {
          if (J.col[b] <= J.col[a]) add(J.col[a], J.col[b], ha * J.value[b], p * n + q, m++);
        }
      }
    }
  }
}

/// H's pattern for the problem's rows and contacts, J and M as sparse rows, and the positions of
/// M's, each row's and each elliptic block's products in it, found once here so that an
/// assembly of H adds each product at a known position (no search per entry).
HessianPattern MakeHessianPattern(const Problem& problem, const SparseRows& J, const SparseRows& M);

/// The position of H's entry (row, col), row ≥ col (original DOF order), in pattern.upper's
/// values (−1 if absent).
int PatternPosition(const HessianPattern& pattern, int row, int col);

}  // namespace simatlas::mujoco
