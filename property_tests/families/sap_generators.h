#pragma once
/// @file
/// Generators of SAP constraint cases (E3-SAP §3.1–§3.2) over realistic ranges, shared by the
/// property suite (property_tests/sap_constraints_test.cc) and by `simatlas check`'s
/// sap.friction_cone and sap.hunt_crossley families (tools/check/families/sap_families.cc).
#include <rapidcheck.h>

#include <cmath>

#include "reference/core/numeric.h"
#include "reference/sap/friction_cone_constraint.h"
#include "reference/sap/hunt_crossley_constraint.h"

namespace simatlas::property_tests::sap {

using core::Vector3;
using simatlas::sap::FrictionConeParameters;
using simatlas::sap::HuntCrossleyApproximation;
using simatlas::sap::HuntCrossleyParameters;

/// A number log-uniform in [10^lo, 10^hi] (10001 grid points in the exponent).
inline rc::Gen<double> LogUniform(double lo, double hi) {
  return rc::gen::map(rc::gen::inRange(0, 10001),
                      [lo, hi](int i) { return std::pow(10.0, lo + (hi - lo) * i / 10000.0); });
}

/// A number uniform in [lo, hi] (100001 grid points).
inline rc::Gen<double> Uniform(double lo, double hi) {
  return rc::gen::map(rc::gen::inRange(0, 100001),
                      [lo, hi](int i) { return lo + (hi - lo) * i / 100000.0; });
}

/// One kSap contact case: its parameters, the time step and the Delassus estimate.
struct ConeCase {
  FrictionConeParameters p;  ///< μ, k, τd, φ₀, β, σ of the constraint
  double h;                  ///< time step h [s]
  Vector3 w;                 ///< Delassus estimate w, equal entries [1/kg]
};

/// Realistic kSap cases: h 1e-3…1e-2 s, w 0.1…10 1/kg, k 1e3…1e8 N/m, τ 0…0.1 s, φ₀ ±1 cm,
/// β 0 or 1, μ 0…1.5, σ 1e-4…1e-1 (large σ makes Rt comparable to Rn, the hard case for the
/// projection).
inline rc::Gen<ConeCase> ConeCases() {
  return rc::gen::exec([] {
    ConeCase c;
    c.h = *LogUniform(-3, -2);
    c.w = Vector3::Constant(*LogUniform(-1, 1));
    c.p.mu = *Uniform(0.0, 1.5);
    c.p.stiffness = *LogUniform(3, 8);
    c.p.relaxation_time = *Uniform(0.0, 0.1);
    c.p.phi0 = *Uniform(-1e-2, 1e-2);
    c.p.beta = *rc::gen::element(0.0, 1.0);
    c.p.sigma = *LogUniform(-4, -1);
    return c;
  });
}

/// One Similar/Lagged contact case: its parameters, the time step and the Delassus estimate.
struct HcCase {
  HuntCrossleyParameters p;  ///< approximation, μ, k, d, fe₀, vn₀, vs, σ of the constraint
  double h;                  ///< time step h [s]
  Vector3 w;                 ///< Delassus estimate w, equal entries [1/kg]
};

/// Realistic Hunt–Crossley cases of approximation a: h 1e-3…1e-2 s, w 0.1…10 1/kg,
/// k 1e3…1e7 N/m, d 0…2 s/m, fe₀ 0…100 N, vn₀ ±1 m/s, vs 1e-5…1e-3 m/s, μ 0…1.5, σ 1e-4…1e-2.
inline rc::Gen<HcCase> HcCases(HuntCrossleyApproximation a) {
  return rc::gen::exec([a] {
    HcCase c;
    c.h = *LogUniform(-3, -2);
    c.w = Vector3::Constant(*LogUniform(-1, 1));
    c.p.approximation = a;
    c.p.mu = *Uniform(0.0, 1.5);
    c.p.stiffness = *LogUniform(3, 7);
    c.p.dissipation = *Uniform(0.0, 2.0);
    c.p.fe0 = *Uniform(0.0, 100.0);
    c.p.vn0 = *Uniform(-1.0, 1.0);
    c.p.stiction_tolerance = *LogUniform(-5, -3);
    c.p.sigma = *LogUniform(-4, -2);
    return c;
  });
}

/// kSimilar or kLagged, equally likely.
inline rc::Gen<HuntCrossleyApproximation> Approximations() {
  return rc::gen::element(HuntCrossleyApproximation::kSimilar, HuntCrossleyApproximation::kLagged);
}

}  // namespace simatlas::property_tests::sap
