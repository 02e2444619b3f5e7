// E3-SAP §2.2 and §3 (formula sheet (2.3), the material combination rules) — the boundaries of
// the contact laws' rules that no other test sat on (mutation survivors of
// reference/contact/): each expected value is the rule as the course states it at its edge.
#include <gtest/gtest.h>

#include <limits>
#include <optional>

#include "reference/contact/hydroelastic_discrete.h"
#include "reference/contact/material.h"

namespace simatlas::contact {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

// A face is skipped when gM or gN is strictly below kGradientEpsilon = 1e-14 Pa/m: gN exactly at
// it is kept, with g = 1/(1/∞ + 1/1e-14) = 1e-14 Pa/m (the rigid side adds 0), k = a g and
// φ0 = −p0/g. (hydroelastic_test.cc holds gM at the edge; this is the other side.)
TEST(DiscreteFaceGradientRule, GradientExactlyAtEpsilonOnTheSecondSideIsKept) {
  const DiscreteFace face = MakeDiscreteFace(1e-4, 1e3, kInf, kGradientEpsilon);
  EXPECT_EQ(face.skip, FaceSkip::kNone);
  EXPECT_EQ(face.g, kGradientEpsilon);
  EXPECT_EQ(face.fe0, 1e-4 * 1e3);
}

// τ ≥ 0 is the rule (formula sheet, the SAP driver's parameters: τd ≥ 0; a zero relaxation time
// is undamped): τ1 = τ2 = 0 sums to 0 s, and 0 with the other side's 0.1 s fallback to 0.1 s;
// only τ < 0 is refused.
TEST(CombinedRelaxationTime, ZeroIsAllowed) {
  EXPECT_EQ(CombineRelaxationTime(0.0, 0.0), 0.0);
  EXPECT_EQ(CombineRelaxationTime(0.0, std::nullopt), 0.1);
}

}  // namespace
}  // namespace simatlas::contact
