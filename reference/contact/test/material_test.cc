// Unit tests of E3-geometry §3. Numbers are hand-derived (arithmetic shown) or Drake's published
// test values (file named), as listed in FORMULAS.md "Named test vectors" D1, D2.
#include "reference/contact/material.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "reference/core/errors.h"

namespace simatlas::contact {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kEps = std::numeric_limits<double>::epsilon();
using core::InputError;

TEST(CombinePointStiffness, CourseExampleHalvesEqualSides) {
  // Course §3: k1 = k2 = 200000 N/m → 200000²/400000 = 100000 N/m.
  EXPECT_DOUBLE_EQ(CombinePointStiffness(2e5, 2e5), 1e5);
}

TEST(CombinePointStiffness, DrakeContactPropertiesTestValues) {
  // contact_properties_test.cc: 1e4 with 2e4 → 2e8/3e4; 1e4 with the test default 3e4 → 7500;
  // 3e4 with ∞ → 3e4 in either order.
  EXPECT_DOUBLE_EQ(CombinePointStiffness(1e4, 2e4), 2e8 / 3e4);
  EXPECT_DOUBLE_EQ(CombinePointStiffness(1e4, 3e4), 7500.0);
  EXPECT_EQ(CombinePointStiffness(3e4, kInf), 3e4);
  EXPECT_EQ(CombinePointStiffness(kInf, 3e4), 3e4);
}

TEST(CombinePointStiffness, ZeroSumIsZeroAndBadInputThrows) {
  EXPECT_EQ(CombinePointStiffness(0.0, 0.0), 0.0);  // sd(0, 0) = 0
  EXPECT_THROW(CombinePointStiffness(kInf, kInf), InputError);
  EXPECT_THROW(CombinePointStiffness(-1.0, 1.0), InputError);
  EXPECT_THROW(CombinePointStiffness(std::nan(""), 1.0), InputError);
}

TEST(CombineHuntCrossleyDissipation, WeightsBySideStiffness) {
  // k1 = 1, k2 = 3, d1 = 2, d2 = 6: 3/4·2 + 1/4·6 = 1.5 + 1.5 = 3 s/m (the softer side 1 weighs 3/4).
  EXPECT_DOUBLE_EQ(CombineHuntCrossleyDissipation(1.0, 3.0, 2.0, 6.0), 3.0);
  // contact_properties_test.cc: (E = 1e6 Pa, d = 0.1) with a rigid geometry → 0.1, either order.
  EXPECT_EQ(CombineHuntCrossleyDissipation(1e6, kInf, 0.1, 0.0), 0.1);
  EXPECT_EQ(CombineHuntCrossleyDissipation(kInf, 1e6, 0.0, 0.1), 0.1);
  // Both weights zero → 0 whatever d.
  EXPECT_EQ(CombineHuntCrossleyDissipation(0.0, 0.0, 5.0, 7.0), 0.0);
  EXPECT_THROW(CombineHuntCrossleyDissipation(kInf, kInf, 1.0, 1.0), InputError);
  EXPECT_THROW(CombineHuntCrossleyDissipation(1.0, 1.0, -1.0, 1.0), InputError);
}

TEST(CombineFriction, DrakeCoulombFrictionTestValues) {
  // coulomb_friction_test.cc: (0.8, 0.3) with (0.7, 0.5) → (2·0.8·0.7/1.5, 2·0.3·0.5/0.8).
  const CoulombFriction a{0.8, 0.3};
  const CoulombFriction b{0.7, 0.5};
  const auto ab = CombineFriction(a, b);
  const auto ba = CombineFriction(b, a);
  EXPECT_DOUBLE_EQ(ab.static_friction, 2 * 0.8 * 0.7 / 1.5);
  EXPECT_DOUBLE_EQ(ab.dynamic_friction, 0.375);
  EXPECT_EQ(ab.static_friction, ba.static_friction);
  EXPECT_EQ(ab.dynamic_friction, ba.dynamic_friction);
  // With a frictionless surface → (0, 0); (0, 0) with (0, 0) → (0, 0), the 0/0 guarded.
  const auto frictionless = CombineFriction(a, CoulombFriction{0.0, 0.0});
  EXPECT_EQ(frictionless.static_friction, 0.0);
  EXPECT_EQ(frictionless.dynamic_friction, 0.0);
  const auto zero = CombineFriction(CoulombFriction{}, CoulombFriction{});
  EXPECT_EQ(zero.static_friction, 0.0);
  // With itself → itself within 5 machine epsilons.
  const auto same = CombineFriction(a, a);
  EXPECT_NEAR(same.static_friction, 0.8, 5 * kEps);
  EXPECT_NEAR(same.dynamic_friction, 0.3, 5 * kEps);
}

TEST(CombineFriction, CourseExampleSixElevenths) {
  // Course §3: μ1 = 0.6, μ2 = 0.5 → 2·0.3/1.1 = 6/11.
  const auto c = CombineFriction({0.6, 0.6}, {0.5, 0.5});
  EXPECT_DOUBLE_EQ(c.static_friction, 6.0 / 11.0);
}

TEST(MakeCoulombFriction, RejectsNegativeAndDynamicAboveStatic) {
  // coulomb_friction_test.cc: (−0.8, 0.3), (0.8, −0.3) and (0.3, 0.8) throw.
  EXPECT_THROW(MakeCoulombFriction(-0.8, 0.3), InputError);
  EXPECT_THROW(MakeCoulombFriction(0.8, -0.3), InputError);
  try {
    MakeCoulombFriction(0.3, 0.8, "1");
    FAIL();
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("mu_d1 = 0.8"), std::string::npos) << e.what();
  }
}

TEST(CombineRelaxationTime, PlainSumWithFallback) {
  // Course §3: 0.01 + 0.02 = 0.03 s.
  EXPECT_DOUBLE_EQ(CombineRelaxationTime(0.01, 0.02), 0.03);
  // contact_properties_test.cc: 0.1 + 0.2 is the double sum (0.30000000000000004), bit for bit.
  EXPECT_EQ(CombineRelaxationTime(0.1, 0.2), 0.1 + 0.2);
  // A side left out contributes the discrete assembly's 0.1 s.
  EXPECT_EQ(CombineRelaxationTime(0.1, std::nullopt), 0.1 + 0.1);
  EXPECT_EQ(CombineRelaxationTime(std::nullopt, std::nullopt), 0.2);
  try {
    CombineRelaxationTime(-0.2, 0.1);
    FAIL();
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("tau1 = -0.2 s"), std::string::npos) << e.what();
  }
}

TEST(CombineContinuousPointParameters, NoRigidBranch) {
  // k1 = 1e4, k2 = 3e4: k = 3e8/4e4 = 7500; d = 3/4·d1 + 1/4·d2 = 0.75·2 + 0.25·4 = 2.5.
  const auto p = CombineContinuousPointParameters(1e4, 3e4, 2.0, 4.0);
  EXPECT_DOUBLE_EQ(p.stiffness, 7500.0);
  EXPECT_DOUBLE_EQ(p.dissipation, 2.5);
  // Both zero: sd guards give (0, 0).
  const auto z = CombineContinuousPointParameters(0.0, 0.0, 1.0, 1.0);
  EXPECT_EQ(z.stiffness, 0.0);
  EXPECT_EQ(z.dissipation, 0.0);
  // Drake would produce NaN for ∞; the reference refuses it.
  EXPECT_THROW(CombineContinuousPointParameters(kInf, 1.0, 0.0, 0.0), InputError);
}

TEST(CombineContinuousHydroelastic, DrakeHydroelasticEngineTestValues) {
  // hydroelastic_engine_test.cc: rigid + (E = 10, d = 1) → (10, 1) either order;
  // rigid + rigid → (∞, 0); (2, 1) + (8, 4) → (1.6, 1.6).
  auto p = CombineContinuousHydroelastic(kInf, 10.0, 0.0, 1.0);
  EXPECT_EQ(p.modulus, 10.0);
  EXPECT_EQ(p.dissipation, 1.0);
  p = CombineContinuousHydroelastic(10.0, kInf, 1.0, 0.0);
  EXPECT_EQ(p.modulus, 10.0);
  EXPECT_EQ(p.dissipation, 1.0);
  p = CombineContinuousHydroelastic(kInf, kInf, 0.0, 0.0);
  EXPECT_TRUE(std::isinf(p.modulus));
  EXPECT_EQ(p.dissipation, 0.0);
  // E* = 16/10 = 1.6; d* = 1.6/2·1 + 1.6/8·4 = 0.8 + 0.8 = 1.6.
  p = CombineContinuousHydroelastic(2.0, 8.0, 1.0, 4.0);
  EXPECT_NEAR(p.modulus, 1.6, kEps);
  EXPECT_NEAR(p.dissipation, 1.6, kEps);
}

TEST(EstimatePenaltyParameters, HandDerived) {
  // m = 2 kg, g = 10, δ = 1e-3: k_c = 20/1e-3 = 2e4 N/m; ω = √(2e4/2) = 100 rad/s;
  // t_s = 0.01 s; d = 0.01/1e-3 = 10 s/m; per geometry 4e4 N/m.
  const auto p = EstimatePenaltyParameters(2.0, 10.0, 1e-3);
  EXPECT_DOUBLE_EQ(p.combined_stiffness, 2e4);
  EXPECT_DOUBLE_EQ(p.per_geometry_stiffness, 4e4);
  EXPECT_DOUBLE_EQ(p.dissipation, 10.0);
  // Zero gravity uses 9.81: k_c = 1·9.81/1e-3.
  EXPECT_DOUBLE_EQ(EstimatePenaltyParameters(1.0, 0.0, 1e-3).combined_stiffness, 9810.0);
  // Two default geometries combine back to k_c.
  EXPECT_DOUBLE_EQ(CombinePointStiffness(p.per_geometry_stiffness, p.per_geometry_stiffness),
                   p.combined_stiffness);
  EXPECT_THROW(EstimatePenaltyParameters(0.0, 9.81, 1e-3), InputError);
}

TEST(DefaultProximityProperties, SceneGraphConfigBackfillValues) {
  // Formula sheet §3 (geometry/scene_graph_config.h): d = 50 s/m, τ = 0.1 s, k = 1e6 N/m,
  // μs = μd = 0.5, E = 1e7 Pa, resolution hint 0.02 m.
  const DefaultProximityProperties defaults;
  EXPECT_EQ(defaults.hunt_crossley_dissipation, 50.0);
  EXPECT_EQ(defaults.relaxation_time, 0.1);
  EXPECT_EQ(defaults.point_stiffness, 1e6);
  EXPECT_EQ(defaults.static_friction, 0.5);
  EXPECT_EQ(defaults.dynamic_friction, 0.5);
  EXPECT_EQ(defaults.hydroelastic_modulus, 1e7);
  EXPECT_EQ(defaults.resolution_hint, 0.02);
  // Two default geometries combine to k = 5e5 N/m and keep μ = 0.5.
  EXPECT_EQ(CombinePointStiffness(defaults.point_stiffness, defaults.point_stiffness), 5e5);
  EXPECT_EQ(CombineFriction({0.5, 0.5}, {0.5, 0.5}).dynamic_friction, 0.5);
}

}  // namespace
}  // namespace simatlas::contact
