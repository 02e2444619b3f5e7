// MJ-solvers §10, exercise 1 (course §1 option table and §4: cone and solver are independent
// options; Newton + pyramidal is MuJoCo's default): is Newton + pyramidal an illegal
// combination? Evidence: one pyramidal contact problem (a 1 kg point mass sliding on a plane,
// μ = 0.5) solved with Newton, CG and PGS; the three efc_force vectors agree to solver tolerance.
#include <gtest/gtest.h>

#include <iostream>

#include "exercises/mj-solvers/mj_exercise_problems.h"
#include "exercises/support/exercise.h"
#include "reference/core/errors.h"
#include "reference/mujoco/solve.h"

namespace simatlas::exercises {
namespace {

TEST(Ex1, NewtonPyramidalIsTheDefault) {
  const Exercise exercise{
      "mj-solvers",
      1,
      "MJ-solvers §10",
      "Is the Newton solver with the pyramidal cone an illegal combination? Solve one pyramidal "
      "problem with Newton, CG and PGS.",
      {YesNo("answer", "is Newton + pyramidal illegal?"),
       YesNo("default_combination", "is it the combination mj_defaultOption chooses?"),
       YesNo("solvers_agree", "do Newton, CG and PGS give the same efc_force (relative 1e-5)?")}};
  StateQuestion(exercise, std::cout);
  Evidence evidence;

  const mujoco::Options defaults;
  const bool is_default =
      defaults.solver == mujoco::SolverKind::kNewton && defaults.cone == mujoco::Cone::kPyramidal;
  evidence.Show(
      std::string("mj_defaultOption: solver = ") + mujoco::SolverName(defaults.solver) +
      ", cone = " + (defaults.cone == mujoco::Cone::kPyramidal ? "pyramidal" : "elliptic"));

  mujoco::Problem problem =
      mj_solvers::PointMassContact(1.0, mujoco::Cone::kPyramidal, 0.5, 2.0, 1e-3, 0.3, 0.0);
  bool accepted = true;
  std::vector<core::VectorX> forces;
  for (mujoco::SolverKind solver :
       {mujoco::SolverKind::kNewton, mujoco::SolverKind::kCG, mujoco::SolverKind::kPGS}) {
    problem.opt.solver = solver;
    problem.opt.iterations = solver == mujoco::SolverKind::kPGS ? 2000 : 100;
    problem.opt.tolerance = solver == mujoco::SolverKind::kPGS ? 1e-15 : 1e-10;
    try {
      const mujoco::SolveResult r = mujoco::SolveProblem(problem);
      forces.push_back(r.efc_force);
      evidence.Show(mujoco::SolverName(solver) + " + pyramidal: " + std::to_string(r.iterations) +
                    " iterations, exit " + mujoco::ExitReasonName(r.exit) + ", edge forces (" +
                    core::FormatNumber(r.efc_force(0)) + ", " + core::FormatNumber(r.efc_force(1)) +
                    ", " + core::FormatNumber(r.efc_force(2)) + ", " +
                    core::FormatNumber(r.efc_force(3)) + ") N");
    } catch (const core::InputError& e) {
      accepted = false;
      evidence.Show(mujoco::SolverName(solver) + " + pyramidal rejected: " + e.what());
    }
  }
  ASSERT_EQ(forces.size(), 3u);
  double worst = 0;
  for (const core::VectorX& f : forces) {
    worst = std::max(worst, (f - forces[0]).norm() / forces[0].norm());
  }
  evidence.Show("largest relative difference to Newton's efc_force: " + core::FormatNumber(worst));
  EXPECT_GT(forces[0].sum(), 0.0);  // the contact carries load: the agreement is not 0 = 0

  evidence.Imply("answer", !accepted);
  evidence.Imply("default_combination", is_default);
  evidence.Imply("solvers_agree", worst <= 1e-5);
  CheckAnswers(exercise, evidence);
}

}  // namespace
}  // namespace simatlas::exercises
