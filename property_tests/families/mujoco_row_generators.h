#pragma once
/// @file
/// Random row parameters of MJ-solvers §2a, shared by the property suite
/// (property_tests/mujoco_impedance_test.cc) and by `simatlas check`'s mujoco.row family
/// (tools/check/families/mujoco_row_family.cc). Each function draws inside a property (or
/// rc::gen::exec).
#include <rapidcheck.h>

#include <algorithm>

#include "reference/mujoco/impedance.h"

namespace simatlas::property_tests::mujoco_row {

/// Uniform in [lo, hi] with 1e-6 resolution of the range.
inline double Uniform(double lo, double hi) {
  return lo + (hi - lo) * (*rc::gen::inRange(0, 1000001)) / 1e6;
}

/// solimp with 0.01 <= dmin <= dmax <= 0.99, width 1e-4 … 0.05 m, midpoint 0.05 … 0.95,
/// power 1 … 6 (inside getsolparam's clamps, so sanitising leaves it unchanged).
inline mujoco::SolImp AnySolImp() {
  const double a = Uniform(0.01, 0.99), b = Uniform(0.01, 0.99);
  return {std::min(a, b), std::max(a, b), Uniform(1e-4, 0.05), Uniform(0.05, 0.95),
          Uniform(1, 6)};
}

}  // namespace simatlas::property_tests::mujoco_row
