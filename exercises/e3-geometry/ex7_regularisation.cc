// E3-geometry §5, exercise 7 (course §4 "摩擦正则化不只有一种曲线"): do continuous point and
// continuous hydroelastic contact use the same velocity regularisation? Evidence: the Stribeck
// quintic (formula sheet (4.1)) and the atan curve (4.2) of
// reference/contact/friction_regularization.h at ‖vt‖ = vs and 3vs. By hand: Stribeck at s = 1 is
// μs S(1) = μs; atan gives (2/π)μd atan 1 = (2/π)(π/4)μd = μd/2; at s = 3 Stribeck is μd and atan
// (2/π)atan(3) μd = 0.79517 μd.
#include <gtest/gtest.h>

#include <cmath>
#include <iostream>
#include <numbers>

#include "exercises/support/exercise.h"
#include "reference/contact/friction_regularization.h"
#include "reference/core/errors.h"

namespace simatlas::exercises {
namespace {

TEST(Ex7, TwoRegularisations) {
  const Exercise exercise{
      "e3-geometry",
      7,
      "E3-geometry §5",
      "Do continuous point contact and continuous hydroelastic contact use the same velocity "
      "regularisation of friction? Give each curve's mu at slip speeds vs and 3 vs.",
      {YesNo("answer", "the same regularisation?"),
       Number("stribeck_mu_at_vs_over_mu_s", "1", "Stribeck mu at |vt| = vs, divided by mu_s",
              1e-3),
       Number("atan_mu_at_vs_over_mu_d", "1", "atan mu at |vt| = vs, divided by mu_d", 1e-3),
       Number("atan_mu_at_3vs_over_mu_d", "1", "atan mu at |vt| = 3 vs, divided by mu_d", 2e-3)}};
  StateQuestion(exercise, std::cout);
  Evidence evidence;

  // Course default vs = 1e-4 m/s; μs = 0.6, μd = 0.4 (distinct, so the curves can be told apart).
  const double vs = contact::kDefaultStictionTolerance;
  const double mu_s = 0.6;
  const double mu_d = 0.4;
  const double stribeck_1 = contact::StribeckFrictionCoefficient(vs, vs, mu_s, mu_d);
  const double stribeck_3 = contact::StribeckFrictionCoefficient(3 * vs, vs, mu_s, mu_d);
  const double atan_1 = contact::AtanFrictionCoefficient(vs, vs, mu_d);
  const double atan_3 = contact::AtanFrictionCoefficient(3 * vs, vs, mu_d);
  evidence.Show("mu_s = 0.6, mu_d = 0.4, vs = 1e-4 m/s");
  evidence.Show("|vt| = vs:   Stribeck mu = " + core::FormatNumber(stribeck_1) +
                ", atan mu = " + core::FormatNumber(atan_1));
  evidence.Show("|vt| = 3 vs: Stribeck mu = " + core::FormatNumber(stribeck_3) +
                ", atan mu = " + core::FormatNumber(atan_3));
  // Hand values (file comment): μs, μd/2, μd, (2/π) atan(3) μd.
  EXPECT_DOUBLE_EQ(stribeck_1, mu_s);
  EXPECT_NEAR(atan_1, mu_d / 2, 1e-15);
  EXPECT_DOUBLE_EQ(stribeck_3, mu_d);
  EXPECT_NEAR(atan_3, 2 / std::numbers::pi * std::atan(3.0) * mu_d, 1e-15);

  evidence.Imply("answer", stribeck_1 == atan_1 && stribeck_3 == atan_3);
  evidence.Imply("stribeck_mu_at_vs_over_mu_s", stribeck_1 / mu_s);
  evidence.Imply("atan_mu_at_vs_over_mu_d", atan_1 / mu_d);
  evidence.Imply("atan_mu_at_3vs_over_mu_d", atan_3 / mu_d);
  CheckAnswers(exercise, evidence);
}

}  // namespace
}  // namespace simatlas::exercises
