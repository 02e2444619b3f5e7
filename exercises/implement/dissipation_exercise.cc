// Implementation exercise "dissipation" (E3-geometry §3): the student's
// CombineHuntCrossleyDissipation (exercises/implement/dissipation.h) graded by the very
// properties the reference engine passes (property_tests/families/material_properties.h).
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include "exercises/implement/dissipation.h"
#include "exercises/implement/implementation_exercise.h"
#include "property_tests/families/material_properties.h"

namespace simatlas::exercises {
namespace {

namespace props = property_tests::material;
using implement::CombineHuntCrossleyDissipation;

TEST(ImplementDissipation, Task) {
  StateTaskAndRequireImplementation(
      "Write CombineHuntCrossleyDissipation(w1, w2, d1, d2): each side's d weighted by the other "
      "side's stiffness (the softer side weighs more); an inf (rigid) side takes the other's d.",
      [] { (void)CombineHuntCrossleyDissipation(1e5, 2e5, 10.0, 20.0); });
}

RC_GTEST_PROP(ImplementDissipation, LiesBetweenTheSidesAndIsSymmetric, ()) {
  props::DissipationLiesBetweenTheSidesAndIsSymmetric(CombineHuntCrossleyDissipation);
}

RC_GTEST_PROP(ImplementDissipation, SofterSideWeighsMore, ()) {
  props::DissipationSofterSideWeighsMore(CombineHuntCrossleyDissipation);
}

RC_GTEST_PROP(ImplementDissipation, RigidSideTakesTheCompliantSidesD, ()) {
  props::DissipationRigidSideTakesTheCompliantSidesD(CombineHuntCrossleyDissipation);
}

RC_GTEST_PROP(ImplementDissipation, WeightsAreTheOtherSidesShare, ()) {
  props::DissipationWeightsAreTheOtherSidesShare(CombineHuntCrossleyDissipation);
}

}  // namespace
}  // namespace simatlas::exercises
