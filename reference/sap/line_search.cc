// E3-SAP §4.2: exact and backtracking line searches.
#include "reference/sap/line_search.h"

#include <algorithm>
#include <cmath>
#include <string>

#include "reference/core/errors.h"

namespace simatlas::sap {

namespace {

[[noreturn]] void ThrowNotDescent(double dell0) {
  throw core::NumericalError("line search: dell/dalpha(0) = " + core::FormatNumber(dell0) +
                             " J must be < 0 (the cost does not decrease along the search "
                             "direction)");
}

}  // namespace

LineSearchResult PerformExactLineSearch(const CostAlongLine& ell, double dell0,
                                        const ExactLineSearchParameters& parameters,
                                        double cost_abs_tolerance, double cost_rel_tolerance) {
  // ℓ'(0) = gᵀΔv must be negative.
  if (!(dell0 < 0)) ThrowNotDescent(dell0);
  const double alpha_max = parameters.alpha_max;
  // Evaluate at α_max; if the cost still decreases there, take α_max.
  double dell_max = 0.0, d2ell_max = 0.0;
  const double ell_max = ell(alpha_max, &dell_max, &d2ell_max);
  if (dell_max <= 0) return {alpha_max, 0};
  // Tiny decrease rate relative to the cost scale: take the full Newton step. (Drake's variable
  // `ell0` holds ℓ(α_max) here, not ℓ(0); the comment there says otherwise.)
  if (-dell0 < cost_abs_tolerance + cost_rel_tolerance * ell_max) return {1.0, 0};
  // Initial guess from ℓ''(α_max) (not a quadratic model around 0; Drake issue #21435).
  const double alpha0 = std::min(-dell0 / d2ell_max, alpha_max);
  if (std::isnan(alpha0)) {
    throw core::NumericalError(
        "exact line search: initial guess alpha0 = nan (ell''(alpha_max) = " +
        core::FormatNumber(d2ell_max) + ")");
  }
  // Newton with bisection fallback on f(α) = ℓ'(α)/(−ℓ'(0)); f(0) = −1 < 0 < f(α_max).
  const double f_tol = 1e-8;
  const double alpha_tol = 1e-8 * alpha0;
  double lower = 0.0, upper = alpha_max;
  double alpha = std::clamp(alpha0, 0.0, alpha_max);
  // Length of the step before last: a Newton step that does not at least halve it is "slow".
  double previous_step = upper - lower;
  double last_step = previous_step;
  for (int iteration = 1; iteration <= parameters.max_iterations; ++iteration) {
    double dell = 0.0, d2ell = 0.0;
    ell(alpha, &dell, &d2ell);
    const double f = dell / -dell0;
    const double df = d2ell / -dell0;
    if (std::abs(f) < f_tol) return {alpha, iteration};
    // Shrink the bracket around the root.
    if (f < 0) {
      lower = alpha;
    } else {
      upper = alpha;
    }
    // Newton step; bisection when it leaves the bracket, the slope is not positive, or Newton is
    // slow (|f/f'| more than half the step before last) — Drake's DoNewtonWithBisectionFallback
    // (contact_solvers/newton_with_bisection.cc) "switches to bisection whenever a Newton
    // iterate falls outside the bracket or when Newton's method is slow". Without the "slow"
    // rule, ℓ' with a kink (a cone-region switch) can make Newton crawl for >100 iterations.
    double next = df > 0 ? alpha - f / df : lower - 1.0;
    const bool slow = std::abs(2.0 * f) > std::abs(previous_step * df);
    if (!(next > lower && next < upper) || slow) next = 0.5 * (lower + upper);
    previous_step = last_step;
    last_step = next - alpha;
    if (std::abs(next - alpha) < alpha_tol) return {next, iteration};
    alpha = next;
  }
  throw core::NumericalError("exact line search: no root of dell/dalpha within " +
                             std::to_string(parameters.max_iterations) + " iterations");
}

LineSearchResult PerformBacktrackingLineSearch(const CostAlongLine& ell, double ell0, double dell0,
                                               const BacktrackingLineSearchParameters& parameters,
                                               double relative_slop) {
  if (!(dell0 < 0)) ThrowNotDescent(dell0);
  // Start at α_max.
  double alpha = parameters.alpha_max;
  double dell = 0.0;
  double ell_alpha = ell(alpha, &dell, nullptr);
  // Accept at once while the cost still decreases at α_max (or its slope is within the slop).
  const double ell_scale = 0.5 * (std::abs(ell_alpha) + std::abs(ell0));
  const double slop = relative_slop / 10.0 * std::max(1.0, ell_scale);
  if (dell < 0 || dell < slop) return {alpha, 0};
  // Armijo's sufficient decrease.
  auto armijo = [&](double a, double l) { return l < ell0 + parameters.armijo_c * a * dell0; };
  // Scan α_max ρ^k downwards while the cost keeps decreasing; the convex cost's discrete minimum
  // is the last α before the cost rises.
  double alpha_prev = alpha, ell_prev = ell_alpha;
  for (int iteration = 1; iteration <= parameters.max_iterations; ++iteration) {
    alpha *= parameters.rho;
    ell_alpha = ell(alpha, nullptr, nullptr);
    if (ell_alpha > ell_prev && armijo(alpha_prev, ell_prev)) return {alpha_prev, iteration};
    alpha_prev = alpha;
    ell_prev = ell_alpha;
  }
  if (armijo(alpha_prev, ell_prev)) return {alpha_prev, parameters.max_iterations};
  throw core::NumericalError("backtracking line search: no step length satisfies Armijo within " +
                             std::to_string(parameters.max_iterations) + " iterations");
}

}  // namespace simatlas::sap
