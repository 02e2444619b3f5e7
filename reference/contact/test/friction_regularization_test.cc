// Unit tests of E3-geometry §4 (formula sheet (4.1), (4.2)). Numbers are hand-derived (arithmetic
// in the comments), Drake's published values (FORMULAS.md "Named test vectors" D3,
// multibody/plant/test/hydroelastic_traction_calculator_test.cc,
// CalcAtanXOverXFromXSquared_AutoDiffXd), or 30-digit mpmath constants (named).
#include "reference/contact/friction_regularization.h"

#include <gtest/gtest.h>

#include <cmath>
#include <complex>
#include <limits>

#include "reference/core/errors.h"

namespace simatlas::contact {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kEps = std::numeric_limits<double>::epsilon();
using core::InputError;

TEST(StribeckStep5, HandValuesAndEnds) {
  // S(0) = 0, S(1) = 10 − 15 + 6 = 1.
  EXPECT_EQ(StribeckStep5(0.0), 0.0);
  EXPECT_EQ(StribeckStep5(1.0), 1.0);
  // S(½) = ⅛ (10 + ½(3 − 15)) = ⅛ · 4 = ½ (the curve is symmetric about (½, ½)).
  EXPECT_EQ(StribeckStep5(0.5), 0.5);
  // S(¼) = 10/64 − 15/256 + 6/1024 = 0.15625 − 0.05859375 + 0.005859375 = 0.103515625 (exact).
  EXPECT_EQ(StribeckStep5(0.25), 0.103515625);
  // Symmetry S(1 − x) = 1 − S(x): S(¾) = 1 − 0.103515625 = 0.896484375.
  EXPECT_EQ(StribeckStep5(0.75), 0.896484375);
  // Outside [0, 1] or not a number.
  EXPECT_THROW(StribeckStep5(-0.1), InputError);
  EXPECT_THROW(StribeckStep5(1.1), InputError);
  EXPECT_THROW(StribeckStep5(std::nan("")), InputError);
}

TEST(StribeckFrictionCoefficient, HandValuesOnEachPiece) {
  // μs = 0.6, μd = 0.4, vs = 1 m/s so that s = speed.
  const double vs = 1.0;
  const double mu_s = 0.6;
  const double mu_d = 0.4;
  // s = 0: μ = μs S(0) = 0 (vs is not a binary stick test).
  EXPECT_EQ(StribeckFrictionCoefficient(0.0, vs, mu_s, mu_d), 0.0);
  // s = ½: μs S(½) = 0.6 · 0.5 = 0.3.
  EXPECT_DOUBLE_EQ(StribeckFrictionCoefficient(0.5, vs, mu_s, mu_d), 0.3);
  // s = 1: second piece starts at μs − 0.2 S(0) = 0.6 (course exercise 7: Stribeck gives μs at vs).
  EXPECT_EQ(StribeckFrictionCoefficient(1.0, vs, mu_s, mu_d), 0.6);
  // s = 1.5: μs − 0.2 S(¼) = 0.6 − 0.2 · 0.103515625 = 0.6 − 0.020703125 = 0.579296875.
  EXPECT_DOUBLE_EQ(StribeckFrictionCoefficient(1.5, vs, mu_s, mu_d), 0.579296875);
  // s = 2: μs − 0.2 S(½) = 0.6 − 0.1 = 0.5.
  EXPECT_DOUBLE_EQ(StribeckFrictionCoefficient(2.0, vs, mu_s, mu_d), 0.5);
  // s = 3 and beyond: μd.
  EXPECT_EQ(StribeckFrictionCoefficient(3.0, vs, mu_s, mu_d), 0.4);
  EXPECT_EQ(StribeckFrictionCoefficient(1e6, vs, mu_s, mu_d), 0.4);
}

TEST(StribeckFrictionCoefficient, UsesTheRatioSpeedOverStictionTolerance) {
  // The CLI example: speed = vs = 1e-4 m/s → s = 1 → μs = 0.6.
  EXPECT_EQ(StribeckFrictionCoefficient(1e-4, 1e-4, 0.6, 0.4), 0.6);
  // speed = 0.5e-4 with vs = 1e-4 is s = ½ → 0.3, the same as speed ½ with vs = 1.
  EXPECT_DOUBLE_EQ(StribeckFrictionCoefficient(0.5e-4, 1e-4, 0.6, 0.4), 0.3);
  // speed = 3e-4 with vs = 1e-4: s = 3 (up to rounding of 3e-4/1e-4) → μd within one ulp path.
  EXPECT_NEAR(StribeckFrictionCoefficient(3e-4, 1e-4, 0.6, 0.4), 0.4, 1e-12);
}

TEST(StribeckFrictionCoefficient, RejectsBadInput) {
  EXPECT_THROW(StribeckFrictionCoefficient(1.0, 0.0, 0.6, 0.4), InputError);     // vs = 0
  EXPECT_THROW(StribeckFrictionCoefficient(1.0, -1e-4, 0.6, 0.4), InputError);   // vs < 0
  EXPECT_THROW(StribeckFrictionCoefficient(-1.0, 1e-4, 0.6, 0.4), InputError);   // speed < 0
  EXPECT_THROW(StribeckFrictionCoefficient(1.0, 1e-4, 0.4, 0.6), InputError);    // μd > μs
  EXPECT_THROW(StribeckFrictionCoefficient(1.0, 1e-4, -0.1, -0.2), InputError);  // μ < 0
  EXPECT_THROW(StribeckFrictionCoefficient(kInf, 1e-4, 0.6, 0.4), InputError);
  EXPECT_THROW(StribeckFrictionCoefficient(1.0, 1e-4, std::nan(""), 0.4), InputError);
  // The message names the key, the value and the rule.
  try {
    StribeckFrictionCoefficient(1.0, 1e-4, 0.4, 0.6);
    FAIL() << "expected InputError";
  } catch (const InputError& e) {
    EXPECT_STREQ(e.what(),
                 "mu_d = 0.6 must be <= mu_s = 0.4 (dynamic friction may not exceed static "
                 "friction)");
  }
}

// d/dx of f(x) = AtanXOverX(x²) by a complex step through the very same branches:
// f'(x) = Im f((x + ih)²)/h with h = 1e-30 (no subtractive cancellation).
double ComplexStepDerivative(double x) {
  constexpr double h = 1e-30;
  const std::complex<double> z(x, h);
  return std::imag(internal::AtanXOverXFromXSquaredBranches(z * z)) / h;
}

TEST(AtanXOverXFromXSquared, DrakeTableD3Values) {
  // D3: evaluated from x² = x·x; Drake asserts these values with EXPECT_EQ.
  struct Row {
    double x, f;
  };
  const Row rows[] = {
      {0.0, 1.0},
      {1e-6, 9.9999999999966671e-01},
      {1e-4, 9.9999999666666672e-01},
      {0.119999, 9.9524112879111848e-01},  // series branch (x² < 0.12²)
      {0.12, 9.9524105015282038e-01},      // series branch (x² = 0.12², "≤")
      {0.120001, 9.9524097151388935e-01},  // atan branch
      {1.0, 7.8539816339744828e-01},       // π/4
  };
  for (const Row& row : rows) {
    EXPECT_EQ(AtanXOverXFromXSquared(row.x * row.x), row.f) << "x = " << row.x;
  }
}

TEST(AtanXOverXFromXSquared, DrakeTableD3Derivatives) {
  // D3 derivatives d/dx, differentiated here by a complex step through our own branches and held
  // to Drake's tolerances: ε_machine, and 1e-15 at the three points around the 0.12 cut-off.
  struct Row {
    double x, dfdx, tolerance;
  };
  const Row rows[] = {
      {0.0, 0.0, kEps},
      {1e-6, -6.6666666666586668e-07, kEps},
      {1e-4, -6.6666665866666670e-05, kEps},
      {0.119999, -7.8637981597899004e-02, 1e-15},
      {0.12, -7.8638614575291185e-02, 1e-15},
      {0.120001, -7.8639247552136096e-02, 1e-15},
      {1.0, -2.8539816339744833e-01, kEps},
  };
  for (const Row& row : rows) {
    EXPECT_NEAR(ComplexStepDerivative(row.x), row.dfdx, row.tolerance) << "x = " << row.x;
  }
}

TEST(AtanXOverXFromXSquared, AgreesWithAtanOverXAndRejectsBadInput) {
  // Above the cut-off it is atan(x)/x itself: x = 2 → atan(2)/2.
  EXPECT_EQ(AtanXOverXFromXSquared(4.0), std::atan(2.0) / 2.0);
  // Far out: atan(x)/x → (π/2)/x; x = 1e8 gives 1.5707963167948966e-8 (mpmath: (π/2 − 1e-8)/1e8).
  EXPECT_NEAR(AtanXOverXFromXSquared(1e16), 1.5707963167948966e-8, 1e-23);
  EXPECT_THROW(AtanXOverXFromXSquared(-1e-3), InputError);
  EXPECT_THROW(AtanXOverXFromXSquared(std::nan("")), InputError);
  EXPECT_THROW(AtanXOverXFromXSquared(kInf), InputError);
}

TEST(AtanFrictionCoefficient, HandValues) {
  // speed = vs: (2/π) μd atan(1) = (2/π)(π/4) μd = μd/2 (course exercise 7).
  EXPECT_NEAR(AtanFrictionCoefficient(1e-4, 1e-4, 0.4), 0.2, 1e-16);
  // speed = 3 vs: (2/π) atan 3 = 0.795167235300866548… (mpmath, 30 digits) times μd.
  EXPECT_NEAR(AtanFrictionCoefficient(3e-4, 1e-4, 0.4), 0.4 * 0.79516723530086654835, 1e-15);
  // Zero slip, zero friction; and it reads μd only (there is no μs argument).
  EXPECT_EQ(AtanFrictionCoefficient(0.0, 1e-4, 0.4), 0.0);
  // At s = 1 and 3 Stribeck gives μs and μd instead: the two curves differ (exercise 7).
  EXPECT_GT(StribeckFrictionCoefficient(1e-4, 1e-4, 0.4, 0.4),
            AtanFrictionCoefficient(1e-4, 1e-4, 0.4));
  EXPECT_THROW(AtanFrictionCoefficient(1.0, 0.0, 0.4), InputError);
  EXPECT_THROW(AtanFrictionCoefficient(-1.0, 1e-4, 0.4), InputError);
  EXPECT_THROW(AtanFrictionCoefficient(1.0, 1e-4, -0.4), InputError);
}

TEST(DiscreteFrictionCoefficient, ReadsTheDynamicCoefficientOnly) {
  // Combined (μs, μd) = (0.6, 0.4) → 0.4; raising μs to 1.2 leaves it at 0.4 (exercise 5).
  EXPECT_EQ(DiscreteFrictionCoefficient(CoulombFriction{0.6, 0.4}), 0.4);
  EXPECT_EQ(DiscreteFrictionCoefficient(CoulombFriction{1.2, 0.4}), 0.4);
  // Combining two surfaces first (D1: (0.8, 0.3) with (0.7, 0.5) → μd = 0.375) and then reading.
  EXPECT_DOUBLE_EQ(DiscreteFrictionCoefficient(
                       CombineFriction(CoulombFriction{0.8, 0.3}, CoulombFriction{0.7, 0.5})),
                   0.375);
  // A pair with μd > μs is not a valid Coulomb friction.
  EXPECT_THROW(DiscreteFrictionCoefficient(CoulombFriction{0.3, 0.8}), InputError);
}

}  // namespace
}  // namespace simatlas::contact
