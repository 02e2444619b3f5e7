// E3-SAP §4.2 — the exact line search's stopping rules at their boundary (mutation
// survivors of line_search.cc): the step tolerance α_tol = 1e-8·α₀ and the normalised slope
// f'(α) = ℓ''(α)/(−ℓ'(0)) of the Newton step, on a function whose iterates are computed by hand
// without rounding (every number below is a binary fraction).
#include <gtest/gtest.h>

#include <algorithm>

#include "reference/sap/line_search.h"

namespace simatlas::sap {
namespace {

// ℓ' piecewise linear with a kink at ½: slope s₁ = 1 + 2⁻⁸ and root r = 2⁻¹⁰ left of the kink,
// slope 1 right of it (ℓ convex: the slope only changes from s₁ to 1 > 0). ℓ is its integral
// from 0 (its values matter only through ℓ(α_max) in the tiny-decrease test, off here).
constexpr double kS1 = 1.0 + 1.0 / 256.0;
constexpr double kRoot = 1.0 / 1024.0;
constexpr double kKink = 0.5;

double KinkedSlope(double alpha) {
  if (alpha <= kKink) return kS1 * (alpha - kRoot);
  return kS1 * (kKink - kRoot) + (alpha - kKink);
}

CostAlongLine Kinked() {
  return [](double alpha, double* d, double* d2) {
    if (d) *d = KinkedSlope(alpha);
    if (d2) *d2 = alpha <= kKink ? kS1 : 1.0;
    const double left = std::min(alpha, kKink);
    double cost = 0.5 * kS1 * ((left - kRoot) * (left - kRoot) - kRoot * kRoot);
    if (alpha > kKink) cost += (alpha - kKink) * (KinkedSlope(kKink) + 0.5 * (alpha - kKink));
    return cost;
  };
}

// By hand, with ℓ'(0) = −s₁ r (exact: s₁ r = 2⁻¹⁰ + 2⁻¹⁸) and the default α_max = 1.5 right of
// the kink, so ℓ''(α_max) = 1 and ℓ'(α_max) > 0:
//   α₀ = −ℓ'(0)/ℓ''(α_max) = s₁ r = r + 2⁻¹⁸, left of the kink; α_tol = 1e-8·α₀ ≈ 9.8e-12.
//   Iteration 1 at α₀: f = ℓ'(α₀)/(s₁ r) = s₁·2⁻¹⁸/(s₁·2⁻¹⁰) = 2⁻⁸ (not below 1e-8), f' =
//   s₁/(s₁ r) = 2¹⁰; f > 0 gives the bracket [0, α₀]; Newton α₀ − f/f' = α₀ − 2⁻¹⁸ = r lies inside
//   it and is not slow (|2f| = 2⁻⁷ < 1.5·2¹⁰); the step 2⁻¹⁸ ≈ 3.8e-6 is above α_tol.
//   Iteration 2 at r: ℓ'(r) = 0, f = 0 < 1e-8: α = r after 2 iterations.
// An α_tol of 1e-8/α₀ ≈ 1.02e-5 would stop on the step of iteration 1 (1 iteration); an f' of
// ℓ''·(−ℓ'(0)) ≈ 9.8e-4 would put Newton at α₀ − 3.98, outside the bracket, and bisect for
// many iterations; so would a Newton step without the normalisation of f'.
TEST(ExactLineSearchStopping, StepToleranceScalesWithTheInitialGuess) {
  const LineSearchResult r = PerformExactLineSearch(Kinked(), -kS1 * kRoot, {}, 0.0, 0.0);
  EXPECT_EQ(r.alpha, kRoot);
  EXPECT_EQ(r.iterations, 2);
}

// The same function scaled: ℓ → 2⁸·ℓ leaves f = ℓ'/(−ℓ'(0)) and f' = ℓ''/(−ℓ'(0)) unchanged,
// so the iterates above are the same (α = r after 2 iterations). An f' that multiplies by
// −ℓ'(0) instead of dividing changes with the scale: f' = 2⁸s₁·2⁸s₁·2⁻¹⁰ ≈ 64.5 at α₀, so the
// Newton step f/f' ≈ 6.1e-5 (not 2⁻¹⁸) stops at ≈ 9.2e-4, short of r, and iteration 2 has
// f ≈ −0.06: more than 2 iterations.
TEST(ExactLineSearchStopping, NewtonSlopeIsNormalisedByTheInitialSlope) {
  const CostAlongLine base = Kinked();
  const CostAlongLine scaled = [&base](double alpha, double* d, double* d2) {
    const double cost = base(alpha, d, d2);
    if (d) *d *= 256.0;
    if (d2) *d2 *= 256.0;
    return 256.0 * cost;
  };
  const LineSearchResult r = PerformExactLineSearch(scaled, -256.0 * kS1 * kRoot, {}, 0.0, 0.0);
  EXPECT_EQ(r.alpha, kRoot);
  EXPECT_EQ(r.iterations, 2);
}

}  // namespace
}  // namespace simatlas::sap
