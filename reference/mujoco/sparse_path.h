#pragma once
/// @file
/// MJ-solvers §4 (the dense and the sparse path): which factor each solver uses for M and for
/// Newton's H = M + Jᵀ Hc J (3.2). M along its DOF tree whenever the problem gives it (MuJoCo
/// factors M so on both paths: engine_core_smooth.c, mj_factorM), else a general SPD factor.
/// H dense below nv = 60, as MuJoCo 2.2.2's dense path (engine_solver.c: HessianDirect with
/// mju_sqrMatTD, mju_cholFactor); from nv = 60 (mj_isSparse) assembled on its sparse pattern
/// and factored sparse (HessianDirect with mju_sqrMatTDSparse, mju_cholFactorSparse).

#include <memory>
#include <vector>

#include "reference/mujoco/primal.h"
#include "reference/mujoco/problem.h"
#include "reference/mujoco/sparse_rows.h"
#include "reference/mujoco/spd_factor.h"

namespace simatlas::mujoco {

/// Factors M into `factor`: along ops.tree when ops.has_tree (SpdFactor::FactorTree), else
/// SpdFactor::Factor of the dense M. Throws core::NumericalError when M is not positive
/// definite.
void FactorM(const Problem& problem, const SparseOperators& ops, SpdFactor& factor);

/// M's factor for a solve: the prepared one (ops.m_factor) when there is one, else FactorM's.
std::shared_ptr<const SpdFactor> MFactorOf(const Problem& problem, const SparseOperators& ops);

/// Factors Newton's H = M + Jᵀ Hc J at eval's row states into `factor`: on the sparse path
/// (ops.sparse_path) accumulated on ops.hessian — M's entries, then per block in row order
/// D_i J_iᵀJ_i or J_bᵀ Hc J_b, the products of PrimalHessian — and factored sparse, the
/// symbolic analysis done once per factor object; otherwise the dense PrimalHessian. Throws
/// core::NumericalError when H is not positive definite.
void FactorHessian(const Problem& problem, const ConstraintRows& rows,
                   const SparseOperators& ops, const PrimalEval& eval, SpdFactor& factor);

}  // namespace simatlas::mujoco
