#pragma once
/// @file
/// MJ-solvers §3–§4 (cost of the solvers): the problem's matrices in the forms the solves read —
/// J and Jᵀ as sparse rows, M as sparse rows and, with the problem's DOF tree, along the tree —
/// and on MuJoCo's sparse path (nv ≥ 60, UsesSparsePath) Newton's H pattern. Built once per
/// problem (Prepare, prepare.h). M's nonzeros are the DOF pairs on one kinematic chain
/// (block-diagonal over trees: 22 humanoids keep about 2% of M's nv² entries), so M x costs
/// O(nnz(M)) like MuJoCo's mj_mulM (engine_core_smooth.c, along the tree).

#include "reference/core/numeric.h"
#include "reference/mujoco/hessian_pattern.h"
#include "reference/mujoco/problem.h"
#include "reference/mujoco/sparse_rows.h"
#include "reference/mujoco/tree_factor.h"

namespace simatlas::mujoco {

/// J, Jᵀ and M of one problem as the solves read them.
struct SparseOperators {
  SparseRows J;              ///< nefc × nv
  SparseRows JT;             ///< Jᵀ (nv × nefc): Jᵀ f gathered row by row (MuJoCo's efc_JT)
  SparseRows M;              ///< nv × nv
  bool has_tree = false;     ///< the problem gave dof_parentid: `tree` holds M along it
  MTree tree;                ///< M in the tree layout (when has_tree)
  bool sparse_path = false;  ///< UsesSparsePath: H is assembled and factored sparse
  HessianPattern hessian;    ///< H's pattern (when sparse_path)
};

/// J, Jᵀ and M of problem as sparse rows (exact nonzeros), M's tree and H's pattern as
/// SparseOperators describes. Does not validate.
SparseOperators MakeSparseOperators(const Problem& problem);

/// MuJoCo's choice of the sparse path (engine_support.c: mj_isSparse): opt.jacobian dense or
/// sparse as given; auto (the default) from nv = 60 (kSparseFactorFromNv).
bool UsesSparsePath(const Problem& problem);

/// out = M x (out is resized to nv): along M's tree when the problem gave one (MultiplyTree,
/// mj_mulM: each off-diagonal entry read once), else from M's sparse rows.
void MultiplyM(const SparseOperators& ops, const core::VectorX& x, core::VectorX& out);

/// out = Jᵀ f from the rows of Jᵀ (each DOF gathers its rows in ascending order: the same sums
/// as MultiplyRowsTransposed, MuJoCo's mju_mulMatVecSparse on efc_JT).
void MultiplyJTranspose(const SparseOperators& ops, const core::VectorX& f, core::VectorX& out);

}  // namespace simatlas::mujoco
