// E3-SAP §3.1–§3.2 — the first step of the sliding box reduced to a point mass
// (first_step_gliding.h), against hand derivations on box_slide's defaults: m = 1 kg, side 0.2 m,
// N = 4 bottom vertices at the rest depth δ = m g/(4 k), k = 1e5 N/m, τd = 0.01 s, d = 10 s/m,
// μ = 0.5, h = 1e-3 s, g = 9.81 m/s².
// Equation numbers (N.M) are the formula sheet's (course/FORMULAS.md).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "reference/scenes/first_step_gliding.h"
#include "reference/scenes/scene.h"
#include "reference/scenes/test/scene_run.h"

namespace simatlas::scenes {
namespace {

constexpr double kM = 1.0, kG = 9.81, kK = 1e5, kTau = 0.01, kMu = 0.5, kH = 1e-3;

Scene Box(double v0) {
  const SceneDefinition& def = FindScene("box_slide");
  return def.build(ParseSceneArguments(def, {"v0=" + std::to_string(v0)}));
}

// kSap's sliding branch (3.3): γn = (v̂n − vn + μ ‖vt‖)/(Rn (1 + μ̃²)), γt = μ γn. With
// vn = Γ/m − g h and ‖vt‖ = v0 − μ Γ/m for Γ = N γn:
//   Γ (1 + c (1 + μ²)/m) = c (v̂n + g h + μ v0),  c = N/(Rn (1 + μ̃²)),
// Rn = 1/(h k (h + τd)) = 1/(1e-3 · 1e5 · 0.011) = 0.90909 1/kg (the near-rigid bound
// β² wn/(4π²) ≈ 2.6/39.5 = 0.066 is smaller), v̂n = δ/(h + τd) = 2.4525e-5/0.011 = 2.2295e-3 m/s:
// with μ̃² = μ² Rt/Rn ≤ 0.25 · 0.003/0.909 < 1e-3 left out, c = 4.4 kg and
//   Γ = 4.4 · (2.2295e-3 + 9.81e-3 + 0.5)/(1 + 4.4 · 1.25) = 0.34661 N·s,
// Γ/h = 346.6 N (μ̃² lowers it by < 1e-3 relative) and vz = Γ/m − g h = 0.3368 m/s.
TEST(FirstStepAsPointMass, KSapSlidingBranchPushesTheBoxOff) {
  const FirstStepPrediction p = PredictFirstStepAsPointMass(Box(1.0), kH, "sap", kMu);
  const double Rn = 1 / (kH * kK * (kH + kTau));
  const double vhat = kM * kG / (4 * kK) / (kH + kTau);
  const double c = 4 / Rn;
  const double gamma = c * (vhat + kG * kH + kMu * 1.0) / (1 + c * (1 + kMu * kMu) / kM);
  EXPECT_EQ(p.contacts, 4);
  EXPECT_NEAR(p.normal_force, gamma / kH, 1e-3 * gamma / kH);
  EXPECT_NEAR(p.liftoff_speed, p.normal_impulse / kM - kG * kH, 1e-9);
  EXPECT_GT(p.liftoff_speed, 0.3);
  EXPECT_NEAR(p.flight_time, 2 * p.liftoff_speed / kG, 1e-12);
  EXPECT_NEAR(p.slip_speed, 1.0 - kMu * p.normal_impulse / kM, 1e-3);
}

// At rest (v0 = 0) the contacts stick (γ = y): Γ (1 + N/(Rn m)) = (N/Rn)(v̂n + g h), and
// (N/Rn) v̂n = N h k (h + τd) δ/(h + τd) = N h k δ = m g h, so Γ = m g h exactly: f = m g.
TEST(FirstStepAsPointMass, KSapAtRestCarriesTheWeight) {
  const FirstStepPrediction p = PredictFirstStepAsPointMass(Box(0.0), kH, "sap", kMu);
  EXPECT_NEAR(p.normal_force, kM * kG, 1e-9 * kM * kG);
  EXPECT_NEAR(p.liftoff_speed, 0.0, 1e-12);
  EXPECT_EQ(p.flight_time, 0.0);
}

// Lagged's n(vn) = h [fe₀ − h k vn]₊ [1 − d vn]₊ ignores the slip: with fe₀ = k δ = m g/4 the
// fixed point Γ = N n(Γ/m − g h) is Γ = m g h (vn = 0 there): the sliding box carries m g, no hop.
TEST(FirstStepAsPointMass, LaggedDoesNotGlide) {
  const FirstStepPrediction p = PredictFirstStepAsPointMass(Box(1.0), kH, "lagged", kMu);
  EXPECT_NEAR(p.normal_force, kM * kG, 1e-9 * kM * kG);
  EXPECT_EQ(p.flight_time, 0.0);
}

// Similar's z = vn − μ s(vt) glides like kSap: the push exceeds the weight many times over.
TEST(FirstStepAsPointMass, SimilarGlides) {
  const FirstStepPrediction p = PredictFirstStepAsPointMass(Box(1.0), kH, "similar", kMu);
  EXPECT_GT(p.normal_force, 10 * kM * kG);
  EXPECT_GT(p.flight_time, 0.0);
}

// The runs themselves: kSap's box flies after step 1 (no contact for some steps), Lagged's does
// not; both still stop where Coulomb says (the contact tests pin the distance).
TEST(BoxSlide, KSapHopsAfterItsFirstStepLaggedDoesNot) {
  const testing::SceneRun sap = testing::RunScene("box_slide", {"approximation=sap", "steps=100"});
  const testing::SceneRun lagged =
      testing::RunScene("box_slide", {"approximation=lagged", "steps=100"});
  EXPECT_GT(*testing::Summary("box_slide", sap, "first_flight"), 0.0);
  EXPECT_EQ(*testing::Summary("box_slide", lagged, "first_flight"), 0.0);
  const std::vector<std::string> notes =
      FindScene("box_slide").notes(sap.scene, sap.arguments, sap.trajectory);
  ASSERT_EQ(notes.size(), 1u);
  EXPECT_NE(notes[0].find("gliding"), std::string::npos);
}

}  // namespace
}  // namespace simatlas::scenes
