#pragma once
/// @file
/// MJ-solvers §4 "PrimalSearch", 2.2.2 column: the primal cost along a search line summed as
/// MuJoCo 2.2.2 sums it (engine_solver.c: CGprepare, CGeval), so that the line search's steps,
/// evaluation count and reported slope equal 2.2.2's — at tolerance 1e-15 or 0 too, where the
/// search's convergence test |cost'| < gtol compares round-off with round-off and the way cost'
/// is summed decides it.

#include <array>
#include <memory>
#include <vector>

#include "reference/core/numeric.h"
#include "reference/mujoco/primal.h"
#include "reference/mujoco/primal_line.h"
#include "reference/mujoco/problem.h"

namespace simatlas::mujoco::mujoco222 {

/// One row's (or elliptic block's) part of the line, fixed when the line is prepared.
struct LineRowTerms {
  /// ½ D z², D z (Js), ½ D (Js)² summed over the block's rows (D = 1/R, z = jar).
  std::array<double, 3> quad{};
  double z0 = 0;  ///< a scalar row's residual at α = 0
  double v = 0;   ///< a scalar row's rate J s
  double U0 = 0;  ///< elliptic: μ z₀
  double V0 = 0;  ///< elliptic: μ (Js)₀
  double UU = 0;  ///< elliptic: Σ_j (μ_j z_j)²
  double UV = 0;  ///< elliptic: Σ_j μ_j z_j · μ_j (Js)_j
  double VV = 0;  ///< elliptic: Σ_j (μ_j (Js)_j)²
  double Dm = 0;  ///< elliptic: D₀/(μ²(1 + μ²)), the middle zone's weight
};

/// The line as 2.2.2 sums it: one quadratic polynomial q₀ + q₁α + q₂α² collecting the Gauss term
/// and every row or block in a quadratic (or linear frictionloss) piece at α, plus the elliptic
/// middle-zone terms added one by one; cost = middle + ((α²q₂ + αq₁) + q₀), cost' = middle' +
/// (2αq₂ + q₁), cost'' = middle'' + 2q₂ in CGeval's order. The same function of α as the course's
/// PrimalLine with 2.2.2's round-off; cost is absolute (cost(a + α s)), and a non-positive second
/// derivative is replaced by 1e-15.
class Line final : public PrimalLineCost {
 public:
  /// The line of problem's blocks (rows: its blocks and D = 1/R); keeps both references.
  Line(const Problem& problem, const ConstraintRows& rows);
  /// CGprepare: each block's terms from jar and Js; gauss is quadGauss (cost at α = 0 included).
  void Prepare(const core::VectorX& jar, const core::VectorX& Js, const GaussLine& gauss) override;
  /// CGeval at α.
  LinePoint Evaluate(double alpha) const override;

 private:
  const Problem& problem_;
  const ConstraintRows& rows_;
  GaussLine gauss_{};
  std::vector<LineRowTerms> terms_;  // one per block
};

/// A Line of problem's blocks (the LineMaker of 2.2.2's sums, primal_kernels.h).
std::unique_ptr<PrimalLineCost> MakeLine(const Problem& problem, const ConstraintRows& rows);

}  // namespace simatlas::mujoco::mujoco222
