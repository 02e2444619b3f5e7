// MJ-solvers §4–§5 — the one primal loop (primal_solver.h) under both arithmetics the version seam
// chooses (primal_rules.h: the course's kernels, MuJoCo 2.2.2's dense kernels) on a hand-solved
// one-DOF limit, and the seam's choices themselves. Bit-for-bit agreement of the 2.2.2 arithmetic
// with MuJoCo is the oracle's (oracle/mujoco222/statistics_oracle_test.cc).
#include <gtest/gtest.h>

#include "reference/core/test/error_of.h"
#include "reference/mujoco/primal_rules.h"
#include "reference/mujoco/solve.h"
#include "reference/mujoco/test/point_mass_problems.h"

namespace simatlas::mujoco {
namespace {

// OneDofLimit (point_mass_problems.h) solved by `solver` to tolerance 1e-12.
Problem OneLimit(Version version, SolverKind solver) {
  Problem p = OneDofLimit(version);
  p.opt.solver = solver;
  p.opt.tolerance = 1e-12;
  return p;
}

TEST(PrimalSolver, SolvesTheOneDofLimitUnderBothArithmetics) {
  // cost(a) = (a + 10)² + 5 a² for a < 0: minimum at 2(a + 10) + 10 a = 0, a = −20/12 = −5/3,
  // f = −a/R = 50/3. CG and Newton land there under both versions (a quadratic in one piece: one
  // Newton step), 2.2.2's with its own kernels (nv = 1: the dense path).
  for (const Version version : {Version::kMuJoCo222, Version::kMuJoCo315}) {
    for (const SolverKind solver : {SolverKind::kCG, SolverKind::kNewton}) {
      const Problem p = OneLimit(version, solver);
      ASSERT_EQ(UsesMujoco222Arithmetic(p), version == Version::kMuJoCo222);
      const SolveResult r = SolveProblem(p);
      SCOPED_TRACE(SolverName(solver));
      EXPECT_NEAR(r.qacc[0], -5.0 / 3.0, 1e-12);
      EXPECT_NEAR(r.efc_force[0], 50.0 / 3.0, 1e-10);
      EXPECT_GE(r.iterations, 1);
    }
  }
}

// 2.2.2's arithmetic is MuJoCo's dense one: chosen on the dense path only (nv < 60 or jacobian
// dense), never on the sparse path, where the course's sums serve; 3.15 can ask for it (an
// ablation), and its termination scale is then 2.2.2's rescale().
TEST(PrimalSolver, SeamChoosesTheArithmeticOnTheDensePathOnly) {
  Problem p = OneLimit(Version::kMuJoCo222, SolverKind::kCG);
  EXPECT_TRUE(UsesMujoco222Arithmetic(p));
  EXPECT_TRUE(MakeExitScale(p, 0.5).rescale);
  p.opt.jacobian = Jacobian::kSparse;
  EXPECT_FALSE(UsesMujoco222Arithmetic(p));
  EXPECT_FALSE(MakeExitScale(p, 0.5).rescale);
  Problem q = OneLimit(Version::kMuJoCo315, SolverKind::kCG);
  EXPECT_FALSE(UsesMujoco222Arithmetic(q));
  q.opt.arithmetic = Arithmetic::kMuJoCo222;
  EXPECT_TRUE(UsesMujoco222Arithmetic(q));
}

// The line search's bracketing per option (line_search.h): 2.2.2's CGsearch drops a rising first
// Newton step, accepts converged points as they are and answers α₁ without a one-sided step;
// 3.x's PrimalSearch does the opposite of each.
TEST(PrimalSolver, SeamChoosesTheLineSearchsBracketing) {
  Options opt;
  opt.solver = SolverKind::kCG;
  SetVersion(Version::kMuJoCo222, opt);
  const LineSearchRules classic = MakePrimalRules(opt).line_search;
  EXPECT_TRUE(classic.drop_rising_first_step);
  EXPECT_FALSE(classic.converged_must_descend);
  EXPECT_FALSE(classic.bracket_with_start);
  SetVersion(Version::kMuJoCo315, opt);
  const LineSearchRules course = MakePrimalRules(opt).line_search;
  EXPECT_FALSE(course.drop_rising_first_step);
  EXPECT_TRUE(course.converged_must_descend);
  EXPECT_TRUE(course.bracket_with_start);
}

// 2.2.2 never ran 3.x's line search or exit rules: refused by name; 3.15 with 2.2.2's is an
// ablation.
TEST(PrimalSolver, VersionRefusesRulesItNeverRan) {
  Options opt;
  SetVersion(Version::kMuJoCo222, opt);
  opt.line_search = LineSearch::kMuJoCo3;
  EXPECT_EQ(core::InputErrorOf([&] { RequireVersionRuns(opt, false); }),
            "line_search = 3.x under version 2.2.2: MuJoCo 2.2.2 never ran it (3.x's PrimalSearch "
            "replaced CGsearch); use version 3.15, or leave the option at 2.2.2's value");
  SetVersion(Version::kMuJoCo222, opt);
  opt.exit_rules = ExitRules::kMuJoCo3;
  EXPECT_EQ(core::InputErrorOf([&] { RequireVersionRuns(opt, false); }),
            "exit_rules = 3.x under version 2.2.2: MuJoCo 2.2.2 never ran it (the certificate and "
            "decrement exits arrived in 3.x); use version 3.15, or leave the option at 2.2.2's "
            "value");
  SetVersion(Version::kMuJoCo315, opt);
  opt.line_search = LineSearch::kMuJoCo222;
  opt.exit_rules = ExitRules::kMuJoCo222;
  opt.arithmetic = Arithmetic::kMuJoCo222;
  EXPECT_EQ(core::InputErrorOf([&] { RequireVersionRuns(opt, true); }), "");
}

}  // namespace
}  // namespace simatlas::mujoco
