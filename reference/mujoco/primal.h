#pragma once
/// @file
/// MJ-solvers §3: the primal problem in acceleration. Row residual z = jar = J a − aref; each
/// row or block contributes sᵢ(z) = max_{f ∈ Ωᵢ} (−fᵀz − ½ fᵀ Rᵢ f) with the row states of
/// (3.1); cost(a) = ½ (a − a₀)ᵀ M (a − a₀) + s(J a − aref); g = M(a − a₀) − Jᵀ f(a);
/// H = M + Jᵀ Hc J (3.2) with the elliptic middle-zone block.

#include <vector>

#include "reference/core/numeric.h"
#include "reference/mujoco/problem.h"
#include "reference/mujoco/sparse_rows.h"

namespace simatlas::mujoco {

/// Row states of mj_constraintUpdate.
enum class RowState {
  kSatisfied,   ///< f = 0, no cost
  kQuadratic,   ///< ½ D z², f = −D z
  kLinearNeg,   ///< frictionloss, f = +fl
  kLinearPos,   ///< frictionloss, f = −fl
  kCone,        ///< elliptic middle zone
};

/// The rows of one solve, built once: the blocks of Ω and MuJoCo's efc_D = 1/R, the weight of
/// every quadratic row (3.1).
struct ConstraintRows {
  std::vector<Block> blocks;  ///< MakeBlocks of the problem
  core::VectorX D;            ///< efc_D = 1/R per row (nefc) [kg]
};

/// The blocks and D = 1/R of problem (O(nefc)); the solvers build it once per solve.
ConstraintRows MakeConstraintRows(const Problem& problem);

/// The constraint part at one jar: forces f(a), states, cost s.
struct ConstraintEval {
  core::VectorX force;          ///< f(a) = −∂s/∂z per row (nefc)
  std::vector<RowState> state;  ///< the zone of (3.1) each row is in (nefc)
  double cost = 0;              ///< s(jar), the constraint part of the primal cost
};

/// The state of scalar row i at residual z (3.1): equality always quadratic; frictionloss
/// linear outside ±R fl, quadratic inside; limits and contact rows satisfied when z ≥ 0.
RowState ScalarRowState(const Problem& problem, int i, double z);

/// (3.1) for every block at the residual jar.
ConstraintEval EvaluateConstraints(const Problem& problem, const ConstraintRows& rows,
                                   const core::VectorX& jar);

/// The block's Hessian Hc of s at jar (size × size): diag(D) on quadratic rows, the cone block
/// Dm S [[1, −(μ/T)Uᵀ], [−(μ/T)U, (μN/T³)UUᵀ + (μ² − μN/T)I]] S in the middle zone, 0 elsewhere.
core::MatrixX BlockHessian(const Problem& problem, const ConstraintRows& rows, const Block& block,
                           const core::VectorX& jar, RowState state);

/// Cost, gradient and forces at one acceleration.
struct PrimalEval {
  core::VectorX qacc;           ///< the acceleration a evaluated (nv)
  core::VectorX jar;            ///< z = J a − aref (nefc)
  ConstraintEval constraints;   ///< forces, states and cost s at jar
  core::VectorX Mda;            ///< M (a − a₀) (nv), reused by the line search's Gauss term
  double gauss = 0;  ///< ½ (a − a₀)ᵀ M (a − a₀)
  double cost = 0;   ///< gauss + constraints.cost
  core::VectorX gradient;  ///< M (a − a₀) − Jᵀ f(a)
};

/// Evaluates (3.2)'s cost and gradient at qacc (J and M as sparse rows: J a, Jᵀ f,
/// M(a − a₀) in O(nnz)).
PrimalEval EvaluatePrimal(const Problem& problem, const ConstraintRows& rows,
                          const SparseOperators& ops, const core::VectorX& qacc);
/// The same building the rows and sparse operators for this one evaluation.
PrimalEval EvaluatePrimal(const Problem& problem, const core::VectorX& qacc);

/// H = M + Jᵀ Hc J at the states of eval, accumulated on the nonzeros of J: D_i J_iᵀJ_i per
/// quadratic row, J_bᵀ Hc J_b per cone block (MuJoCo 3.x engine_solver.c: MakeHessian; 2.2.2
/// forms Jᵀ D J with mju_sqrMatTD).
core::MatrixX PrimalHessian(const Problem& problem, const ConstraintRows& rows,
                            const SparseOperators& ops, const PrimalEval& eval);

/// One block's part of the line search at α along the residual direction v = J s.
struct BlockLineTerms {
  RowState state = RowState::kSatisfied;  ///< the block's state at z + α v
  double cost = 0;  ///< s_b(z + α v) − s_b(z), without cancellation when the state is kept
  double d1 = 0;    ///< d s_b/dα = −f(z + α v)·v
  double d2 = 0;    ///< d² s_b/dα² = vᵀ Hc(z + α v) v
};

/// BlockLineTerms of one block from its residuals z = jar and v, with its state at α = 0: O(dim)
/// work, nothing allocated, so a line-search evaluation costs O(nefc) (MuJoCo 3.x
/// engine_solver.c: PrimalEval; MuJoCo also caches per-row quadratic coefficients in
/// PrimalPrepare, here the three products per row are recomputed).
BlockLineTerms BlockAlongLine(const Problem& problem, const ConstraintRows& rows, const Block& block,
                              const core::VectorX& jar, const core::VectorX& v, double alpha,
                              RowState state0);

/// The middle zone's weight Dm = D₀/(μ²(1 + μ²)) of an elliptic block (3.1).
double ConeWeight(const ConstraintRows& rows, const Block& block, double mu);

/// Rows that are not satisfied (MuJoCo's nactive).
int CountActive(const std::vector<RowState>& state);

/// Rows whose state differs between before and after (same length; MuJoCo's nchange).
int CountChanges(const std::vector<RowState>& before, const std::vector<RowState>& after);

}  // namespace simatlas::mujoco
