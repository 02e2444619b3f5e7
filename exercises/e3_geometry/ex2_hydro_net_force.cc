// E3-geometry §5, exercise 2 (course §2.2 "Hydroelastic：刚体运动上的压力场接触"): a hydroelastic
// contact surface is returned — can one assert its final net normal force is positive?
// Evidence: the dissipated pressure p = pe [1 − d vn]₊ (formula sheet (2.3)) integrated over the
// faces of a compliant sphere pressed into a rigid half-space (exercises/support/hydro_sphere.h):
// the surface (pe > 0 on every face) exists while the pair separates, and for vn ≥ 1/d every
// face carries p = 0, so the net force is 0, never negative (no pulling).
#include <gtest/gtest.h>

#include <iostream>

#include "exercises/support/exercise.h"
#include "exercises/support/hydro_sphere.h"
#include "reference/contact/material.h"
#include "reference/core/errors.h"

namespace simatlas::exercises {
namespace {

TEST(Ex2, HydroSurfaceNetForce) {
  const Exercise exercise{
      "e3_geometry", 2, "E3-geometry §5",
      "A model returns a hydroelastic contact surface. Can you assert that its final net normal "
      "force is positive?",
      {YesNo("answer", "can a positive net normal force be asserted?"),
       Number("net_force_at_vn_1_over_d", "N",
              "net normal force when the pair separates at vn = 1/d", 0.0, 1e-9)}};
  StateQuestion(exercise, std::cout);
  Evidence evidence;

  // The course's sphere: compliant, R = 0.05 m, E = 1e7 Pa (DefaultProximityProperties), 1 mm
  // deep in a rigid half-space; d = 50 s/m (the default), so 1/d = 0.02 m/s.
  const contact::DefaultProximityProperties defaults;
  const double E = defaults.hydroelastic_modulus;
  const double d = defaults.hunt_crossley_dissipation;
  const auto faces = SphereOnHalfSpaceFaces(E, 0.05, 1e-3, 16);
  double min_pe = E;
  for (const SurfaceFace& face : faces) min_pe = std::min(min_pe, face.elastic_pressure);
  evidence.Show("surface of 16 faces, elastic pressure pe > 0 on every face (min pe = " +
                core::FormatNumber(min_pe) + " Pa)");
  EXPECT_GT(min_pe, 0.0);

  // Net force Σ p a for approaching, resting and separating speeds.
  double force_at_one_over_d = 0.0;
  for (const double vn_d : {-0.5, 0.0, 0.5, 1.0, 2.0}) {
    const double vn = vn_d / d;
    const double force = NetNormalForce(faces, d, vn);
    evidence.Show("vn = " + core::FormatNumber(vn_d) + "/d = " + core::FormatNumber(vn) +
                  " m/s: net normal force = " + core::FormatNumber(force) + " N");
    EXPECT_GE(force, 0.0) << "p = pe[1 - d vn]+ never pulls";
    if (vn_d == 1.0) force_at_one_over_d = force;
  }

  // A surface exists (pe > 0) and its force is not positive: positivity cannot be asserted.
  evidence.Imply("answer", !(min_pe > 0.0 && force_at_one_over_d <= 0.0));
  evidence.Imply("net_force_at_vn_1_over_d", force_at_one_over_d);
  CheckAnswers(exercise, evidence);
}

}  // namespace
}  // namespace simatlas::exercises
