// MJ-solvers §8 — effective metric, force shift, implicit row factor, refsafe under discrete and
// the support table. Numbers: hand arithmetic in the comments.
#include "reference/mujoco/discrete_metric.h"

#include <gtest/gtest.h>

#include <cmath>

#include "reference/core/errors.h"

namespace simatlas::mujoco {
namespace {

TEST(DiscreteMetric, EffectiveMetricAndShift) {
  // M̂ = M + hD + h²K with M = 2, D = 10, K = 1e4, h = 0.01: 2 + 0.1 + 1 = 3.1.
  const core::MatrixX M = core::MatrixX::Constant(1, 1, 2);
  const core::MatrixX D = core::MatrixX::Constant(1, 1, 10);
  const core::MatrixX K = core::MatrixX::Constant(1, 1, 1e4);
  EXPECT_NEAR(EffectiveMetric(M, D, K, 0.01)(0, 0), 3.1, 1e-14);
  // τ̂s = τs − hKv: 5 − 0.01·1e4·0.2 = −15.
  EXPECT_NEAR(
      ShiftedForce(core::VectorX::Constant(1, 5), K, core::VectorX::Constant(1, 0.2), 0.01)[0], -15,
      1e-12);
  EXPECT_THROW(EffectiveMetric(M, core::MatrixX::Zero(2, 2), K, 0.01), core::InputError);
  EXPECT_THROW(EffectiveMetric(M, D, K, -0.01), core::InputError);
}

TEST(DiscreteMetric, ImplicitRowFactor) {
  // K = 2770.083 (T11), B = 105.263, I = 0.95, h = 0.002, R = 0.01, r = −0.001, vel = −0.1:
  // c = 1 + 0.002·105.263 + 4e-6·2770.083·0.95; aref_s = −(B + hKI) vel − KI r.
  const double K = 2770.083, B = 105.263, I = 0.95, h = 0.002;
  const double c = 1 + h * B + h * h * K * I;
  const double aref_s = -(B + h * K * I) * -0.1 - K * I * -0.001;
  const ImplicitRow row = MakeImplicitRow(K, B, I, 0.01, -0.001, 0, -0.1, h);
  EXPECT_NEAR(row.c, 1.2210523154, 1e-9);  // 1 + 0.210526 + 0.0105263154
  EXPECT_NEAR(row.c, c, 1e-15);
  EXPECT_NEAR(row.aref_s, aref_s, 1e-12);
  EXPECT_NEAR(row.R, 0.01 / c, 1e-15);
  EXPECT_NEAR(row.aref, aref_s / c, 1e-12);
  // The row keeps f = −R̃⁻¹(Ja − ãref) = −R⁻¹(c Ja − aref_s): check for Ja = 3.
  const double ja = 3;
  EXPECT_NEAR(-(ja - row.aref) / row.R, -(c * ja - aref_s) / 0.01, 1e-9);
  EXPECT_THROW(MakeImplicitRow(K, B, 1.0, 0.01, 0, 0, 0, h), core::InputError);
  EXPECT_THROW(MakeImplicitRow(K, B, I, 0.0, 0, 0, 0, h), core::InputError);
}

TEST(DiscreteMetric, OneRowLimitIsBackwardEuler) {
  // One row, unit mass, J = 1, R → 0 (I → 1 limit of a stiff row): Ja = ãref·… reduces to
  // r̈ = −IB ṙ − I²K r taken at the end of the step. With R̃ → 0, Ja = aref⁺ exactly:
  // c a = aref_s ⇔ a = −(B+hKI)vel/c − KI r/c, the backward-Euler acceleration of
  // a = −B vel⁺ − KI r⁺ with vel⁺ = vel + h a, r⁺ = r + h vel⁺ (here I multiplies K only,
  // as in aref).
  const double K = 400, B = 40, I = 0.9, h = 0.01, r = 0.02, vel = -0.5;
  const ImplicitRow row = MakeImplicitRow(K, B, I, 1e-12, r, 0, vel, h);
  const double a = row.aref;
  const double vel_plus = vel + h * a, r_plus = r + h * vel_plus;
  EXPECT_NEAR(a, -B * vel_plus - K * I * r_plus, 1e-12);
}

TEST(DiscreteMetric, RefsafeReplacesOverStiffStandardRows) {
  // h = 0.01, I = 0.95, K = 1e6: h²KI = 95 > 1 → K = 1/(1e-4·0.95) = 10526.315789…,
  // B = 2/(0.01·√0.95) = 205.19567…; then h²KI = 1 exactly (the stiffest allowed row).
  const RefsafeRow r = DiscreteRefsafe(1e6, 50, 0.95, 0.01, true);
  EXPECT_TRUE(r.replaced);
  EXPECT_NEAR(r.K, 10526.315789473684, 1e-8);
  EXPECT_NEAR(r.B, 2 / (0.01 * std::sqrt(0.95)), 1e-12);
  EXPECT_NEAR(r.B * r.B, 4 * r.K, 1e-8);  // zero restitution: B² ≥ 4K, here equality
  EXPECT_NEAR(0.01 * 0.01 * r.K * 0.95, 1.0, 1e-14);
  // h²KI = 1e-4·5000·0.95 = 0.475 ≤ 1: unchanged.
  const RefsafeRow soft = DiscreteRefsafe(5000, 50, 0.95, 0.01, true);
  EXPECT_FALSE(soft.replaced);
  EXPECT_EQ(soft.K, 5000);
  EXPECT_EQ(soft.B, 50);
  // Direct format (solref < 0): no floor even when too stiff.
  const RefsafeRow direct = DiscreteRefsafe(1e6, 50, 0.95, 0.01, false);
  EXPECT_FALSE(direct.replaced);
  EXPECT_EQ(direct.K, 1e6);
}

TEST(DiscreteMetric, SupportTable) {
  DiscreteOptions ok;
  EXPECT_NO_THROW(CheckDiscreteSupport(ok));
  // Accepted with limits: discrete + PGS, discrete + primal + NoSlip.
  DiscreteOptions pgs = ok;
  pgs.solver = "pgs";
  EXPECT_NO_THROW(CheckDiscreteSupport(pgs));
  DiscreteOptions noslip = ok;
  noslip.noslip = true;
  EXPECT_NO_THROW(CheckDiscreteSupport(noslip));
  // Rejected rows of the table.
  auto rejected = [](DiscreteOptions o) {
    EXPECT_THROW(CheckDiscreteSupport(o), core::InputError) << o.integrator << " " << o.solver;
  };
  DiscreteOptions o = ok;
  o.flex_metric = true;
  o.solver = "pgs";
  rejected(o);
  o = ok;
  o.flex_metric = true;
  o.noslip = true;
  rejected(o);
  o = ok;
  o.flex_metric = true;
  o.general_flex_attachment = true;
  rejected(o);
  o.solver = "cg";  // the suggested remedy passes
  EXPECT_NO_THROW(CheckDiscreteSupport(o));
  o = ok;
  o.sleep = true;
  o.islands = false;
  rejected(o);
  o = ok;
  o.sleep = true;
  o.flex_metric = true;
  rejected(o);
  o = ok;
  o.integrator = "implicitfast";
  o.flex_elasticity = true;
  rejected(o);
  o.integrator = "rk4";  // Euler/RK4 keep explicit handling
  EXPECT_NO_THROW(CheckDiscreteSupport(o));
  o = ok;
  o.ipc = true;  // discrete + newton
  rejected(o);
  o.solver = "cg";
  EXPECT_NO_THROW(CheckDiscreteSupport(o));
  o.fwdinv = true;
  rejected(o);
  o.fwdinv = false;
  o.sleep = true;
  rejected(o);
  o = ok;
  o.integrator = "verlet";
  rejected(o);
}

}  // namespace
}  // namespace simatlas::mujoco
