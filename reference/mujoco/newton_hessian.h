#pragma once
/// @file
/// MJ-solvers §4 "Newton": the Hessian H = M + Jᵀ Hc J (3.2) and its Cholesky factor — D_i J_iᵀJ_i
/// per quadratic row and J_bᵀ Hc J_b per middle-zone cone block added to M, dense below nv = 60
/// as MuJoCo's dense path (engine_solver.c: HessianDirect, mju_sqrMatTD, mju_cholFactor), on its
/// sparse pattern from nv = 60 (hessian_pattern.h; mju_sqrMatTDSparse, mju_cholFactorSparse) —
/// and its update after a step: rank-one updates for the rows that enter or leave the quadratic
/// state (HessianIncremental, mju_cholUpdate), a fresh factor otherwise. HessianFactor is what the
/// primal loop asks of H; the course's factor is MakeCourseHessian's, MuJoCo 2.2.2's its own
/// kernel (mujoco222/kernels.h).
/// Equation numbers (N.M) are the formula sheet's (course/FORMULAS.md).

#include <memory>
#include <vector>

#include "reference/core/numeric.h"
#include "reference/mujoco/operators.h"
#include "reference/mujoco/primal.h"
#include "reference/mujoco/problem.h"
#include "reference/mujoco/spd_factor.h"

namespace simatlas::mujoco {

/// Newton's factored H of one solve, kept up to date with the row states.
class HessianFactor {
 public:
  virtual ~HessianFactor() = default;
  /// H at the states of `at`, factored afresh (MuJoCo's HessianDirect). Throws
  /// core::NumericalError when H is not positive definite.
  virtual void Factor(const PrimalEval& at) = 0;
  /// Whether a step that changed `nchange` row states from `before` to `after` is followed by
  /// rank-one updates (UpdateQuadraticRows, then AddCones) rather than a fresh Factor.
  virtual bool UpdatesByRows(const std::vector<RowState>& before,
                             const std::vector<RowState>& after, int nchange) const = 0;
  /// L Lᵀ ± v vᵀ with v = √D_row J_row (add: + for a row entering the quadratic state, − for one
  /// leaving it). False when the update lost rank or the factor cannot be updated.
  virtual bool RankOne(int row, bool add) = 0;
  /// After the rank-one updates: the middle-zone cone blocks at the states of `at`.
  virtual void AddCones(const PrimalEval& at) = 0;
  /// x = H⁻¹ g.
  virtual void Solve(const core::VectorX& g, core::VectorX& x) const = 0;
};

/// MuJoCo's HessianIncremental: ± D_i J_iᵀJ_i by RankOne for every row entering (+) or leaving
/// (−) the quadratic state from `before` to `after`, in row order; false at the first update that
/// fails (the caller then factors afresh).
bool UpdateQuadraticRows(const std::vector<RowState>& before, const std::vector<RowState>& after,
                         HessianFactor& hessian);

/// MuJoCo's nupdate of one incremental Hessian update (2.2.2 and 3.3.8 engine_solver.c:
/// HessianIncremental, HessianCone): one per row entering or leaving the quadratic state, plus
/// one per row of each contact in the cone state.
int MujocoHessianUpdates(const std::vector<RowState>& before, const std::vector<RowState>& after);

/// H += w J_rᵀ J_r for one row r (a quadratic row's term D Jᵀ J of (3.2)) on the lower
/// triangle of H only: the Hessian is symmetric, its assembler mirrors it once at the end.
void AddRowOuterProduct(const SparseRows& J, int r, double w, core::MatrixX& H);

/// H += J_bᵀ Hc J_b for the rows first … first + n − 1 and a dense symmetric n × n Hc (an
/// elliptic cone block of (3.2)), lower triangle only as AddRowOuterProduct.
void AddBlockProduct(const SparseRows& J, int first, const core::MatrixX& Hc, core::MatrixX& H);

/// H = M + Jᵀ Hc J at the states of eval, dense, accumulated on the nonzeros of J: D_i J_iᵀ J_i
/// per quadratic row, J_bᵀ Hc J_b per cone block (MuJoCo 3.x engine_solver.c: MakeHessian;
/// 2.2.2 forms Jᵀ D J with mju_sqrMatTD).
core::MatrixX PrimalHessian(const Problem& problem, const ConstraintRows& rows,
                            const SparseOperators& ops, const PrimalEval& eval);

/// Factors Newton's H = M + Jᵀ Hc J at eval's row states into `factor`: on the sparse path
/// (ops.sparse_path) accumulated on ops.hessian — M's entries, then per block in row order
/// D_i J_iᵀJ_i or J_bᵀ Hc J_b, the products of PrimalHessian — and factored sparse, the
/// symbolic analysis done once per factor object; otherwise the dense PrimalHessian. Throws
/// core::NumericalError when H is not positive definite.
void FactorHessian(const Problem& problem, const ConstraintRows& rows, const SparseOperators& ops,
                   const PrimalEval& eval, SpdFactor& factor);

/// The course's Newton factor (SpdFactor: dense LLᵀ below nv = 60, sparse on ops.hessian from
/// there): H factored afresh by FactorHessian, cone blocks included; rank-one updates only when no
/// cone block is involved and fewer than nv/3 rows changed (each update costs O(nv²), a fresh
/// factor O(nv³/3)), and only on the dense factor. Keeps references to its arguments.
std::unique_ptr<HessianFactor> MakeCourseHessian(const Problem& problem, const ConstraintRows& rows,
                                                 const SparseOperators& ops);

}  // namespace simatlas::mujoco
