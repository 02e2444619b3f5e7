// Implementation exercise "point stiffness" (E3-geometry §3): the student's
// CombinePointStiffness (exercises/implement/point_stiffness.h) graded by the very properties
// the reference engine passes (property_tests/families/material_properties.h).
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include "exercises/implement/implementation_exercise.h"
#include "exercises/implement/point_stiffness.h"
#include "property_tests/families/material_properties.h"

namespace simatlas::exercises {
namespace {

namespace props = property_tests::material;
using implement::CombinePointStiffness;

TEST(ImplementPointStiffness, Task) {
  StateTaskAndRequireImplementation(
      "Write CombinePointStiffness(k1, k2): springs in series, an inf (rigid) side returns the "
      "other side exactly.",
      [] { (void)CombinePointStiffness(1e5, 1e5); });
}

RC_GTEST_PROP(ImplementPointStiffness, SymmetricInTheTwoSides, ()) {
  props::PointStiffnessIsSymmetric(CombinePointStiffness);
}

RC_GTEST_PROP(ImplementPointStiffness, SeriesIsAtMostTheSofterSide, ()) {
  props::PointStiffnessIsAtMostTheSofterSide(CombinePointStiffness);
}

RC_GTEST_PROP(ImplementPointStiffness, RigidSideReturnsTheOther, ()) {
  props::PointStiffnessRigidSideReturnsTheOther(CombinePointStiffness);
}

RC_GTEST_PROP(ImplementPointStiffness, CompliancesAdd, ()) {
  props::PointStiffnessCompliancesAdd(CombinePointStiffness);
}

}  // namespace
}  // namespace simatlas::exercises
