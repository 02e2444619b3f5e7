// MJ-solvers §5–§8 against MuJoCo 3.3.8 (live oracle: npm mujoco-js 0.0.7 run by nodejs), for
// what 2.2.2 cannot show. What 3.3.8 shares with the course's 3.15 and what it does not was read
// from its source (engine_solver.c, engine_forward.c, engine_derivative.c at the commit that
// set mjVERSION_HEADER 338, b6e162d6f^ of google-deepmind/mujoco): 3.3.8 has the islands of
// 3.15 (per-island CG/Newton, scale 1/Σ_island M_ii, solver_niter[island] and
// solver[island·mjNSOLVER + it] with mjNISLAND = 20, mjNSOLVER = 200), mj_forward that leaves
// qacc_warmstart alone, and mjd_transitionFD that refuses RK4; but not 3.15's solver rules:
// PR+ CG, plain PGS, 2.2.2's exits (improvement = scale·(old − new cost) < tol without a
// positivity test, no certificate, no decrement). So the reference runs here with
// Version::kMuJoCo222 rules plus islands, cold and warm started (3.3.8's warmstart picks
// qacc_warmstart or qacc_smooth once for the whole system, then each island stops on its
// own). If node or the package is missing every test here fails and says how to install them.
#include <gtest/gtest.h>

#include <optional>
#include <set>
#include <string>
#include <tuple>

#include "oracle/mujoco338_oracle.h"
#include "oracle/mujoco_oracle.h"
#include "oracle/statistics_compare.h"
#include "reference/mujoco/islands.h"
#include "reference/mujoco/primal.h"
#include "reference/mujoco/warmstart.h"

namespace simatlas::oracle {
namespace {

/// The stored statistics of one island of a `problem` answer.
std::vector<mujoco::IterationStats> IslandStats(const nlohmann::json& answer, int island) {
  std::vector<mujoco::IterationStats> out;
  for (const nlohmann::json& s : answer.at("stats").at(island)) {
    out.push_back({s[0], s[1], s[2], s[3], s[4], s[5], s[6]});
  }
  return out;
}

/// Island k's full primal cost at the island's part of qacc.
double IslandCost(const mujoco::Problem& island, const core::VectorX& qacc) {
  return mujoco::EvaluatePrimal(island, qacc).cost;
}

class Islands338 : public ::testing::TestWithParam<std::tuple<std::string, bool>> {};

TEST_P(Islands338, PerIslandSolvesAndStatisticsEqualMuJoCo338) {
  // The 22 humanoids settled 150 steps in 3.3.8: 22 islands, two more than mjNISLAND = 20.
  // Warm: qacc_warmstart is what the last settling mj_step left (3.3.8 and the reference pick
  // it or qacc_smooth once for the whole system, engine_forward.c warmstart), then every island
  // stops on its own; cold: qacc_smooth.
  const auto& [solver, warm] = GetParam();
  nlohmann::json answer;
  try {
    answer = RunMujoco338({"problem", SampleModelFile("humanoid/22_humanoids.xml"), "pyramidal",
                           solver, "100", "1e-08", "150", warm ? "1" : "0"});
  } catch (const std::exception& e) {
    FAIL() << e.what();
  }
  ASSERT_EQ(answer.at("version"), "3.3.8");
  const io::MujocoProblemFile file = Mujoco338Problem(answer);
  mujoco::Problem p = file.problem;
  mujoco::SetVersion(mujoco::Version::kMuJoCo222, p.opt);  // 3.3.8's solver rules are 2.2.2's
  const std::vector<double> stored = answer.at("qacc_warmstart");
  const core::VectorX qacc_warmstart = Eigen::Map<const core::VectorX>(stored.data(), p.nv);
  const std::optional<core::VectorX> warmstart =
      warm ? std::optional<core::VectorX>(qacc_warmstart) : std::nullopt;
  const mujoco::IslandsResult ours = mujoco::SolveIslands(p, warmstart);
  const core::VectorX start = mujoco::PrimalStart(p, warmstart);
  if (warm) {
    // The warm case is one: the settled scene's previous qacc beats qacc_smooth.
    ASSERT_EQ(start, qacc_warmstart) << "the whole system's warm cost must be the lower";
  }
  const std::vector<int> dof_island = answer.at("dof_island");
  const std::vector<int> niter = answer.at("solver_niter");
  const int nisland = answer.at("nisland");
  ASSERT_EQ(static_cast<int>(ours.islands.size()), nisland);
  ASSERT_EQ(niter.size(), 20u);  // mjNISLAND slots
  ASSERT_GT(nisland, 20) << "the scene must have more islands than solver_niter has slots";
  std::set<int> seen;
  int counted = 0, uncounted = 0, warm_worse = 0;
  for (size_t j = 0; j < ours.islands.size(); ++j) {
    const mujoco::Island& island = ours.islands[j];
    // The same partition: every DOF of our island j is in one MuJoCo island k.
    const int k = dof_island[island.dofs[0]];
    for (int d : island.dofs) ASSERT_EQ(dof_island[d], k) << "island " << j;
    ASSERT_TRUE(seen.insert(k).second);
    const mujoco::SolveResult& r = ours.per_island[j];
    const mujoco::Problem sub = mujoco::SubProblem(p, island.dofs, island.rows);
    core::VectorX qacc0(island.dofs.size());
    for (size_t d = 0; d < island.dofs.size(); ++d) qacc0[d] = start[island.dofs[d]];
    if (warm && IslandCost(sub, qacc0) > IslandCost(sub, sub.qacc_smooth)) ++warm_worse;
    if (k >= 20) {
      // Solved but without a solver_niter slot or statistics (the island cap).
      EXPECT_GT(r.iterations, 0);
      uncounted += r.iterations;
      continue;
    }
    counted += r.iterations;
    // Per-island stopping: each island its own count.
    EXPECT_EQ(r.iterations, niter[k]) << "island " << k;
    // Per-island scale 1/Σ M_ii: the gradient statistic is scale·‖g‖ with the island's scale.
    const std::vector<mujoco::IterationStats> theirs = IslandStats(answer, k);
    const std::vector<std::string> mismatches = CompareIterations(
        r.stats, theirs, r.stats.size(),
        StatisticsFloors(sub, r, mujoco::IslandScale(sub), qacc0), true);
    EXPECT_TRUE(mismatches.empty()) << "island " << k << ": " << mismatches[0] << "\n"
                                    << StatisticsTable(r.stats, theirs);
  }
  int sum = 0;
  for (int n : niter) sum += n;
  EXPECT_EQ(sum, counted);
  EXPECT_GT(uncounted, 0);
  // The answer, all islands (the uncounted ones too), equals 3.3.8's.
  const double qacc_error = (ours.combined.qacc - file.expected->qacc).lpNorm<Eigen::Infinity>() /
                            file.expected->qacc.lpNorm<Eigen::Infinity>();
  EXPECT_LT(qacc_error, 1e-6);
  std::cout << "[3.3.8] humanoid22 " << solver << (warm ? " warm" : " cold") << ": " << nisland
            << " islands, solver_niter sum " << sum << " (uncounted islands: " << uncounted
            << " iterations)";
  if (warm) std::cout << ", islands whose own warm cost is worse: " << warm_worse;
  std::cout << ", qacc error " << qacc_error << "\n";
}

INSTANTIATE_TEST_SUITE_P(Solvers, Islands338,
                         ::testing::Combine(::testing::Values("CG", "Newton"),
                                            ::testing::Bool()),
                         [](const auto& info) {
                           return std::get<0>(info.param) +
                                  (std::get<1>(info.param) ? "_warm" : "_cold");
                         });

TEST(Forward338, LeavesQaccWarmstartAloneWhere222OverwritesIt) {
  // 3.3.8 (as the course's 3.15): mj_forward does not write qacc_warmstart (mj_step saves it).
  nlohmann::json answer;
  try {
    answer = RunMujoco338({"warmstart", SceneFile("box_stack.xml"), "100"});
  } catch (const std::exception& e) {
    FAIL() << e.what();
  }
  const std::vector<double> before = answer.at("before"), after = answer.at("after");
  EXPECT_EQ(before, after);
  // 2.2.2 (live): mj_fwdConstraint copies qacc into qacc_warmstart.
  Scene s = Load(SceneFile("box_stack.xml"), mjCONE_PYRAMIDAL);
  for (int k = 0; k < 100; ++k) mj_step(s.model.get(), s.data.get());
  for (int i = 0; i < s.model->nv; ++i) s.data->qacc_warmstart[i] = 0.125 * (i + 1);
  mj_forward(s.model.get(), s.data.get());
  for (int i = 0; i < s.model->nv; ++i) {
    EXPECT_EQ(s.data->qacc_warmstart[i], s.data->qacc[i]) << i;
  }
  EXPECT_NE(s.data->qacc_warmstart[0], 0.125);
}

TEST(TransitionFD338, RefusesRk4AsTheReferenceDoes) {
  // 3.3.8 (as the course's 3.15, since 3.2.7): mjd_transitionFD refuses RK4 and accepts Euler;
  // 2.2.2 accepts RK4, and the reference refuses it (both in mujoco_integrators_oracle_test,
  // T10FromMuJoCoAndRk4Policy).
  nlohmann::json rk4, euler;
  try {
    rk4 = RunMujoco338({"transitionfd", SceneFile("limit_chain.xml"), "mjINT_RK4"});
    euler = RunMujoco338({"transitionfd", SceneFile("limit_chain.xml"), "mjINT_EULER"});
  } catch (const std::exception& e) {
    FAIL() << e.what();
  }
  EXPECT_TRUE(rk4.at("refused").get<bool>());
  EXPECT_NE(rk4.at("message").get<std::string>().find("RK4"), std::string::npos);
  EXPECT_FALSE(euler.at("refused").get<bool>());
}

}  // namespace
}  // namespace simatlas::oracle
