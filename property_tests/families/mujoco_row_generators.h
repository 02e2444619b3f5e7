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
  return {std::min(a, b), std::max(a, b), Uniform(1e-4, 0.05), Uniform(0.05, 0.95), Uniform(1, 6)};
}

/// A solimp with the name of the region it was drawn from (for RC_CLASSIFY).
struct RegionSolImp {
  mujoco::SolImp solimp;  ///< as given to getsolparam (possibly outside its ranges)
  const char* region;     ///< which branch of getsolparam / the impedance it reaches
};

/// solimp from every region the code branches on, each in 1 of 16 cases, the other
/// 10 of 16 from AnySolImp (the region is drawn at full size: rapidcheck's inRange scales with
/// the size and would favour the first regions): dmin below 1e-4 and dmax above 0.9999 (both clamped), width ≤ 0 (clamped to
/// 0: the flat impedance), dmin = dmax (flat), power below 1 (clamped to the linear case),
/// power exactly 1 (linear), the midpoint outside [1e-4, 0.9999] (clamped).
inline RegionSolImp AnySolImpWithEdges() {
  mujoco::SolImp s = AnySolImp();
  switch (*rc::gen::resize(100, rc::gen::inRange(0, 16))) {
    case 0:
      s[0] = Uniform(-0.5, 1e-4);
      s[1] = Uniform(0.9999, 1.5);
      return {s, "dmin and dmax clamped"};
    case 1: s[2] = Uniform(-0.01, 0); return {s, "width <= 0 (flat)"};
    case 2: s[1] = s[0]; return {s, "dmin = dmax (flat)"};
    case 3: s[4] = Uniform(0, 1); return {s, "power clamped to 1"};
    case 4: s[4] = 1; return {s, "power 1 (linear)"};
    case 5:
      s[3] = *rc::gen::element(Uniform(-0.2, 1e-4), Uniform(0.9999, 1.2));
      return {s, "midpoint clamped"};
    default: return {s, "inside the clamps"};
  }
}

}  // namespace simatlas::property_tests::mujoco_row
