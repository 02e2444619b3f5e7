// MJ-solvers §10, exercise 3 (course §5.1: the tests compare scale·improvement and
// scale·‖gradient‖ with tolerance, scale = 1/(meaninertia·max(1, nv)) — dimensionless cost
// numbers, not force errors): the same tolerance twice — why not the same absolute force error?
// Evidence: two resting point-mass contact problems (pyramidal, PGS, tolerance 1e-8) that differ
// only in the mass scale (1 kg and 1000 kg); each is compared with its own converged answer
// (PGS with tolerance 0 and a large iteration cap).
#include <gtest/gtest.h>

#include <cmath>
#include <iostream>

#include "exercises/mj-solvers/mj_exercise_problems.h"
#include "exercises/support/exercise.h"
#include "reference/core/errors.h"
#include "reference/mujoco/solve.h"

namespace simatlas::exercises {
namespace {

// Absolute error of efc_force at tolerance 1e-8 against the converged answer, in N.
double ForceErrorAtTolerance(double m, Evidence& evidence) {
  mujoco::Problem problem =
      mj_solvers::PointMassContact(m, mujoco::Cone::kPyramidal, 0.5, 0.0, 1e-3, 0.0, 0.0);
  problem.opt.solver = mujoco::SolverKind::kPGS;
  problem.opt.tolerance = 1e-8;
  problem.opt.iterations = 10000;
  const mujoco::SolveResult stopped = mujoco::SolveProblem(problem);
  problem.opt.tolerance = 0;
  problem.opt.iterations = 20000;
  const mujoco::SolveResult converged = mujoco::SolveProblem(problem);
  const double error = (stopped.efc_force - converged.efc_force).cwiseAbs().maxCoeff();
  evidence.Show("m = " + core::FormatNumber(m) + " kg: tolerance 1e-8 stops after " +
                std::to_string(stopped.iterations) + " iterations (" +
                mujoco::ExitReasonName(stopped.exit) + "); normal force " +
                core::FormatNumber(converged.efc_force.sum()) +
                " N; max |f - f*| = " + core::FormatNumber(error) + " N");
  return error;
}

TEST(Ex3, SameToleranceDifferentForceError) {
  const Exercise exercise{
      "mj-solvers",
      3,
      "MJ-solvers §10",
      "Two solves with the same tolerance 1e-8: why not the same absolute force error? Compare "
      "two contact problems that differ only in mass scale (1 kg and 1000 kg).",
      {YesNo("answer", "does the same tolerance give the same absolute force error?"),
       Choice("tested_quantity", "what the tolerance is compared with",
              {"force_error", "scaled_cost_or_gradient"}),
       Number("log10_error_ratio", "",
              "log10 of (force error at 1000 kg / force error at 1 kg), rounded to an integer", 0,
              0.5)}};
  StateQuestion(exercise, std::cout);
  Evidence evidence;

  const double e1 = ForceErrorAtTolerance(1.0, evidence);
  const double e1000 = ForceErrorAtTolerance(1000.0, evidence);
  ASSERT_GT(e1, 0.0);
  ASSERT_GT(e1000, 0.0);
  const double ratio = std::log10(e1000 / e1);
  evidence.Show("log10(error at 1000 kg / error at 1 kg) = " + core::FormatNumber(ratio));

  evidence.Imply("answer", std::abs(ratio) < 1.0);
  evidence.Imply("tested_quantity", std::string("scaled_cost_or_gradient"));
  evidence.Imply("log10_error_ratio", std::round(ratio));
  CheckAnswers(exercise, evidence);
}

}  // namespace
}  // namespace simatlas::exercises
