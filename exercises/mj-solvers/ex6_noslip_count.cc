// MJ-solvers §10, exercise 6 (course §6 NoSlip: a post-processing pass with its own iterations
// and tolerance; its statistics are appended to the main solver's): with NoSlip on,
// solver_niter exceeds `iterations` — an overflow? Evidence: a sliding 1 kg point mass (one
// pyramidal contact) solved with iterations = 1 and noslip_iterations = 5: the main count, the
// NoSlip count and the number of statistics entries, between 2 and 6.
#include <gtest/gtest.h>

#include <iostream>

#include "exercises/mj-solvers/mj_exercise_problems.h"
#include "exercises/support/exercise.h"
#include "reference/core/errors.h"
#include "reference/mujoco/solve.h"

namespace simatlas::exercises {
namespace {

TEST(Ex6, NoSlipCountsAreAppended) {
  const Exercise exercise{
      "mj-solvers",
      6,
      "MJ-solvers §10",
      "With NoSlip on, the reported solver iteration count exceeds `iterations`. Is that an "
      "overflow? Solve a sliding box with iterations = 1 and noslip_iterations = 5.",
      {YesNo("answer", "is it an overflow?"),
       Number("main_iterations", "", "iterations of the main solver", 0, 0.5),
       YesNo(
           "total_within_caps",
           "is the total count (statistics entries) between 2 and iterations + noslip_iterations = 6?")}};
  StateQuestion(exercise, std::cout);
  Evidence evidence;

  mujoco::Problem problem =
      mj_solvers::PointMassContact(1.0, mujoco::Cone::kPyramidal, 0.5, 2.0, 1e-3, 0.3, 0.0);
  problem.opt.solver = mujoco::SolverKind::kPGS;
  problem.opt.iterations = 1;
  problem.opt.noslip_iterations = 5;
  const mujoco::SolveResult r = mujoco::SolveProblem(problem);
  const int total = static_cast<int>(r.stats.size());
  evidence.Show("PGS, iterations = 1, noslip_iterations = 5: main " + std::to_string(r.iterations) +
                " + NoSlip " + std::to_string(r.noslip_iterations) + " = " + std::to_string(total) +
                " statistics entries");
  EXPECT_EQ(total, r.iterations + r.noslip_iterations);  // appended, not overwritten
  EXPECT_GT(r.noslip_iterations, 0);                     // NoSlip really ran

  evidence.Imply("answer", r.iterations > problem.opt.iterations ||
                               r.noslip_iterations > problem.opt.noslip_iterations);
  evidence.Imply("main_iterations", static_cast<double>(r.iterations));
  evidence.Imply("total_within_caps",
                 total >= 2 && total <= problem.opt.iterations + problem.opt.noslip_iterations);
  CheckAnswers(exercise, evidence);
}

}  // namespace
}  // namespace simatlas::exercises
