// MJ-solvers §6 against the live MuJoCo 3.15.0: where the warm start is stored. The course's
// 3.15 reads qacc_warmstart in mj_forward (engine_forward.c: warmstart) and saves qacc into it
// only at the end of mj_step; MuJoCo 2.2.2's mj_fwdConstraint overwrote it on every forward
// (oracle/mujoco222/ checks 2.2.2's side). So a problem dumped after mj_forward carries
// the warm start the next solve will use, and a solve can be repeated from the same one.
#include <gtest/gtest.h>

#include "oracle/mujoco315/mujoco315_oracle.h"

namespace simatlas::oracle315 {
namespace {

TEST(WarmstartState315, ForwardLeavesQaccWarmstartAloneAndStepSavesQacc) {
  // The box stack settled 100 steps; a marked qacc_warmstart (0.125·(i + 1), no solver's answer).
  adapters::ModelData scene = LoadAndSettle(SceneFile("box_stack.xml"), mjCONE_PYRAMIDAL, 100);
  mjModel* m = scene.model.get();
  mjData* d = scene.data.get();
  for (int i = 0; i < m->nv; ++i) d->qacc_warmstart[i] = 0.125 * (i + 1);
  mj_forward(m, d);
  bool solved_away = false;
  for (int i = 0; i < m->nv; ++i) {
    EXPECT_EQ(d->qacc_warmstart[i], 0.125 * (i + 1))
        << "mj_forward wrote qacc_warmstart[" << i << "]";
    solved_away = solved_away || d->qacc[i] != d->qacc_warmstart[i];
  }
  EXPECT_TRUE(solved_away) << "the marked start is the answer: the check could not tell";
  // mj_step ends by saving the step's qacc as the next warm start.
  mj_step(m, d);
  for (int i = 0; i < m->nv; ++i) {
    EXPECT_EQ(d->qacc_warmstart[i], d->qacc[i]) << "mj_step did not save qacc[" << i << "]";
  }
}

}  // namespace
}  // namespace simatlas::oracle315
