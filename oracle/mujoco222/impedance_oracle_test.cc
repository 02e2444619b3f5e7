// MJ-solvers §2a against MuJoCo 2.2.2 (live oracle): for every row of every scene and both
// cones, the reference impedance computed from the model alone (solref/solimp, invweight0,
// efc_pos, efc_vel, impratio) reproduces efc_KBIP, efc_R and efc_aref, and b = J a₀ − aref
// reproduces efc_b.
#include <gtest/gtest.h>

#include <cmath>

#include "oracle/mujoco222/oracle_scenes.h"
#include "reference/mujoco/dual.h"

namespace simatlas::oracle222 {
namespace {

constexpr double kRel = 1e-12;

bool Near(double a, double b, double rel) {
  return std::abs(a - b) <= rel * std::max({1.0, std::abs(a), std::abs(b)});
}

class ImpedanceOracle : public ::testing::TestWithParam<std::tuple<SceneSpec, mjtCone>> {};

TEST_P(ImpedanceOracle, RowsMatchMuJoCo) {
  const auto& [spec, cone] = GetParam();
  const Scene scene = Prepare(spec, cone);
  const MujocoRows mj = ReadRows(scene);
  const auto ref = ReferenceRows(scene);
  ASSERT_GT(mj.R.size(), 0) << spec.label << ": no constraint rows after settling";
  int checked = 0;
  for (int i = 0; i < mj.R.size(); ++i) {
    if (!ref[i]) continue;
    ++checked;
    const ReferenceRow& r = *ref[i];
    const std::string where = spec.label + " row " + std::to_string(i) + " type " +
                              std::to_string(scene.data->efc_type[i]);
    EXPECT_TRUE(Near(r.K, mj.KBIP[i][0], kRel)) << where << " K " << r.K << " vs " << mj.KBIP[i][0];
    EXPECT_TRUE(Near(r.B, mj.KBIP[i][1], kRel)) << where << " B " << r.B << " vs " << mj.KBIP[i][1];
    EXPECT_TRUE(Near(r.imp, mj.KBIP[i][2], kRel))
        << where << " I " << r.imp << " vs " << mj.KBIP[i][2];
    EXPECT_TRUE(Near(r.imp_prime, mj.KBIP[i][3], 1e-10))
        << where << " I' " << r.imp_prime << " vs " << mj.KBIP[i][3];
    EXPECT_TRUE(Near(r.R, mj.R[i], kRel)) << where << " R " << r.R << " vs " << mj.R[i];
    EXPECT_TRUE(Near(r.aref, mj.aref[i], kRel))
        << where << " aref " << r.aref << " vs " << mj.aref[i];
  }
  EXPECT_GT(checked, 0);
  // efc_b = J a₀ − aref from the extracted problem.
  const mujoco::Problem p = ExtractProblem(scene);
  const mujoco::DualProblem dual = mujoco::MakeDual(p);
  for (int i = 0; i < p.nefc(); ++i) {
    EXPECT_TRUE(Near(dual.b[i], mj.b[i], 1e-10)) << spec.label << " efc_b row " << i;
  }
}

INSTANTIATE_TEST_SUITE_P(Scenes, ImpedanceOracle,
                         ::testing::Combine(::testing::ValuesIn(OracleScenes()),
                                            ::testing::Values(mjCONE_PYRAMIDAL, mjCONE_ELLIPTIC)),
                         [](const auto& info) { return SceneConeName(info); });

TEST(T11Oracle, MuJoCoGivesTheNamedTestVector) {
  // T11 as published in the formula sheet, re-run live: elliptic normal 11.8195 N and sliding
  // 2.98390834 N; pyramidal edges (2.954875, 2.954875, 4.42489711, 1.48485289).
  const SceneSpec spec = OracleScenes()[0];
  const Scene e = Prepare(spec, mjCONE_ELLIPTIC);
  ASSERT_EQ(e.data->nefc, 3);
  EXPECT_NEAR(e.data->efc_force[0], 11.8195, 1e-4);
  EXPECT_NEAR(std::hypot(e.data->efc_force[1], e.data->efc_force[2]), 2.98390834, 1e-8);
  const Scene p = Prepare(spec, mjCONE_PYRAMIDAL);
  ASSERT_EQ(p.data->nefc, 4);
  const double edges[4] = {2.954875, 2.954875, 4.42489711, 1.48485289};
  for (int k = 0; k < 4; ++k) EXPECT_NEAR(p.data->efc_force[k], edges[k], 1e-6);
}

}  // namespace
}  // namespace simatlas::oracle222
