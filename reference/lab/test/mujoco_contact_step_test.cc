// MJ-solvers §2 — the lab's MuJoCo bridge (mujoco_contact_step.h): the stiffness mapping and the row layout.
#include <gtest/gtest.h>

#include "reference/core/errors.h"
#include "reference/lab/lab_model.h"
#include "reference/lab/lab_scene.h"
#include "reference/lab/mujoco_contact_step.h"

namespace simatlas::lab {
namespace {

// A 1 kg ball at the depth m g/k = 9.81e-5 m, at rest (the lab's ball_roll without its launch).
scenes::Scene BallAtRestDepth() {
  scenes::Scene scene = MakeLabScene("ball_roll").scene;
  scene.v0.setZero();
  return scene;
}

TEST(MujocoContactStep, MappedStiffnessHoldsTheBallAtRestAtDepthMgOverK) {
  // With K = k(1 − d)Â/d² and I = d, MuJoCo's rest force K I² x/((1 − I) Â) equals k x = m g, so
  // the constrained acceleration vanishes: |qacc| ≪ g. Newton converges to its tolerance 1e-8.
  const scenes::Scene scene = BallAtRestDepth();
  for (mujoco::Cone cone : {mujoco::Cone::kElliptic}) {
    const MujocoStepResult r =
        StepWithMujocoContact(scene, scene.q0, scene.v0, kLabMu,
                              Mujoco315Options(mujoco::SolverKind::kNewton, cone, 1e-3));
    ASSERT_EQ(r.step.contacts.size(), 1u);
    EXPECT_NEAR(r.step.contacts[0].fn, 9.81, 1e-6 * 9.81);
    EXPECT_LT(r.qacc.norm(), 1e-6 * 9.81);
  }
}

TEST(MujocoContactStep, RowsFollowMujocosLayout) {
  // One pair: elliptic rows n, t1, t2; pyramidal edges J_n ± μ J_t1, J_n ± μ J_t2 (MJ §2b).
  const scenes::Scene scene = BallAtRestDepth();
  const auto pairs = scenes::AssembleContactPairs(scene, scene.q0);
  ASSERT_EQ(pairs.size(), 1u);
  const auto& Jc = pairs[0].Jc;
  const mujoco::Problem e = MakeMujocoContactProblem(
      scene, scene.q0, scene.v0, 0.4, pairs,
      Mujoco315Options(mujoco::SolverKind::kNewton, mujoco::Cone::kElliptic, 1e-3));
  ASSERT_EQ(e.nefc(), 3);
  EXPECT_TRUE(e.J.row(0).isApprox(Jc.row(2)));
  EXPECT_TRUE(e.J.row(1).isApprox(Jc.row(0)));
  const mujoco::Problem p = MakeMujocoContactProblem(
      scene, scene.q0, scene.v0, 0.4, pairs,
      Mujoco315Options(mujoco::SolverKind::kNewton, mujoco::Cone::kPyramidal, 1e-3));
  ASSERT_EQ(p.nefc(), 4);
  EXPECT_TRUE(p.J.row(1).isApprox(Jc.row(2) - 0.4 * Jc.row(0)));
  EXPECT_TRUE(p.J.row(3).isApprox(Jc.row(2) - 0.4 * Jc.row(1)));
  // impratio 1: the regularised μ equals friction[0] (MJ §2.3)
  EXPECT_DOUBLE_EQ(e.contacts[0].mu, 0.4);
}

TEST(LabModels, UnknownNamesAreRejectedWithTheList) {
  EXPECT_THROW(FindLabModel("newton"), core::InputError);
  EXPECT_THROW(MakeLabScene("slide"), core::InputError);
}

}  // namespace
}  // namespace simatlas::lab
