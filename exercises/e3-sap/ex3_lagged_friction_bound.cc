// E3-SAP §6, exercise 3 (course §3.2, formula sheet (3.5)–(3.6): Lagged bounds friction by μ n₀
// from the previous state, not by μ γn): Lagged reports ‖γt‖ > μγn — did the solve fail? Evidence:
// a 1 kg point mass that was approaching (vn₀ = −0.5 m/s, fe₀ = k·1 mm, so n₀ = h fe₀ (1 − d vn₀)
// is large) but whose free motion now separates (v*n = +0.5 m/s) while sliding (v*t = 1 m/s).
#include <gtest/gtest.h>

#include <iostream>

#include "exercises/e3-sap/sap_exercise_problems.h"
#include "exercises/support/exercise.h"
#include "reference/core/errors.h"
#include "reference/sap/sap_model.h"
#include "reference/sap/sap_solver.h"

namespace simatlas::exercises {
namespace {

TEST(Ex3, LaggedFrictionBound) {
  const Exercise exercise{
      "e3-sap",
      3,
      "E3-SAP §6",
      "Lagged reports ||gamma_t|| > mu gamma_n. Did the solve fail? Which quantity bounds the "
      "Lagged friction impulse?",
      {YesNo("answer", "did the solve fail?"),
       Choice("friction_bound", "what ||gamma_t|| is bounded by", {"mu_gamma_n", "mu_n0"})}};
  StateQuestion(exercise, std::cout);
  Evidence evidence;

  const double h = 1e-3, k = 1e5, mu = 0.5;
  sap::HuntCrossleyParameters p;
  p.approximation = sap::HuntCrossleyApproximation::kLagged;
  p.mu = mu;
  p.stiffness = k;
  p.dissipation = 10.0;
  p.fe0 = k * 1e-3;
  p.vn0 = -0.5;
  const sap::SapProblem problem = e3_sap::PointMassProblem(h, core::Vector3(1.0, 0.0, 0.5), p);
  const sap::SapModel model(problem);
  const auto& c =
      dynamic_cast<const sap::HuntCrossleyConstraint&>(*model.constraints()[0].constraint);
  const double n0 = c.data().n0;
  const sap::SapSolverResult r = sap::SolveSapProblem(problem, {});
  const double gt = r.gamma[0].head<2>().norm(), gn = r.gamma[0](2);
  evidence.Show("n0 = h fe0 (1 - d vn0) = " + core::FormatNumber(n0) +
                " N s (hand: 1e-3 * 100 * 6 = 0.6)");
  evidence.Show(std::string("solver: ") + (r.success ? "success" : "failure") + " after " +
                std::to_string(r.iterations) +
                " iterations; vn = " + core::FormatNumber(r.vc[0](2)) + " m/s");
  evidence.Show("||gamma_t|| = " + core::FormatNumber(gt) +
                " N s, mu n0 = " + core::FormatNumber(mu * n0) +
                " N s, mu gamma_n = " + core::FormatNumber(mu * gn) + " N s");
  const bool within_lagged_bound = gt <= mu * n0 * (1 + 1e-12);
  const bool above_mu_gamma_n = gt > mu * gn;
  EXPECT_TRUE(within_lagged_bound);
  EXPECT_TRUE(above_mu_gamma_n);
  evidence.Imply("answer", !r.success);
  evidence.Imply("friction_bound",
                 std::string(within_lagged_bound && above_mu_gamma_n ? "mu_n0" : "mu_gamma_n"));
  CheckAnswers(exercise, evidence);
}

}  // namespace
}  // namespace simatlas::exercises
