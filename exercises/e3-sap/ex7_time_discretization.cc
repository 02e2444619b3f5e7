// E3-SAP §6, exercise 7 (course §5, formula sheet (5.1): q_next = q₀ + h N(q₀) v_next, the old
// configuration map with the new velocity): the paper's time discretization differs from this;
// which does the course teach? Evidence: one contact step of the sphere_on_ground scene (the driver
// path of reference/scenes/contact_step.h), sphere spinning and sliding into the ground; the
// residual of (5.1) with N(q₀) from the tree, and of two midpoint variants.
#include <gtest/gtest.h>

#include <iostream>

#include "exercises/support/exercise.h"
#include "reference/core/errors.h"
#include "reference/scenes/contact_step.h"
#include "reference/scenes/scene.h"

namespace simatlas::exercises {
namespace {

TEST(Ex7, TimeDiscretization) {
  const Exercise exercise{
      "e3-sap",
      7,
      "E3-SAP §6",
      "The paper's time discretization differs from q_next = q0 + h N(q0) v_next. Which one does "
      "the executed step follow?",
      {Choice("executed_update", "the update the step executes",
              {"q0_plus_h_n_q0_v_next", "midpoint"}),
       YesNo("midpoint_matches", "does a midpoint variant reproduce q_next to round-off?")}};
  StateQuestion(exercise, std::cout);
  Evidence evidence;

  const scenes::SceneDefinition& def = scenes::FindScene("sphere_on_ground");
  const scenes::Scene scene = def.build(scenes::ParseSceneArguments(def, {"z0=0.099"}));
  const double h = 1e-2;
  core::VectorX v0(6);
  v0 << 3.0, -2.0, 5.0, 0.4, 0.1, -0.5;  // spinning, sliding, falling
  const scenes::ContactStepResult r = scenes::StepWithContact(scene, scene.q0, v0, h, "sap", 0.5);
  EXPECT_EQ(r.contacts.size(), 1u);
  const core::VectorX& q0 = scene.q0;
  const core::MatrixX N0 = scene.tree.CalcVelocityToQDotMatrix(q0);
  const double executed = (r.q_next - q0 - h * N0 * r.v_next).cwiseAbs().maxCoeff();
  // Midpoint variants: average velocity, and N at the midpoint configuration.
  const double mid_v = (r.q_next - q0 - h * N0 * (0.5 * (v0 + r.v_next))).cwiseAbs().maxCoeff();
  const core::MatrixX Nmid = scene.tree.CalcVelocityToQDotMatrix(0.5 * (q0 + r.q_next));
  const double mid_q = (r.q_next - q0 - h * Nmid * r.v_next).cwiseAbs().maxCoeff();
  evidence.Show("contact force fn = " + core::FormatNumber(r.contacts[0].fn) + " N, " +
                std::to_string(r.solver_iterations) + " SAP iterations");
  evidence.Show("max |q_next - q0 - h N(q0) v_next| = " + core::FormatNumber(executed));
  evidence.Show("max |q_next - q0 - h N(q0) (v0 + v_next)/2| = " + core::FormatNumber(mid_v));
  evidence.Show("max |q_next - q0 - h N((q0 + q_next)/2) v_next| = " + core::FormatNumber(mid_q));
  const double roundoff = 1e-14;
  EXPECT_LT(executed, roundoff);
  const bool midpoint_matches = mid_v < roundoff || mid_q < roundoff;
  evidence.Imply("executed_update",
                 std::string(executed < roundoff ? "q0_plus_h_n_q0_v_next" : "midpoint"));
  evidence.Imply("midpoint_matches", midpoint_matches);
  CheckAnswers(exercise, evidence);
}

}  // namespace
}  // namespace simatlas::exercises
