#pragma once
/// @file
/// E3-geometry §4 "摩擦正则化不只有一种曲线" — friction regularisation is not one curve.
/// Formula sheet E3-geometry §4, (4.1) and (4.2). Mirrors Drake
/// `MultibodyPlant::StribeckModel::ComputeFrictionCoefficient` / `step5` (continuous point) and
/// `HydroelasticTractionCalculator::CalcAtanXOverXFromXSquared` (continuous hydroelastic).
///
/// Ideal Coulomb: sliding ft = −μd fn vt/‖vt‖, sticking ‖ft‖ ≤ μs fn; the division at vt = 0 must
/// be avoided, and each Drake path avoids it with its own curve:
///   continuous point    μ(s) = Stribeck quintic of s = ‖vt‖/vs, uses μs AND μd      (4.1)
///   continuous hydro    μ_eff = (2/π) μd atan(‖vt‖/vs), uses μd only               (4.2)
///   discrete (kSap, Similar, Lagged): only the combined DYNAMIC coefficient μd enters
///     (`GetCombinedDynamicCoulombFriction`); μs is never read. kSap regularises through Rt,
///     Similar/Lagged through the soft norm with ε (E3-SAP §3). Nothing in this file is used by
///     the discrete paths; they take μd from contact::CombineFriction(...).dynamic_friction.

#include <cmath>
#include <complex>

#include "reference/contact/material.h"

namespace simatlas::contact {

/// Default stiction tolerance vs [m/s] (`MultibodyPlantConfig::stiction_tolerance`).
inline constexpr double kDefaultStictionTolerance = 1e-4;

/// Cut-off of the atan(x)/x series: the series is used for x² ≤ kAtanSeriesCutoff² (4.2).
inline constexpr double kAtanSeriesCutoff = 0.12;

/// S(x) = 10x³ − 15x⁴ + 6x⁵ = x³(10 + x(6x − 15)) on [0, 1] (Drake's `step5`, Horner form as
/// Drake evaluates it). S(0) = 0, S(1) = 1, S'(0) = S'(1) = 0. x outside [0, 1]: InputError.
double StribeckStep5(double x);

/// Stribeck friction coefficient (4.1), s = slip_speed/stiction_tolerance:
///   μ = μs S(s)                      0 ≤ s < 1
///     = μs − (μs − μd) S((s − 1)/2)   1 ≤ s < 3
///     = μd                           s ≥ 3
/// μ(0) = 0: vs is a regularisation width, not a binary stick test.
/// slip_speed [m/s] >= 0, stiction_tolerance vs [m/s] > 0, 0 <= μd <= μs (all finite).
double StribeckFrictionCoefficient(double slip_speed, double stiction_tolerance, double mu_static,
                                   double mu_dynamic);

/// atan(x)/x from x² (4.2): below the cut-off (x² ≤ 0.12²) the Taylor series up to x¹⁶, written
/// exactly as the formula sheet (and Drake) nests it,
///   1 − x²(1/3 − x²(1/5 − x²(1/7 − x²(1/9 − x²(1/11 − x²(1/13 − x²(1/15 − x²/17)))))));
/// above it atan(x)/x with x = √x². x_squared must be finite and >= 0.
double AtanXOverXFromXSquared(double x_squared);

/// Continuous hydroelastic friction coefficient μ_eff = (2/π) μd atan(speed/vs) (formula sheet
/// §2.2, formula sheet E3-geometry (2.4), and §4). Strictly below μd for any finite speed; equals μd/2 at speed = vs.
/// slip_speed [m/s] >= 0, stiction_tolerance vs [m/s] > 0, μd >= 0 (all finite).
double AtanFrictionCoefficient(double slip_speed, double stiction_tolerance, double mu_dynamic);

/// The friction coefficient every discrete approximation (kSap, Similar, Lagged) uses: the
/// combined DYNAMIC coefficient μd (`GetCombinedDynamicCoulombFriction`); μs is never read, so
/// raising μs alone changes nothing in discrete contact (course §5, exercise 5). The pair is
/// still checked (0 ≤ μd ≤ μs, finite), as Drake's CoulombFriction would.
double DiscreteFrictionCoefficient(const CoulombFriction& combined);

namespace internal {

/// The two branches of (4.2) for any scalar with a real part (double, std::complex<double>).
/// AtanXOverXFromXSquared validates and calls this with double; tests call it with a complex
/// step x² = (x + ih)² to differentiate the very same expression (Drake checks the derivative
/// with AutoDiffXd in `CalcAtanXOverXFromXSquared_AutoDiffXd`).
template <typename T>
T AtanXOverXFromXSquaredBranches(const T& x_squared) {
  using std::atan;
  using std::real;
  using std::sqrt;
  constexpr double kCutoffSquared = kAtanSeriesCutoff * kAtanSeriesCutoff;
  // Series branch: atan(x)/x is 0/0 at x = 0, so near 0 use its Taylor series in x².
  if (real(x_squared) <= kCutoffSquared) {
    return 1. -
           x_squared *
               (1. / 3. -
                x_squared *
                    (1. / 5. -
                     x_squared *
                         (1. / 7. -
                          x_squared *
                              (1. / 9. -
                               x_squared *
                                   (1. / 11. -
                                    x_squared *
                                        (1. / 13. - x_squared * (1. / 15. - x_squared / 17.)))))));
  }
  // Direct branch: x = √x² is safely away from 0.
  const T x = sqrt(x_squared);
  return atan(x) / x;
}

}  // namespace internal

}  // namespace simatlas::contact
