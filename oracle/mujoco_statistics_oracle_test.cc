// MJ-solvers §4–§5 against MuJoCo 2.2.2 (live oracle): the reference's 2.2.2 rules reproduce
// MuJoCo's own solve iteration for iteration — solver_iter and every d->solver[] entry
// (improvement, gradient, lineslope, nactive, nchange, neval, nupdate) — on settled real
// models, both cones, PGS, CG and Newton, tolerances 1e-8, 1e-15 and 0, warmstart off and on.
// Integers must be equal; reals equal to 1e-6 relative above a round-off floor (RoundOff in
// statistics_compare.h says how it is bounded). At tolerance 1e-8 every iteration and the
// count are compared. At 1e-15 and 0 the line search's own test |cost'| < gtol =
// tolerance·ls_tolerance·‖s‖/scale and the exit test on improvement compare quantities at the
// level of round-off (gtol ≤ 1e-17 of the slope scale; the last improvements are ±1e-13 of the
// cost), so which evaluation or iteration ends is decided by the last bits of each engine's
// sums: there the statistics are compared on the leading iterations where both engines took
// the same path (equal integer statistics, lineslope excepted: it is the round-off |cost'|
// where a search stopped), and the counts are printed, not compared.
#include <gtest/gtest.h>

#include <algorithm>
#include <sstream>
#include <string>

#include "oracle/oracle_scenes.h"
#include "oracle/statistics_compare.h"
#include "reference/mujoco/solve.h"
#include "reference/mujoco/warmstart.h"

namespace simatlas::oracle {
namespace {

/// The statistics scenes: the humanoid, the 22 humanoids, a box stack and a limited chain.
std::vector<SceneSpec> StatisticsScenes() {
  return {
      {"humanoid", SampleModelFile("humanoid/humanoid.xml"), 300, false, {}},
      {"humanoid22", SampleModelFile("humanoid/22_humanoids.xml"), 150, false, {}},
      {"box_stack", SceneFile("box_stack.xml"), 400, false, {}},
      {"limit_chain", SceneFile("limit_chain.xml"), 400, false, {}},
  };
}

mjtSolver MujocoSolver(mujoco::SolverKind k) {
  return k == mujoco::SolverKind::kPGS ? mjSOL_PGS
         : k == mujoco::SolverKind::kCG ? mjSOL_CG
                                         : mjSOL_NEWTON;
}

class StatisticsOracle : public ::testing::TestWithParam<std::tuple<SceneSpec, mjtCone>> {};

TEST_P(StatisticsOracle, EqualsMuJoCo222IterationForIteration) {
  const auto& [spec, cone] = GetParam();
  const Scene scene = Prepare(spec, cone);
  // MuJoCo's default cap (100): tolerance 0 then ends on the cap, α = 0 or improvement ≤ 0.
  const int iterations = 100;
  size_t compared = 0, total = 0;
  for (const mujoco::SolverKind solver :
       {mujoco::SolverKind::kPGS, mujoco::SolverKind::kCG, mujoco::SolverKind::kNewton}) {
    for (const double tolerance : {1e-8, 1e-15, 0.0}) {
      for (const bool warm : {false, true}) {
        const std::optional<core::VectorX> warmstart =
            warm ? std::optional<core::VectorX>(scene.step_warmstart) : std::nullopt;
        const MujocoSolve theirs =
            SolveWithMujoco(scene, MujocoSolver(solver), iterations, tolerance, warmstart);
        mujoco::Problem p = ExtractProblem(scene);
        p.opt.solver = solver;
        p.opt.iterations = iterations;
        p.opt.tolerance = tolerance;
        p.opt.version = mujoco::Version::kMuJoCo222;
        mujoco::SolveSettings settings;
        settings.qacc_warmstart = warmstart;
        const mujoco::SolveResult ours = mujoco::SolveProblem(p, settings);
        const double scale = mujoco::MonolithicScale(p);
        const core::VectorX qacc0 = warm ? mujoco::PrimalStart(p, warmstart) : p.qacc_smooth;
        const bool exact = tolerance >= 1e-8;
        // 1e-8: every iteration; 1e-15 and 0: the leading iterations on the same path.
        const size_t count = exact ? ours.stats.size() : SamePathPrefix(ours.stats, theirs.stats);
        std::ostringstream what;
        what << spec.label << (cone == mjCONE_ELLIPTIC ? " elliptic " : " pyramidal ")
             << mujoco::SolverName(solver) << " tolerance " << tolerance
             << (warm ? " warm" : " cold") << " (nefc " << p.nefc() << ")";
        if (exact) {
          EXPECT_EQ(ours.iterations, theirs.solver_iter) << what.str();
        }
        const std::vector<std::string> mismatches =
            CompareIterations(ours.stats, theirs.stats, count,
                              StatisticsFloors(p, ours, scale, qacc0), exact);
        EXPECT_TRUE(mismatches.empty())
            << what.str() << ": " << mismatches.size() << " mismatches, first "
            << (mismatches.empty() ? "" : mismatches[0]) << "\n"
            << StatisticsTable(ours.stats, theirs.stats);
        compared += std::min(count, theirs.stats.size());
        total += theirs.stats.size();
        std::cout << "[statistics] " << what.str() << ": " << ours.iterations
                  << " iterations (MuJoCo " << theirs.solver_iter << "), exit "
                  << mujoco::ExitReasonName(ours.exit) << ", iterations compared "
                  << std::min(count, theirs.stats.size()) << "\n";
      }
    }
  }
  std::cout << "[statistics] " << spec.label << ": " << compared << " of " << total
            << " MuJoCo iterations compared\n";
}

INSTANTIATE_TEST_SUITE_P(Scenes, StatisticsOracle,
                         ::testing::Combine(::testing::ValuesIn(StatisticsScenes()),
                                            ::testing::Values(mjCONE_PYRAMIDAL,
                                                              mjCONE_ELLIPTIC)),
                         [](const auto& info) {
                           return std::get<0>(info.param).label +
                                  (std::get<1>(info.param) == mjCONE_ELLIPTIC ? "_elliptic"
                                                                              : "_pyramidal");
                         });

}  // namespace
}  // namespace simatlas::oracle
