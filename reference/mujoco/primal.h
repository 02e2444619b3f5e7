#pragma once
/// @file
/// MJ-solvers §3: the primal problem in acceleration. Row residual z = jar = J a − aref; each
/// row or block contributes sᵢ(z) = max_{f ∈ Ωᵢ} (−fᵀz − ½ fᵀ Rᵢ f) with the row states of
/// (3.1); cost(a) = ½ (a − a₀)ᵀ M (a − a₀) + s(J a − aref); g = M(a − a₀) − Jᵀ f(a);
/// H = M + Jᵀ Hc J (3.2) with the elliptic middle-zone block.

#include <array>
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
/// The same into out, reusing its storage.
void EvaluateConstraints(const Problem& problem, const ConstraintRows& rows,
                         const core::VectorX& jar, ConstraintEval& out);

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

/// How a block's cost varies along a line (3.1): which of PrimalEval's cases it takes.
enum class LineKind {
  kEquality,    ///< always quadratic
  kFriction,    ///< frictionloss: quadratic inside ±R fl, linear outside
  kInequality,  ///< limit, frictionless contact, pyramid edge: quadratic when z < 0
  kElliptic,    ///< an elliptic cone block: top, bottom or middle zone
};

/// One block restricted to the line a + α s, prepared once per line from its residuals
/// z₀ = jar and v = J s (MuJoCo 3.x engine_solver.c: PrimalPrepare), so that a line-search
/// evaluation reads no row of J, M or the problem.
struct BlockLine {
  LineKind kind = LineKind::kInequality;  ///< which case of (3.1) the block takes along the line
  /// The block's quadratic ½ Σ D (z₀ + α v)² = q0 + α q1 + α² q2 over its rows: q0 = ½ Σ D z₀²
  /// (in the cost's units)
  double q0 = 0;
  double q1 = 0;  ///< Σ D z₀ v
  double q2 = 0;  ///< ½ Σ D v²
  double z0 = 0;  ///< a scalar row's residual at α = 0 [m/s² or rad/s²]
  double v = 0;   ///< a scalar row's rate along s (J s)
  double fl = 0;  ///< frictionloss: fl [N or N m]
  double Rfl = 0;  ///< frictionloss: the linear zones' edge R fl
  double D = 0;    ///< frictionloss: D = 1/R
  int size = 1;    ///< elliptic: the block's rows (condim)
  std::array<double, 6> z{};     ///< elliptic: the residuals z₀ per row
  std::array<double, 6> vz{};    ///< elliptic: the rates v per row
  std::array<double, 6> Drow{};  ///< elliptic: each row's D (the bottom zone's weights)
  std::array<double, 5> friction{};  ///< elliptic: the cone's μ_j
  double mu = 0;  ///< elliptic: the cone's μ
  double Dm = 0;  ///< elliptic: the middle zone's weight D₀/(μ²(1 + μ²))
  RowState state0 = RowState::kSatisfied;  ///< elliptic: the zone at α = 0
};

/// The direction's images and each block's line, formed once per search direction s (MuJoCo's
/// Jv, Mv and quad): the line search reads them and the step moves along them. Storage is
/// reused from one direction to the next.
struct SearchImages {
  core::VectorX Js;               ///< J s (nefc)
  core::VectorX Ms;               ///< M s (nv)
  std::vector<BlockLine> blocks;  ///< each block along jar + α J s
};

/// J s, M s (sparse rows: O(nnz)) and the blocks' lines through the residuals jar.
void FormSearchImages(const Problem& problem, const ConstraintRows& rows,
                      const SparseOperators& ops, const core::VectorX& jar,
                      const core::VectorX& search, SearchImages& out);

/// A point of the primal cost along the line: the change from α = 0 and two derivatives.
struct LineTerms {
  double cost = 0;  ///< cost(a + α s) − cost(a)
  double d1 = 0;    ///< d cost/dα = sᵀM(a + α s − a₀) − f(z₀ + α v)·v
  double d2 = 0;    ///< d² cost/dα² = sᵀMs + vᵀ Hc(z₀ + α v) v
};
/// The primal cost along the line at α: cost(a + α s) − cost(a), computed without
/// cancellation when a block keeps its state, and its first and second derivatives in α, summed
/// in MuJoCo 3.x's order (engine_solver.c: PrimalEval): the Gauss term α g1 + α² g2 (g1 =
/// sᵀM(a − a₀), g2 = ½ sᵀMs) and every block quadratic at α gathered in one quadratic, the
/// frictionloss and cone terms added one by one. O(nefc), nothing allocated.
LineTerms CostAlongLine(const std::vector<BlockLine>& blocks, double g1, double g2,
                        double alpha);

/// Moves the evaluated point to a + α s with no new product by J or M: jar += α J s and
/// M(a − a₀) += α M s (MuJoCo's mj_solPrimal moves qacc, Ma and Jaref along search, Mv and Jv,
/// in 2.2.2 and 3.x alike), then (3.1) at the new jar and g = M(a − a₀) − Jᵀ f. Reuses eval's
/// storage.
void StepPrimal(const Problem& problem, const ConstraintRows& rows, const SparseOperators& ops,
                double alpha, const core::VectorX& search, const SearchImages& images,
                PrimalEval& eval);

/// The middle zone's weight Dm = D₀/(μ²(1 + μ²)) of an elliptic block (3.1).
double ConeWeight(const ConstraintRows& rows, const Block& block, double mu);

/// Rows that are not satisfied (MuJoCo's nactive).
int CountActive(const std::vector<RowState>& state);

/// Rows whose state differs between before and after (same length; MuJoCo's nchange).
int CountChanges(const std::vector<RowState>& before, const std::vector<RowState>& after);

}  // namespace simatlas::mujoco
