// Implementation exercise "friction" (E3-geometry §3): the student's CombineFriction
// (exercises/implement/friction.h) graded by the very properties the reference engine passes
// (property_tests/families/material_properties.h).
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include "exercises/implement/friction.h"
#include "exercises/implement/implementation_exercise.h"
#include "property_tests/families/material_properties.h"

namespace simatlas::exercises {
namespace {

namespace props = property_tests::material;
using implement::CombineFriction;

TEST(ImplementFriction, Task) {
  StateTaskAndRequireImplementation(
      "Write CombineFriction(surface1, surface2): mu = 2 mu1 mu2/(mu1 + mu2) for mu_s and mu_d, "
      "each on its own; equal surfaces keep their mu.",
      [] {
        (void)CombineFriction({0.6, 0.5}, {0.5, 0.4});
      });
}

RC_GTEST_PROP(ImplementFriction, IdenticalMaterialsKeepMu, ()) {
  props::FrictionIdenticalMaterialsKeepMu(CombineFriction);
}

RC_GTEST_PROP(ImplementFriction, SymmetricBoundedAndEachCoefficientOnItsOwn, ()) {
  props::FrictionSymmetricBoundedAndEachCoefficientOnItsOwn(CombineFriction);
}

RC_GTEST_PROP(ImplementFriction, IsTheHarmonicMean, ()) {
  props::FrictionIsTheHarmonicMean(CombineFriction);
}

}  // namespace
}  // namespace simatlas::exercises
