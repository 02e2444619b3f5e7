// Properties of the MJ-solvers §2a row parameters on random solimp/solref: I stays in
// [dmin, dmax], is monotone in |r − margin| (dmin ≤ dmax), continuous at the midpoint, and its
// derivative matches central differences; R > 0 reconstructs Â; the friction scaling keeps
// R_j friction_j² = R₀ μ² for every friction row (one regularised cone).
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include <cmath>

#include "property_tests/families/mujoco_row_generators.h"
#include "reference/mujoco/impedance.h"

namespace simatlas::mujoco {
namespace {

// Generators shared with `simatlas check` (property_tests/families/mujoco_row_generators.h).
using property_tests::mujoco_row::AnySolImp;
using property_tests::mujoco_row::Uniform;

RC_GTEST_PROP(MujocoImpedance, StaysBetweenDminAndDmaxAndIsMonotone, ()) {
  const SolImp s = AnySolImp();
  const double margin = Uniform(0, 0.01);
  const double d1 = Uniform(0, 2) * s[2], d2 = Uniform(0, 2) * s[2];
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
  const double fd = (EvaluateImpedance(r + h, 0, s).imp - EvaluateImpedance(r - h, 0, s).imp) / (2 * h);
  const double exact = EvaluateImpedance(r, 0, s).imp_prime;
  RC_ASSERT(std::abs(fd - exact) <= 1e-5 * (1 + std::abs(exact)));
}

RC_GTEST_PROP(MujocoRow, RegulariserReconstructsDiagApprox, ()) {
  RowInput in;
  in.diag_approx = Uniform(0.01, 100);
  in.distance = in.pos = Uniform(-0.01, 0.01);
  in.vel = Uniform(-1, 1);
  in.solimp = AnySolImp();
  in.solref = {Uniform(0.001, 0.1), Uniform(0.1, 2)};
  const RowParameters row = MakeRowParameters(in);
  RC_ASSERT(row.R > 0);
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
