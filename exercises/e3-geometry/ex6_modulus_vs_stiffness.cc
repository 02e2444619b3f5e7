// E3-geometry §5, exercise 6 (course §2.2 and E3-SAP §2.2): E = 1e6 Pa and k = 1e6 N/m — the same
// hardness? Evidence: the 0.05 m compliant sphere with E = 1e6 Pa pressed into a rigid half-space;
// the discrete local stiffness of each face is k = a·g (formula sheet E3-SAP (2.3)), and their
// sum is derived in exercises/support/hydro_sphere.h:
//   Σ a·g → ∫₀ᵃ (E/R) cos θ 2πr dr = 2π E δ (R − δ)/R  ≈  π a² E/R,  a² = 2Rδ − δ².
// At δ = 1 mm: 2π·1e6·1e-3·0.049/0.05 = 6157.5 N/m (leading order π·9.9e-5·1e6/0.05 = 6220.4
// N/m) — nowhere near 1e6 N/m — and at δ = 2 mm it is 2π·1e6·2e-3·0.048/0.05 = 12063.7 N/m.
// The engine's own contact surface (reference/geometry/contact_surface.h: a tessellated sphere
// cut by the half-space plane) gives Σ a·g per resolution hint: the value moves with the
// resolution, since the inscribed mesh's cut is smaller than the sphere's disk when coarse.
#include <gtest/gtest.h>

#include <cmath>
#include <iostream>

#include "exercises/support/exercise.h"
#include "exercises/support/hydro_sphere.h"
#include "reference/contact/hydroelastic_discrete.h"
#include "reference/contact/material.h"
#include "reference/core/errors.h"
#include "reference/core/numeric.h"
#include "reference/geometry/contact_surface.h"
#include "reference/geometry/pressure_field.h"
#include "reference/geometry/volume_mesh.h"

namespace simatlas::exercises {
namespace {

// Σ k over the engine's discrete face constraints [N/m] (k = a·g, g = 1/(1/gM + 1/gN), formula
// sheet E3-SAP (2.3); gN = ∞ for the rigid side) of a compliant sphere (R [m], E [Pa], mesh
// resolution hint [m]) pressed depth [m] into the rigid half-space z ≤ 0.
double EngineSumOfLocalStiffness(double E, double R, double depth, double hint) {
  const geometry::VolumeMesh sphere =
      geometry::TransformVolumeMesh(geometry::MakeSphereVolumeMesh(R, hint),
                                    core::Matrix3::Identity(), core::Vector3(0, 0, R - depth));
  const geometry::ContactSurface surface = geometry::ComputeContactSurface(
      geometry::MakePressureField(sphere, E), geometry::HalfSpacePlane{});
  double k = 0.0;
  for (const contact::DiscreteFaceConstraint& constraint :
       contact::MakeDiscreteFaceConstraints(surface)) {
    k += constraint.face.k;
  }
  return k;
}

TEST(Ex6, ModulusIsNotStiffness) {
  const Exercise exercise{
      "e3-geometry",
      6,
      "E3-geometry §5",
      "Set E = 1e6 Pa (hydroelastic modulus) and k = 1e6 N/m (point stiffness). Is this the same "
      "hardness? Estimate the hydro pair's discrete stiffness for the 0.05 m sphere pressed 1 mm "
      "into a rigid half-space.",
      {YesNo("answer", "same hardness?"),
       Number("local_stiffness_at_1mm", "N/m", "sum of a*g over the faces at 1 mm depth", 0.03),
       YesNo("depends_on_depth", "does that stiffness change with the depth?")}};
  StateQuestion(exercise, std::cout);
  Evidence evidence;

  const double E = 1e6;   // [Pa]
  const double R = 0.05;  // [m]
  // Σ a·g at 1 mm for several resolutions (rings = faces), and the closed forms.
  double k_fine = 0.0;
  for (const int rings : {1, 4, 64}) {
    const double k = SumOfLocalStiffness(SphereOnHalfSpaceFaces(E, R, 1e-3, rings));
    evidence.Show("depth 1 mm, " + std::to_string(rings) +
                  " ring face(s): sum a*g = " + core::FormatNumber(k) + " N/m");
    k_fine = k;
  }
  const double integral = SphereOnHalfSpaceStiffnessIntegral(E, R, 1e-3);
  evidence.Show("closed form 2 pi E delta (R - delta)/R = " + core::FormatNumber(integral) +
                " N/m; leading order pi a^2 E/R = " +
                core::FormatNumber(SphereOnHalfSpaceStiffnessLeadingOrder(E, R, 1e-3)) + " N/m");
  // The hand value 6157.5 N/m (file comment) and the quadrature agree.
  EXPECT_NEAR(integral, 6157.5, 0.1);
  EXPECT_NEAR(k_fine, integral, 1e-3 * integral);

  // Deeper: 2 mm (hand value 12063.7 N/m).
  const double k_deeper = SumOfLocalStiffness(SphereOnHalfSpaceFaces(E, R, 2e-3, 64));
  evidence.Show("depth 2 mm, 64 ring faces: sum a*g = " + core::FormatNumber(k_deeper) + " N/m");
  EXPECT_NEAR(k_deeper, 12063.7, 1e-3 * 12063.7);

  // The engine's tessellated sphere at three resolution hints.
  double k_coarse = 0.0;
  double k_finest = 0.0;
  for (const double hint : {0.02, 0.005, 0.00125}) {
    const double k = EngineSumOfLocalStiffness(E, R, 1e-3, hint);
    evidence.Show("engine contact surface, resolution hint " + core::FormatNumber(hint) +
                  " m, depth 1 mm: sum a*g = " + core::FormatNumber(k) + " N/m");
    if (k_coarse == 0.0) k_coarse = k;
    k_finest = k;
  }
  // The finest mesh approaches the closed form (inscribed facets: from below, within 2%); the
  // coarse one is far off — the value depends on the resolution.
  EXPECT_NEAR(k_finest, integral, 0.02 * integral);
  EXPECT_LT(k_coarse, 0.9 * k_finest);

  // A point pair with k = 1e6 N/m against a rigid (∞) ground keeps 1e6 N/m at every depth.
  const double k_point = contact::CombinePointStiffness(1e6, core::kInfinity);
  evidence.Show("point contact, k = 1e6 N/m against a rigid side: k = " +
                core::FormatNumber(k_point) + " N/m at every depth");

  evidence.Imply("answer", std::abs(k_fine - k_point) <= 0.01 * k_point);
  evidence.Imply("local_stiffness_at_1mm", k_fine);
  evidence.Imply("depends_on_depth", std::abs(k_deeper - k_fine) > 0.01 * k_fine);
  CheckAnswers(exercise, evidence);
}

}  // namespace
}  // namespace simatlas::exercises
