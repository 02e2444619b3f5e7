// E3-SAP §4.2: the stopping criteria (4.3), (4.4) and the monotonicity slop of the SAP solver.
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

bool OptimalityCriterionReached(const StoppingCriteriaResidual& residual, double abs_tolerance,
                                double rel_tolerance) {
  // (4.3): r ≤ εa + εr s.
  return residual.momentum_residual <= abs_tolerance + rel_tolerance * residual.momentum_scale;
}

bool CostCriterionReached(double ell_previous, double ell, double alpha, double cost_abs_tolerance,
                          double cost_rel_tolerance) {
  // (4.4): the change of ℓ below εca + εcr times the mean |ℓ|, after a step with α > 0.5.
  const double scale = 0.5 * (std::abs(ell) + std::abs(ell_previous));
  return std::abs(ell - ell_previous) < cost_abs_tolerance + cost_rel_tolerance * scale &&
         alpha > 0.5;
}

bool CostRoseBeyondSlop(double ell_previous, double ell, double relative_slop) {
  // Monotonicity slop: relative_slop · max(1, mean |ℓ|).
  const double slop = relative_slop * std::max(1.0, 0.5 * (std::abs(ell) + std::abs(ell_previous)));
  return ell > ell_previous + slop;
}

}  // namespace simatlas::sap
