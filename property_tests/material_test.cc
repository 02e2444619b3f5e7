// Properties of the material combination laws (E3-geometry §3) applied to the reference engine:
// symmetry in the two sides, identical materials keep μ, series stiffness ≤ min side, rigid
// limits, d between d1 and d2, relaxation time is a plain sum, and the reconstruction checks
// (compliances add, exact weights, harmonic mean). The properties themselves live in
// property_tests/families/material_properties.h so the implementation exercises grade a
// student's law with the very same checks.
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include "property_tests/families/material_properties.h"
#include "reference/contact/material.h"

namespace simatlas::contact {
namespace {

namespace props = property_tests::material;

RC_GTEST_PROP(MaterialPointStiffness, SymmetricInTheTwoSides, ()) {
  props::PointStiffnessIsSymmetric(CombinePointStiffness);
}

RC_GTEST_PROP(MaterialPointStiffness, SeriesIsAtMostTheSofterSide, ()) {
  props::PointStiffnessIsAtMostTheSofterSide(CombinePointStiffness);
}

RC_GTEST_PROP(MaterialPointStiffness, RigidSideReturnsTheOther, ()) {
  props::PointStiffnessRigidSideReturnsTheOther(CombinePointStiffness);
}

RC_GTEST_PROP(MaterialPointStiffness, CompliancesAdd, ()) {
  props::PointStiffnessCompliancesAdd(CombinePointStiffness);
}

RC_GTEST_PROP(MaterialDissipation, LiesBetweenTheSidesAndIsSymmetric, ()) {
  props::DissipationLiesBetweenTheSidesAndIsSymmetric(CombineHuntCrossleyDissipation);
}

RC_GTEST_PROP(MaterialDissipation, SofterSideWeighsMore, ()) {
  props::DissipationSofterSideWeighsMore(CombineHuntCrossleyDissipation);
}

RC_GTEST_PROP(MaterialDissipation, RigidSideTakesTheCompliantSidesD, ()) {
  props::DissipationRigidSideTakesTheCompliantSidesD(CombineHuntCrossleyDissipation);
}

RC_GTEST_PROP(MaterialDissipation, WeightsAreTheOtherSidesShare, ()) {
  props::DissipationWeightsAreTheOtherSidesShare(CombineHuntCrossleyDissipation);
}

RC_GTEST_PROP(MaterialFriction, IdenticalMaterialsKeepMu, ()) {
  props::FrictionIdenticalMaterialsKeepMu(CombineFriction);
}

RC_GTEST_PROP(MaterialFriction, SymmetricBoundedAndEachCoefficientOnItsOwn, ()) {
  props::FrictionSymmetricBoundedAndEachCoefficientOnItsOwn(CombineFriction);
}

RC_GTEST_PROP(MaterialFriction, IsTheHarmonicMean, ()) {
  props::FrictionIsTheHarmonicMean(CombineFriction);
}

RC_GTEST_PROP(MaterialRelaxationTime, PlainSumNotAMean, ()) {
  props::RelaxationTimeIsAPlainSum(CombineRelaxationTime);
}

}  // namespace
}  // namespace simatlas::contact
