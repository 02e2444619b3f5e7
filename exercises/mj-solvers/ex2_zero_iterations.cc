// MJ-solvers §10, exercise 2 (course §5 "termination" and §6 "warmstart": the 3.15 pre-loop
// certificate ½·scale·gᵀM⁻¹g lets CG/Newton exit before the first iteration): does
// solver_niter = 0 prove there was no contact or no solve? Evidence: a resting 1 kg point mass
// (one elliptic contact) solved twice with Newton (3.15 behaviour), the second time warm-started
// from the first answer: 0 iterations with nefc > 0 and a non-zero normal force; and the
// constraint-free case (nefc = 0), which also reports 0.
#include <gtest/gtest.h>

#include <iostream>

#include "exercises/mj-solvers/mj_exercise_problems.h"
#include "exercises/support/exercise.h"
#include "reference/core/errors.h"
#include "reference/mujoco/solve.h"

namespace simatlas::exercises {
namespace {

TEST(Ex2, ZeroIterationsIsNotNoContact) {
  const Exercise exercise{
      "mj-solvers",
      2,
      "MJ-solvers §10",
      "Does solver_niter = 0 prove there was no contact or no solve? Step a resting box twice "
      "(warmstart on) and look at the second solve.",
      {YesNo("answer", "does solver_niter = 0 prove there was no contact?"),
       Number("second_solve_iterations", "", "iterations of the warm-started second solve", 0, 0.5),
       YesNo("second_solve_has_force", "is the second solve's normal force non-zero (nefc > 0)?"),
       Choice("exit_path", "why the second solve stopped",
              {"no_constraints", "certificate", "improvement", "gradient", "iterations"})}};
  StateQuestion(exercise, std::cout);
  Evidence evidence;

  // The resting mass: 1 mm deep, at rest, Newton, the course's 3.15 tests.
  mujoco::Problem problem =
      mj_solvers::PointMassContact(1.0, mujoco::Cone::kElliptic, 1.0, 0.0, 1e-3, 0.0, 0.0);
  problem.opt.solver = mujoco::SolverKind::kNewton;
  mujoco::SetVersion(mujoco::Version::kMuJoCo315, problem.opt);
  const mujoco::SolveResult first = mujoco::SolveProblem(problem);
  mujoco::SolveSettings warm;
  warm.qacc_warmstart = first.qacc;
  const mujoco::SolveResult second = mujoco::SolveProblem(problem, warm);
  evidence.Show("first solve (cold): nefc = " + std::to_string(problem.nefc()) + ", " +
                std::to_string(first.iterations) + " iterations, exit " +
                mujoco::ExitReasonName(first.exit) + ", normal force " +
                core::FormatNumber(first.efc_force(0)) + " N");
  evidence.Show("second solve (warmstart = first qacc): nefc = " + std::to_string(problem.nefc()) +
                ", " + std::to_string(second.iterations) + " iterations, exit " +
                mujoco::ExitReasonName(second.exit) + ", normal force " +
                core::FormatNumber(second.efc_force(0)) + " N");
  EXPECT_GT(first.iterations, 0);  // the cold solve really iterates

  // No constraints at all: 0 iterations too, qacc = a0.
  mujoco::Problem free = problem;
  free.J = core::MatrixX(0, 3);
  free.R = free.aref = free.frictionloss = core::VectorX(0);
  free.kind.clear();
  free.contact.clear();
  free.contacts.clear();
  const mujoco::SolveResult none = mujoco::SolveProblem(free);
  evidence.Show("no constraints: nefc = 0, " + std::to_string(none.iterations) +
                " iterations, exit " + mujoco::ExitReasonName(none.exit));

  // Both cases report 0: the count alone cannot tell "no contact" from "certified at the start".
  const bool zero_proves_no_contact = !(second.iterations == 0 && problem.nefc() > 0);
  evidence.Imply("answer", zero_proves_no_contact);
  evidence.Imply("second_solve_iterations", static_cast<double>(second.iterations));
  evidence.Imply("second_solve_has_force", problem.nefc() > 0 && second.efc_force(0) > 0);
  const std::string exit = second.exit == mujoco::ExitReason::kCertificate     ? "certificate"
                           : second.exit == mujoco::ExitReason::kNoConstraints ? "no_constraints"
                           : second.exit == mujoco::ExitReason::kImprovement   ? "improvement"
                           : second.exit == mujoco::ExitReason::kGradient      ? "gradient"
                                                                               : "iterations";
  evidence.Imply("exit_path", exit);
  CheckAnswers(exercise, evidence);
}

}  // namespace
}  // namespace simatlas::exercises
