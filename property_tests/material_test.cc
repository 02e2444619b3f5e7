// Properties of the material combination laws (E3-geometry §3): symmetry in the two sides,
// identical materials keep μ, series stiffness ≤ min side, rigid limits, d between d1 and d2,
// relaxation time is a plain sum.
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>

#include "reference/contact/material.h"

namespace simatlas::contact {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

// A positive stiffness [N/m] over many decades (1e-2 … 1e9).
rc::Gen<double> Stiffness() {
  return rc::gen::map(rc::gen::inRange(-200, 900), [](int e) { return std::pow(10.0, e / 100.0); });
}

// A friction coefficient in [0, 2].
rc::Gen<double> Mu() {
  return rc::gen::map(rc::gen::inRange(0, 2001), [](int m) { return m / 1000.0; });
}

// A dissipation [s/m] in [0, 100].
rc::Gen<double> Dissipation() {
  return rc::gen::map(rc::gen::inRange(0, 100001), [](int d) { return d / 1000.0; });
}

RC_GTEST_PROP(MaterialPointStiffness, SymmetricInTheTwoSides, ()) {
  const double k1 = *Stiffness();
  const double k2 = *Stiffness();
  RC_ASSERT(CombinePointStiffness(k1, k2) == CombinePointStiffness(k2, k1));
}

RC_GTEST_PROP(MaterialPointStiffness, SeriesIsAtMostTheSofterSide, ()) {
  const double k1 = *Stiffness();
  const double k2 = *Stiffness();
  const double k = CombinePointStiffness(k1, k2);
  RC_ASSERT(k <= std::min(k1, k2) * (1 + 1e-15));
  // ... and at least half of it (equality for equal sides).
  RC_ASSERT(k >= 0.5 * std::min(k1, k2) * (1 - 1e-15));
}

RC_GTEST_PROP(MaterialPointStiffness, RigidSideReturnsTheOther, ()) {
  const double k = *Stiffness();
  RC_ASSERT(CombinePointStiffness(k, kInf) == k);
  RC_ASSERT(CombinePointStiffness(kInf, k) == k);
  // The limit agrees: a very stiff side approaches the rigid answer.
  RC_ASSERT(std::abs(CombinePointStiffness(k, k * 1e12) - k) <= 1e-11 * k);
}

RC_GTEST_PROP(MaterialDissipation, LiesBetweenTheSidesAndIsSymmetric, ()) {
  const double k1 = *Stiffness();
  const double k2 = *Stiffness();
  const double d1 = *Dissipation();
  const double d2 = *Dissipation();
  const double d = CombineHuntCrossleyDissipation(k1, k2, d1, d2);
  const double tol = 1e-12 * std::max({1.0, d1, d2});
  RC_ASSERT(d >= std::min(d1, d2) - tol);
  RC_ASSERT(d <= std::max(d1, d2) + tol);
  RC_ASSERT(std::abs(d - CombineHuntCrossleyDissipation(k2, k1, d2, d1)) <= tol);
}

RC_GTEST_PROP(MaterialDissipation, SofterSideWeighsMore, ()) {
  const double k1 = *Stiffness();
  const double k2 = *Stiffness();
  RC_PRE(k1 < k2);
  // With d1 = 1, d2 = 0 the result is side 1's weight k2/(k1+k2), which exceeds ½.
  RC_ASSERT(CombineHuntCrossleyDissipation(k1, k2, 1.0, 0.0) > 0.5);
}

RC_GTEST_PROP(MaterialDissipation, RigidSideTakesTheCompliantSidesD, ()) {
  const double k = *Stiffness();
  const double d1 = *Dissipation();
  const double d2 = *Dissipation();
  RC_ASSERT(CombineHuntCrossleyDissipation(kInf, k, d1, d2) == d2);
  RC_ASSERT(CombineHuntCrossleyDissipation(k, kInf, d1, d2) == d1);
}

RC_GTEST_PROP(MaterialFriction, IdenticalMaterialsKeepMu, ()) {
  const double mu_d = *Mu();
  const double mu_s = mu_d + *Mu();
  const auto c = CombineFriction({mu_s, mu_d}, {mu_s, mu_d});
  RC_ASSERT(std::abs(c.static_friction - mu_s) <= 5 * std::numeric_limits<double>::epsilon() * mu_s);
  RC_ASSERT(std::abs(c.dynamic_friction - mu_d) <= 5 * std::numeric_limits<double>::epsilon() * mu_d);
}

RC_GTEST_PROP(MaterialFriction, SymmetricBoundedAndEachCoefficientOnItsOwn, ()) {
  const double a_d = *Mu();
  const double a_s = a_d + *Mu();
  const double b_d = *Mu();
  const double b_s = b_d + *Mu();
  const auto ab = CombineFriction({a_s, a_d}, {b_s, b_d});
  const auto ba = CombineFriction({b_s, b_d}, {a_s, a_d});
  RC_ASSERT(ab.static_friction == ba.static_friction);
  RC_ASSERT(ab.dynamic_friction == ba.dynamic_friction);
  // A harmonic-type mean lies between the two sides.
  RC_ASSERT(ab.static_friction <= std::max(a_s, b_s) * (1 + 1e-15));
  RC_ASSERT(ab.static_friction >= std::min(a_s, b_s) * (1 - 1e-15));
  // Changing only the static coefficients leaves the combined dynamic one untouched.
  const auto changed = CombineFriction({a_s + 1.0, a_d}, {b_s, b_d});
  RC_ASSERT(changed.dynamic_friction == ab.dynamic_friction);
  // Combined dynamic never exceeds combined static.
  RC_ASSERT(ab.dynamic_friction <= ab.static_friction * (1 + 1e-15));
}

RC_GTEST_PROP(MaterialRelaxationTime, PlainSumNotAMean, ()) {
  const double t1 = *Dissipation() / 100.0;
  const double t2 = *Dissipation() / 100.0;
  RC_ASSERT(CombineRelaxationTime(t1, t2) == t1 + t2);
  RC_ASSERT(CombineRelaxationTime(t1, std::nullopt) == t1 + kDefaultRelaxationTime);
}

}  // namespace
}  // namespace simatlas::contact
