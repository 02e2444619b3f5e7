// MJ-solvers §3–§5 (formula sheet MJ-solvers (3.1)): in the primal solution a unilateral row
// (joint limit, pyramidal contact edge) carries force exactly when it is in the quadratic zone,
// f = −D (J a − aref) > 0, and none when satisfied. `mujoco inspect` shows each row's force and
// state as MuJoCo 3.15.0 solved them: under CG and Newton with islands, mj_fwdConstraint copies
// the island solve's forces back into efc_force but leaves efc_state at the update before the
// solve, so the adapter must read the island's states (adapters/mujoco_model/mujoco_model.cc,
// StateOf). Debian's humanoid settled 300 steps has both kinds of row on each side of the
// switch (chapters/mj-solvers/pages/inspect_humanoid.md).
#include <gtest/gtest.h>
#include <mujoco/mujoco.h>

#include <string>

#include "adapters/mujoco_model/mujoco_model.h"

namespace simatlas::oracle315 {
namespace {

TEST(RowStates315, EachUnilateralRowHasTheStateOfItsSolvedForce) {
  const std::string humanoid = std::string(SIMATLAS_MUJOCO_MODEL_DIR) + "/humanoid/humanoid.xml";
  for (const mujoco::SolverKind solver : {mujoco::SolverKind::kNewton, mujoco::SolverKind::kCG}) {
    adapters::LoadedModel model(humanoid);
    adapters::ModelOptions options;
    options.steps = 300;
    options.solver = solver;
    model.Settle(options);
    const adapters::Snapshot s = model.Read("humanoid");
    int satisfied = 0, quadratic = 0;
    for (size_t i = 0; i < s.rows.size(); ++i) {
      const adapters::RowView& r = s.rows[i];
      if (r.kind != mujoco::RowKind::kLimitJoint && r.kind != mujoco::RowKind::kContactPyramidal) {
        continue;
      }
      EXPECT_EQ(r.force == 0, r.state == mjCNSTRSTATE_SATISFIED)
          << "row " << i << " (" << r.owner << "): force " << r.force << " N, state " << r.state;
      (r.state == mjCNSTRSTATE_SATISFIED ? satisfied : quadratic) += 1;
    }
    // Both zones occur, so the test compares states on each side of the switch.
    EXPECT_GT(satisfied, 0);
    EXPECT_GT(quadratic, 0);
  }
}

}  // namespace
}  // namespace simatlas::oracle315
