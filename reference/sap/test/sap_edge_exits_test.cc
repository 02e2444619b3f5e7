// E3-SAP §4.2, §5.1 — the line searches' edge exits, the sensitivities' region and index rules
// and the constraints' identities: 1-D costs worked by hand, the
// near-rigid branch against the constraint's own impulses, DOFs outside every constraint.
#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "reference/core/test/error_of.h"
#include "reference/sap/hunt_crossley_constraint.h"
#include "reference/sap/line_search.h"
#include "reference/sap/sap_model.h"
#include "reference/sap/sap_solver.h"
#include "reference/sap/sensitivity.h"
#include "reference/sap/test/limit_spec.h"
#include "reference/sap/test/pizza_saver.h"

namespace simatlas::sap {
namespace {

using core::InputErrorOf;
using core::NumericalErrorOf;

// ℓ(α) = (α − 0.3)²: ℓ'(0) = −0.6, ℓ'(1.5) = 2.4 > 0, α₀ = 0.6/ℓ''(1.5) = 0.3 — the root; with
// no iteration allowed the search reports it found none.
TEST(SapLineSearchEdges, ExactSearchWithoutIterationsThrows) {
  const CostAlongLine ell = [](double a, double* d1, double* d2) {
    if (d1) *d1 = 2 * (a - 0.3);
    if (d2) *d2 = 2;
    return (a - 0.3) * (a - 0.3);
  };
  ExactLineSearchParameters p;
  EXPECT_NEAR(PerformExactLineSearch(ell, -0.6, p, 0, 0).alpha, 0.3, 1e-15);
  p.max_iterations = 0;
  EXPECT_EQ(NumericalErrorOf([&] { PerformExactLineSearch(ell, -0.6, p, 0, 0); }),
            "exact line search: no root of dell/dalpha within 0 iterations");
}

// A NaN curvature at α_max makes α₀ NaN: named, never passed on.
TEST(SapLineSearchEdges, ExactSearchNamesANanGuess) {
  const CostAlongLine ell = [](double a, double* d1, double* d2) {
    if (d1) *d1 = a - 0.3;
    if (d2) *d2 = std::nan("");
    return 0.5 * (a - 0.3) * (a - 0.3);
  };
  EXPECT_EQ(NumericalErrorOf([&] { PerformExactLineSearch(ell, -0.3, {}, 0, 0); }),
            "exact line search: initial guess alpha0 = nan (ell''(alpha_max) = nan)");
}

// ℓ'(α) = (α − 1)³ + 0.25, ℓ'' = 3(α − 1)²: ℓ'(0) = −0.75, ℓ''(1.5) = 0.75, so α₀ = 1 exactly,
// where ℓ'' = 0: no Newton step, bisection takes over. The root is α = 1 − ∛0.25; the search
// stops at |ℓ'|/0.75 < 1e-8 with slope ℓ'' ≈ 1.19 there, so |α − root| < 1e-8.
TEST(SapLineSearchEdges, ExactSearchBisectsWhereTheCurvatureVanishes) {
  const CostAlongLine ell = [](double a, double* d1, double* d2) {
    if (d1) *d1 = std::pow(a - 1, 3) + 0.25;
    if (d2) *d2 = 3 * (a - 1) * (a - 1);
    return std::pow(a - 1, 4) / 4 + 0.25 * a;
  };
  const LineSearchResult r = PerformExactLineSearch(ell, -0.75, {}, 0, 0);
  EXPECT_NEAR(r.alpha, 1 - std::cbrt(0.25), 1e-8);
  EXPECT_GE(r.iterations, 2);
}

// ℓ(α) = α² − α, ℓ(0) = 0, ℓ'(0) = −1, α_max = 1 (ℓ'(1) = 1 > 0), ρ = 0.5, one step allowed:
// α = 0.5 still lowers ℓ (−0.25 < ℓ(1) = 0), the budget ends, and Armijo holds there
// (−0.25 < 0 + 1e-4·0.5·(−1)): α = 0.5 after the cap.
TEST(SapLineSearchEdges, BacktrackingAcceptsArmijoAtTheCap) {
  const CostAlongLine ell = [](double a, double* d1, double*) {
    if (d1) *d1 = 2 * a - 1;
    return a * a - a;
  };
  BacktrackingLineSearchParameters p;
  p.alpha_max = 1;
  p.rho = 0.5;
  p.max_iterations = 1;
  const LineSearchResult r = PerformBacktrackingLineSearch(ell, 0, -1, p, 0);
  EXPECT_EQ(r.alpha, 0.5);
  EXPECT_EQ(r.iterations, 1);
}

// The pizza saver (clique 0) standing on three legs, a 1 kg slider (clique 1) with a joint
// limit far from its bounds, and a 2 kg body (clique 2) that no constraint touches.
SapProblem PizzaSliderAndFreeBody() {
  FrictionConeParameters leg;
  leg.mu = 0.5;
  leg.stiffness = 1e5;
  leg.relaxation_time = 0.01;
  leg.phi0 = -1e-3;
  SapProblem p = testing::MakePizzaSaver(0.01, 0.5, leg);
  Clique slider;
  slider.A = core::MatrixX::Identity(1, 1);
  slider.v_star = core::VectorX::Constant(1, 0.1);
  Clique free_body;
  free_body.A = core::MatrixX::Constant(1, 1, 2);
  free_body.v_star = core::VectorX::Constant(1, -0.3);
  p.cliques.push_back(slider);
  p.cliques.push_back(free_body);
  p.constraints.push_back(testing::TwoSidedLimit(1, -1, 1));
  return p;
}

TEST(SapSensitivityEdges, IndexRulesAndDofsOutsideEveryConstraint) {
  const SapProblem problem = PizzaSliderAndFreeBody();
  const SapModel model(problem);
  const SapSolverResult solved = SolveSapProblem(problem, {});
  ASSERT_TRUE(solved.success);
  // The free body keeps v* (index 5 of the full v).
  EXPECT_EQ(solved.v[5], -0.3);
  const auto refusal = [&](int index) {
    return InputErrorOf(
        [&] { CalcVelocitySensitivity(model, 0.01, solved.v, index, ConeParameter::kPhi0); });
  };
  EXPECT_EQ(refusal(4), "constraint index = 4 must be a valid constraint index");
  EXPECT_EQ(refusal(-1), "constraint index = -1 must be a valid constraint index");
  EXPECT_EQ(refusal(3), "constraint index = 3 must be a friction_cone constraint");
  // The free body's velocity depends on nothing but its own v*: ∂v₅/∂θ = 0, ∂v/∂v* has the
  // unit row and column there.
  const core::VectorX dv = CalcVelocitySensitivity(model, 0.01, solved.v, 0, ConeParameter::kPhi0);
  EXPECT_EQ(dv[5], 0);
  const core::MatrixX dvs = CalcVelocitySensitivityToVStar(model, solved.v);
  for (int j = 0; j < 6; ++j) {
    EXPECT_EQ(dvs(5, j), j == 5 ? 1 : 0);
    EXPECT_EQ(dvs(j, 5), j == 5 ? 1 : 0);
  }
  // A's diagonal on the participating DOFs: the pizza saver's (1, 1, 1, 1) and the slider's 1.
  EXPECT_EQ(model.A_diagonal(), core::VectorX::Ones(5));
}

// Near-rigid leg (k = 1e12 N/m): Rn = β²wn/(4π²) does not depend on k, so ∂γ/∂k = 0 — and the
// constraint's own impulses at k and 2k agree exactly. Far above the ground (vn = +1 m/s ≫ v̂n)
// there is no contact, so every derivative is 0.
TEST(SapSensitivityEdges, NearRigidAndNoContactRegions) {
  FrictionConeParameters p;
  p.mu = 0.5;
  p.stiffness = 1e12;
  p.relaxation_time = 0;
  p.phi0 = -1e-3;
  const double h = 0.01;
  const core::Vector3 w(1, 1, 1);
  const FrictionConeConstraint stiff(p, h, w);
  FrictionConeParameters stiffer = p;
  stiffer.stiffness = 2e12;
  const FrictionConeConstraint stiffer_leg(stiffer, h, w);
  // Compliance 1/(h k h) = 1e-8 < β²/(4π²) ≈ 0.0253: the near-rigid branch.
  ASSERT_GT(stiff.regularization().Rn, 1 / (h * p.stiffness * h));
  const core::Vector3 pressing(0.01, 0, -0.5);
  ASSERT_NE(stiff.Project(pressing).mode, ContactMode::kNoContact);
  EXPECT_EQ(CalcConeImpulseDerivative(stiff, h, pressing, ConeParameter::kStiffness),
            core::Vector3::Zero());
  EXPECT_EQ(stiff.Calc(ConstraintVector(pressing)).gamma,
            stiffer_leg.Calc(ConstraintVector(pressing)).gamma);
  const core::Vector3 leaving(0, 0, 1);
  ASSERT_EQ(stiff.Project(leaving).mode, ContactMode::kNoContact);
  for (const ConeParameter q :
       {ConeParameter::kStiffness, ConeParameter::kFriction, ConeParameter::kPhi0}) {
    EXPECT_EQ(CalcConeImpulseDerivative(stiff, h, leaving, q), core::Vector3::Zero());
  }
}

// The constraints' identities as statistics and files name them.
TEST(SapConstraintNames, KindsAndModeNames) {
  SapProblem problem = PizzaSliderAndFreeBody();
  HuntCrossleyParameters hc;
  hc.mu = 0.5;
  hc.stiffness = 1e4;
  hc.dissipation = 1;
  problem.constraints[1].parameters = hc;
  const SapModel model(problem);
  const auto& c = model.constraints();
  EXPECT_EQ(c[0].constraint->kind(), "friction_cone");
  EXPECT_EQ(c[1].constraint->kind(), "hunt_crossley");
  EXPECT_EQ(c[3].constraint->kind(), "joint_limit");
  EXPECT_TRUE(c[0].constraint->is_contact());
  EXPECT_TRUE(c[1].constraint->is_contact());
  EXPECT_FALSE(c[3].constraint->is_contact());
  EXPECT_EQ(c[0].constraint->num_equations(), 3);
  EXPECT_EQ(c[1].constraint->num_equations(), 3);
  EXPECT_EQ(c[3].constraint->num_equations(), 2);
  EXPECT_EQ(ContactModeName(ContactMode::kStiction), "stiction");
  EXPECT_EQ(ContactModeName(ContactMode::kSliding), "sliding");
  EXPECT_EQ(ContactModeName(ContactMode::kNoContact), "no_contact");
}

}  // namespace
}  // namespace simatlas::sap
