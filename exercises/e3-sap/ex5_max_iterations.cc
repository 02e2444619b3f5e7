// E3-SAP §6, exercise 5 (course §4.2 and §5: max_iterations is the per-step Newton budget; h
// belongs to the plant): does raising max_iterations from 100 to 200 turn h = 1 ms into 0.5 ms?
// Evidence: one kSap step (a sliding 1 g point mass on a stiff contact, k = 1e8 N/m, h = 1 ms) solved
// with max_iterations 100 and 200: the step's h, v_next and the iteration count.
#include <gtest/gtest.h>

#include <iostream>

#include "exercises/e3-sap/sap_exercise_problems.h"
#include "exercises/support/exercise.h"
#include "reference/core/errors.h"
#include "reference/sap/sap_solver.h"

namespace simatlas::exercises {
namespace {

TEST(Ex5, MaxIterationsIsABudget) {
  const Exercise exercise{
      "e3-sap",
      5,
      "E3-SAP §6",
      "Does raising max_iterations from 100 to 200 turn a time step h = 1 ms into 0.5 ms? "
      "Solve the same step with both budgets.",
      {YesNo("answer", "does h change?"),
       Number("time_step", "ms", "h of the step solved with max_iterations = 200", 1e-12),
       YesNo("iterations_change", "does the Newton iteration count change?")}};
  StateQuestion(exercise, std::cout);
  Evidence evidence;

  sap::FrictionConeParameters p;
  p.mu = 0.5;
  p.stiffness = 1e8;
  p.relaxation_time = 0.0;
  p.phi0 = -1e-4;
  p.beta = 0.0;  // stiff: several Newton iterations
  const sap::SapProblem problem =
      e3_sap::PointMassProblem(1e-3, core::Vector3(2.0, -1.0, -0.5), p, 1e-3);
  sap::SapSolverParameters p100, p200;
  p100.max_iterations = 100;
  p200.max_iterations = 200;
  const sap::SapSolverResult r100 = sap::SolveSapProblem(problem, p100);
  const sap::SapSolverResult r200 = sap::SolveSapProblem(problem, p200);
  EXPECT_TRUE(r100.success && r200.success);
  const bool same_v = r100.v == r200.v;
  evidence.Show(
      "h = " + core::FormatNumber(problem.time_step * 1e3) +
      " ms with either budget (the problem's time_step; SapSolverParameters has no time field)");
  evidence.Show("max_iterations 100: " + std::to_string(r100.iterations) +
                " iterations; 200: " + std::to_string(r200.iterations) + " iterations");
  evidence.Show(std::string("v_next ") + (same_v ? "bit-identical" : "differs") +
                ": vn = " + core::FormatNumber(r200.v(2)) +
                " m/s, vt1 = " + core::FormatNumber(r200.v(0)) + " m/s");
  EXPECT_TRUE(same_v);
  evidence.Imply("answer", false);
  evidence.Imply("time_step", problem.time_step * 1e3);
  evidence.Imply("iterations_change", r100.iterations != r200.iterations);
  CheckAnswers(exercise, evidence);
}

}  // namespace
}  // namespace simatlas::exercises
