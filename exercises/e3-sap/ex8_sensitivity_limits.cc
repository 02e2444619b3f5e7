// E3-SAP §6, exercise 8 (course §5.1, formula sheet (5.2): H ∂v/∂θ = −∂g/∂θ at the solution, local
// to one contact set and one projection region): may we claim "sphere radius → grasp success score"
// is differentiable because the implicit AutoDiff path exists? Evidence: a 1 kg point mass on one
// kSap contact; (5.2) (reference/sap/sensitivity.h) against central differences of re-solved steps
// for θ ∈ {v*, k, μ, φ₀} inside the stiction and the sliding region, and for μ with a step that
// crosses the stiction/sliding switch; and the list of θ the path differentiates.
#include <gtest/gtest.h>

#include <cmath>
#include <iostream>

#include "exercises/e3-sap/sap_exercise_problems.h"
#include "exercises/support/exercise.h"
#include "reference/core/errors.h"
#include "reference/sap/sap_model.h"
#include "reference/sap/sap_solver.h"
#include "reference/sap/sensitivity.h"

namespace simatlas::exercises {
namespace {

constexpr double kH = 1e-3;

struct State {
  sap::FrictionConeParameters p;
  core::Vector3 v_star;
};

sap::SapSolverParameters Tight() {
  sap::SapSolverParameters s;
  s.rel_tolerance = 1e-12;
  return s;
}

core::VectorX SolveV(const State& s) {
  const sap::SapSolverResult r =
      sap::SolveSapProblem(e3_sap::PointMassProblem(kH, s.v_star, s.p), Tight());
  EXPECT_TRUE(r.success);
  return r.v;
}

std::string Region(const State& s) {
  const sap::SapProblem problem = e3_sap::PointMassProblem(kH, s.v_star, s.p);
  const sap::SapModel model(problem);
  const auto& c =
      dynamic_cast<const sap::FrictionConeConstraint&>(*model.constraints()[0].constraint);
  return sap::ContactModeName(c.Project(core::Vector3(SolveV(s))).mode);
}

// (5.2) for θ of the constraint.
core::VectorX Analytic(const State& s, sap::ConeParameter theta) {
  const sap::SapProblem problem = e3_sap::PointMassProblem(kH, s.v_star, s.p);
  const sap::SapModel model(problem);
  return sap::CalcVelocitySensitivity(model, kH, SolveV(s), 0, theta);
}

double& Field(State& s, sap::ConeParameter theta) {
  switch (theta) {
    case sap::ConeParameter::kStiffness: return s.p.stiffness;
    case sap::ConeParameter::kFriction: return s.p.mu;
    case sap::ConeParameter::kPhi0: return s.p.phi0;
  }
  return s.p.mu;
}

// Central difference of v in θ with step δ (re-solving the step at θ ± δ).
core::VectorX Central(const State& s, sap::ConeParameter theta, double delta) {
  State plus = s, minus = s;
  Field(plus, theta) += delta;
  Field(minus, theta) -= delta;
  return (SolveV(plus) - SolveV(minus)) / (2 * delta);
}

double RelativeGap(const core::VectorX& a, const core::VectorX& b) {
  return (a - b).norm() / std::max(a.norm(), 1e-12);
}

TEST(Ex8, SensitivityLimits) {
  const Exercise exercise{
      "e3-sap",
      8,
      "E3-SAP §6",
      "The internal AutoDiff (implicit-function) path exists. May we claim 'sphere radius -> "
      "grasp success score' is differentiable? Check the sensitivity H dv/dtheta = -dg/dtheta "
      "(formula sheet E3-SAP (5.2)) inside one region and across a switch.",
      {YesNo("answer", "may we make the claim?"),
       YesNo("matches_inside_region",
             "does the sensitivity match central differences inside one region?"),
       YesNo("matches_across_switch",
             "does it match a difference across a stiction/sliding switch?"),
       YesNo("radius_is_a_parameter",
             "is the sphere radius one of the theta the sensitivity differentiates?")}};
  StateQuestion(exercise, std::cout);
  Evidence evidence;

  const char* names[] = {"k", "mu", "phi0"};
  const sap::ConeParameter thetas[] = {sap::ConeParameter::kStiffness,
                                       sap::ConeParameter::kFriction, sap::ConeParameter::kPhi0};
  State stiction{{.mu = 0.5, .stiffness = 1e5, .relaxation_time = 0.01, .phi0 = -1e-3, .beta = 1.0},
                 core::Vector3(0.02, 0.0, -0.05)};
  State sliding = stiction;
  sliding.v_star = core::Vector3(1.0, 0.3, -0.05);
  double worst_inside = 0.0;
  for (const State* s : {&stiction, &sliding}) {
    const std::string region = Region(*s);
    for (int i = 0; i < 3; ++i) {
      State copy = *s;  // relative step 1e-6 of θ (at least 1e-9)
      const double delta = 1e-6 * std::max(std::abs(Field(copy, thetas[i])), 1e-3);
      const core::VectorX a = Analytic(*s, thetas[i]), fd = Central(*s, thetas[i], delta);
      const double gap = (a - fd).norm() / std::max(a.norm(), 1e-6);
      worst_inside = std::max(worst_inside, gap);
      evidence.Show(region + ": dv/d" + names[i] + " by the sensitivity = [" +
                    core::FormatNumber(a(0)) + ", " + core::FormatNumber(a(1)) + ", " +
                    core::FormatNumber(a(2)) + "], central diff gap " + core::FormatNumber(gap));
    }
    // θ = v*: ∂v/∂v* = H⁻¹A against a central difference in v*_t1.
    const sap::SapProblem problem = e3_sap::PointMassProblem(kH, s->v_star, s->p);
    const sap::SapModel model(problem);
    const core::VectorX a = sap::CalcVelocitySensitivityToVStar(model, SolveV(*s)).col(0);
    State plus = *s, minus = *s;
    plus.v_star(0) += 1e-7;
    minus.v_star(0) -= 1e-7;
    const core::VectorX fd = (SolveV(plus) - SolveV(minus)) / 2e-7;
    const double gap = RelativeGap(a, fd);
    worst_inside = std::max(worst_inside, gap);
    evidence.Show(region + ": dv/dv*_t1 by the sensitivity vs central diff gap " +
                  core::FormatNumber(gap));
  }
  const bool inside = worst_inside < 1e-3;

  // Across the switch. Hand estimate (Rt ≪ Rn): v̂n = −φ₀/(h + τ) = 0.0909 m/s,
  // Rn = 1/(h k (h + τ)) = 0.909 /kg, γn ≈ (v̂n − v*n)/(Rn + 1/m) = 0.1409/1.909 = 0.0738 N s;
  // sticking needs m v*_t ≤ μ γn, so v*_t1 = 0.03 m/s slides at μ = 0.3, 0.4 (μγn = 0.022, 0.030)
  // and sticks at μ = 0.5 (0.037): a central difference of ±0.1 around μ = 0.4 crosses it.
  State near = stiction;
  near.p.mu = 0.4;
  near.v_star = core::Vector3(0.03, 0.0, -0.05);
  const std::string at = Region(near);
  State lo = near, hi = near;
  lo.p.mu -= 0.1;
  hi.p.mu += 0.1;
  const std::string below = Region(lo), above = Region(hi);
  const core::VectorX a = Analytic(near, sap::ConeParameter::kFriction);
  const core::VectorX fd = Central(near, sap::ConeParameter::kFriction, 0.1);
  const double across_gap = RelativeGap(a, fd);
  evidence.Show("mu = 0.3 / 0.4 / 0.5 with v*_t1 = 0.03 m/s: " + below + " / " + at + " / " +
                above);
  evidence.Show("dv/dmu by the sensitivity at mu = 0.4: vt1 " + core::FormatNumber(a(0)) +
                "; central diff over the switch: " + core::FormatNumber(fd(0)) + " (gap " +
                core::FormatNumber(across_gap) + ")");
  const bool switches = below != above;
  EXPECT_TRUE(switches);
  const bool across = !switches || across_gap < 1e-3;
  // The θ of (5.2): sensitivity.h's ConeParameter {kStiffness, kFriction, kPhi0} and v*; a sphere
  // radius enters only through geometry (φ₀, the contact point, J), which (5.2) holds fixed.
  evidence.Show(
      "theta differentiated by the sensitivity: v*, k, mu, phi0 (sap::ConeParameter); "
      "no geometry parameter");
  evidence.Imply("matches_inside_region", inside);
  evidence.Imply("matches_across_switch", across);
  evidence.Imply("radius_is_a_parameter", false);
  evidence.Imply("answer", inside && across);
  CheckAnswers(exercise, evidence);
}

}  // namespace
}  // namespace simatlas::exercises
