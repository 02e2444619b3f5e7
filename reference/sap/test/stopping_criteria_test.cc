// E3-SAP §4.2 (formula sheet (4.3), (4.4)) — the thresholds of the two stop tests, the numbers
// the solver and the §4.2 figure compare with. Every value is a binary fraction, so the expected
// numbers are exact; the arithmetic is in the comments.
#include <gtest/gtest.h>

#include "reference/sap/stopping_criteria.h"

namespace simatlas::sap {
namespace {

TEST(OptimalityThreshold, IsAbsolutePlusRelativeTimesTheScale) {
  // (4.3): εa + εr s with εa = 0.25, εr = 0.5, s = 3: 0.25 + 1.5 = 1.75.
  const StoppingCriteriaResidual r{.momentum_residual = 1.0, .momentum_scale = 3.0};
  EXPECT_EQ(OptimalityThreshold(r, 0.25, 0.5), 1.75);
  // The residual does not enter the threshold.
  const StoppingCriteriaResidual larger{.momentum_residual = 100.0, .momentum_scale = 3.0};
  EXPECT_EQ(OptimalityThreshold(larger, 0.25, 0.5), 1.75);
}

TEST(OptimalityThreshold, TheCriterionHoldsExactlyUpToIt) {
  // r = 1.75 equals the threshold above: (4.3) is r ≤ threshold, so it holds; r = 2 does not.
  EXPECT_TRUE(
      OptimalityCriterionReached({.momentum_residual = 1.75, .momentum_scale = 3.0}, 0.25, 0.5));
  EXPECT_FALSE(
      OptimalityCriterionReached({.momentum_residual = 2.0, .momentum_scale = 3.0}, 0.25, 0.5));
}

TEST(CostCriterionThreshold, IsAbsolutePlusRelativeTimesTheMeanAbsoluteCost) {
  // (4.4): εca + εcr (|ℓ| + |ℓprev|)/2 with ℓprev = −6, ℓ = 2, εca = 0.5, εcr = 0.25:
  // mean |ℓ| = (6 + 2)/2 = 4, so 0.5 + 0.25·4 = 1.5 (absolute values: the signed mean would be −2).
  EXPECT_EQ(CostCriterionThreshold(-6.0, 2.0, 0.5, 0.25), 1.5);
  // Symmetric in the two costs.
  EXPECT_EQ(CostCriterionThreshold(2.0, -6.0, 0.5, 0.25), 1.5);
}

TEST(CostCriterionThreshold, TheCriterionIsStrictlyBelowItAndNeedsAlphaAboveOneHalf) {
  // ℓprev = 4, ℓ = 2: mean |ℓ| = 3, threshold 0.5 + 0.5·3 = 2; |Δℓ| = 2 is not < 2.
  EXPECT_EQ(CostCriterionThreshold(4.0, 2.0, 0.5, 0.5), 2.0);
  EXPECT_FALSE(CostCriterionReached(4.0, 2.0, 1.0, 0.5, 0.5));
  // ℓ = 2.5: mean 3.25, threshold 2.125 > |Δℓ| = 1.5: holds with α = 1, not with α = 0.5.
  EXPECT_TRUE(CostCriterionReached(4.0, 2.5, 1.0, 0.5, 0.5));
  EXPECT_FALSE(CostCriterionReached(4.0, 2.5, 0.5, 0.5, 0.5));
}

}  // namespace
}  // namespace simatlas::sap
