// Reference solution of the implementation exercise "friction" (exercises/implement/
// friction.h), written independently of reference/contact/material.cc: the harmonic mean
// μ = 2/(1/μ₁ + 1/μ₂) per coefficient, with a frictionless side giving 0.
#include <string>

#include "exercises/implement/friction.h"
#include "reference/core/errors.h"

namespace simatlas::exercises::implement {

namespace {

// Harmonic mean of two coefficients ≥ 0; 0 if either is 0 (2·0·μ/(0 + μ) = 0, and 0/0 := 0).
double HarmonicMean(double mu1, double mu2) {
  if (mu1 == 0.0 || mu2 == 0.0) return 0.0;
  return 2.0 / (1.0 / mu1 + 1.0 / mu2);
}

// μs ≥ μd ≥ 0, as CoulombFriction demands.
void CheckSurface(const contact::CoulombFriction& surface, const char* mu_s, const char* mu_d) {
  core::RequireNonNegative(mu_s, surface.static_friction, "1");
  core::RequireNonNegative(mu_d, surface.dynamic_friction, "1");
  if (surface.dynamic_friction > surface.static_friction) {
    core::ThrowInputError(mu_d, surface.dynamic_friction, "1", std::string("<= ") + mu_s);
  }
}

}  // namespace

contact::CoulombFriction CombineFriction(const contact::CoulombFriction& surface1,
                                         const contact::CoulombFriction& surface2) {
  CheckSurface(surface1, "mu_s1", "mu_d1");
  CheckSurface(surface2, "mu_s2", "mu_d2");
  // Each coefficient on its own.
  return {HarmonicMean(surface1.static_friction, surface2.static_friction),
          HarmonicMean(surface1.dynamic_friction, surface2.dynamic_friction)};
}

}  // namespace simatlas::exercises::implement
