#pragma once
/// @file
/// Small rapidcheck generators shared by the families of `simatlas check`: numbers on a grid
/// (so a shrunk counterexample reads as a round number) and protocol JSON helpers.

#include <rapidcheck.h>

#include <cmath>

#include "tools/check/check_family.h"

namespace simatlas::check::gen {

/// rapidcheck's inRange grows its range with the case's size (early cases sit near the lower
/// end); the families draw from the whole range in every case, so a wrong port meets every
/// regime within the default 100 cases. Shrinking still goes toward the lower end.
template <class T>
rc::Gen<T> FullRange(rc::Gen<T> g) {
  return rc::gen::resize(rc::kNominalSize, std::move(g));
}

/// One of 0 … n − 1, uniformly; shrinks toward 0.
inline rc::Gen<int> Choice(int n) { return FullRange(rc::gen::inRange(0, n)); }

/// Uniform in [lo, hi] on a grid of `steps` intervals; shrinks toward lo.
inline rc::Gen<double> Uniform(double lo, double hi, int steps = 100000) {
  return rc::gen::map(Choice(steps + 1),
                      [lo, hi, steps](int i) { return lo + (hi - lo) * i / steps; });
}

/// Log-uniform in [10^lo, 10^hi] (100 points per decade); shrinks toward 10^lo.
inline rc::Gen<double> LogUniform(double lo, double hi) {
  const int n = static_cast<int>(std::lround((hi - lo) * 100));
  return rc::gen::map(Choice(n + 1), [lo](int i) { return std::pow(10.0, lo + i / 100.0); });
}

/// A vector of n entries uniform in [lo, hi], as a JSON array.
inline rc::Gen<Json> UniformArray(int n, double lo, double hi) {
  return rc::gen::map(
      rc::gen::container<std::vector<double>>(static_cast<std::size_t>(n), Uniform(lo, hi)),
      [](const std::vector<double>& v) { return Json(v); });
}

}  // namespace simatlas::check::gen
