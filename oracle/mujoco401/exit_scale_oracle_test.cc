// MJ-solvers §5 (formula sheet MJ-solvers (5.1)) against the live MuJoCo 4.0.1 (the PyPI wheel in
// build/venv-mujoco401): what the exit scale 1/trace(M) changes. MuJoCo's changelog 3.17.0
// (commit c8362756d): "Constraint solvers now scale their termination criteria by the trace of
// the current inertia matrix (of the model or island) instead of mjModel.stat.meaninertia.
// Models solved with PGS, noslip or islands disabled can stop at slightly different
// iterations." The reference runs both rules (Options::exit_scale, chosen once by
// mujoco::TerminationScale); each test puts 4.0.1's live numbers beside the two rules, so it
// fails if 4.0.1 followed the course's rule, and if the rule made no difference where the
// changelog says it does (or one where it says it does not).
#include <algorithm>
#include <cstdio>
#include <numeric>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "oracle/mujoco315/mujoco315_oracle.h"
#include "oracle/statistics_compare.h"
#include "reference/mujoco/prepare.h"
#include "reference/mujoco/primal_rules.h"
#include "reference/mujoco/solve.h"

namespace simatlas::oracle401 {
namespace {

// One reference solve under `rule`, its iterations (main + NoSlip) in MuJoCo's island order
// (islands matched by their DOFs; one entry for a monolithic solve) and its statistics.
struct ReferenceRun {
  std::vector<int> iterations;
  std::vector<std::vector<mujoco::IterationStats>> stats;
};

// MuJoCo records the statistics of the first mjNISLAND islands only: the islands compared.
size_t Recorded(const Solve& mj) { return std::min<size_t>(mj.islands.size(), mjNISLAND); }

ReferenceRun Reference(const Solve& mj, mujoco::ExitScaleRule rule, bool islands) {
  mujoco::Problem p = mj.problem;
  p.opt.exit_scale = rule;
  ReferenceRun out;
  if (!islands) {
    const mujoco::SolveResult r = mujoco::SolveProblem(p, {std::nullopt, false});
    out.iterations.push_back(r.iterations + r.noslip_iterations);
    out.stats.push_back(r.stats);
    return out;
  }
  const mujoco::IslandsResult r = mujoco::SolveIslands(p, std::nullopt);
  for (size_t i = 0; i < Recorded(mj); ++i) {
    const IslandRecord& island = mj.islands[i];
    for (size_t k = 0; k < r.islands.size(); ++k) {
      if (r.islands[k].dofs != island.dofs) continue;
      out.iterations.push_back(r.per_island[k].iterations + r.per_island[k].noslip_iterations);
      out.stats.push_back(r.per_island[k].stats);
    }
  }
  return out;
}

std::vector<int> Live(const Solve& mj) {
  std::vector<int> out;
  for (size_t i = 0; i < Recorded(mj); ++i) out.push_back(mj.islands[i].niter);
  return out;
}

// Every recorded island's statistics (main solver, then NoSlip's sweeps) against MuJoCo's, as
// the solver oracle compares them; the messages of the islands that differ.
std::vector<std::string> StatisticsDiffer(const Solve& mj, const ReferenceRun& ours) {
  std::vector<std::string> out;
  for (size_t k = 0; k < Recorded(mj) && k < ours.stats.size(); ++k) {
    const std::vector<mujoco::IterationStats>& theirs = mj.islands[k].stats;
    const size_t n = std::min(ours.stats[k].size(), theirs.size());
    for (const std::string& d :
         oracle::CompareIterations(ours.stats[k], theirs, n, {1e-12, 1e-12}, true)) {
      out.push_back("island " + std::to_string(k) + ": " + d);
    }
  }
  return out;
}

int Sum(const std::vector<int>& v) { return std::accumulate(v.begin(), v.end(), 0); }

Solve LiveSolve(const std::string& model, int steps, mjtCone cone, mjtSolver solver, bool islands,
                int noslip = 0) {
  const adapters::ModelData scene = LoadAndSettle(SampleModelFile(model), cone, steps);
  Settings s;
  s.solver = solver;
  s.iterations = 1000;
  s.tolerance = 1e-8;
  s.islands = islands;
  s.noslip_iterations = noslip;
  return SolveLive(scene, s);
}

// The changelog's "PGS ... can stop at slightly different iterations": the 22 humanoids (settled
// 60 steps as the solver oracle does; 22 islands), PGS from a cold start at tolerance 1e-8, both
// cones. 4.0.1 stops in every island where the reference does under 1/trace(M_island); under the
// course's 1/(meaninertia·nv) the reference stops elsewhere in at least one island.
TEST(ExitScale401, PgsIslandsStopWhereTheTraceSays) {
  for (const mjtCone cone : {mjCONE_PYRAMIDAL, mjCONE_ELLIPTIC}) {
    const Solve mj = LiveSolve("humanoid/22_humanoids.xml", 60, cone, mjSOL_PGS, true);
    ASSERT_GT(mj.nisland, 1);
    const ReferenceRun trace = Reference(mj, mujoco::ExitScaleRule::kTrace, true);
    const ReferenceRun mean = Reference(mj, mujoco::ExitScaleRule::kMeanInertia, true);
    std::printf(
        "22 humanoids %s PGS cold tol 1e-8 islands: MuJoCo 4.0.1 %d iterations (sum over "
        "the %d of %d islands MuJoCo records); reference 1/trace(M_island) %d, 1/(meaninertia nv) %d\n",
        cone == mjCONE_ELLIPTIC ? "elliptic" : "pyramidal", Sum(Live(mj)),
        static_cast<int>(Recorded(mj)), mj.nisland, Sum(trace.iterations), Sum(mean.iterations));
    EXPECT_EQ(trace.iterations, Live(mj));
    EXPECT_NE(mean.iterations, Live(mj));
    EXPECT_TRUE(StatisticsDiffer(mj, trace).empty());
    EXPECT_FALSE(StatisticsDiffer(mj, mean).empty());
  }
}

// Islands disabled: every solver's scale is the whole system's. The humanoid (Debian's sample,
// settled 200 steps), monolithic: 4.0.1's first recorded gradient is the reference's under
// 1/trace(M) to 1e-9 relative (same iterate, same scale), and differs from the reference's
// under 1/(meaninertia·nv) by the ratio of the two scales (meaninertia is M's mean diagonal at
// qpos0, trace(M)/nv the current one).
TEST(ExitScale401, MonolithicStatisticsAreScaledByTheCurrentTrace) {
  for (const mjtSolver solver : {mjSOL_NEWTON, mjSOL_CG, mjSOL_PGS}) {
    const Solve mj = LiveSolve("humanoid/humanoid.xml", 200, mjCONE_PYRAMIDAL, solver, false);
    ASSERT_FALSE(mj.islands.at(0).stats.empty());
    const double live = mj.islands[0].stats[0].gradient + mj.islands[0].stats[0].improvement;
    const ReferenceRun trace = Reference(mj, mujoco::ExitScaleRule::kTrace, false);
    const ReferenceRun mean = Reference(mj, mujoco::ExitScaleRule::kMeanInertia, false);
    ASSERT_FALSE(trace.stats.at(0).empty());
    ASSERT_FALSE(mean.stats.at(0).empty());
    const double ours = trace.stats[0][0].gradient + trace.stats[0][0].improvement;
    const double course = mean.stats[0][0].gradient + mean.stats[0][0].improvement;
    const mujoco::Problem& p = mj.problem;
    const double ratio = p.opt.meaninertia * p.nv / p.M.trace();
    std::printf(
        "humanoid %s monolithic: MuJoCo 4.0.1 iterations %d, reference trace %d, "
        "meaninertia %d; first statistic 4.0.1 %.9g, trace %.9g, meaninertia %.9g "
        "(meaninertia nv / trace(M) = %.6f)\n",
        solver == mjSOL_PGS  ? "PGS"
        : solver == mjSOL_CG ? "CG"
                             : "Newton",
        mj.islands[0].niter, trace.iterations[0], mean.iterations[0], live, ours, course, ratio);
    EXPECT_EQ(trace.iterations[0], mj.islands[0].niter);
    EXPECT_NEAR(ours, live, 1e-9 * std::abs(live));
    // The course's rule scales the same statistic by 1/(meaninertia·nv) instead: off by ratio.
    EXPECT_GT(std::abs(ratio - 1), 1e-3);
    EXPECT_NEAR(course * ratio, ours, 1e-9 * std::abs(ours));
  }
}

// Where the changelog says nothing changes: CG and Newton with islands on already scaled by
// 1/trace(M_island) under 3.15 (engine_solver.c of 3.12, mj_solPrimal: island_inertia), so both
// rules give the same iterations and statistics bit for bit, and 4.0.1's counts.
TEST(ExitScale401, PrimalIslandsAreUnchanged) {
  for (const mjtSolver solver : {mjSOL_NEWTON, mjSOL_CG}) {
    const Solve mj = LiveSolve("humanoid/22_humanoids.xml", 60, mjCONE_PYRAMIDAL, solver, true);
    const ReferenceRun trace = Reference(mj, mujoco::ExitScaleRule::kTrace, true);
    const ReferenceRun mean = Reference(mj, mujoco::ExitScaleRule::kMeanInertia, true);
    EXPECT_EQ(trace.iterations, Live(mj));
    EXPECT_EQ(mean.iterations, trace.iterations);
    ASSERT_EQ(mean.stats.size(), trace.stats.size());
    for (size_t k = 0; k < mean.stats.size(); ++k) {
      ASSERT_EQ(mean.stats[k].size(), trace.stats[k].size());
      for (size_t i = 0; i < mean.stats[k].size(); ++i) {
        EXPECT_EQ(mean.stats[k][i].improvement, trace.stats[k][i].improvement);
        EXPECT_EQ(mean.stats[k][i].gradient, trace.stats[k][i].gradient);
      }
    }
  }
}

// NoSlip with islands (the changelog's "noslip"): ≤ 3.16 scaled every island's NoSlip by the
// whole system's meaninertia·nv (engine_solver.c of 3.12, mj_solNoSlip), 4.0.1 by the island's
// trace. The 22 humanoids under Newton with 10 NoSlip sweeps: the counts (main + NoSlip per
// island) do not tell the rules apart here, NoSlip's scaled improvements do: 4.0.1's are the
// reference's under the trace rule, not under the course's.
TEST(ExitScale401, NoSlipIslandsScaleByTheIslandsTrace) {
  const Solve mj =
      LiveSolve("humanoid/22_humanoids.xml", 60, mjCONE_PYRAMIDAL, mjSOL_NEWTON, true, 10);
  const ReferenceRun trace = Reference(mj, mujoco::ExitScaleRule::kTrace, true);
  const ReferenceRun mean = Reference(mj, mujoco::ExitScaleRule::kMeanInertia, true);
  std::printf(
      "22 humanoids Newton + NoSlip islands: MuJoCo 4.0.1 %d iterations, reference trace "
      "%d, meaninertia %d\n",
      Sum(Live(mj)), Sum(trace.iterations), Sum(mean.iterations));
  EXPECT_EQ(trace.iterations, Live(mj));
  const std::vector<std::string> differ = StatisticsDiffer(mj, trace);
  EXPECT_TRUE(differ.empty()) << differ.front();
  EXPECT_FALSE(StatisticsDiffer(mj, mean).empty());
}

// The adapter hands 4.0.1's problems to the reference under Version::kMuJoCo401, whose exit scale
// is the trace (SetVersion), and TerminationScale of the whole problem is then 1/trace(M).
TEST(ExitScale401, ProblemsOf401SolveUnderTheTrace) {
  const Solve mj = LiveSolve("humanoid/humanoid.xml", 200, mjCONE_PYRAMIDAL, mjSOL_NEWTON, false);
  EXPECT_EQ(mj.problem.opt.version, mujoco::Version::kMuJoCo401);
  EXPECT_EQ(mj.problem.opt.exit_scale, mujoco::ExitScaleRule::kTrace);
  EXPECT_EQ(mujoco::TerminationScale(mj.problem, mj.problem, false, mujoco::ScaledLoop::kMain),
            1 / mj.problem.M.diagonal().sum());
}

}  // namespace
}  // namespace simatlas::oracle401
