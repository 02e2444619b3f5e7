#pragma once
/// @file
/// MJ-solvers §3–§4 (cost of the primal solvers): the constraint Jacobian J (nefc × nv) kept row
/// by row with only its nonzeros (compressed sparse rows). On real models a row touches the DOFs
/// of one or two kinematic chains — a humanoid contact row about 6–12 of the 594 DOFs of 22
/// humanoids — so J a, Jᵀ f and Jᵀ Hc J cost O(nnz) instead of O(nefc · nv). MuJoCo keeps efc_J
/// in this form when mj_isSparse (engine_util_sparse.c: mju_mulMatVecSparse,
/// mju_mulMatTVecSparse; engine_solver.c forms Jᵀ D J from it).

#include <vector>

#include "reference/core/numeric.h"
#include "reference/mujoco/problem.h"

namespace simatlas::mujoco {

/// J in compressed sparse rows: row r's nonzeros are col/value[start[r] .. start[r+1]), columns
/// ascending.
struct SparseRows {
  int rows = 0;              ///< nefc
  int cols = 0;              ///< nv
  std::vector<int> start;    ///< rows + 1 offsets
  std::vector<int> col;      ///< column of each nonzero
  std::vector<double> value;  ///< value of each nonzero
};

/// The exact nonzeros of a dense J (entries equal to 0 are dropped).
SparseRows MakeSparseRows(const core::MatrixX& J);

/// The problem's two matrices as sparse rows, built once per solve: J, and M, whose nonzeros
/// are the DOF pairs on one kinematic chain (block-diagonal over trees: 22 humanoids keep about
/// 2% of M's nv² entries). M x then costs O(nnz(M)) like MuJoCo's mj_mulM
/// (engine_core_smooth.c, along the tree).
struct SparseOperators {
  SparseRows J;  ///< nefc × nv
  SparseRows M;  ///< nv × nv
};
/// J and M of problem as sparse rows (MakeSparseRows of each: exact nonzeros).
SparseOperators MakeSparseOperators(const Problem& problem);

/// out = J x (out is resized to rows).
void MultiplyRows(const SparseRows& J, const core::VectorX& x, core::VectorX& out);

/// out = Jᵀ f (out is resized to cols).
void MultiplyRowsTransposed(const SparseRows& J, const core::VectorX& f, core::VectorX& out);

/// H += w J_rᵀ J_r for one row r (a quadratic row's term D Jᵀ J of (3.2)) on the lower
/// triangle of H only: the Hessian is symmetric, its assembler mirrors it once at the end.
void AddRowOuterProduct(const SparseRows& J, int r, double w, core::MatrixX& H);

/// H += J_bᵀ Hc J_b for the rows first … first + n − 1 and a dense symmetric n × n Hc (an
/// elliptic cone block of (3.2)), lower triangle only as AddRowOuterProduct.
void AddBlockProduct(const SparseRows& J, int first, const core::MatrixX& Hc, core::MatrixX& H);

}  // namespace simatlas::mujoco
