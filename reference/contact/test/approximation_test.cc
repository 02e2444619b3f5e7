// Unit tests of E3-geometry §1 (defaults, TAMSI absent) and §3 "Field consumers".
// Defaults are the formula sheet's E3-geometry §1 values [src multibody_plant_config.h].
#include "reference/contact/approximation.h"

#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "reference/core/errors.h"

namespace simatlas::contact {
namespace {

using core::InputError;

TEST(DiscreteContactApproximation, DefaultIsLaggedAndNamesRoundTrip) {
  EXPECT_EQ(kDefaultDiscreteContactApproximation, DiscreteContactApproximation::kLagged);
  for (auto a : {DiscreteContactApproximation::kSap, DiscreteContactApproximation::kSimilar,
                 DiscreteContactApproximation::kLagged}) {
    EXPECT_EQ(ParseApproximation(ApproximationName(a)), a);
  }
  EXPECT_THROW(ParseApproximation("sap_solver"), InputError);
}

TEST(DiscreteContactApproximation, TamsiIsRejectedWithTheCourseReason) {
  try {
    ParseApproximation("tamsi");
    FAIL() << "course §1: 1.57.0 has no TAMSI entry";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("1.57.0 has no TAMSI"), std::string::npos);
  }
}

TEST(PlantDefaults, MatchTheFormulaSheet) {
  const PlantDefaults d;
  EXPECT_EQ(d.time_step, 1e-3);
  EXPECT_EQ(d.stiction_tolerance, 1e-4);
  EXPECT_EQ(d.penetration_allowance, 1e-3);
  EXPECT_EQ(d.sap_near_rigid_threshold, 1.0);
  EXPECT_EQ(d.contact_model, ContactModel::kHydroelasticWithFallback);
  EXPECT_EQ(d.discrete_contact_approximation, DiscreteContactApproximation::kLagged);
  EXPECT_EQ(d.contact_surface_representation, SurfaceMeshRepresentation::kPolygon);
  EXPECT_NO_THROW(ValidatePlantDefaults(d));
}

TEST(PlantDefaults, ValidationNamesTheField) {
  PlantDefaults d;
  d.stiction_tolerance = 0.0;
  try {
    ValidatePlantDefaults(d);
    FAIL() << "vs must be > 0";
  } catch (const InputError& e) {
    EXPECT_EQ(std::string(e.what()), "stiction_tolerance = 0 m/s must be > 0");
  }
  PlantDefaults e;
  e.time_step = -1e-3;
  EXPECT_THROW(ValidatePlantDefaults(e), InputError);
  PlantDefaults f;
  f.penetration_allowance = std::nan("");
  EXPECT_THROW(ValidatePlantDefaults(f), InputError);
  PlantDefaults g;
  g.time_step = 0.0;  // a continuous plant is allowed
  EXPECT_NO_THROW(ValidatePlantDefaults(g));
}

TEST(MaterialFieldsUsed, SapReadsRelaxationTimeNotDissipation) {
  const MaterialFieldUse use = MaterialFieldsUsed(DiscreteContactApproximation::kSap);
  EXPECT_TRUE(use.relaxation_time);
  EXPECT_FALSE(use.hunt_crossley_dissipation);
  EXPECT_TRUE(use.dynamic_friction);
  EXPECT_FALSE(use.static_friction);
}

TEST(MaterialFieldsUsed, SimilarAndLaggedReadDissipationNotRelaxationTime) {
  for (auto a : {DiscreteContactApproximation::kSimilar, DiscreteContactApproximation::kLagged}) {
    const MaterialFieldUse use = MaterialFieldsUsed(a);
    EXPECT_FALSE(use.relaxation_time);
    EXPECT_TRUE(use.hunt_crossley_dissipation);
    // Course §5 exercise 5: raising μs alone changes nothing in the discrete assembly.
    EXPECT_FALSE(use.static_friction);
    EXPECT_TRUE(use.dynamic_friction);
  }
}

TEST(MaterialFieldsUsed, ContinuousPointReadsBothFrictionsHydroOnlyDynamic) {
  // §4: continuous point uses the Stribeck curve (μs and μd); continuous hydro uses atan with μd.
  const MaterialFieldUse point = ContinuousMaterialFieldsUsed(ContactRepresentation::kPointPair);
  EXPECT_EQ(point, (MaterialFieldUse{false, true, true, true}));
  const MaterialFieldUse hydro = ContinuousMaterialFieldsUsed(ContactRepresentation::kSurface);
  EXPECT_EQ(hydro, (MaterialFieldUse{false, true, false, true}));
}

}  // namespace
}  // namespace simatlas::contact
