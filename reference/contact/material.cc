// E3-geometry §3: each combined material field (material.h).
#include "reference/contact/material.h"

#include <cmath>
#include <string>

#include "reference/core/errors.h"
#include "reference/core/numeric.h"

namespace simatlas::contact {

using core::InputError;
using core::IsRigid;
using core::SafeDivide;

double CombinePointStiffness(double k1, double k2) {
  core::RequireNonNegativeOrInfinite("k1", k1, "N/m");
  core::RequireNonNegativeOrInfinite("k2", k2, "N/m");
  // Two rigid sides have no finite series stiffness.
  if (IsRigid(k1) && IsRigid(k2)) {
    throw InputError("k1 = inf N/m and k2 = inf N/m: at most one side may be rigid");
  }
  // A rigid side drops out of the series: the other side's stiffness remains.
  if (IsRigid(k1)) return k2;
  if (IsRigid(k2)) return k1;
  // Springs in series.
  return SafeDivide(k1 * k2, k1 + k2);
}

double CombineHuntCrossleyDissipation(double w1, double w2, double d1, double d2) {
  core::RequireNonNegativeOrInfinite("k1", w1, "N/m");
  core::RequireNonNegativeOrInfinite("k2", w2, "N/m");
  core::RequireNonNegative("d1", d1, "s/m");
  core::RequireNonNegative("d2", d2, "s/m");
  if (IsRigid(w1) && IsRigid(w2)) {
    throw InputError("k1 = inf and k2 = inf: at most one side may be rigid");
  }
  // Both weights zero: no dissipation.
  if (w1 + w2 == 0.0) return 0.0;
  // A rigid side does not deform, so only the compliant side dissipates.
  if (IsRigid(w1)) return d2;
  if (IsRigid(w2)) return d1;
  // The softer side (smaller weight) carries the larger share.
  return w2 / (w1 + w2) * d1 + w1 / (w1 + w2) * d2;
}

CoulombFriction MakeCoulombFriction(double mu_static, double mu_dynamic, const char* side_suffix) {
  const std::string s = std::string("mu_s") + side_suffix;
  const std::string d = std::string("mu_d") + side_suffix;
  core::RequireFinite(s, mu_static, "");
  core::RequireFinite(d, mu_dynamic, "");
  if (mu_static < 0) core::ThrowInputError(s, mu_static, "", ">= 0 (friction coefficient)");
  if (mu_dynamic < 0) core::ThrowInputError(d, mu_dynamic, "", ">= 0 (friction coefficient)");
  if (mu_dynamic > mu_static) {
    core::ThrowInputError(d, mu_dynamic, "",
                          "<= " + s + " = " + core::FormatNumber(mu_static) +
                              " (dynamic friction may not exceed static friction)");
  }
  return {mu_static, mu_dynamic};
}

CoulombFriction CombineFriction(const CoulombFriction& a, const CoulombFriction& b) {
  // Harmonic-type mean with the factor 2, each coefficient on its own; 0/0 → 0.
  const auto combine = [](double mu1, double mu2) { return SafeDivide(2 * mu1 * mu2, mu1 + mu2); };
  return {combine(a.static_friction, b.static_friction),
          combine(a.dynamic_friction, b.dynamic_friction)};
}

double CombineRelaxationTime(std::optional<double> tau1, std::optional<double> tau2) {
  const auto side = [](std::optional<double> tau, const char* name) {
    // A side without the property uses the discrete assembly's 0.1 s fallback.
    if (!tau) return kDefaultRelaxationTime;
    core::RequireFinite(name, *tau, "s");
    if (*tau < 0) {
      core::ThrowInputError(name, *tau, "s", ">= 0 (relaxation time must be non-negative)");
    }
    return *tau;
  };
  // Plain sum, not a weighted mean.
  return side(tau1, "tau1") + side(tau2, "tau2");
}

PointContactParameters CombineContinuousPointParameters(double k1, double k2, double d1,
                                                        double d2) {
  // Drake's continuous path has no ∞ branch (∞ would give NaN); refuse it here.
  const char* rule = "finite and >= 0 (the continuous point path has no rigid/inf branch)";
  if (!std::isfinite(k1) || k1 < 0) core::ThrowInputError("k1", k1, "N/m", rule);
  if (!std::isfinite(k2) || k2 < 0) core::ThrowInputError("k2", k2, "N/m", rule);
  core::RequireNonNegative("d1", d1, "s/m");
  core::RequireNonNegative("d2", d2, "s/m");
  const double sum = k1 + k2;
  return {SafeDivide(k1 * k2, sum), SafeDivide(k2, sum) * d1 + SafeDivide(k1, sum) * d2};
}

HydroelasticParameters CombineContinuousHydroelastic(double modulus_a, double modulus_b,
                                                     double dissipation_a, double dissipation_b) {
  core::RequirePositiveOrInfinite("E_A", modulus_a, "Pa");
  core::RequirePositiveOrInfinite("E_B", modulus_b, "Pa");
  core::RequireNonNegative("d_A", dissipation_a, "s/m");
  core::RequireNonNegative("d_B", dissipation_b, "s/m");
  // E*: a rigid side leaves the other side's modulus; else moduli in series.
  double modulus = 0.0;
  if (IsRigid(modulus_a)) {
    modulus = modulus_b;
  } else if (IsRigid(modulus_b)) {
    modulus = modulus_a;
  } else {
    modulus = modulus_a * modulus_b / (modulus_a + modulus_b);
  }
  // d*: both rigid → plain mean; else each finite side weighted by E*/E_i.
  if (IsRigid(modulus)) return {modulus, 0.5 * (dissipation_a + dissipation_b)};
  double dissipation = 0.0;
  if (!IsRigid(modulus_a)) dissipation += modulus / modulus_a * dissipation_a;
  if (!IsRigid(modulus_b)) dissipation += modulus / modulus_b * dissipation_b;
  return {modulus, dissipation};
}

PenaltyParameters EstimatePenaltyParameters(double largest_mass, double gravity_norm,
                                            double penetration_allowance) {
  core::RequirePositive("mass", largest_mass, "kg");
  core::RequireNonNegative("gravity", gravity_norm, "m/s^2");
  core::RequirePositive("penetration_allowance", penetration_allowance, "m");
  // Zero gravity falls back to Earth's 9.81 m/s².
  const double g = gravity_norm == 0.0 ? 9.81 : gravity_norm;
  // Stiffness that holds the heaviest body at the allowed penetration.
  const double k_c = largest_mass * g / penetration_allowance;
  // Time scale of that spring, and the dissipation that damps it in about one period.
  const double omega = std::sqrt(k_c / largest_mass);
  const double time_scale = 1.0 / omega;
  const double damping_ratio = 1.0;
  const double d = damping_ratio * time_scale / penetration_allowance;
  return {k_c, 2.0 * k_c, d};
}

}  // namespace simatlas::contact
