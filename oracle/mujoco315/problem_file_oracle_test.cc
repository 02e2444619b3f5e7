// formats/mujoco-problem.md: a problem copied from MuJoCo 3.15.0's mjData travels through the
// file (one writer, one reader) with every input the solve reads, qfrc_smooth included, so the
// solve of the file read back is the in-process solve bit for bit — on the 3.15 path and on the
// 2.2.2 bit-exact path, which sums with τs as MuJoCo does.
#include <gtest/gtest.h>

#include "oracle/mujoco315/mujoco315_oracle.h"
#include "reference/io/mujoco_problem.h"
#include "reference/io/problem_writer.h"
#include "reference/mujoco/solve.h"

namespace simatlas::oracle315 {
namespace {

TEST(ProblemFileFromMujoco315, SolvesAsInProcessBitForBit) {
  // The elliptic box stack, settled 170 steps: the scene where the file without τs ended 2.1e-6
  // (relative) from Newton's answer under 2.2.2's CG (the measurement behind the 3.15 default).
  const adapters::ModelData scene = LoadAndSettle(SceneFile("box_stack.xml"), mjCONE_ELLIPTIC, 170);
  Settings s;
  s.solver = mjSOL_CG;
  s.tolerance = 1e-15;
  const Solve mj = SolveLive(scene, s);
  for (const mujoco::Version version : {mujoco::Version::kMuJoCo315, mujoco::Version::kMuJoCo222}) {
    mujoco::Problem p = mj.problem;
    mujoco::SetVersion(version, p.opt);
    io::MujocoProblemFile file;
    file.problem = p;
    const io::MujocoProblemFile read = io::ParseMujocoProblem(io::WriteMujocoProblemFile(file));
    // τs read back exactly (round-trip precision), and with it every solve input.
    ASSERT_EQ(read.problem.qfrc_smooth.size(), p.nv);
    EXPECT_TRUE(read.problem.qfrc_smooth == p.qfrc_smooth);
    EXPECT_EQ(read.problem.opt.ls_iterations, p.opt.ls_iterations);
    EXPECT_EQ(read.problem.opt.ls_tolerance, p.opt.ls_tolerance);
    const mujoco::SolveResult here = mujoco::SolveProblem(p);
    const mujoco::SolveResult there = mujoco::SolveProblem(read.problem);
    EXPECT_EQ(here.iterations, there.iterations);
    EXPECT_TRUE(here.qacc == there.qacc) << "qacc differs after the file round trip";
    EXPECT_TRUE(here.efc_force == there.efc_force) << "efc_force differs after the file round trip";
  }
}

// Files written before qfrc_smooth still read: the solvers then use M·a₀ in its place.
TEST(ProblemFileFromMujoco315, ReadsFilesWithoutQfrcSmooth) {
  const adapters::ModelData scene =
      LoadAndSettle(SceneFile("limit_chain.xml"), mjCONE_PYRAMIDAL, 100);
  const Solve mj = SolveLive(scene, Settings{});
  io::MujocoProblemFile file;
  file.problem = mj.problem;
  nlohmann::json doc = io::WriteMujocoProblemFile(file);
  ASSERT_TRUE(doc.contains("qfrc_smooth"));
  doc.erase("qfrc_smooth");
  const io::MujocoProblemFile read = io::ParseMujocoProblem(doc);
  EXPECT_EQ(read.problem.qfrc_smooth.size(), 0);
  EXPECT_LT((mujoco::SolveProblem(read.problem).qacc - mj.qacc).norm(), 1e-10 * mj.qacc.norm());
}

}  // namespace
}  // namespace simatlas::oracle315
