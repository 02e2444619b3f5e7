#pragma once
/// @file
/// The properties of the material combination laws (E3-geometry §3), written once and applied
/// to any implementation: property_tests/material_test.cc applies them to the reference engine,
/// the implementation exercises (exercises/implement/) apply them to a student's law.
///
/// Each function draws its own inputs with rapidcheck generators, so it must be called inside a
/// property (RC_GTEST_PROP or rc::check). Each takes the implementation as a callable:
///   point stiffness   double(double k1, double k2)                         [N/m]
///   dissipation       double(double w1, double w2, double d1, double d2)   [s/m]
///   friction          contact::CoulombFriction(CoulombFriction, CoulombFriction)
///   relaxation time   double(std::optional<double>, std::optional<double>) [s]
/// The CoulombFriction struct (μs, μd) is only a record here; no reference law is called.
#include <rapidcheck.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>

#include "reference/contact/material.h"

namespace simatlas::property_tests::material {

/// +∞: a rigid side's stiffness or modulus.
inline constexpr double kInf = std::numeric_limits<double>::infinity();
/// Machine epsilon; tolerances are stated as small multiples of it.
inline constexpr double kEps = std::numeric_limits<double>::epsilon();

/// A positive stiffness [N/m] over many decades (1e-2 … 1e9).
inline rc::Gen<double> Stiffness() {
  return rc::gen::map(rc::gen::inRange(-200, 900), [](int e) { return std::pow(10.0, e / 100.0); });
}

/// A friction coefficient in [0, 2].
inline rc::Gen<double> Mu() {
  return rc::gen::map(rc::gen::inRange(0, 2001), [](int m) { return m / 1000.0; });
}

/// A dissipation [s/m] in [0, 100].
inline rc::Gen<double> Dissipation() {
  return rc::gen::map(rc::gen::inRange(0, 100001), [](int d) { return d / 1000.0; });
}

// ---------------------------------------------------------------------------------------------
// Point stiffness k = k₁k₂/(k₁ + k₂) (springs in series).

/// k(k₁, k₂) == k(k₂, k₁) exactly.
template <class Combine>
void PointStiffnessIsSymmetric(Combine combine) {
  const double k1 = *Stiffness();
  const double k2 = *Stiffness();
  RC_ASSERT(combine(k1, k2) == combine(k2, k1));
}

/// ½ min(k₁, k₂) ≤ k ≤ min(k₁, k₂) (equality on the left for equal sides); 1e-15 relative
/// slack for the one rounding of the quotient.
template <class Combine>
void PointStiffnessIsAtMostTheSofterSide(Combine combine) {
  const double k1 = *Stiffness();
  const double k2 = *Stiffness();
  const double k = combine(k1, k2);
  RC_ASSERT(k <= std::min(k1, k2) * (1 + 1e-15));
  // ... and at least half of it (equality for equal sides).
  RC_ASSERT(k >= 0.5 * std::min(k1, k2) * (1 - 1e-15));
}

/// A rigid (∞) side returns the other side exactly, and a very stiff side approaches it.
template <class Combine>
void PointStiffnessRigidSideReturnsTheOther(Combine combine) {
  const double k = *Stiffness();
  RC_ASSERT(combine(k, kInf) == k);
  RC_ASSERT(combine(kInf, k) == k);
  // The limit agrees: a very stiff side approaches the rigid answer.
  RC_ASSERT(std::abs(combine(k, k * 1e12) - k) <= 1e-11 * k);
}

/// Series springs add compliances: 1/k = 1/k₁ + 1/k₂ (reconstruction check; a "min" or a
/// mean passes the bounds above but fails here). Tolerance: a few roundings, 8 ε relative.
template <class Combine>
void PointStiffnessCompliancesAdd(Combine combine) {
  const double k1 = *Stiffness();
  const double k2 = *Stiffness();
  const double compliance = 1.0 / combine(k1, k2);
  const double expected = 1.0 / k1 + 1.0 / k2;
  RC_ASSERT(std::abs(compliance - expected) <= 8 * kEps * expected);
}

// ---------------------------------------------------------------------------------------------
// Hunt–Crossley dissipation d = w₂/(w₁+w₂)·d₁ + w₁/(w₁+w₂)·d₂ (weights: stiffness or modulus).

/// min(d₁, d₂) ≤ d ≤ max(d₁, d₂) and d is symmetric under swapping the sides
/// (1e-12 relative slack for roundings in the weights).
template <class Combine>
void DissipationLiesBetweenTheSidesAndIsSymmetric(Combine combine) {
  const double k1 = *Stiffness();
  const double k2 = *Stiffness();
  const double d1 = *Dissipation();
  const double d2 = *Dissipation();
  const double d = combine(k1, k2, d1, d2);
  const double tol = 1e-12 * std::max({1.0, d1, d2});
  RC_ASSERT(d >= std::min(d1, d2) - tol);
  RC_ASSERT(d <= std::max(d1, d2) + tol);
  RC_ASSERT(std::abs(d - combine(k2, k1, d2, d1)) <= tol);
}

/// The softer side weighs more: with d₁ = 1, d₂ = 0 the result is side 1's weight
/// k₂/(k₁+k₂) > ½ when k₁ < k₂.
template <class Combine>
void DissipationSofterSideWeighsMore(Combine combine) {
  const double k1 = *Stiffness();
  const double k2 = *Stiffness();
  RC_PRE(k1 < k2);
  // With d1 = 1, d2 = 0 the result is side 1's weight k2/(k1+k2), which exceeds ½.
  RC_ASSERT(combine(k1, k2, 1.0, 0.0) > 0.5);
}

/// A rigid (∞) side takes the compliant side's d exactly.
template <class Combine>
void DissipationRigidSideTakesTheCompliantSidesD(Combine combine) {
  const double k = *Stiffness();
  const double d1 = *Dissipation();
  const double d2 = *Dissipation();
  RC_ASSERT(combine(kInf, k, d1, d2) == d2);
  RC_ASSERT(combine(k, kInf, d1, d2) == d1);
}

/// The weights are exactly the other side's share: (k₁+k₂)·d = k₂d₁ + k₁d₂ (reconstruction;
/// 1e-12 relative slack as above).
template <class Combine>
void DissipationWeightsAreTheOtherSidesShare(Combine combine) {
  const double k1 = *Stiffness();
  const double k2 = *Stiffness();
  const double d1 = *Dissipation();
  const double d2 = *Dissipation();
  const double lhs = (k1 + k2) * combine(k1, k2, d1, d2);
  const double rhs = k2 * d1 + k1 * d2;
  RC_ASSERT(std::abs(lhs - rhs) <= 1e-12 * (k1 + k2) * std::max(d1, d2));
}

// ---------------------------------------------------------------------------------------------
// Friction μ = 2μ₁μ₂/(μ₁ + μ₂) for μs and μd separately.

/// Identical surfaces keep their μs and μd (within 5 ε: one product, one sum, one quotient).
template <class Combine>
void FrictionIdenticalMaterialsKeepMu(Combine combine) {
  const double mu_d = *Mu();
  const double mu_s = mu_d + *Mu();
  const contact::CoulombFriction c = combine({mu_s, mu_d}, {mu_s, mu_d});
  RC_ASSERT(std::abs(c.static_friction - mu_s) <= 5 * kEps * mu_s);
  RC_ASSERT(std::abs(c.dynamic_friction - mu_d) <= 5 * kEps * mu_d);
}

/// Symmetric; μs between the sides; changing only μs leaves μd untouched; μd ≤ μs.
template <class Combine>
void FrictionSymmetricBoundedAndEachCoefficientOnItsOwn(Combine combine) {
  const double a_d = *Mu();
  const double a_s = a_d + *Mu();
  const double b_d = *Mu();
  const double b_s = b_d + *Mu();
  const contact::CoulombFriction ab = combine({a_s, a_d}, {b_s, b_d});
  const contact::CoulombFriction ba = combine({b_s, b_d}, {a_s, a_d});
  RC_ASSERT(ab.static_friction == ba.static_friction);
  RC_ASSERT(ab.dynamic_friction == ba.dynamic_friction);
  // A harmonic-type mean lies between the two sides.
  RC_ASSERT(ab.static_friction <= std::max(a_s, b_s) * (1 + 1e-15));
  RC_ASSERT(ab.static_friction >= std::min(a_s, b_s) * (1 - 1e-15));
  // Changing only the static coefficients leaves the combined dynamic one untouched.
  const contact::CoulombFriction changed = combine({a_s + 1.0, a_d}, {b_s, b_d});
  RC_ASSERT(changed.dynamic_friction == ab.dynamic_friction);
  // Combined dynamic never exceeds combined static.
  RC_ASSERT(ab.dynamic_friction <= ab.static_friction * (1 + 1e-15));
}

/// The harmonic mean: 1/μ = ½(1/μ₁ + 1/μ₂) for positive coefficients (a "min" passes the
/// bounds above but fails here), 8 ε relative; a zero side gives 0, both zero give 0.
template <class Combine>
void FrictionIsTheHarmonicMean(Combine combine) {
  const double mu1 = *Mu();
  const double mu2 = *Mu();
  RC_PRE(mu1 > 0.0 && mu2 > 0.0);
  const contact::CoulombFriction c = combine({mu1, mu1}, {mu2, mu2});
  const double expected_reciprocal = 0.5 * (1.0 / mu1 + 1.0 / mu2);
  RC_ASSERT(std::abs(1.0 / c.static_friction - expected_reciprocal) <=
            8 * kEps * expected_reciprocal);
  RC_ASSERT(std::abs(1.0 / c.dynamic_friction - expected_reciprocal) <=
            8 * kEps * expected_reciprocal);
  // A frictionless side gives 0 (2·0·μ₂/μ₂), and two frictionless sides give 0 (sd(0, 0) = 0).
  const contact::CoulombFriction with_zero = combine({0.0, 0.0}, {mu2, mu2});
  RC_ASSERT(with_zero.static_friction == 0.0);
  RC_ASSERT(with_zero.dynamic_friction == 0.0);
  const contact::CoulombFriction both_zero = combine({0.0, 0.0}, {0.0, 0.0});
  RC_ASSERT(both_zero.static_friction == 0.0);
  RC_ASSERT(both_zero.dynamic_friction == 0.0);
}

// ---------------------------------------------------------------------------------------------
// Relaxation time τ = τ₁ + τ₂ (a side left out contributes 0.1 s).

/// A plain sum, not a mean; a missing side uses the 0.1 s fallback.
template <class Combine>
void RelaxationTimeIsAPlainSum(Combine combine) {
  const double t1 = *Dissipation() / 100.0;
  const double t2 = *Dissipation() / 100.0;
  RC_ASSERT(combine(t1, t2) == t1 + t2);
  RC_ASSERT(combine(t1, std::nullopt) == t1 + contact::kDefaultRelaxationTime);
}

}  // namespace simatlas::property_tests::material
