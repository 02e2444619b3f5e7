// MJ-solvers §2a — impedance, K, B, R, aref and friction scaling. Numbers: hand arithmetic in
// the comments, or the named test vector T11 (MuJoCo 2.2.2, formula sheet).
#include "reference/mujoco/impedance.h"

#include <gtest/gtest.h>

#include <cmath>

#include "reference/core/errors.h"

namespace simatlas::mujoco {
namespace {

constexpr double kTight = 1e-12;

TEST(Impedance, SaturatesAtDmaxBeyondWidthT11) {
  // T11: 1 mm penetration, width 1 mm → x = 1 → I = dmax = 0.95, dI/dr = 0.
  const Impedance i = EvaluateImpedance(-0.001, 0, kDefaultSolImp);
  EXPECT_DOUBLE_EQ(i.imp, 0.95);
  EXPECT_DOUBLE_EQ(i.imp_prime, 0.0);
}

TEST(Impedance, DminAtZeroDistance) {
  // x = 0 → I = dmin = 0.9 (frictionloss rows have pos = margin = 0).
  EXPECT_DOUBLE_EQ(EvaluateImpedance(0, 0, kDefaultSolImp).imp, 0.9);
}

TEST(Impedance, LowerHalfOfSigmoid) {
  // x = 0.25 ≤ mid 0.5, p = 2: a = 1/0.5 = 2, y = 2·0.25² = 0.125, I = 0.9 + 0.125·0.05 =
  // 0.90625; dI/dr = p a x^(p−1) (dmax − dmin)/width = 2·2·0.25·0.05/0.001 = 50 (r > margin).
  const Impedance i = EvaluateImpedance(0.00025, 0, kDefaultSolImp);
  EXPECT_NEAR(i.imp, 0.90625, kTight);
  EXPECT_NEAR(i.imp_prime, 50, 1e-9);
  // Penetration (r − margin < 0) flips the sign of the derivative only.
  const Impedance j = EvaluateImpedance(-0.00025, 0, kDefaultSolImp);
  EXPECT_NEAR(j.imp, 0.90625, kTight);
  EXPECT_NEAR(j.imp_prime, -50, 1e-9);
}

TEST(Impedance, UpperHalfOfSigmoid) {
  // x = 0.75 > mid: b = 1/(1 − 0.5) = 2, y = 1 − 2·0.25² = 0.875, I = 0.9 + 0.875·0.05 =
  // 0.94375; y' = p b (1 − x)^(p−1) = 2·2·0.25 = 1 → dI/dr = 1·0.05/0.001 = 50.
  const Impedance i = EvaluateImpedance(0.00075, 0, kDefaultSolImp);
  EXPECT_NEAR(i.imp, 0.94375, kTight);
  EXPECT_NEAR(i.imp_prime, 50, 1e-9);
}

TEST(Impedance, MarginShiftsTheDistance) {
  // r = 0.003, margin = 0.00275 → x = 0.25: the same value as r = 0.00025 without margin.
  EXPECT_NEAR(EvaluateImpedance(0.003, 0.00275, kDefaultSolImp).imp, 0.90625, kTight);
}

TEST(Impedance, MidpointAndPowerChangeTheCurve) {
  // p = 3, mid = 0.2, x = 0.1: a = 1/0.2² = 25, y = 25·0.1³ = 0.025, I = 0.9 + 0.025·0.05.
  const SolImp solimp = {0.9, 0.95, 0.001, 0.2, 3};
  EXPECT_NEAR(EvaluateImpedance(0.0001, 0, solimp).imp, 0.90125, kTight);
  // x = 0.6 > mid: b = 1/0.8² = 1.5625, y = 1 − 1.5625·0.4³ = 0.9, I = 0.9 + 0.9·0.05 = 0.945.
  EXPECT_NEAR(EvaluateImpedance(0.0006, 0, solimp).imp, 0.945, kTight);
  // p = 1 is linear: x = 0.3 → I = 0.9 + 0.3·0.05 = 0.915, dI/dr = 0.05/0.001 = 50.
  const SolImp linear = {0.9, 0.95, 0.001, 0.5, 1};
  EXPECT_NEAR(EvaluateImpedance(0.0003, 0, linear).imp, 0.915, kTight);
  EXPECT_NEAR(EvaluateImpedance(0.0003, 0, linear).imp_prime, 50, 1e-9);
}

TEST(Impedance, FlatBranches) {
  // dmin == dmax → I = dmin; width ≤ 1e-15 → (dmin + dmax)/2, for every r.
  EXPECT_DOUBLE_EQ(EvaluateImpedance(0.0004, 0, {0.8, 0.8, 0.001, 0.5, 2}).imp, 0.8);
  EXPECT_DOUBLE_EQ(EvaluateImpedance(0.0004, 0, {0.8, 0.9, 0.0, 0.5, 2}).imp, 0.85);
  EXPECT_DOUBLE_EQ(EvaluateImpedance(0.0004, 0, {0.8, 0.9, 0.0, 0.5, 2}).imp_prime, 0.0);
}

TEST(SolParams, ClampsSolimp) {
  // dmin 2 → 0.9999, dmax 0 → 1e-4, width −1 → 0, midpoint 1.5 → 0.9999, power 0.5 → 1.
  const SolParams p = SanitiseSolParams(kDefaultSolRef, {2, 0, -1, 1.5, 0.5}, 0.002, true);
  EXPECT_DOUBLE_EQ(p.solimp[0], kMaxImp);
  EXPECT_DOUBLE_EQ(p.solimp[1], kMinImp);
  EXPECT_DOUBLE_EQ(p.solimp[2], 0.0);
  EXPECT_DOUBLE_EQ(p.solimp[3], kMaxImp);
  EXPECT_DOUBLE_EQ(p.solimp[4], 1.0);
}

TEST(SolParams, MixedFormatIsReplacedByDefault) {
  const SolParams p = SanitiseSolParams({0.05, -3}, kDefaultSolImp, 0.002, true);
  EXPECT_TRUE(p.mixed_replaced);
  EXPECT_DOUBLE_EQ(p.solref[0], 0.02);
  EXPECT_DOUBLE_EQ(p.solref[1], 1.0);
}

TEST(SolParams, RefsafeFloorsStandardTimeconstOnly) {
  // Standard tc = 0.001 < 2h = 0.004 → 0.004 with refsafe, unchanged without.
  EXPECT_DOUBLE_EQ(SanitiseSolParams({0.001, 1}, kDefaultSolImp, 0.002, true).solref[0], 0.004);
  EXPECT_TRUE(SanitiseSolParams({0.001, 1}, kDefaultSolImp, 0.002, true).refsafe_clamped);
  EXPECT_DOUBLE_EQ(SanitiseSolParams({0.001, 1}, kDefaultSolImp, 0.002, false).solref[0], 0.001);
  // Direct format has no floor (course §10 exercise 4).
  const SolParams direct = SanitiseSolParams({-1e6, -50}, kDefaultSolImp, 0.002, true);
  EXPECT_DOUBLE_EQ(direct.solref[0], -1e6);
  EXPECT_FALSE(direct.refsafe_clamped);
}

TEST(SolParams, RejectsBadInput) {
  EXPECT_THROW(SanitiseSolParams(kDefaultSolRef, kDefaultSolImp, 0, true), core::InputError);
  EXPECT_THROW(SanitiseSolParams({std::nan(""), 1}, kDefaultSolImp, 0.002, true), core::InputError);
}

TEST(StiffnessDamping, StandardT11) {
  // T11: K = 1/(0.95² · 0.02² · 1²) = 1/0.000361 = 2770.0831; B = 2/(0.95 · 0.02) = 105.26316.
  const StiffnessDamping kb = EvaluateStiffnessDamping(kDefaultSolRef, 0.95);
  EXPECT_NEAR(kb.K, 1 / 0.000361, 1e-9);
  EXPECT_NEAR(kb.B, 2 / 0.019, 1e-12);
}

TEST(StiffnessDamping, DirectDividesByDmax) {
  // (−1000, −50), dmax 0.95: K = 1000/0.9025 = 1108.0332, B = 50/0.95 = 52.631579.
  const StiffnessDamping kb = EvaluateStiffnessDamping({-1000, -50}, 0.95);
  EXPECT_NEAR(kb.K, 1000 / 0.9025, 1e-9);
  EXPECT_NEAR(kb.B, 50 / 0.95, 1e-12);
}

TEST(RowParameters, T11NormalRow) {
  // T11 normal row: Â = 1 (body_invweight0 tran of the 1 kg sphere), pos = −0.001, vel = 0.
  // R = 0.05/0.95 · 1 = 0.0526316; aref = −K I (pos) = 2770.083 · 0.95 · 0.001 = 2.631579.
  RowInput in;
  in.diag_approx = 1;
  in.distance = in.pos = -0.001;
  const RowParameters row = MakeRowParameters(in);
  EXPECT_NEAR(row.imp, 0.95, kTight);
  EXPECT_NEAR(row.R, 0.05 / 0.95, kTight);
  EXPECT_NEAR(row.aref, 0.95 * 0.001 / 0.000361, 1e-12);
  EXPECT_NEAR(row.aref, 2.631579, 1e-6);
}

TEST(RowParameters, T11TangentRowHasNoStiffness) {
  // Elliptic friction row: K = 0, aref = −B vel; vel = −0.1 → aref = 105.263 · 0.1 = 10.526316.
  RowInput in;
  in.diag_approx = 1;
  in.distance = -0.001;
  in.pos = 0;
  in.vel = -0.1;
  in.zero_stiffness = true;
  const RowParameters row = MakeRowParameters(in);
  EXPECT_DOUBLE_EQ(row.K, 0.0);
  EXPECT_NEAR(row.aref, 10.5263158, 1e-7);
}

TEST(RowParameters, RefsafeChangesStiffness) {
  // tc = 0.001 → 0.004 under h = 0.002: K = 1/(0.95² · 0.004²) = 1/1.444e-5 = 69252.08.
  RowInput in;
  in.diag_approx = 1;
  in.solref = {0.001, 1};
  EXPECT_NEAR(MakeRowParameters(in).K, 1 / 1.444e-5, 1e-6);
  in.refsafe = false;  // tc stays 0.001: K = 1/(0.9025 · 1e-6)
  EXPECT_NEAR(MakeRowParameters(in).K, 1 / 9.025e-7, 1e-3);
}

TEST(RowParameters, RFloor) {
  // Â = 0 (a row that moves nothing) → R = mjMINVAL, never 0.
  RowInput in;
  in.diag_approx = 0;
  EXPECT_DOUBLE_EQ(MakeRowParameters(in).R, kMinVal);
  in.diag_approx = -1;
  EXPECT_THROW(MakeRowParameters(in), core::InputError);
}

TEST(FrictionR, EllipticT11) {
  // T11 elliptic: impratio 1 → every row R₀ = 0.0526316, μ = friction[0] = 1.
  const auto r = EllipticFrictionR(0.05 / 0.95, 1, {1, 1, 0.005, 1e-4, 1e-4}, 3);
  ASSERT_EQ(r.R.size(), 3u);
  EXPECT_DOUBLE_EQ(r.mu, 1.0);
  for (double R : r.R) EXPECT_NEAR(R, 0.05 / 0.95, kTight);
}

TEST(FrictionR, EllipticImpratioAndAnisotropy) {
  // impratio 4: R₁ = R₀/4, μ = 1·√(1/4) = 0.5; R₂ = R₁·1²/0.5² = R₀; R₃ = R₁·1/0.1² = 25 R₀.
  const auto r = EllipticFrictionR(2.0, 4, {1, 0.5, 0.1, 1e-4, 1e-4}, 4);
  ASSERT_EQ(r.R.size(), 4u);
  EXPECT_NEAR(r.mu, 0.5, kTight);
  EXPECT_NEAR(r.R[0], 2.0, kTight);
  EXPECT_NEAR(r.R[1], 0.5, kTight);
  EXPECT_NEAR(r.R[2], 2.0, kTight);
  EXPECT_NEAR(r.R[3], 50.0, 1e-10);
}

TEST(FrictionR, PyramidalT11) {
  // T11 pyramidal: Â of edge 0 = tran + 1²·tran = 2, R₀ = 0.05/0.95 · 2; R_py = 2 μ² R₀ =
  // 0.210526316 on all 4 edges.
  const double Ahat = ContactDiagApprox(1, 250, {1, 1, 0.005, 1e-4, 1e-4}, true, 0);
  EXPECT_DOUBLE_EQ(Ahat, 2.0);
  const auto r = PyramidalFrictionR(0.05 / 0.95 * Ahat, 1, {1, 1, 0.005, 1e-4, 1e-4}, 3);
  ASSERT_EQ(r.R.size(), 4u);
  for (double R : r.R) EXPECT_NEAR(R, 0.210526316, 1e-9);
}

TEST(FrictionR, PyramidalImpratio) {
  // impratio 2: μ² = 1/2 → R_py = 2 · 0.5 · R₀ = R₀.
  const auto r = PyramidalFrictionR(3.0, 2, {1, 1, 0.005, 1e-4, 1e-4}, 6);
  ASSERT_EQ(r.R.size(), 10u);
  EXPECT_NEAR(r.mu, std::sqrt(0.5), kTight);
  for (double R : r.R) EXPECT_NEAR(R, 3.0, kTight);
}

TEST(ContactDiagApprox, RowsPickTranOrRot) {
  const std::array<double, 5> fr = {0.7, 0.6, 0.01, 0.002, 0.003};
  // Elliptic/frictionless: rows 0–2 tran, 3–5 rot.
  EXPECT_DOUBLE_EQ(ContactDiagApprox(2, 30, fr, false, 2), 2.0);
  EXPECT_DOUBLE_EQ(ContactDiagApprox(2, 30, fr, false, 3), 30.0);
  // Pyramidal: edge 3 is pair 1 → 2 + 0.6²·2 = 2.72; edge 4 is pair 2 → 2 + 0.01²·30 = 2.003.
  EXPECT_NEAR(ContactDiagApprox(2, 30, fr, true, 3), 2.72, kTight);
  EXPECT_NEAR(ContactDiagApprox(2, 30, fr, true, 4), 2.003, kTight);
}

TEST(FrictionR, RejectsBadDim) {
  EXPECT_THROW(EllipticFrictionR(1, 1, {1, 1, 1, 1, 1}, 2), core::InputError);
  EXPECT_THROW(PyramidalFrictionR(1, 0, {1, 1, 1, 1, 1}, 3), core::InputError);
}

}  // namespace
}  // namespace simatlas::mujoco
