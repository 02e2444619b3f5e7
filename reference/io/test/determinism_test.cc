// E3-SAP §4.2 and MJ-solvers §4: the solvers are deterministic.
// Determinism: the same problem solved twice in one process gives bit-identical
// answers — SAP with both linear solvers and both line searches, and MuJoCo's PGS (2.2.2 and the
// 3.15 PCG32 shuffle with Nesterov momentum, whose seed is fixed per solve as the course's
// version notes say), CG, Newton, NoSlip and islands — on every example problem file. The bytes
// of the doubles are compared (memcmp), so even a last-bit difference or a NaN fails.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <string>
#include <vector>

#include "reference/io/mujoco_problem.h"
#include "reference/io/sap_problem.h"
#include "reference/mujoco/solve.h"
#include "reference/sap/sap_solver.h"

namespace simatlas::io {
namespace {

std::vector<std::string> Examples(const std::string& folder) {
  std::vector<std::string> files;
  for (const auto& e : std::filesystem::directory_iterator(FormatsDirectory() + "/" + folder)) {
    if (e.path().extension() == ".json") files.push_back(e.path().string());
  }
  std::sort(files.begin(), files.end());
  return files;
}

bool SameBytes(const core::VectorX& a, const core::VectorX& b) {
  return a.size() == b.size() &&
         std::memcmp(a.data(), b.data(), sizeof(double) * static_cast<std::size_t>(a.size())) == 0;
}

bool SameBytes(double a, double b) { return std::memcmp(&a, &b, sizeof(double)) == 0; }

TEST(Determinism, SapTwiceGivesTheSameBytes) {
  const std::vector<std::string> files = Examples("examples/sap");
  ASSERT_GE(files.size(), 8u);
  for (const auto& path : files) {
    const SapProblemFile f = ReadSapProblem(path);
    for (auto solver :
         {sap::LinearSolverType::kDense, sap::LinearSolverType::kBlockSparseCholesky}) {
      for (auto search : {sap::LineSearchType::kExact, sap::LineSearchType::kBacktracking}) {
        sap::SapSolverParameters p = f.parameters;
        p.linear_solver = solver;
        p.line_search = search;
        const sap::SapSolverResult a = sap::SolveSapProblem(f.problem, p);
        const sap::SapSolverResult b = sap::SolveSapProblem(f.problem, p);
        const std::string what =
            path + " " + sap::LinearSolverTypeName(solver) + " " + sap::LineSearchTypeName(search);
        EXPECT_TRUE(SameBytes(a.v, b.v)) << what;
        ASSERT_EQ(a.gamma.size(), b.gamma.size()) << what;
        for (std::size_t i = 0; i < a.gamma.size(); ++i) {
          EXPECT_TRUE(SameBytes(a.gamma[i], b.gamma[i])) << what << " constraint " << i;
        }
        EXPECT_EQ(a.iterations, b.iterations) << what;
        EXPECT_TRUE(SameBytes(a.cost, b.cost)) << what;
        EXPECT_TRUE(SameBytes(a.momentum_residual, b.momentum_residual)) << what;
      }
    }
  }
}

struct MujocoConfig {
  std::string name;
  mujoco::SolverKind solver;
  bool pgs_315 = false;
  int noslip_iterations = 0;
  bool islands = false;
};

TEST(Determinism, MujocoTwiceGivesTheSameBytes) {
  std::vector<std::string> files;
  for (const auto& path : Examples("examples")) {
    if (path.find("/sap/") == std::string::npos) files.push_back(path);
  }
  ASSERT_GE(files.size(), 5u);
  const std::vector<MujocoConfig> configs = {
      {"pgs", mujoco::SolverKind::kPGS},
      {"pgs 3.15 shuffle + Nesterov", mujoco::SolverKind::kPGS, true},
      {"cg", mujoco::SolverKind::kCG},
      {"newton", mujoco::SolverKind::kNewton},
      {"newton + noslip", mujoco::SolverKind::kNewton, false, 20},
      {"pgs 3.15 islands", mujoco::SolverKind::kPGS, true, 0, true},
      {"newton islands", mujoco::SolverKind::kNewton, false, 0, true},
  };
  for (const auto& path : files) {
    const MujocoProblemFile f = ReadMujocoProblem(path);
    for (const auto& c : configs) {
      mujoco::Problem p = f.problem;
      p.opt.solver = c.solver;
      p.opt.iterations = 50;  // a cap well short of convergence for PGS: the path must repeat too
      if (c.pgs_315) {
        mujoco::SetVersion(mujoco::Version::kMuJoCo315, p.opt);
        p.opt.pgs_shuffle = true;
        p.opt.pgs_momentum = true;
      }
      p.opt.noslip_iterations = c.noslip_iterations;
      mujoco::SolveSettings settings;
      settings.islands = c.islands;
      const mujoco::SolveResult a = mujoco::SolveProblem(p, settings);
      const mujoco::SolveResult b = mujoco::SolveProblem(p, settings);
      const std::string what = path + " " + c.name;
      EXPECT_TRUE(SameBytes(a.qacc, b.qacc)) << what;
      EXPECT_TRUE(SameBytes(a.efc_force, b.efc_force)) << what;
      EXPECT_TRUE(SameBytes(a.cost, b.cost)) << what;
      EXPECT_EQ(a.iterations, b.iterations) << what;
      EXPECT_EQ(a.exit, b.exit) << what;
      EXPECT_EQ(a.stats.size(), b.stats.size()) << what;
      EXPECT_TRUE(a.qacc.allFinite() && a.efc_force.allFinite()) << what;
    }
  }
}

TEST(Determinism, ShuffledPgsDiffersFromClassicButRepeatsItself) {
  // The test above would pass trivially if the 3.15 options were ignored; on a problem with more
  // than one block the shuffled, accelerated path must differ from the classic one at a cap of
  // a few sweeps (a different order of block updates), and still repeat bit for bit.
  const MujocoProblemFile f =
      ReadMujocoProblem(FormatsDirectory() + "/examples/box_plane_pyramidal.json");
  mujoco::Problem classic = f.problem;
  mujoco::SetVersion(mujoco::Version::kMuJoCo222, classic.opt);
  classic.opt.solver = mujoco::SolverKind::kPGS;
  classic.opt.iterations = 3;
  classic.opt.tolerance = 0;
  mujoco::Problem shuffled = classic;
  mujoco::SetVersion(mujoco::Version::kMuJoCo315, shuffled.opt);
  shuffled.opt.pgs_shuffle = true;
  shuffled.opt.pgs_momentum = true;
  const mujoco::SolveResult a = mujoco::SolveProblem(classic);
  const mujoco::SolveResult b = mujoco::SolveProblem(shuffled);
  const mujoco::SolveResult c = mujoco::SolveProblem(shuffled);
  EXPECT_FALSE(SameBytes(a.efc_force, b.efc_force));
  EXPECT_TRUE(SameBytes(b.efc_force, c.efc_force));
}

}  // namespace
}  // namespace simatlas::io
