// MJ-solvers §3–§4 — J, Jᵀ and M as the solves read them (formula sheet (3.2) terms J a, Jᵀ f,
// M a); MuJoCo engine_support.c: mj_isSparse, mj_mulM. Written from the course's description.
#include "reference/mujoco/operators.h"

#include "reference/mujoco/spd_factor.h"

namespace simatlas::mujoco {

bool UsesSparsePath(const Problem& problem) {
  switch (problem.opt.jacobian) {
    case Jacobian::kDense: return false;
    case Jacobian::kSparse: return true;
    case Jacobian::kAuto: break;
  }
  return problem.nv >= kSparseFactorFromNv;
}

SparseOperators MakeSparseOperators(const Problem& problem) {
  SparseOperators ops;
  ops.J = MakeSparseRows(problem.J);
  ops.JT = MakeSparseRows(problem.J.transpose());
  ops.M = MakeSparseRows(problem.M);
  if (!problem.dof_parentid.empty()) {
    ops.has_tree = true;
    ops.tree = MakeMTree(problem.M, problem.dof_parentid);
  }
  if (UsesSparsePath(problem)) {
    ops.sparse_path = true;
    ops.hessian = MakeHessianPattern(problem, ops.J, ops.M);
  }
  return ops;
}

void MultiplyM(const SparseOperators& ops, const core::VectorX& x, core::VectorX& out) {
  if (!ops.has_tree) return MultiplyRows(ops.M, x, out);
  out.resize(ops.tree.nv);
  MultiplyTree(ops.tree, x.data(), out.data());
}

void MultiplyJTranspose(const SparseOperators& ops, const core::VectorX& f, core::VectorX& out) {
  MultiplyRows(ops.JT, f, out);
}

}  // namespace simatlas::mujoco
