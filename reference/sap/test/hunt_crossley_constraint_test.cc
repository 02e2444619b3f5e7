// Unit tests of E3-SAP §3.2 (Similar and Lagged). Numbers: Drake's published test values
// (FORMULAS.md D5, sap_hunt_crossley_constraint_test.cc, SapRegularization) or hand-derived.
#include "reference/sap/hunt_crossley_constraint.h"

#include <gtest/gtest.h>

#include <cmath>

#include "reference/core/errors.h"

namespace simatlas::sap {
namespace {

using core::Vector3;

HuntCrossleyParameters D5Parameters(double sigma) {
  // D5: fe₀ = 15 N, vn₀ = −0.1 m/s, d = 0.01 s/m, μ = 0.5, vs = 1e-4 m/s, k = 1e5 N/m.
  return {.approximation = HuntCrossleyApproximation::kLagged,
          .mu = 0.5,
          .stiffness = 1e5,
          .dissipation = 0.01,
          .fe0 = 15.0,
          .vn0 = -0.1,
          .stiction_tolerance = 1e-4,
          .sigma = sigma};
}

TEST(HuntCrossleyData, DrakeSapRegularizationD5) {
  // h = 0.01 s, w = (1, 1, 1).
  const Vector3 w(1, 1, 1);
  // σ = 0 → ε = vs = 1e-4.
  EXPECT_EQ(CalcHuntCrossleyData(0.01, w, D5Parameters(0.0)).epsilon, 1e-4);
  // σ = 1e-4 → μ Rt n₀ = 0.5 · 1e-4 · 0.15015 = 7.5075e-6 < vs → ε = 1e-4.
  EXPECT_EQ(CalcHuntCrossleyData(0.01, w, D5Parameters(1e-4)).epsilon, 1e-4);
  // σ = 1e-2 → n₀ = 15 · (1 + 0.01·0.1) · 0.01 = 0.15015 N·s, ε = 0.5 · 0.01 · 0.15015 =
  // 7.5075e-4 m/s (EXPECT_EQ in Drake; here within 2 ulp of the same arithmetic).
  const auto data = CalcHuntCrossleyData(0.01, w, D5Parameters(1e-2));
  EXPECT_DOUBLE_EQ(data.n0, 0.15015);
  EXPECT_DOUBLE_EQ(data.epsilon, 7.5075e-4);
}

TEST(HuntCrossleyData, N0UsesThePreviousStateAndTheBias) {
  // vn₀' = vn₀ + vb_z: vn₀ = −0.1, vb_z = 0.2 → vn₀' = 0.1; n₀ = 0.15 · (1 − 0.001) = 0.14985.
  const auto data = CalcHuntCrossleyData(0.01, Vector3(1, 1, 1), D5Parameters(0.0), 0.2);
  EXPECT_DOUBLE_EQ(data.n0, 0.14985);
  // A negative elastic force gives n₀ = 0.
  auto p = D5Parameters(0.0);
  p.fe0 = -1.0;
  EXPECT_EQ(CalcHuntCrossleyData(0.01, Vector3(1, 1, 1), p).n0, 0.0);
}

TEST(HuntCrossleyData, PreconditionsNameTheKey) {
  auto p = D5Parameters(0.0);
  p.stiction_tolerance = 0.0;
  EXPECT_THROW(CalcHuntCrossleyData(0.01, Vector3(1, 1, 1), p), core::InputError);
  p = D5Parameters(0.0);
  p.dissipation = -1.0;
  EXPECT_THROW(CalcHuntCrossleyData(0.01, Vector3(1, 1, 1), p), core::InputError);
  p = D5Parameters(0.0);
  p.mu = -0.5;
  EXPECT_THROW(CalcHuntCrossleyData(0.01, Vector3(1, 1, 1), p), core::InputError);
}

TEST(HuntCrossleyLaw, HandValuesOfNAndItsAntiderivative) {
  // h = 0.01, k = 1e5, d = 0.01, fe₀ = 15.
  const HuntCrossleyLaw law{0.01, 1e5, 0.01, 15.0};
  // n(0) = h fe₀ = 0.15.
  EXPECT_DOUBLE_EQ(law.n(0.0), 0.15);
  // n(0.001) = 0.01 · (15 − 0.01·1e5·0.001) · (1 − 1e-5) = 0.01 · 14 · 0.99999.
  EXPECT_DOUBLE_EQ(law.n(0.001), 0.01 * 14.0 * 0.99999);
  // n'(0.001) = −0.01 (1e5·0.01·0.99999 + 0.01·14) = −0.01 · (999.99 + 0.14) = −10.0013.
  EXPECT_NEAR(law.dn(0.001), -10.0013, 1e-12);
  // v̂ = min(v_x = 15/0.01/1e5 = 0.015, v_d = 100) = 0.015; above it n = n' = 0.
  EXPECT_NEAR(law.vhat(), 0.015, 1e-15);
  EXPECT_EQ(law.n(0.02), 0.0);
  EXPECT_EQ(law.dn(0.02), 0.0);
  // N(v̂): z̄ = 0.015, Δf = −15: 0.01 [0.015 · 7.5 − 0.01 · 0.015²/2 · (15 − 10)]
  //       = 0.01 [0.1125 − 5.625e-6] = 1.12494375e-3 J; constant above v̂.
  EXPECT_NEAR(law.N(0.015), 1.12494375e-3, 1e-17);
  EXPECT_EQ(law.N(0.03), law.N(0.015));
  // N(0) = 0.
  EXPECT_EQ(law.N(0.0), 0.0);
}

TEST(HuntCrossleyConstraint, SimilarAndLaggedHandValues) {
  // h = 0.01, k = 1e5, d = 0, fe₀ = 15, μ = 0.5, σ = 0 → ε = vs = 1e-4, n₀ = 0.15.
  auto p = D5Parameters(0.0);
  p.dissipation = 0.0;
  p.vn0 = 0.0;
  // vc = (0.03, 0.04, 0): ‖vt‖ = 0.05, s = √(0.0025 + 1e-8) − 1e-4, t_soft = vt/√(0.0025 + 1e-8).
  const Vector3 vc(0.03, 0.04, 0.0);
  const double root = std::sqrt(0.0025 + 1e-8);
  const double s = root - 1e-4;
  // Lagged: γn = n(0) = 0.15; γt = −μ n₀ t_soft = −0.075 vt/root.
  p.approximation = HuntCrossleyApproximation::kLagged;
  const auto lagged = HuntCrossleyConstraint(p, 0.01, Vector3(1, 1, 1)).Calc(vc);
  EXPECT_DOUBLE_EQ(lagged.gamma(2), 0.15);
  EXPECT_NEAR(lagged.gamma(0), -0.075 * 0.03 / root, 1e-15);
  EXPECT_NEAR(lagged.gamma(1), -0.075 * 0.04 / root, 1e-15);
  // ℓc = −N(0) + μ n₀ s = 0.075 s.
  EXPECT_NEAR(lagged.cost, 0.075 * s, 1e-16);
  // Similar: z = −μ s, γn = n(z) = 0.01 (15 + 0.01·1e5·0.5 s) = 0.15 + 5 s · 0.01 · ... :
  // n(z) = h (fe₀ − h k z) = 0.01 (15 + 1000 · 0.5 s) = 0.15 + 5 s.
  p.approximation = HuntCrossleyApproximation::kSimilar;
  const auto similar = HuntCrossleyConstraint(p, 0.01, Vector3(1, 1, 1)).Calc(vc);
  EXPECT_NEAR(similar.gamma(2), 0.15 + 5.0 * s, 1e-14);
  // Similar pushes harder while sliding (z < vn), so its ‖γt‖ exceeds Lagged's.
  EXPECT_GT(similar.gamma.head<2>().norm(), lagged.gamma.head<2>().norm());
}

TEST(HuntCrossleyConstraint, LaggedBoundIsMuN0NotMuGammaN) {
  // Course exercise 3: a separating current vn with an approaching previous state.
  // n₀ = 0.15015 (D5); vn = 0.014 m/s → γn = n(0.014) small, but ‖γt‖ → μ n₀ for large slip.
  const HuntCrossleyConstraint c(D5Parameters(0.0), 0.01, Vector3(1, 1, 1));
  const auto v = c.Calc(Vector3(1.0, 0.0, 0.014));
  const double gt = v.gamma.head<2>().norm();
  EXPECT_LE(gt, 0.5 * 0.15015);
  EXPECT_GT(gt, 0.5 * v.gamma(2));
}

}  // namespace
}  // namespace simatlas::sap
