// E3-SAP §5.1 (5.2): the velocity sensitivities.
// Unit tests of §5.1 (5.2) on the pizza saver (pizza_saver.h): sensitivities against the
// closed forms derived in sap_solver_test.cc and against central differences of whole solves
// inside one projection region; across the stiction/sliding switch they disagree (exercise 8).
// Equation numbers (N.M) are the formula sheet's (course/FORMULAS.md).
#include "reference/sap/sensitivity.h"

#include <gtest/gtest.h>

#include <cmath>

#include "reference/sap/sap_solver.h"
#include "reference/sap/test/pizza_saver.h"

namespace simatlas::sap {
namespace {

using testing::MakePizzaSaver;

constexpr double kH = 0.01;

FrictionConeParameters Leg() {
  return {.mu = 0.5,
          .stiffness = 1e4,
          .relaxation_time = 0.0,
          .phi0 = -3.27e-4,
          .beta = 1.0,
          .sigma = 1e-3};
}

SapSolverParameters VeryTight() {
  // Stop only when the cost no longer changes: the FD quotients below divide solve errors by δ.
  SapSolverParameters p;
  p.rel_tolerance = 0.0;
  p.abs_tolerance = 0.0;
  return p;
}

core::VectorX Solve(double torque, const FrictionConeParameters& leg) {
  return SolveSapProblem(MakePizzaSaver(kH, torque, leg), VeryTight()).v;
}

// ∂v/∂θ by central differences of whole solves, θ applied to all three legs' parameter.
core::VectorX FiniteDifference(double torque, ConeParameter parameter, double delta) {
  auto leg_with = [&](double s) {
    FrictionConeParameters leg = Leg();
    if (parameter == ConeParameter::kStiffness) leg.stiffness += s;
    if (parameter == ConeParameter::kFriction) leg.mu += s;
    if (parameter == ConeParameter::kPhi0) leg.phi0 += s;
    return leg;
  };
  return (Solve(torque, leg_with(delta)) - Solve(torque, leg_with(-delta))) / (2.0 * delta);
}

// (5.2) for the same θ shared by the three legs: the sum of the three per-leg sensitivities.
core::VectorX Implicit(double torque, ConeParameter parameter) {
  const SapProblem problem = MakePizzaSaver(kH, torque, Leg());
  const SapModel model(problem);
  const core::VectorX v = SolveSapProblem(problem, VeryTight()).v;
  core::VectorX sum = core::VectorX::Zero(4);
  for (int i = 0; i < 3; ++i) sum += CalcVelocitySensitivity(model, kH, v, i, parameter);
  return sum;
}

TEST(Sensitivity, VStarInStictionMatchesTheClosedForm) {
  // Stiction (τ = 4): ω = I ω*/(I + 3R²/Rt) → ∂ω/∂ω* = 1/(1 + 3/Rt), Rt = 1e-3 √6/3;
  // vz = (3 v̂n/Rn + m vz*)/(m + 3/Rn) → ∂vz/∂vz* = 1/(1 + 3/Rn) = 1/4 (Rn = 1).
  const SapProblem problem = MakePizzaSaver(kH, 4.0, Leg());
  const SapModel model(problem);
  const auto r = SolveSapProblem(problem, VeryTight());
  const core::MatrixX dv = CalcVelocitySensitivityToVStar(model, r.v);
  const double Rt = 1e-3 * std::sqrt(6.0) / 3.0;
  EXPECT_NEAR(dv(3, 3), 1.0 / (1.0 + 3.0 / Rt), 1e-12);
  EXPECT_NEAR(dv(2, 2), 0.25, 1e-12);
}

TEST(Sensitivity, Phi0InStictionMatchesTheClosedForm) {
  // vz = (3 v̂n/Rn − m g h)/(m + 3/Rn), v̂n = −φ₀/h → ∂vz/∂φ₀ (all legs) = −3/(h Rn (m + 3/Rn))
  // = −3/(0.01 · 4) = −75 (m/s)/m.
  EXPECT_NEAR(Implicit(4.0, ConeParameter::kPhi0)(2), -75.0, 1e-9);
}

TEST(Sensitivity, MatchesCentralDifferencesInsideOneRegion) {
  // Stiction (τ = 4) and sliding (τ = 6), for k, μ and φ₀. Steps: 1e-3 relative; the solves stop
  // on the cost criterion (ℓ changes below 1e-15 relative), so the quotients are good to ~1e-6.
  struct Case {
    double torque;
    ConeParameter parameter;
    double delta;
  };
  for (const Case c :
       {Case{4.0, ConeParameter::kStiffness, 10.0}, Case{4.0, ConeParameter::kPhi0, 3e-7},
        Case{6.0, ConeParameter::kStiffness, 10.0}, Case{6.0, ConeParameter::kFriction, 5e-4},
        Case{6.0, ConeParameter::kPhi0, 3e-7}}) {
    const core::VectorX implicit = Implicit(c.torque, c.parameter);
    const core::VectorX fd = FiniteDifference(c.torque, c.parameter, c.delta);
    EXPECT_LT((implicit - fd).norm(), 1e-5 * std::max(1.0, fd.norm()))
        << "torque " << c.torque << " parameter " << static_cast<int>(c.parameter) << "\nimplicit "
        << implicit.transpose() << "\nfd       " << fd.transpose();
  }
  // μ does not move a sticking answer (γ = y does not depend on μ).
  EXPECT_EQ(Implicit(4.0, ConeParameter::kFriction).norm(), 0.0);
}

TEST(Sensitivity, DisagreesAcrossTheStictionSlidingSwitch) {
  // Near the threshold μ m g R = 4.905 N·m: at τ = 4.9 the legs stick, and a 5% change of μ
  // crosses into sliding, so a central difference spanning the switch is not the local ∂v/∂μ = 0.
  const core::VectorX implicit = Implicit(4.9, ConeParameter::kFriction);
  const core::VectorX fd = FiniteDifference(4.9, ConeParameter::kFriction, 0.025);
  EXPECT_EQ(implicit.norm(), 0.0);
  EXPECT_GT(fd.norm(), 1e-3);
}

}  // namespace
}  // namespace simatlas::sap
