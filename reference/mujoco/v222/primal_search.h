#pragma once
/// @file
/// MJ-solvers §4 "PrimalSearch" as MuJoCo 2.2.2 runs it (engine_solver.c: CGprepare, CGeval,
/// CGsearch, updateBracket): the line search of the 2.2.2 rules, so that the steps, the
/// evaluation count and the reported slope equal 2.2.2's — at tolerance 1e-15 or 0 too, where
/// the search's convergence test |cost'| < gtol compares round-off with round-off and the way
/// cost' is summed decides it. Bit for bit when the line data are MuJoCo's own (SolvePrimal
/// passes them, v222/primal.h); PrimalSearch builds them from a PrimalEval instead.

#include <array>
#include <vector>

#include "reference/mujoco/primal_solver.h"

namespace simatlas::mujoco::v222 {

/// One row's (or elliptic block's) part of PrimalLine, fixed when the line is set up.
struct LineRowTerms {
  /// ½ D z², D z (Js), ½ D (Js)² summed over the block's rows (D = 1/R, z = jar).
  std::array<double, 3> quad{};
  double U0 = 0;  ///< elliptic: μ z₀
  double V0 = 0;  ///< elliptic: μ (Js)₀
  double UU = 0;  ///< elliptic: Σ_j (μ_j z_j)²
  double UV = 0;  ///< elliptic: Σ_j μ_j z_j · μ_j (Js)_j
  double VV = 0;  ///< elliptic: Σ_j (μ_j (Js)_j)²
  double Dm = 0;  ///< elliptic: D₀/(μ²(1 + μ²)), the middle zone's weight
};

/// What 2.2.2's CGprepare starts from: the residual z = J a − aref, its direction J s and the
/// Gauss polynomial (Gauss cost at α = 0, its slope, half its curvature), computed by the caller
/// (the 2.2.2 solver in MuJoCo's order, or PrimalSearch from a PrimalEval).
struct LineData {
  const Problem& problem;            ///< the problem
  const ConstraintRows& rows;        ///< its blocks and D = 1/R (MakeConstraintRows)
  const core::VectorX& jar;          ///< z = J a − aref at α = 0 (nefc)
  const core::VectorX& Jv;           ///< J s (nefc)
  std::array<double, 3> gauss{};     ///< quadGauss: ½(a − a₀)ᵀM(a − a₀), sᵀM(a − a₀), ½ sᵀMs
};

/// The primal cost along a + α s summed as 2.2.2 sums it (CGprepare, CGeval): one quadratic
/// polynomial q₀ + q₁α + q₂α² collecting the Gauss term and every row or block in a quadratic
/// (or linear frictionloss) piece at α, plus the elliptic middle-zone terms added one by one;
/// cost = middle + ((α²q₂ + αq₁) + q₀), cost' = middle' + (2αq₂ + q₁), cost'' = middle'' + 2q₂
/// in CGeval's order. The same function of α as PrimalLine, with 2.2.2's round-off; cost is
/// absolute (cost(a + α s)), not the change from α = 0.
class PrimalLine {
 public:
  /// The line of `data`; keeps its references, whose objects must outlive it.
  explicit PrimalLine(const LineData& data);
  /// cost(a + α s), its first and second derivative (a non-positive second derivative is
  /// replaced by 1e-15).
  LinePoint Evaluate(double alpha) const;

 private:
  LineData data_;
  std::vector<LineRowTerms> terms_;  // one per block
};

/// CGsearch on a prepared line: see PrimalSearch; gtol is the convergence bound on |cost'|
/// and budget the evaluation cap (2.2.2: 50).
LineSearchResult SearchLine(const PrimalLine& line, double gtol, int budget);

/// 2.2.2's line search along s: one 1-D Newton step from α = 0 (kept only if it does not raise
/// the cost), one-sided Newton steps while the derivative keeps its sign, then a bracket whose
/// two ends carry their own Newton candidates and are tested with the midpoint; converged when
/// |cost'| < gtol = tolerance · ls_tolerance · ‖s‖ / scale, at most ls_iterations evaluations
/// (2.2.2 hard-codes 50 and 0.01, the Options defaults). The accepted point may raise the cost
/// (2.2.2 takes the midpoint or the last one-sided point when it runs out), and α = 0 means no
/// step. neval counts every evaluation, the one at α = 0 included (2.2.2's LSiter); a search
/// vector shorter than 1e-15 is refused with neval = 0. The returned point's cost is the change
/// from α = 0. The line comes from in.at (Gauss slope sᵀ·Mda), gtol from the given scale.
LineSearchResult PrimalSearch(const LineInputs& in, double search_norm, double scale,
                                 const Options& opt);

}  // namespace simatlas::mujoco::v222
