// E3-SAP §4.2: the stopping criteria (4.3), (4.4) and the monotonicity slop of the SAP solver.
// Equation numbers (N.M) are the formula sheet's (course/FORMULAS.md).
#include "reference/sap/stopping_criteria.h"

#include <algorithm>
#include <cmath>

namespace simatlas::sap {

StoppingCriteriaResidual CalcStoppingCriteriaResidual(const core::VectorX& inv_sqrt_A,
                                                      const core::VectorX& g,
                                                      const core::VectorX& p,
                                                      const core::VectorX& jc) {
  // (4.3): r = ‖D g‖, s = max(‖D p‖, ‖D jc‖), D = diag(A)^(−1/2).
  StoppingCriteriaResidual out;
  out.momentum_residual = inv_sqrt_A.cwiseProduct(g).norm();
  out.momentum_scale =
      std::max(inv_sqrt_A.cwiseProduct(p).norm(), inv_sqrt_A.cwiseProduct(jc).norm());
  return out;
}

double OptimalityThreshold(const StoppingCriteriaResidual& residual, double abs_tolerance,
                           double rel_tolerance) {
  // (4.3)'s right-hand side: εa + εr s.
  return abs_tolerance + rel_tolerance * residual.momentum_scale;
}

bool OptimalityCriterionReached(const StoppingCriteriaResidual& residual, double abs_tolerance,
                                double rel_tolerance) {
  // (4.3): r ≤ εa + εr s.
  return residual.momentum_residual <= OptimalityThreshold(residual, abs_tolerance, rel_tolerance);
}

double CostCriterionThreshold(double ell_previous, double ell, double cost_abs_tolerance,
                              double cost_rel_tolerance) {
  // (4.4)'s right-hand side: εca + εcr times the mean |ℓ| of the two iterates.
  return cost_abs_tolerance + cost_rel_tolerance * 0.5 * (std::abs(ell) + std::abs(ell_previous));
}

bool CostCriterionReached(double ell_previous, double ell, double alpha, double cost_abs_tolerance,
                          double cost_rel_tolerance) {
  // (4.4): the change of ℓ below its threshold, after a step with α > 0.5.
  return std::abs(ell - ell_previous) <
             CostCriterionThreshold(ell_previous, ell, cost_abs_tolerance, cost_rel_tolerance) &&
         alpha > 0.5;
}

bool CostRoseBeyondSlop(double ell_previous, double ell, double relative_slop) {
  // Monotonicity slop: relative_slop · max(1, mean |ℓ|).
  const double slop = relative_slop * std::max(1.0, 0.5 * (std::abs(ell) + std::abs(ell_previous)));
  return ell > ell_previous + slop;
}

}  // namespace simatlas::sap
