// Unit tests of the line searches (E3-SAP §4.2) on one-dimensional convex functions whose
// minimisers are known by hand.
#include "reference/sap/line_search.h"

#include <gtest/gtest.h>

#include "reference/core/errors.h"

namespace simatlas::sap {
namespace {

// ℓ(α) = ½ (α − a)²: ℓ'(0) = −a, minimiser α = a.
CostAlongLine Quadratic(double a) {
  return [a](double alpha, double* d, double* d2) {
    if (d) *d = alpha - a;
    if (d2) *d2 = 1.0;
    return 0.5 * (alpha - a) * (alpha - a);
  };
}

TEST(ExactLineSearch, QuadraticIsSolvedByOneNewtonStep) {
  // α₀ = −ℓ'(0)/ℓ''(α_max) = 0.7/1 = 0.7 is the root: f(0.7) = 0 on the first iteration.
  const auto r = PerformExactLineSearch(Quadratic(0.7), -0.7, {}, 1e-30, 1e-15);
  EXPECT_DOUBLE_EQ(r.alpha, 0.7);
  EXPECT_EQ(r.iterations, 1);
}

TEST(ExactLineSearch, MinimumBeyondAlphaMaxReturnsAlphaMax) {
  // ℓ'(1.5) = 1.5 − 2 < 0.
  const auto r = PerformExactLineSearch(Quadratic(2.0), -2.0, {}, 1e-30, 1e-15);
  EXPECT_EQ(r.alpha, 1.5);
  EXPECT_EQ(r.iterations, 0);
}

TEST(ExactLineSearch, NonSmoothConvexConvergesByBisection) {
  // ℓ(α) = |α − 0.3| + 0.1 α² smoothed by nothing: ℓ' jumps at 0.3 (from −1 + 0.06 to
  // 1 + 0.06); the root of ℓ' does not exist, the bracket shrinks to the kink at 0.3.
  const CostAlongLine ell = [](double a, double* d, double* d2) {
    if (d) *d = (a > 0.3 ? 1.0 : -1.0) + 0.2 * a;
    if (d2) *d2 = 0.2;
    return std::abs(a - 0.3) + 0.1 * a * a;
  };
  const auto r = PerformExactLineSearch(ell, -1.0, {}, 1e-30, 1e-15);
  EXPECT_NEAR(r.alpha, 0.3, 1e-7);
}

TEST(ExactLineSearch, AscentDirectionThrows) {
  EXPECT_THROW(PerformExactLineSearch(Quadratic(-1.0), 1.0, {}, 1e-30, 1e-15),
               core::NumericalError);
  EXPECT_THROW(PerformExactLineSearch(Quadratic(0.0), 0.0, {}, 1e-30, 1e-15), core::NumericalError);
}

TEST(BacktrackingLineSearch, AscentDirectionThrows) {
  // ℓ'(0) = +1 and ℓ'(0) = 0: no descent along the line.
  EXPECT_THROW(PerformBacktrackingLineSearch(Quadratic(-1.0), 0.5, 1.0, {}, 2.2e-13),
               core::NumericalError);
  EXPECT_THROW(PerformBacktrackingLineSearch(Quadratic(0.0), 0.0, 0.0, {}, 2.2e-13),
               core::NumericalError);
}

TEST(BacktrackingLineSearch, ReturnsTheBestPointOfTheGeometricScan) {
  // α_max = 1.25, ρ = 0.8: scan 1.25, 1.0, 0.8, 0.64, 0.512 with |α − 0.7| = 0.55, 0.3, 0.1,
  // 0.06, 0.188: the cost first rises at 0.512 (4th backtrack), so α = 0.64.
  const auto r = PerformBacktrackingLineSearch(Quadratic(0.7), 0.245, -0.7, {}, 1000 * 2.2e-16);
  EXPECT_NEAR(r.alpha, 0.64, 1e-15);
  EXPECT_EQ(r.iterations, 4);
}

TEST(BacktrackingLineSearch, DecreasingAtAlphaMaxIsAcceptedAtOnce) {
  const auto r = PerformBacktrackingLineSearch(Quadratic(2.0), 2.0, -2.0, {}, 1000 * 2.2e-16);
  EXPECT_EQ(r.alpha, 1.25);
  EXPECT_EQ(r.iterations, 0);
}

// Armijo's test ℓ(α) < ℓ(0) + c α ℓ'(0) (E3-SAP §4.2, c = 1e-4) on a convex piecewise-linear ℓ
// whose scan minimum fails it: ℓ(0) = 0, slope −1 on [0, δ], −σ on [δ, 1.125], +1 beyond, with
// δ = σ = 2⁻¹⁵ ≈ 3.05e-5 (ℓ'(0) = −1 as passed). ℓ'(α_max = 1.25) = 1 > 0: no early accept.
// The scan 1.25, 1.0, 0.8, …: ℓ(1.0) = −δ − σ(1 − δ) ≈ −6.10e-5 < ℓ(1.25) ≈ 0.125, then
// ℓ(0.8) ≈ −5.49e-5 rises (iteration 2), but 1.0 fails Armijo: −6.10e-5 ≥ −1e-4·1.0. Past δ,
// ℓ(α) = −σ(1 + α − σ) passes iff α < σ(1 − σ)/(c − σ) ≈ 0.439, so the rises at 0.64, 0.512,
// 0.4096 reject 0.8 (−5.49e-5 ≥ −8e-5), 0.64 (−5.00e-5 ≥ −6.4e-5), 0.512 (−4.61e-5 ≥ −5.12e-5),
// and the rise at 0.32768 (iteration 6) accepts 0.4096 (−4.30e-5 < −4.096e-5). The test with its
// sign reversed (ℓ(α) < ℓ(0) − c α ℓ'(0), or ℓ(α) > ℓ(0) + c α ℓ'(0)) takes α = 1.0 at
// iteration 2.
TEST(BacktrackingLineSearch, ScanMinimumWithoutSufficientDecreaseIsRejected) {
  constexpr double kDelta = 1.0 / 32768.0, kSigma = 1.0 / 32768.0, kMin = 1.125;
  const CostAlongLine ell = [=](double a, double* d, double* d2) {
    if (d2) *d2 = 0.0;
    const double at_min = -kDelta - kSigma * (kMin - kDelta);
    if (a <= kDelta) {
      if (d) *d = -1.0;
      return -a;
    }
    if (a <= kMin) {
      if (d) *d = -kSigma;
      return -kDelta - kSigma * (a - kDelta);
    }
    if (d) *d = 1.0;
    return at_min + (a - kMin);
  };
  const auto r = PerformBacktrackingLineSearch(ell, 0.0, -1.0, {}, 1000 * 2.2e-16);
  EXPECT_NEAR(r.alpha, 0.4096, 1e-12);
  EXPECT_EQ(r.iterations, 6);
}

TEST(BacktrackingLineSearch, MinimumTooCloseToZeroThrows) {
  // Minimiser 1e-6 < 1.25 · 0.8⁴⁰ ≈ 1.66e-4: every scanned α is past the minimum and the cost
  // decreases all the way down, but Armijo fails at every point (ℓ(α) > ℓ(0) for α > 2e-6).
  EXPECT_THROW(PerformBacktrackingLineSearch(Quadratic(1e-6), 0.5e-12, -1e-6, {}, 2.2e-13),
               core::NumericalError);
}

}  // namespace
}  // namespace simatlas::sap
