#pragma once
/// @file
/// MJ-solvers §3–§4: the primal cost along a search line a + α s, as CG's and Newton's line search
/// reads it: each block prepared once per direction from its residuals z₀ = J a − aref and rates
/// v = J s (MuJoCo 3.x engine_solver.c: PrimalPrepare), then cost, slope and curvature at any α in
/// O(nefc) (PrimalEval). PrimalLineCost is what the loop asks of a line; PrimalLine is the course's
/// (3.x's sums, the cost as the change from α = 0); MuJoCo 2.2.2's sums are its own kernel
/// (mujoco222/line.h), chosen by the version seam.
/// Equation numbers (N.M) are the formula sheet's (course/FORMULAS.md).

#include <array>
#include <vector>

#include "reference/core/numeric.h"
#include "reference/mujoco/line_search.h"
#include "reference/mujoco/primal.h"
#include "reference/mujoco/problem.h"

namespace simatlas::mujoco {

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
  double q1 = 0;                     ///< Σ D z₀ v
  double q2 = 0;                     ///< ½ Σ D v²
  double z0 = 0;                     ///< a scalar row's residual at α = 0 [m/s² or rad/s²]
  double v = 0;                      ///< a scalar row's rate along s (J s)
  double fl = 0;                     ///< frictionloss: fl [N or N m]
  double Rfl = 0;                    ///< frictionloss: the linear zones' edge R fl
  double D = 0;                      ///< frictionloss: D = 1/R
  int size = 1;                      ///< elliptic: the block's rows (condim)
  std::array<double, 6> z{};         ///< elliptic: the residuals z₀ per row
  std::array<double, 6> vz{};        ///< elliptic: the rates v per row
  std::array<double, 6> Drow{};      ///< elliptic: each row's D (the bottom zone's weights)
  std::array<double, 5> friction{};  ///< elliptic: the cone's μ_j
  double mu = 0;                     ///< elliptic: the cone's μ
  double Dm = 0;                     ///< elliptic: the middle zone's weight D₀/(μ²(1 + μ²))
  RowState state0 = RowState::kSatisfied;  ///< elliptic: the zone at α = 0
};

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
LineTerms CostAlongLine(const std::vector<BlockLine>& blocks, double g1, double g2, double alpha);

/// The blocks' lines through the residuals jar along J s (Js), written into `out` (resized to
/// the blocks; storage reused from one direction to the next).
void PrepareBlockLines(const Problem& problem, const ConstraintRows& rows, const core::VectorX& jar,
                       const core::VectorX& Js, std::vector<BlockLine>& out);

/// The Gauss term along the line, MuJoCo's quadGauss: ½ (a − a₀)ᵀM(a − a₀) at α = 0, its slope
/// sᵀM(a − a₀) and half its curvature ½ sᵀMs.
using GaussLine = std::array<double, 3>;

/// A line of the primal cost as the primal loop uses it: prepared once per search direction,
/// then evaluated by the line search.
class PrimalLineCost : public LineFunction {
 public:
  /// Prepares the line through the residuals jar (nefc) along Js = J s (nefc), with the Gauss
  /// polynomial `gauss`. The vectors are read here only.
  virtual void Prepare(const core::VectorX& jar, const core::VectorX& Js,
                       const GaussLine& gauss) = 0;
};

/// The course's line (MuJoCo 3.x's PrimalEval): CostAlongLine over the prepared blocks, the cost
/// the change from α = 0, a non-positive second derivative replaced by 1e-15.
class PrimalLine final : public PrimalLineCost {
 public:
  /// The lines of problem's blocks (rows: its blocks and D = 1/R); keeps both references.
  PrimalLine(const Problem& problem, const ConstraintRows& rows);
  void Prepare(const core::VectorX& jar, const core::VectorX& Js, const GaussLine& gauss) override;
  LinePoint Evaluate(double alpha) const override;
  /// The prepared blocks (after Prepare).
  const std::vector<BlockLine>& blocks() const { return blocks_; }

 private:
  const Problem& problem_;
  const ConstraintRows& rows_;
  std::vector<BlockLine> blocks_;
  double gauss1_ = 0, gauss2_ = 0;  // sᵀM(a − a₀) and ½ sᵀMs
};

}  // namespace simatlas::mujoco
