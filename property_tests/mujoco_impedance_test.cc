// Properties of the MJ-solvers §2a row parameters on random solimp/solref: I stays in
// [dmin, dmax], is monotone in |r − margin| (dmin ≤ dmax), continuous at the midpoint, and its
// derivative matches central differences; R > 0 reconstructs Â; the friction scaling keeps
// R_j friction_j² = R₀ μ² for every friction row (one regularised cone).
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <cmath>

#include "property_tests/families/mujoco_row_generators.h"
#include "reference/mujoco/impedance.h"

namespace simatlas::mujoco {
namespace {

// Generators shared with `simatlas check` (property_tests/families/mujoco_row_generators.h).
using property_tests::mujoco_row::AnySolImp;
using property_tests::mujoco_row::AnySolImpWithEdges;
using property_tests::mujoco_row::RegionSolImp;
using property_tests::mujoco_row::Uniform;

// The solimp the impedance sees: getsolparam's clamps applied (SanitiseSolParams).
SolImp UsedSolImp(const SolImp& given) {
  return SanitiseSolParams(kDefaultSolRef, given, 0.002, false).solimp;
}

// getsolparam's rules, written from MuJoCo 2.2.2's engine_core_constraint.c (getsolparam) and
// the course's §2a: a mixed-sign solref is replaced by the default (0.02, 1); refsafe raises a
// standard timeconst to 2h; dmin, dmax and the midpoint are clamped to [mjMINIMP, mjMAXIMP] =
// [1e-4, 0.9999], the width to >= 0, the power to >= 1.
RC_GTEST_PROP(MujocoRow, SanitiseAppliesGetsolparamsRules, ()) {
  const RegionSolImp drawn = AnySolImpWithEdges();
  RC_CLASSIFY(true, drawn.region);
  const double h = Uniform(1e-4, 1e-2);
  const bool refsafe = *rc::gen::arbitrary<bool>();
  const int kind = *rc::gen::inRange(0, 3);  // standard, direct, mixed sign
  const double a = Uniform(1e-4, 0.05), b = Uniform(0.1, 2);
  const SolRef given = kind == 0   ? SolRef{a, b}
                       : kind == 1 ? SolRef{-a * 1e5, -b * 10}
                                   : SolRef{a, -b};
  RC_CLASSIFY(kind == 2, "mixed-sign solref");
  RC_CLASSIFY(kind == 0 && refsafe && a < 2 * h, "refsafe raises timeconst");
  const SolParams used = SanitiseSolParams(given, drawn.solimp, h, refsafe);
  const SolRef expected_ref = kind == 2 ? SolRef{0.02, 1.0} : given;
  const double tc =
      refsafe && expected_ref[0] > 0 ? std::max(expected_ref[0], 2 * h) : expected_ref[0];
  RC_ASSERT(used.solref[0] == tc);
  RC_ASSERT(used.solref[1] == expected_ref[1]);
  RC_ASSERT(used.mixed_replaced == (kind == 2));
  const auto clamp = [](double x) { return std::min(0.9999, std::max(1e-4, x)); };
  RC_ASSERT(used.solimp[0] == clamp(drawn.solimp[0]));
  RC_ASSERT(used.solimp[1] == clamp(drawn.solimp[1]));
  RC_ASSERT(used.solimp[2] == std::max(0.0, drawn.solimp[2]));
  RC_ASSERT(used.solimp[3] == clamp(drawn.solimp[3]));
  RC_ASSERT(used.solimp[4] == std::max(1.0, drawn.solimp[4]));
}

RC_GTEST_PROP(MujocoImpedance, StaysBetweenDminAndDmaxAndIsMonotone, ()) {
  const RegionSolImp drawn = AnySolImpWithEdges();
  RC_CLASSIFY(true, drawn.region);
  const SolImp s = UsedSolImp(drawn.solimp);
  const double margin = Uniform(0, 0.01);
  // Distances over two widths (one width of 1 mm when the width is clamped to 0).
  const double w = s[2] > 0 ? s[2] : 1e-3;
  const double d1 = Uniform(0, 2) * w, d2 = Uniform(0, 2) * w;
  const double sign = *rc::gen::element(-1.0, 1.0);
  const Impedance i1 = EvaluateImpedance(margin + sign * d1, margin, s);
  const Impedance i2 = EvaluateImpedance(margin + sign * d2, margin, s);
  RC_ASSERT(i1.imp >= s[0] - 1e-15);
  RC_ASSERT(i1.imp <= s[1] + 1e-15);
  // Further from margin → larger (or equal) impedance.
  if (d1 <= d2) RC_ASSERT(i1.imp <= i2.imp + 1e-15);
}

RC_GTEST_PROP(MujocoImpedance, ContinuousAtTheMidpointAndDerivativeMatches, ()) {
  const SolImp s = AnySolImp();
  // Continuity at x = mid: both halves give dmin + mid (dmax − dmin) there.
  const double at_mid = s[3] * s[2];
  const double below = EvaluateImpedance(at_mid * (1 - 1e-12), 0, s).imp;
  const double above = EvaluateImpedance(at_mid * (1 + 1e-12), 0, s).imp;
  RC_ASSERT(std::abs(below - above) <= 1e-9);
  RC_ASSERT(std::abs(below - (s[0] + s[3] * (s[1] - s[0]))) <= 1e-9);
  // dI/dr against central differences away from the kinks (x = 0, mid, 1).
  const double x = Uniform(0.02, 0.98);
  RC_PRE(std::abs(x - s[3]) > 0.02);
  const double r = -x * s[2], h = 1e-7 * s[2];
  const double fd =
      (EvaluateImpedance(r + h, 0, s).imp - EvaluateImpedance(r - h, 0, s).imp) / (2 * h);
  const double exact = EvaluateImpedance(r, 0, s).imp_prime;
  RC_ASSERT(std::abs(fd - exact) <= 1e-5 * (1 + std::abs(exact)));
}

RC_GTEST_PROP(MujocoRow, RegulariserReconstructsDiagApprox, ()) {
  RowInput in;
  // Â over realistic values, or so small that (1 − I)/I Â falls below mjMINVAL = 1e-15 (a
  // massless or locked DOF): then R is floored at 1e-15.
  const bool tiny = *rc::gen::resize(100, rc::gen::inRange(0, 4)) == 0;
  in.diag_approx = tiny ? std::pow(10.0, Uniform(-22, -14)) : Uniform(0.01, 100);
  in.distance = in.pos = Uniform(-0.01, 0.01);
  in.vel = Uniform(-1, 1);
  const RegionSolImp drawn = AnySolImpWithEdges();
  in.solimp = drawn.solimp;
  in.solref = {Uniform(0.001, 0.1), Uniform(0.1, 2)};
  const RowParameters row = MakeRowParameters(in);
  RC_ASSERT(row.R > 0);
  const double unfloored = (1 - row.imp) / row.imp * in.diag_approx;
  RC_CLASSIFY(unfloored < kMinVal, "R at the 1e-15 floor");
  RC_CLASSIFY(true, drawn.region);
  if (unfloored < kMinVal) {
    RC_ASSERT(row.R == kMinVal);
    return;
  }
  // Â = R I/(1 − I) (MuJoCo resets efc_diagApprox this way).
  RC_ASSERT(std::abs(row.R * row.imp / (1 - row.imp) - in.diag_approx) <= 1e-12 * in.diag_approx);
  // aref is linear: −B vel − K I (pos − margin).
  RC_ASSERT(std::abs(row.aref - (-row.B * in.vel - row.K * row.imp * in.pos)) <=
            1e-12 * (1 + std::abs(row.aref)));
  // refsafe: the timeconst used is ≥ 2h.
  RC_ASSERT(row.params.solref[0] >= 2 * in.timestep);
}

RC_GTEST_PROP(MujocoFrictionR, OneRegularisedConeForEveryRow, ()) {
  const int dim = *rc::gen::element(3, 4, 6);
  std::array<double, 5> friction{};
  for (double& f : friction) f = Uniform(0.01, 2);
  const double R0 = Uniform(1e-3, 10), impratio = Uniform(0.1, 10);
  const FrictionRegularisation e = EllipticFrictionR(R0, impratio, friction, dim);
  // μ² R₀ = R_j friction_{j−1}² for every friction row j ≥ 1.
  for (int j = 1; j < dim; ++j) {
    RC_ASSERT(std::abs(e.R[j] * friction[j - 1] * friction[j - 1] - e.mu * e.mu * R0) <=
              1e-12 * e.mu * e.mu * R0);
  }
  // Pyramidal: the same μ, all edges 2 μ² R₀.
  const FrictionRegularisation p = PyramidalFrictionR(R0, impratio, friction, dim);
  RC_ASSERT(std::abs(p.mu - e.mu) <= 1e-15 * e.mu);
  for (double R : p.R) RC_ASSERT(std::abs(R - 2 * e.mu * e.mu * R0) <= 1e-12 * R);
}

}  // namespace
}  // namespace simatlas::mujoco
