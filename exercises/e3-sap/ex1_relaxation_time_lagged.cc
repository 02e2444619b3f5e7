// E3-SAP §6, exercise 1 (course §2.2–§3: the approximation picks the material field, the solver
// is the same): why does relaxation_time not set the Hunt–Crossley dissipation in Lagged?
// Evidence: one discrete step of the sphere_on_ground scene (reference/scenes/contact_step.h,
// the driver's path material → constraint → SapSolver) with τ varied at fixed d and d varied at
// fixed τ, for lagged and for sap; the impulse γ (as the force R_WC γ/h) and v_next compared
// bit for bit.
#include <gtest/gtest.h>

#include <iostream>

#include "exercises/support/exercise.h"
#include "reference/core/errors.h"
#include "reference/scenes/contact_step.h"
#include "reference/scenes/scene.h"

namespace simatlas::exercises {
namespace {

// The force on the sphere and v_next of one step, with the given material and approximation.
struct StepOutput {
  core::Vector3 force;
  core::VectorX v_next;
  bool operator==(const StepOutput& o) const { return force == o.force && v_next == o.v_next; }
};

StepOutput Step(double tau, double d, const std::string& approximation) {
  const scenes::SceneDefinition& def = scenes::FindScene("sphere_on_ground");
  // 1 mm into the ground, falling at 0.3 m/s and sliding at 0.2 m/s.
  scenes::Scene scene = def.build(scenes::ParseSceneArguments(def, {"z0=0.099"}));
  scene.material.relaxation_time = tau;
  scene.material.dissipation = d;
  core::VectorX v0 = core::VectorX::Zero(6);
  v0(3) = 0.2;
  v0(5) = -0.3;
  const scenes::ContactStepResult r =
      scenes::StepWithContact(scene, scene.q0, v0, 1e-3, approximation, 0.5);
  EXPECT_EQ(r.contacts.size(), 1u);
  return {r.contacts.at(0).f_Bc_W, r.v_next};
}

TEST(Ex1, RelaxationTimeInLagged) {
  const Exercise exercise{
      "e3-sap",
      1,
      "E3-SAP §6",
      "With the same SAP solver, why does relaxation_time not set the Hunt–Crossley dissipation "
      "in Lagged? Which material field sets the dissipation in Lagged, and which in kSap?",
      {YesNo("answer", "does relaxation_time change a Lagged step?"),
       Choice("lagged_field", "the dissipation field Lagged reads",
              {"relaxation_time", "dissipation"}),
       Choice("sap_field", "the dissipation field kSap reads",
              {"relaxation_time", "dissipation"})}};
  StateQuestion(exercise, std::cout);
  Evidence evidence;

  // τ over 0.01–1 s at d = 10 s/m, then d = 10 vs 50 s/m at τ = 0.01 s, for each approximation.
  auto show = [&](const std::string& a, bool tau_same, bool d_same) {
    evidence.Show(a + ": tau 0.01 -> 0.1 -> 1 s at d = 10 s/m: force and v_next " +
                  (tau_same ? "bit-identical" : "change"));
    evidence.Show(a + ": d 10 -> 50 s/m at tau = 0.01 s: force and v_next " +
                  (d_same ? "bit-identical" : "change"));
  };
  const StepOutput lagged = Step(0.01, 10.0, "lagged");
  const bool lagged_tau_same =
      lagged == Step(0.1, 10.0, "lagged") && lagged == Step(1.0, 10.0, "lagged");
  const bool lagged_d_same = lagged == Step(0.01, 50.0, "lagged");
  show("lagged", lagged_tau_same, lagged_d_same);
  const StepOutput ksap = Step(0.01, 10.0, "sap");
  const bool sap_tau_same = ksap == Step(0.1, 10.0, "sap") && ksap == Step(1.0, 10.0, "sap");
  const bool sap_d_same = ksap == Step(0.01, 50.0, "sap");
  show("sap", sap_tau_same, sap_d_same);
  evidence.Show("lagged normal force at d = 10 s/m: " + core::FormatNumber(lagged.force(2)) +
                " N; sap at tau = 0.01 s: " + core::FormatNumber(ksap.force(2)) + " N");

  // Each approximation reads exactly one of the two fields.
  const bool consistent = lagged_tau_same != lagged_d_same && sap_tau_same != sap_d_same;
  EXPECT_TRUE(consistent);
  evidence.Imply("answer", !lagged_tau_same);
  evidence.Imply("lagged_field", std::string(lagged_d_same ? "relaxation_time" : "dissipation"));
  evidence.Imply("sap_field", std::string(sap_tau_same ? "dissipation" : "relaxation_time"));
  CheckAnswers(exercise, evidence);
}

}  // namespace
}  // namespace simatlas::exercises
