// MJ-solvers §6 (NoSlip) against MuJoCo 2.2.2 (live oracle, Debian's libmujoco): the reference's
// NoSlip (reference/mujoco/noslip.cc, the sweep of engine_solver.c mj_solNoSlip at tag 2.2.2)
// after the 2.2.2 main solve on settled real models — the humanoid, the project's mixed-row
// scene (frictionloss on a hinge, a slider and a tendon; condim 1/3/4/6 contacts) and a box
// stack — both cones, PGS, CG and Newton, cold, tolerance 1e-8, at most 10 NoSlip sweeps with
// the model's noslip_tolerance (1e-6). MuJoCo 2.2.2 adds the sweeps to solver_iter and stores
// their statistics after the main solver's (saveStats at solver_iter + iter): the count must be
// equal, every NoSlip entry's integers (nactive, nchange) equal and its improvement equal to
// 1e-6 relative above the round-off floor (statistics_compare.h), qacc and efc_force to 1e-10
// relative (NoSlip sums A f in the reference's own order, so not bit for bit). Measured: all 18
// solves match (3 Dec 2026; the humanoid runs all 10 sweeps, the others 2 or 3).
#include <gtest/gtest.h>

#include <algorithm>
#include <sstream>
#include <string>

#include "oracle/mujoco222/oracle_scenes.h"
#include "oracle/statistics_compare.h"
#include "reference/mujoco/solve.h"

namespace simatlas::oracle222 {
namespace {

using namespace simatlas::oracle;  // the version-neutral comparisons (statistics_compare.h)

std::vector<SceneSpec> NoSlipScenes() {
  return {
      {"humanoid", SampleModelFile("humanoid/humanoid.xml"), 300, false, {}},
      {"mixed_rows", SceneFile("mixed_rows.xml"), 300, false, {}},
      {"box_stack", SceneFile("box_stack.xml"), 400, false, {}},
  };
}

// max|a − b| / max(|a|, |b|, |floor|) (∞-norms); qacc's floor is a₀ (a body at rest cancels it).
double Relative(const core::VectorX& a, const core::VectorX& b, const core::VectorX& floor) {
  const double scale = std::max(
      {a.lpNorm<Eigen::Infinity>(), b.lpNorm<Eigen::Infinity>(), floor.lpNorm<Eigen::Infinity>()});
  return scale == 0 ? 0 : (a - b).lpNorm<Eigen::Infinity>() / scale;
}

class NoSlipOracle : public ::testing::TestWithParam<std::tuple<SceneSpec, mjtCone>> {};

TEST_P(NoSlipOracle, EqualsMuJoCo222SweepForSweep) {
  const auto& [spec, cone] = GetParam();
  const Scene scene = Prepare(spec, cone);
  for (const auto& [solver, kind] : {std::pair{mjSOL_PGS, mujoco::SolverKind::kPGS},
                                     std::pair{mjSOL_CG, mujoco::SolverKind::kCG},
                                     std::pair{mjSOL_NEWTON, mujoco::SolverKind::kNewton}}) {
    // MuJoCo 2.2.2's solve with NoSlip on, and the reference's 2.2.2 path on the same problem.
    const MujocoSolve theirs = SolveWithMujoco(scene, solver, 100, 1e-8, std::nullopt, 10);
    mujoco::Problem p = theirs.problem;
    p.opt.solver = kind;
    p.opt.iterations = 100;
    p.opt.tolerance = 1e-8;
    p.opt.noslip_iterations = 10;
    mujoco::SetVersion(mujoco::Version::kMuJoCo222, p.opt);
    const mujoco::SolveResult ours = mujoco::SolveProblem(p, {});
    std::ostringstream what;
    what << spec.label << (cone == mjCONE_ELLIPTIC ? " elliptic " : " pyramidal ")
         << mujoco::SolverName(kind) << " (nefc " << p.nefc() << ")";

    // The count: main iterations plus NoSlip sweeps; NoSlip really ran.
    EXPECT_EQ(ours.iterations + ours.noslip_iterations, theirs.solver_iter) << what.str();
    EXPECT_GT(ours.noslip_iterations, 0) << what.str();

    // NoSlip's statistics entries, after the main solver's (the main solver's own entries are
    // the statistics oracle's: mujoco222/statistics_oracle_test.cc; elliptic PGS on mixed_rows
    // differs there in its first sweep's nactive, 10 against MuJoCo's 7, which is not NoSlip's).
    const size_t first = static_cast<size_t>(ours.iterations);
    ASSERT_LE(first, ours.stats.size()) << what.str();
    ASSERT_LE(first, theirs.stats.size()) << what.str();
    const std::vector<mujoco::IterationStats> our_sweeps(ours.stats.begin() + first,
                                                         ours.stats.end());
    const std::vector<mujoco::IterationStats> their_sweeps(theirs.stats.begin() + first,
                                                           theirs.stats.end());
    const double scale = mujoco::MonolithicScale(p);
    const std::vector<std::string> mismatches =
        CompareIterations(our_sweeps, their_sweeps, our_sweeps.size(),
                          StatisticsFloors(p, ours, scale, p.qacc_smooth), true);
    EXPECT_EQ(our_sweeps.size(), their_sweeps.size()) << what.str();
    EXPECT_TRUE(mismatches.empty())
        << what.str() << ": " << mismatches.size() << " mismatches, first "
        << (mismatches.empty() ? "" : mismatches[0]) << "\n"
        << StatisticsTable(our_sweeps, their_sweeps);

    // The answer after NoSlip.
    const double dq = Relative(ours.qacc, theirs.qacc, p.qacc_smooth);
    const double df = Relative(ours.efc_force, theirs.efc_force, core::VectorX());
    EXPECT_LE(dq, 1e-10) << what.str();
    EXPECT_LE(df, 1e-10) << what.str();
    std::cout << "[noslip 2.2.2] " << what.str() << ": " << ours.iterations << " + "
              << ours.noslip_iterations << " sweeps (MuJoCo solver_iter " << theirs.solver_iter
              << "), qacc " << dq << ", efc_force " << df << " relative\n";
  }
}

INSTANTIATE_TEST_SUITE_P(Scenes, NoSlipOracle,
                         ::testing::Combine(::testing::ValuesIn(NoSlipScenes()),
                                            ::testing::Values(mjCONE_PYRAMIDAL, mjCONE_ELLIPTIC)),
                         [](const auto& info) { return SceneConeName(info); });

}  // namespace
}  // namespace simatlas::oracle222
