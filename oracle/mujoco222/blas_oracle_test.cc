// MJ-solvers §4–§5, 2.2.2 column, against MuJoCo 2.2.2 (live oracle): the kernels of
// reference/mujoco/mujoco222/blas.h give MuJoCo's own bits — mj_mulM, mj_solveM (mj_factorM's qLD),
// mj_mulJacVec and mj_mulJacTVec on a dense Jacobian, mju_dot — on the settled real models the
// statistics oracle uses, with vectors MuJoCo's solver sees (qacc, efc_force). Equality is
// exact (==), so any difference in the order of operations fails here first.
#include <gtest/gtest.h>

#include <string>

#include "oracle/mujoco222/oracle_scenes.h"
#include "reference/mujoco/dot.h"
#include "reference/mujoco/mujoco222/blas.h"

namespace simatlas::oracle222 {
namespace {

/// Index of the first entry where a and b differ bitwise, or −1.
Eigen::Index FirstDifference(const core::VectorX& a, const core::VectorX& b) {
  for (Eigen::Index i = 0; i < a.size(); ++i) {
    if (a[i] != b[i]) return i;
  }
  return -1;
}

class V222BlasOracle : public ::testing::TestWithParam<SceneSpec> {};

TEST_P(V222BlasOracle, KernelsEqualMuJoCo222BitForBit) {
  const SceneSpec& spec = GetParam();
  const Scene scene = Prepare(spec, mjCONE_ELLIPTIC);
  const mjModel* m = scene.model.get();
  mjData* d = scene.data.get();
  const int nv = m->nv, nefc = d->nefc;
  ASSERT_GT(nefc, 0);
  const mujoco::Problem p = ExtractProblem(scene);
  const std::vector<std::vector<int>> pattern = mujoco::mujoco222::AncestorPattern(p.M);
  const mujoco::mujoco222::RowMatrix J = p.J;
  const core::VectorX qacc = Eigen::Map<const core::VectorX>(d->qacc, nv);
  const core::VectorX force = Eigen::Map<const core::VectorX>(d->efc_force, nefc);
  core::VectorX theirs(nv), theirs_rows(nefc);
  // mj_mulM.
  mj_mulM(m, d, theirs.data(), qacc.data());
  EXPECT_EQ(FirstDifference(mujoco::mujoco222::MulM(p.M, pattern, qacc), theirs), -1) << "mj_mulM";
  // mj_solveM (qLD from mj_factorM in the settled mj_forward).
  mj_solveM(m, d, theirs.data(), qacc.data(), 1);
  const mujoco::mujoco222::FactorM factor(p.M, pattern);
  EXPECT_EQ(FirstDifference(factor.Solve(qacc), theirs), -1) << "mj_solveM";
  // mj_mulJacVec and mj_mulJacTVec with the dense Jacobian (mju_mulMatVec, mju_mulMatTVec).
  mj_mulJacVec(m, d, theirs_rows.data(), qacc.data());
  EXPECT_EQ(FirstDifference(mujoco::mujoco222::MulMatVec(J, qacc), theirs_rows), -1)
      << "mj_mulJacVec";
  mj_mulJacTVec(m, d, theirs.data(), force.data());
  EXPECT_EQ(FirstDifference(mujoco::mujoco222::MulMatTVec(J, force), theirs), -1)
      << "mj_mulJacTVec";
  // mju_dot on every length up to nv (the remainder cases 0–3 and the four partial sums).
  for (int n = 0; n <= nv; ++n) {
    EXPECT_EQ(mujoco::MujocoDot(qacc.data(), d->qfrc_smooth, n),
              mju_dot(qacc.data(), d->qfrc_smooth, n))
        << "mju_dot n = " << n;
  }
}

INSTANTIATE_TEST_SUITE_P(
    Scenes, V222BlasOracle,
    ::testing::Values(
        SceneSpec{"humanoid", SampleModelFile("humanoid/humanoid.xml"), 300, false, {}},
        SceneSpec{"humanoid22", SampleModelFile("humanoid/22_humanoids.xml"), 150, false, {}},
        SceneSpec{"box_stack", SceneFile("box_stack.xml"), 400, false, {}}),
    [](const auto& info) { return info.param.label; });

}  // namespace
}  // namespace simatlas::oracle222
