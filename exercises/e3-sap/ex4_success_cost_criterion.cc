// E3-SAP §6, exercise 4 (course §4.2, formula sheet (4.3)–(4.4): success = optimality OR cost
// criterion, both flags recorded): SAP returns success with optimality_criterion_reached = false —
// a contradiction? Evidence: a stiff kSap contact (k = 1e8 N/m, sliding point mass) solved with
// rel_tolerance = 1e-14, below what round-off lets ‖Dg‖ reach.
#include <gtest/gtest.h>

#include <iostream>

#include "exercises/e3-sap/sap_exercise_problems.h"
#include "exercises/support/exercise.h"
#include "reference/core/errors.h"
#include "reference/sap/sap_solver.h"

namespace simatlas::exercises {
namespace {

TEST(Ex4, SuccessByCostCriterion) {
  const Exercise exercise{
      "e3-sap",
      4,
      "E3-SAP §6",
      "SAP returns success with optimality_criterion_reached = false. Is that a contradiction? "
      "With rel_tolerance = 1e-14 on a stiff problem, which criterion flags are set?",
      {YesNo("answer", "is it a contradiction?"),
       YesNo("optimality_criterion_reached", "the flag of the optimality criterion"),
       YesNo("cost_criterion_reached", "the flag of the cost criterion")}};
  StateQuestion(exercise, std::cout);
  Evidence evidence;

  sap::FrictionConeParameters p;
  p.mu = 0.5;
  p.stiffness = 1e8;
  p.relaxation_time = 0.0;
  p.phi0 = -1e-4;
  p.beta = 0.0;  // no near-rigid bound: the stiffness acts in full
  const sap::SapProblem problem =
      e3_sap::PointMassProblem(1e-3, core::Vector3(2.0, -1.0, -0.5), p, 1e-3);
  sap::SapSolverParameters parameters;
  parameters.rel_tolerance = 1e-14;
  const sap::SapSolverResult r = sap::SolveSapProblem(problem, parameters);
  evidence.Show(std::string("rel_tolerance = 1e-14: ") + (r.success ? "success" : "failure") +
                " after " + std::to_string(r.iterations) + " iterations");
  evidence.Show(std::string("optimality_criterion_reached = ") +
                (r.optimality_criterion_reached ? "true" : "false") +
                ", cost_criterion_reached = " + (r.cost_criterion_reached ? "true" : "false"));
  evidence.Show(
      "||Dg|| = " + core::FormatNumber(r.momentum_residual) + " sqrt(J) vs eps_a + eps_r * s = " +
      core::FormatNumber(parameters.abs_tolerance + 1e-14 * r.momentum_scale) + " sqrt(J)");
  EXPECT_TRUE(r.success);
  // Success means at least one flag; the answer "contradiction" would need success without both.
  evidence.Imply("answer",
                 r.success && !r.optimality_criterion_reached && !r.cost_criterion_reached);
  evidence.Imply("optimality_criterion_reached", r.optimality_criterion_reached);
  evidence.Imply("cost_criterion_reached", r.cost_criterion_reached);
  CheckAnswers(exercise, evidence);
}

}  // namespace
}  // namespace simatlas::exercises
