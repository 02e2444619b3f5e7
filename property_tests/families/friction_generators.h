#pragma once
/// @file
/// Generators of the friction regularisation laws (E3-geometry §4, formula sheet (4.1)–(4.2)),
/// shared by the property suite (property_tests/friction_test.cc) and by `simatlas check`'s
/// friction family (tools/check/families/friction_family.cc).
#include <rapidcheck.h>

#include <algorithm>
#include <cmath>

namespace simatlas::property_tests::friction {

/// A stiction tolerance vs [m/s] over 1e-6 … 1e-1 (log-uniform; the default is 1e-4).
inline rc::Gen<double> StictionTolerance() {
  return rc::gen::map(rc::gen::inRange(-600, -100),
                      [](int e) { return std::pow(10.0, e / 100.0); });
}

/// A friction coefficient in [0, 2] [1], step 0.001.
inline rc::Gen<double> Mu() {
  return rc::gen::map(rc::gen::inRange(0, 2001), [](int m) { return m / 1000.0; });
}

/// A dimensionless slip s = ‖vt‖/vs in [lo, hi) with 1e-6 resolution (Stribeck's argument, (4.1)).
inline rc::Gen<double> Slip(double lo, double hi) {
  const int n = static_cast<int>((hi - lo) * 1e6);
  return rc::gen::map(rc::gen::inRange(0, n), [lo](int i) { return lo + i * 1e-6; });
}

/// A pair of friction coefficients of one surface.
struct Coefficients {
  double mu_s;  ///< static coefficient μs [1]
  double mu_d;  ///< dynamic coefficient μd [1], ≤ μs
};
/// (μs, μd) with 0 ≤ μd ≤ μs, as Drake's CoulombFriction demands (draws inside a property).
inline Coefficients Friction() {
  const double a = *Mu();
  const double b = *Mu();
  return {std::max(a, b), std::min(a, b)};
}

/// The argument x of atan(x)/x (4.2) over 1e-8 … 1e3 (log-uniform).
inline rc::Gen<double> X() {
  return rc::gen::map(rc::gen::inRange(-800, 300), [](int e) { return std::pow(10.0, e / 100.0); });
}

}  // namespace simatlas::property_tests::friction
