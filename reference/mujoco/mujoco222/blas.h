#pragma once
/// @file
/// MJ-solvers §4–§5, 2.2.2 column: MuJoCo 2.2.2's dense kernels in MuJoCo's own order of
/// operations, so that the primal loop under 2.2.2's arithmetic rounds as MuJoCo does (at tolerance 1e-15 and 0 the
/// exits compare round-off with round-off). Each kernel names the MuJoCo function it follows
/// (tag 2.2.2: engine_util_blas.c, engine_util_solve.c, engine_support.c, engine_core_smooth.c);
/// M is the dense copy of MuJoCo's tree-sparse qM (mj_fullM), whose zeros off the ancestor
/// pattern the kernels skip: adding an exact zero product leaves every sum unchanged, so the
/// dense kernels give MuJoCo's bits.

#include <vector>

#include <Eigen/Dense>

#include "reference/core/numeric.h"

namespace simatlas::mujoco::mujoco222 {

/// A dense matrix stored row by row as MuJoCo stores efc_J and H (row r contiguous).
using RowMatrix = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

/// mju_mulMatVec: (A x)_r = mju_dot(A_r, x) (MujocoDot, dot.h).
core::VectorX MulMatVec(const RowMatrix& A, const core::VectorX& x);

/// mju_mulMatTVec: Aᵀ f accumulated row by row (rows with f_r = 0 skipped).
core::VectorX MulMatTVec(const RowMatrix& A, const core::VectorX& f);

/// The ancestor pattern of a tree-structured M: for each DOF the columns j < i of its row of L
/// (M's nonzeros and the backward elimination's fill), in decreasing order (MuJoCo's walk
/// along dof_parentid). O(nv³) bit operations, once per solve.
std::vector<std::vector<int>> AncestorPattern(const core::MatrixX& M);

/// mj_mulM: M v in qM's order (each row's diagonal, then its ancestors, each off-diagonal
/// entry added to both of its rows).
core::VectorX MulM(const core::MatrixX& M, const std::vector<std::vector<int>>& pattern,
                   const core::VectorX& v);

/// mj_factorI and mj_solveLD: MuJoCo's backward LDLᵀ of M along the tree and its solve.
class FactorM {
 public:
  /// Factors M (diagonal entries below 1e-15 raised to 1e-15, as mj_factorI does); keeps a
  /// reference to pattern (AncestorPattern(M)), which must outlive the factor.
  FactorM(const core::MatrixX& M, const std::vector<std::vector<int>>& pattern);
  /// x = M⁻¹ y by mj_solveLD (x ← L⁻ᵀ x, x ← D⁻¹ x by multiplying 1/D, x ← L⁻¹ x).
  core::VectorX Solve(const core::VectorX& y) const;

 private:
  RowMatrix LD_;                                  // unit-lower L below the diagonal, D on it
  core::VectorX diag_inv_;                        // 1/D
  const std::vector<std::vector<int>>& pattern_;  // ancestors per DOF
};

/// mju_cholFactor: in-place dense Cholesky of the lower triangle of H (row-major reading of
/// MuJoCo's loop: L_jj = √(H_jj − L_j·L_j), L_ij = (H_ij − L_i·L_j)/L_jj, by multiplying
/// 1/L_jj); a diagonal below mindiag is raised to it. Returns the rank (n less the raised
/// diagonals).
int CholFactor(RowMatrix& H, double mindiag);

/// mju_cholSolve: L Lᵀ x = b with L from CholFactor.
core::VectorX CholSolve(const RowMatrix& L, const core::VectorX& b);

/// mju_cholUpdate: L Lᵀ ± x xᵀ in place (x is consumed). Returns the rank (a diagonal squared
/// below 1e-15 is raised to it and lowers the rank).
int CholUpdate(RowMatrix& L, core::VectorX x, bool plus);

/// mju_sqrMatTD then mj_addM (dense): H = Jᵀ diag(D) J + M, Jᵀ D J summed row by row into the
/// lower triangle (rows with D_r = 0 and zero entries skipped), mirrored, then M added.
RowMatrix HessianDirect(const RowMatrix& J, const core::VectorX& D, const core::MatrixX& M,
                        const std::vector<std::vector<int>>& pattern);

}  // namespace simatlas::mujoco::mujoco222
