// E3-geometry §5, exercise 2 (course §2.2 "Hydroelastic：刚体运动上的压力场接触"): a hydroelastic
// contact surface is returned — can one assert its final net normal force is positive?
// Evidence: the engine's contact surface of the course's compliant sphere (R = 0.05 m) pressed
// 1 mm into a rigid half-space (reference/geometry/contact_surface.h), and the continuous
// traction integrated over it (reference/contact/hydroelastic_traction.h) with the dissipated
// pressure p = pe [1 − d vn]₊ (formula sheet (2.3)). The surface exists (pe > 0 on its faces)
// whatever the velocity; separating at vn ≥ 1/d every face carries p = 0, so the net normal
// force is 0 — and never negative, the law does not pull. In the discrete path a face with a
// near-zero pressure gradient is skipped (E3-SAP §2.2): another face that carries no force.
#include <gtest/gtest.h>

#include <algorithm>
#include <iostream>
#include <string>

#include "exercises/support/exercise.h"
#include "reference/contact/hydroelastic_discrete.h"
#include "reference/contact/hydroelastic_traction.h"
#include "reference/contact/material.h"
#include "reference/core/errors.h"
#include "reference/core/numeric.h"
#include "reference/geometry/contact_surface.h"
#include "reference/geometry/pressure_field.h"
#include "reference/geometry/volume_mesh.h"

namespace simatlas::exercises {
namespace {

TEST(Ex2, HydroSurfaceNetForce) {
  const Exercise exercise{
      "e3-geometry",
      2,
      "E3-geometry §5",
      "A model returns a hydroelastic contact surface. Can you assert that its final net normal "
      "force is positive?",
      {YesNo("answer", "can a positive net normal force be asserted?"),
       Number("net_force_at_vn_1_over_d", "N",
              "net normal force when the pair separates at vn = 1/d", 0.0, 1e-9)}};
  StateQuestion(exercise, std::cout);
  Evidence evidence;

  // The course's sphere: compliant, R = 0.05 m, E = 1e7 Pa, d = 50 s/m (DefaultProximityProperties),
  // centre R − 1 mm above the rigid half-space z ≤ 0; 1/d = 0.02 m/s.
  const contact::DefaultProximityProperties defaults;
  const double E = defaults.hydroelastic_modulus;
  const double R = 0.05;
  const double depth = 1e-3;
  const geometry::VolumeMesh sphere =
      geometry::TransformVolumeMesh(geometry::MakeSphereVolumeMesh(R, 0.005),
                                    core::Matrix3::Identity(), core::Vector3(0, 0, R - depth));
  const geometry::ContactSurface surface = geometry::ComputeContactSurface(
      geometry::MakePressureField(sphere, E), geometry::HalfSpacePlane{});
  ASSERT_FALSE(surface.faces.empty());
  double min_pe = E;
  for (const auto& face : surface.faces) min_pe = std::min(min_pe, face.pressure);
  evidence.Show("contact surface of " + std::to_string(surface.faces.size()) +
                " faces, elastic pressure pe > 0 on every face (min pe = " +
                core::FormatNumber(min_pe) + " Pa)");
  EXPECT_GT(min_pe, 0.0);

  // The ground B at rest; the sphere A moving along n̂ = +z (out of the ground into the sphere) at
  // vn (> 0 separating, formula sheet §0.4); no slip, so the force is normal.
  contact::TractionParameters parameters;
  parameters.dissipation = defaults.hunt_crossley_dissipation;
  parameters.mu_dynamic = defaults.dynamic_friction;
  const double d = parameters.dissipation;
  double force_at_one_over_d = 0.0;
  for (const double vn_d : {-0.5, 0.0, 0.5, 1.0, 2.0}) {
    contact::RigidVelocity sphere_velocity;
    sphere_velocity.v_WBo = core::Vector3(0, 0, vn_d / d);
    const double force =
        contact::IntegrateTractionOnA(surface, parameters, sphere_velocity,
                                      contact::RigidVelocity{}, core::Vector3::Zero())
            .force.z();
    evidence.Show("vn = " + core::FormatNumber(vn_d) + "/d = " + core::FormatNumber(vn_d / d) +
                  " m/s: net normal force on the sphere = " + core::FormatNumber(force) + " N");
    EXPECT_GE(force, 0.0) << "p = pe[1 - d vn]+ never pulls";
    if (vn_d == 1.0) force_at_one_over_d = force;
  }

  // The discrete path: a face whose gradient is below kGradientEpsilon gives no constraint at all
  // (formula sheet E3-SAP (2.3)), however large its pe — a returned face with zero force.
  const contact::DiscreteFace flat = contact::MakeDiscreteFace(1e-4, 1e5, 1e-15, core::kInfinity);
  evidence.Show("discrete face a = 1e-4 m^2, p0 = 1e5 Pa, gM = 1e-15 Pa/m: skipped = " +
                std::string(flat.skipped() ? "yes" : "no") + " (" +
                contact::FaceSkipName(flat.skip) + "), fe0 = " + core::FormatNumber(flat.fe0) +
                " N");
  EXPECT_TRUE(flat.skipped());

  // A surface exists (pe > 0) and its force is not positive: positivity cannot be asserted.
  evidence.Imply("answer", !(min_pe > 0.0 && force_at_one_over_d <= 0.0));
  evidence.Imply("net_force_at_vn_1_over_d", force_at_one_over_d);
  CheckAnswers(exercise, evidence);
}

}  // namespace
}  // namespace simatlas::exercises
