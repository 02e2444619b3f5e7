// MJ-solvers §4–§5 against MuJoCo 2.2.2 (live oracle): the reference's 2.2.2 path reproduces
// MuJoCo's own solve iteration for iteration — solver_iter and every d->solver[] entry
// (improvement, gradient, lineslope, nactive, nchange, neval, nupdate) — on settled real
// models, both cones, PGS, CG and Newton, tolerances 1e-8, 1e-15 and 0, warmstart off and on.
// Every iteration and the count are compared at every tolerance. CG and Newton run MuJoCo's
// own arithmetic (the primal loop with mujoco222/kernels.h: same operations in the same order on
// the same inputs, the problem read from the mjData MuJoCo solved), so their statistics must be equal bit for bit;
// that is what lets the exits at 1e-15 and 0, which compare round-off with round-off (gtol ≤
// 1e-17 of the slope scale, last improvements ±1e-13 of the cost), fall on the same iteration.
// PGS follows 2.2.2's sweep with the reference's own sums: its integers must be equal, its
// reals equal to 1e-6 relative above a round-off floor (RoundOff in statistics_compare.h).
#include <gtest/gtest.h>

#include <algorithm>
#include <sstream>
#include <string>

#include "oracle/mujoco222/oracle_scenes.h"
#include "oracle/statistics_compare.h"
#include "reference/mujoco/solve.h"
#include "reference/mujoco/warmstart.h"

namespace simatlas::oracle222 {
namespace {

using namespace simatlas::oracle;  // the version-neutral comparisons (statistics_compare.h)

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
  return k == mujoco::SolverKind::kPGS  ? mjSOL_PGS
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
        // The problem of the very mjData MuJoCo solved (bit for bit what its solver saw).
        mujoco::Problem p = theirs.problem;
        p.opt.solver = solver;
        p.opt.iterations = iterations;
        p.opt.tolerance = tolerance;
        mujoco::SetVersion(mujoco::Version::kMuJoCo222, p.opt);
        mujoco::SolveSettings settings;
        settings.qacc_warmstart = warmstart;
        const mujoco::SolveResult ours = mujoco::SolveProblem(p, settings);
        const double scale = mujoco::MonolithicScale(p);
        const core::VectorX qacc0 = warm ? mujoco::PrimalStart(p, warmstart) : p.qacc_smooth;
        const bool bitwise = solver != mujoco::SolverKind::kPGS;
        std::ostringstream what;
        what << spec.label << (cone == mjCONE_ELLIPTIC ? " elliptic " : " pyramidal ")
             << mujoco::SolverName(solver) << " tolerance " << tolerance
             << (warm ? " warm" : " cold") << " (nefc " << p.nefc() << ")";
        EXPECT_EQ(ours.iterations, theirs.solver_iter) << what.str();
        // CG/Newton: the answer too, bit for bit.
        if (bitwise) {
          EXPECT_TRUE(ours.qacc == theirs.qacc && ours.efc_force == theirs.efc_force)
              << what.str() << ": qacc differs by "
              << (ours.qacc - theirs.qacc).lpNorm<Eigen::Infinity>();
        }
        const std::vector<std::string> mismatches =
            bitwise ? CompareIterationsExactly(ours.stats, theirs.stats)
                    : CompareIterations(ours.stats, theirs.stats, ours.stats.size(),
                                        StatisticsFloors(p, ours, scale, qacc0), true);
        EXPECT_TRUE(mismatches.empty())
            << what.str() << ": " << mismatches.size() << " mismatches, first "
            << (mismatches.empty() ? "" : mismatches[0]) << "\n"
            << StatisticsTable(ours.stats, theirs.stats);
        compared += std::min(ours.stats.size(), theirs.stats.size());
        total += theirs.stats.size();
        std::cout << "[statistics] " << what.str() << ": " << ours.iterations
                  << " iterations (MuJoCo " << theirs.solver_iter << "), exit "
                  << mujoco::ExitReasonName(ours.exit)
                  << (bitwise ? ", statistics bit for bit" : ", statistics to 1e-6") << "\n";
      }
    }
  }
  std::cout << "[statistics] " << spec.label << ": " << compared << " of " << total
            << " MuJoCo iterations compared\n";
}

INSTANTIATE_TEST_SUITE_P(Scenes, StatisticsOracle,
                         ::testing::Combine(::testing::ValuesIn(StatisticsScenes()),
                                            ::testing::Values(mjCONE_PYRAMIDAL, mjCONE_ELLIPTIC)),
                         [](const auto& info) { return SceneConeName(info); });

}  // namespace
}  // namespace simatlas::oracle222
