// formats/mujoco-problem.md `dof_parentid` (MJ-solvers §4, M factored along the DOF tree as
// MuJoCo's mj_factorM): read, checked against M, written back, and solved along the tree to the
// answer MuJoCo 2.2.2 gave for the file.
#include <gtest/gtest.h>

#include <fstream>
#include <nlohmann/json.hpp>

#include "reference/io/mujoco_options.h"
#include "reference/io/mujoco_problem.h"
#include "reference/io/problem_writer.h"
#include "reference/io/test/input_error_of.h"
#include "reference/mujoco/solve.h"

namespace simatlas::io {
namespace {

// chain_limits.json: M's nonzeros couple DOFs 0, 1, 2 (a hinge chain) and leave 3 and 4 alone,
// so {−1, 0, 1, −1, −1} carries all of them (each coupled pair is ancestor and descendant).
nlohmann::json ChainLimits(const std::vector<int>& tree) {
  std::ifstream in(FormatsDirectory() + "/examples/chain_limits.json");
  nlohmann::json doc;
  in >> doc;
  doc["dof_parentid"] = tree;
  return doc;
}

const std::vector<int> kTree = {-1, 0, 1, -1, -1};

TEST(DofParentId, ReadWrittenBackAndPrepared) {
  const MujocoProblemFile file = ParseMujocoProblem(ChainLimits(kTree));
  EXPECT_EQ(file.problem.dof_parentid, kTree);
  EXPECT_TRUE(WithMujocoOptions(file, {}).problem->operators().has_tree);
  const MujocoProblemFile again = ParseMujocoProblem(WriteMujocoProblem(file.problem));
  EXPECT_EQ(again.problem.dof_parentid, kTree);
}

// Newton and CG along the tree reach MuJoCo 2.2.2's converged answer in the file to 1e-8
// relative, the bound the example test holds the dense factor to (mujoco_problem_test.cc).
TEST(DofParentId, SolvesAlongTheTreeToMujocosAnswer) {
  const MujocoProblemFile file = ParseMujocoProblem(ChainLimits(kTree));
  for (const mujoco::SolverKind solver : {mujoco::SolverKind::kNewton, mujoco::SolverKind::kCG}) {
    mujoco::Problem p = file.problem;
    p.opt.solver = solver;
    const mujoco::SolveResult r = mujoco::SolveProblem(p);
    const double scale = file.expected->efc_force.lpNorm<Eigen::Infinity>();
    EXPECT_LT((r.efc_force - file.expected->efc_force).lpNorm<Eigen::Infinity>(), 1e-8 * scale)
        << mujoco::SolverName(solver);
  }
}

TEST(DofParentId, BadTreesAreNamed) {
  EXPECT_NE(InputErrorOf([] {
              ParseMujocoProblem(ChainLimits({-1, 0, 1}));
            }).find("dof_parentid"),
            std::string::npos);
  // A parent after its child.
  EXPECT_NE(InputErrorOf([] {
              ParseMujocoProblem(ChainLimits({-1, 2, 1, -1, -1}));
            }).find("dof_parentid[1] = 2"),
            std::string::npos);
  // DOF 1 made a root while M(1, 0) ≠ 0: M is not on the tree.
  EXPECT_NE(InputErrorOf([] {
              ParseMujocoProblem(ChainLimits({-1, -1, 1, -1, -1}));
            }).find("M[1][0]"),
            std::string::npos);
}

}  // namespace
}  // namespace simatlas::io
