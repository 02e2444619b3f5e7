// MJ-solvers §6 and §9 against MuJoCo 3.3.8-dev (npm mujoco-js 0.0.7 run by nodejs: a
// development build of MuJoCo's main branch between 3.3.7 and 3.4.0, whose engine calls itself
// "3.3.8"), kept only for what the live 3.15.0 oracle (oracle/mujoco315/) does not check yet:
// mj_forward leaving qacc_warmstart alone, and mjd_transitionFD refusing RK4 (both as in the
// course's 3.15, read from the source at the commit that set mjVERSION_HEADER 338, b6e162d6f^).
// Its islands (per-island CG/Newton under 3.3.8's PR+ rules) are no longer compared here: the
// 3.15.0 oracle checks the course's per-island solves. If node or the package is missing every
// test here fails and says how to install them.
#include <gtest/gtest.h>

#include <string>

#include "oracle/mujoco338_oracle.h"
#include "oracle/mujoco_oracle.h"

namespace simatlas::oracle {
namespace {

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
