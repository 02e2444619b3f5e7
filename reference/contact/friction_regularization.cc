// E3-geometry §4: Stribeck quintic (4.1), atan(x)/x (4.2) and the atan friction coefficient.
// Equation numbers (N.M) are the formula sheet's (course/FORMULAS.md).
#include "reference/contact/friction_regularization.h"

#include <cmath>
#include <numbers>
#include <string>

#include "reference/core/errors.h"

namespace simatlas::contact {

namespace {

// Shared checks of the regularised coefficient laws: s ≥ 0, vs > 0, all finite.
void RequireSpeeds(double slip_speed, double stiction_tolerance) {
  core::RequireNonNegative("speed", slip_speed, "m/s");
  core::RequirePositive("vs", stiction_tolerance, "m/s");
}

}  // namespace

double StribeckStep5(double x) {
  core::RequireFinite("x", x, "");
  if (x < 0.0 || x > 1.0) core::ThrowInputError("x", x, "", "in [0, 1] (domain of step5)");
  // S(x) = 10x³ − 15x⁴ + 6x⁵, evaluated as x³(10 + x(6x − 15)).
  const double x3 = x * x * x;
  return x3 * (10.0 + x * (6.0 * x - 15.0));
}

double StribeckFrictionCoefficient(double slip_speed, double stiction_tolerance, double mu_static,
                                   double mu_dynamic) {
  RequireSpeeds(slip_speed, stiction_tolerance);
  core::RequireNonNegative("mu_s", mu_static, "");
  core::RequireNonNegative("mu_d", mu_dynamic, "");
  if (mu_dynamic > mu_static) {
    core::ThrowInputError("mu_d", mu_dynamic, "",
                          "<= mu_s = " + core::FormatNumber(mu_static) +
                              " (dynamic friction may not exceed static friction)");
  }
  // Dimensionless slip s = ‖vt‖/vs.
  const double s = slip_speed / stiction_tolerance;
  // s ≥ 3: fully sliding, the dynamic coefficient.
  if (s >= 3.0) return mu_dynamic;
  // 1 ≤ s < 3: from μs down to μd along S((s − 1)/2).
  if (s >= 1.0) return mu_static - (mu_static - mu_dynamic) * StribeckStep5((s - 1.0) / 2.0);
  // 0 ≤ s < 1: from 0 up to μs along S(s); μ(0) = 0.
  return mu_static * StribeckStep5(s);
}

double AtanXOverXFromXSquared(double x_squared) {
  core::RequireNonNegative("x^2", x_squared, "");
  // Series below the cut-off, atan(x)/x above it (4.2).
  return internal::AtanXOverXFromXSquaredBranches(x_squared);
}

double AtanFrictionCoefficient(double slip_speed, double stiction_tolerance, double mu_dynamic) {
  RequireSpeeds(slip_speed, stiction_tolerance);
  // The hydroelastic path reads the dynamic coefficient only.
  core::RequireNonNegative("mu_d", mu_dynamic, "");
  // μ_eff = (2/π) μd atan(‖vt‖/vs).
  return 2.0 / std::numbers::pi * mu_dynamic * std::atan(slip_speed / stiction_tolerance);
}

double DiscreteFrictionCoefficient(const CoulombFriction& combined) {
  // Same checks as a surface's CoulombFriction; then only μd is passed on.
  const CoulombFriction checked =
      MakeCoulombFriction(combined.static_friction, combined.dynamic_friction);
  return checked.dynamic_friction;
}

}  // namespace simatlas::contact
