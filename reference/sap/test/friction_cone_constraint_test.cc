// Unit tests of E3-SAP §3.1 (kSap). Numbers are Drake's published test values (FORMULAS.md
// "Named test vectors" D4, sap_friction_cone_constraint_test.cc) or derived by hand (shown).
#include "reference/sap/friction_cone_constraint.h"

#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

#include "reference/core/errors.h"

namespace simatlas::sap {
namespace {

using core::InputError;
using core::Vector3;
constexpr double kEps = std::numeric_limits<double>::epsilon();

FrictionConeParameters D4Parameters() {
  // D4: μ = 0.5, k = 1e5 N/m, τd = 0.01 s, β = 0, σ = 1e-4, φ₀ = −2.5e-3 m.
  return {.mu = 0.5,
          .stiffness = 1e5,
          .relaxation_time = 0.01,
          .phi0 = -2.5e-3,
          .beta = 0.0,
          .sigma = 1e-4};
}

TEST(FrictionConeRegularization, DrakeCalcRegularizationD4) {
  // h = 5e-3 s, w = (3, 3, 3): Rt = σ w = 3e-4; Rn = 1/(5e-3 · 1.5e-2 · 1e5) = 1/7.5;
  // v̂n = 2.5e-3/1.5e-2 = 1/6 m/s (relative tolerance ε_machine in Drake's test).
  const auto r = CalcFrictionConeRegularization(5e-3, Vector3(3, 3, 3), D4Parameters());
  EXPECT_NEAR(r.Rt, 3e-4, kEps * 3e-4);
  EXPECT_NEAR(r.Rn, 1.0 / 7.5, kEps / 7.5);
  EXPECT_NEAR(r.vhat_n, 1.0 / 6.0, kEps / 6.0);
}

TEST(FrictionConeRegularization, NearRigidBoundWinsForStiffContacts) {
  // β = 1, w = 3, h = 5e-3, τ = 0.01: the bound is 3/(4π²) = 0.0759909…; compliance for
  // k = 1e5 is 1/7.5 = 0.133 (wins), for k = 1e7 it is 1/750 (the bound wins).
  auto p = D4Parameters();
  p.beta = 1.0;
  const double bound = 3.0 / (4.0 * std::numbers::pi * std::numbers::pi);
  EXPECT_DOUBLE_EQ(CalcFrictionConeRegularization(5e-3, Vector3(3, 3, 3), p).Rn, 1.0 / 7.5);
  p.stiffness = 1e7;
  EXPECT_DOUBLE_EQ(CalcFrictionConeRegularization(5e-3, Vector3(3, 3, 3), p).Rn, bound);
  // Raising k further changes nothing once the bound is active (course exercise 2).
  p.stiffness = 1e9;
  EXPECT_DOUBLE_EQ(CalcFrictionConeRegularization(5e-3, Vector3(3, 3, 3), p).Rn, bound);
}

TEST(FrictionConeRegularization, RmsLowerBoundForHandMadeW) {
  // w = (1, 1, 4): w_rms = √18/√3 = √6; wt = max(1, √6) = √6; wn = max(4, √6) = 4.
  auto p = D4Parameters();
  p.sigma = 1.0;
  p.beta = 2.0 * std::numbers::pi;  // bound = β²/(4π²) wn = wn
  p.stiffness = 1e12;               // compliance term negligible
  const auto r = CalcFrictionConeRegularization(5e-3, Vector3(1, 1, 4), p);
  EXPECT_DOUBLE_EQ(r.Rt, std::sqrt(6.0));
  EXPECT_DOUBLE_EQ(r.Rn, 4.0);
}

TEST(FrictionConeRegularization, PreconditionsNameTheKey) {
  auto p = D4Parameters();
  p.mu = -0.1;
  try {
    CalcFrictionConeRegularization(5e-3, Vector3(3, 3, 3), p);
    FAIL() << "expected InputError";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("mu = -0.1"), std::string::npos) << e.what();
  }
  p = D4Parameters();
  p.stiffness = 0.0;
  EXPECT_THROW(CalcFrictionConeRegularization(5e-3, Vector3(3, 3, 3), p), InputError);
  p = D4Parameters();
  p.sigma = 0.0;
  EXPECT_THROW(CalcFrictionConeRegularization(5e-3, Vector3(3, 3, 3), p), InputError);
  p = D4Parameters();
  p.relaxation_time = -1.0;
  EXPECT_THROW(CalcFrictionConeRegularization(5e-3, Vector3(3, 3, 3), p), InputError);
  EXPECT_THROW(CalcFrictionConeRegularization(0.0, Vector3(3, 3, 3), D4Parameters()), InputError);
  EXPECT_THROW(CalcFrictionConeRegularization(5e-3, Vector3(3, -3, 3), D4Parameters()), InputError);
}

// Rt = 1, Rn = 4, μ = 0.5 → μ̃ = 0.5 √(1/4) = 0.25, μ̂ = 0.5/4 = 0.125, 1 + μ̃² = 17/16.
FrictionConeRegularization HandRegularization() {
  return {.Rt = 1.0, .Rn = 4.0, .vhat_n = 0.0, .mu_tilde = 0.25, .mu_hat = 0.125};
}

TEST(ProjectToFrictionCone, StictionReturnsY) {
  // yr = √(0.25 + 1e-14) ≤ μ yn = 1 → γ = y.
  const auto p = ProjectToFrictionCone(Vector3(0.3, 0.4, 2.0), 0.5, HandRegularization());
  EXPECT_EQ(p.mode, ContactMode::kStiction);
  EXPECT_EQ(p.gamma, Vector3(0.3, 0.4, 2.0));
}

TEST(ProjectToFrictionCone, SlidingHandValue) {
  // y = (3, 4, 2): yr ≈ 5 > μ yn = 1, yn = 2 > −μ̂ yr = −0.625 → sliding:
  // γn = (2 + 0.125·5)/(17/16) = 2.625·16/17 = 42/17; γt = 0.5·42/17·(0.6, 0.8) = (12.6, 16.8)/17.
  const auto p = ProjectToFrictionCone(Vector3(3, 4, 2), 0.5, HandRegularization());
  EXPECT_EQ(p.mode, ContactMode::kSliding);
  EXPECT_NEAR(p.gamma(2), 42.0 / 17.0, 1e-14);
  EXPECT_NEAR(p.gamma(0), 12.6 / 17.0, 1e-14);
  EXPECT_NEAR(p.gamma(1), 16.8 / 17.0, 1e-14);
  // On the cone's surface: ‖γt‖ = μ γn.
  EXPECT_NEAR(p.gamma.head<2>().norm(), 0.5 * p.gamma(2), 1e-14);
  // Negative yn above the no-contact line still slides: yn = −0.5 → γn = 0.125·16/17 = 2/17.
  const auto q = ProjectToFrictionCone(Vector3(3, 4, -0.5), 0.5, HandRegularization());
  EXPECT_EQ(q.mode, ContactMode::kSliding);
  EXPECT_NEAR(q.gamma(2), 2.0 / 17.0, 1e-14);
}

TEST(ProjectToFrictionCone, NoContactBoundaryBelongsToNoContact) {
  // The code's boundary (FORMULAS.md "where comments disagree with code"): no contact iff
  // yn ≤ −μ̂ yr with μ̂ = 0.125 (not μ = 0.5). yn = −1 ≤ −μ̂ yr = −0.625 → γ = 0, although the
  // header comment's test "yn < −μ yr = −2.5" would call it sliding. yn = −0.6 > −0.625 slides.
  const auto p = ProjectToFrictionCone(Vector3(3, 4, -1.0), 0.5, HandRegularization());
  EXPECT_EQ(p.mode, ContactMode::kNoContact);
  EXPECT_EQ(p.gamma, Vector3::Zero());
  const auto q = ProjectToFrictionCone(Vector3(3, 4, -0.6), 0.5, HandRegularization());
  EXPECT_EQ(q.mode, ContactMode::kSliding);
  EXPECT_GT(q.gamma(2), 0.0);
}

TEST(ProjectToFrictionCone, FrictionlessIsNeverStiction) {
  // μ = 0: the stiction test needs yr ≤ 0, impossible with the soft norm; loaded → sliding, γt = 0.
  FrictionConeRegularization r = HandRegularization();
  r.mu_tilde = r.mu_hat = 0.0;
  const auto p = ProjectToFrictionCone(Vector3(0.0, 0.0, 2.0), 0.0, r);
  EXPECT_EQ(p.mode, ContactMode::kSliding);
  EXPECT_EQ(p.gamma, Vector3(0, 0, 2.0));
}

TEST(FrictionConeConstraint, ReproducesTheLinearCompliantLaw31) {
  // Without the near-rigid branch, γn = h[−k(φ₀ + h vn) − k τd vn]₊ (3.1) in stiction:
  // D4 numbers, vn = −0.1: h k = 500; −(φ₀ + h vn) = 2.5e-3 + 5e-4 = 3e-3; −τ vn = 1e-3;
  // γn = 500 · 4e-3 = 2 N·s.
  const FrictionConeConstraint c(D4Parameters(), 5e-3, Vector3(3, 3, 3));
  const auto v = c.Calc(Vector3(0.0, 0.0, -0.1));
  EXPECT_NEAR(v.gamma(2), 2.0, 1e-12);
  EXPECT_EQ(c.Project(Vector3(0.0, 0.0, -0.1)).mode, ContactMode::kStiction);
  // ℓc = ½ Rn γn² = ½ · (1/7.5) · 4 = 0.2666… J.
  EXPECT_NEAR(v.cost, 0.5 / 7.5 * 4.0, 1e-12);
  // G = R⁻¹ in stiction.
  EXPECT_NEAR(v.G(2, 2), 7.5, 1e-12);
  EXPECT_NEAR(v.G(0, 0), 1.0 / 3e-4, 1e-8);
  // Separating faster than v̂n = 1/6 m/s → no contact.
  EXPECT_EQ(c.Project(Vector3(0.0, 0.0, 0.2)).mode, ContactMode::kNoContact);
}

TEST(FrictionConeConstraint, StictionResidualSlipIsRtGammaT) {
  // In stiction vt = −Rt γt (γt = −vt/Rt): a small slip 1e-6 m/s with Rt = 3e-4 → γt = −1/300.
  const FrictionConeConstraint c(D4Parameters(), 5e-3, Vector3(3, 3, 3));
  const auto v = c.Calc(Vector3(1e-6, 0.0, -0.1));
  EXPECT_NEAR(v.gamma(0), -1e-6 / 3e-4, 1e-15);
}

}  // namespace
}  // namespace simatlas::sap
