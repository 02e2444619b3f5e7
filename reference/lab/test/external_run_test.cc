// E3-SAP §3, MJ-solvers §2 — a live engine's run summarised by the reference (lab_run.h,
// SummarizeExternalRun): the same bookkeeping as the reference's own runs, and bad steps refused.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <vector>

#include "reference/core/errors.h"
#include "reference/lab/lab_run.h"
#include "reference/scenes/contact_step.h"

namespace simatlas::lab {
namespace {

// The reference's own SAP run of cube_slide at dt = 1e-2 s, replayed step by step as an
// external engine's steps, must summarise to the very same numbers.
TEST(ExternalRun, ReplayOfTheReferenceRunSummarisesToTheSameNumbers) {
  const LabScene lab = MakeLabScene("cube_slide");
  const double dt = 1e-2;
  std::vector<ExternalStep> steps;
  core::VectorX q = lab.scene.q0, v = lab.scene.v0;
  for (int k = 0; k < 60; ++k) {  // duration 0.6 s / 1e-2 s
    const scenes::ContactStepResult s = scenes::StepWithContact(lab.scene, q, v, dt, "sap", lab.mu);
    q = s.q_next;
    v = s.v_next;
    steps.push_back({q, v, s.contacts, s.solver_iterations, false, 0.0});
  }
  const RunSummary own = RunLabScene(lab, FindLabModel("sap"), dt);
  const RunSummary replay = SummarizeExternalRun(lab, "replay", dt, steps);
  ASSERT_EQ(replay.failed_steps, 0) << replay.failure;
  ASSERT_EQ(replay.outcomes.size(), 1u);
  EXPECT_EQ(*replay.outcomes[0].value, *own.outcomes[0].value);
  EXPECT_EQ(replay.max.penetration, own.max.penetration);
  EXPECT_EQ(replay.max.signorini, own.max.signorini);
  EXPECT_EQ(replay.energy_change, own.energy_change);
  EXPECT_EQ(replay.iterations_max, own.iterations_max);
}

TEST(ExternalRun, UnreportedIterationsAreNotZeros) {
  const LabScene lab = MakeLabScene("cube_slide");
  std::vector<ExternalStep> steps(60, {lab.scene.q0, lab.scene.v0, {}, std::nullopt, false, 0.0});
  const RunSummary r = SummarizeExternalRun(lab, "drake", 1e-2, steps);
  EXPECT_FALSE(r.iterations_reported);
}

TEST(ExternalRun, NonFiniteOrMisSizedStepsAreRefusedByName) {
  const LabScene lab = MakeLabScene("cube_slide");
  ExternalStep bad{lab.scene.q0, lab.scene.v0, {}, 1, false, 0.0};
  scenes::ContactResult c;
  c.phi0 = std::numeric_limits<double>::quiet_NaN();
  bad.contacts.push_back(c);
  try {
    SummarizeExternalRun(lab, "x", 1e-2, {bad});
    FAIL() << "a NaN contact depth was accepted";
  } catch (const core::InputError& e) {
    EXPECT_NE(std::string(e.what()).find("step 0 contact phi0"), std::string::npos) << e.what();
  }
  ExternalStep short_v{lab.scene.q0, lab.scene.v0.head(5), {}, 1, false, 0.0};
  EXPECT_THROW(SummarizeExternalRun(lab, "x", 1e-2, {short_v}), core::InputError);
  // more steps than duration/dt = 60
  std::vector<ExternalStep> many(61, {lab.scene.q0, lab.scene.v0, {}, 1, false, 0.0});
  EXPECT_THROW(SummarizeExternalRun(lab, "x", 1e-2, many), core::InputError);
}

}  // namespace
}  // namespace simatlas::lab
