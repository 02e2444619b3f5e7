// E3-SAP §3.1, MJ-solvers §2a–§2b — the mechanisms the lab gives for a model missing its law
// (outcome_reasons.h, MujocoRowDynamics of mujoco_contact_step.h), each pinned by a hand
// derivation on the lab's numbers (k = 1e5 N/m, τd = 0.01 s, μ = 0.4, d = 0.95, m = 1 kg,
// Â = 1/m = 1 1/kg) and by the runs whose deviation it explains.
// Equation numbers (N.M) are the formula sheet's (course/FORMULAS.md).
#include <gtest/gtest.h>

#include <cmath>

#include "reference/lab/lab_model.h"
#include "reference/lab/lab_run.h"
#include "reference/lab/lab_scene.h"
#include "reference/lab/mujoco_contact_step.h"
#include "reference/lab/outcome_reasons.h"

namespace simatlas::lab {
namespace {

constexpr double kK = 1e5, kTau = 0.01, kMu = 0.4, kD = 0.95;

TEST(MujocoRowDynamics, LabMappingGivesTheHandDerivedRowLaws) {
  const LabRowDynamics r = MujocoRowDynamics(kK, kTau, kMu, 1.0, 1e-3);
  // K = k(1 − d)Â/d², I = d: ω² = K d = k (1 − d)/d = 5263.2 1/s², ω = 72.548 rad/s
  EXPECT_NEAR(r.omega, std::sqrt(kK * (1 - kD) / kD), 1e-9);
  // B = τd k (1 − d)Â/d = 52.632 1/s, ζ = B/(2ω) = 0.36274
  EXPECT_NEAR(r.zeta, kTau * kK * (1 - kD) / kD / (2 * r.omega), 1e-12);
  // R₀ = (1 − d)/d Â; elliptic friction rows R₁ = R₀ (impratio 1): B/R₁ = τd k = 1000 N·s/m
  EXPECT_NEAR(r.viscous_elliptic, kTau * kK, 1e-9);
  // edges: Â(1 + μ²), R_edge = 2 μ² R₀(1 + μ²): 2 μ² B/R_edge = τd k/(1 + μ²) = 862.07 N·s/m
  EXPECT_NEAR(r.viscous_pyramidal, kTau * kK / (1 + kMu * kMu), 1e-9);
  // 4 R₀/R_edge = 2/(μ² (1 + μ²)) = 2/(0.16 · 1.16) = 10.776
  EXPECT_NEAR(r.pyramid_gain, 2 / (kMu * kMu * (1 + kMu * kMu)), 1e-12);
}

// The pyramid's rest depth δ/gain, against the reference's MuJoCo model of a resting cube: its
// constrained vertical acceleration vanishes at m g/(4 k)/gain, not at m g/(4 k).
TEST(MujocoRowDynamics, PyramidRestsAtTheDepthDividedByTheGain) {
  scenes::Scene cube = MakeLabScene("cube_slide").scene;
  cube.v0.setZero();
  const double depth = 9.81 / (4 * kK);
  const double gain = MujocoRowDynamics(kK, kTau, kMu, 1.0, 1e-3).pyramid_gain;
  const auto qacc_z = [&](double d) {
    cube.q0(6) = 0.1 - d;
    return StepWithMujocoContact(
               cube, cube.q0, cube.v0, kMu,
               Mujoco315Options(mujoco::SolverKind::kNewton, mujoco::Cone::kPyramidal, 1e-3))
        .qacc(5);
  };
  // at δ the rows push up by ≈ ω² (δ − δ/gain) = 5263 · 2.2e-5 = 0.12 m/s²; at δ/gain, 0
  EXPECT_GT(qacc_z(depth), 0.1);
  EXPECT_LT(std::abs(qacc_z(depth / gain)), 1e-3 * qacc_z(depth));
}

// Creep: on the incline the elliptic model's contacts inside the cone hold their share of the
// load as a damper, ‖f_t‖ = τd k · slip (the rim contacts carry μ fn).
TEST(OutsideReasons, EllipticFrictionInsideTheConeIsTheViscousLaw) {
  const RunSummary r =
      RunLabScene(MakeLabScene("incline_stick"), FindLabModel("newton_elliptic"), 1e-3);
  int inside = 0;
  for (const scenes::ContactResult& c : r.diagnostics.last_contacts) {
    const double ft = c.f_Bc_C.head<2>().norm();
    if (ft >= 0.99 * kMu * c.f_Bc_C(2)) continue;
    ++inside;
    EXPECT_NEAR(ft / c.slip_speed, kTau * kK, 0.02 * kTau * kK);
  }
  EXPECT_GT(inside, 0);
  const OutsideReason why = ExplainOutsideLaw(MakeLabScene("incline_stick"), r, r.outcomes.at(0));
  EXPECT_NE(why.mechanism.find("damper of B/R₁ = 1000 N·s/m"), std::string::npos) << why.mechanism;
  EXPECT_EQ(why.mechanism.find("pyramid"), std::string::npos) << why.mechanism;
}

// kSap near-rigid at h = 0.01 s: the cube rests deeper by exactly Rn/(1/(h k (h + τd))), the
// factor the reason states (E3-SAP §3.1 (3.2): Rn = β² wn/(4π²) wins over 1/(h k (h + τd))).
TEST(OutsideReasons, KSapNearRigidFactorIsTheRestDepthRatio) {
  const LabScene drop = MakeLabScene("cube_drop");
  const RunSummary r = RunLabScene(drop, FindLabModel("sap"), 1e-2);
  const Outcome& depth = r.outcomes.at(0);
  const OutsideReason why = ExplainOutsideLaw(drop, r, depth);
  const std::string key = "its depth grows by Rn/(1/(h k (h + τd))) = ";
  const std::size_t at = why.mechanism.find(key);
  ASSERT_NE(at, std::string::npos) << why.mechanism;
  const double factor = std::stod(why.mechanism.substr(at + key.size()));
  EXPECT_NEAR(*depth.value, factor * depth.predicted, 2e-3 * factor * depth.predicted);
}

// The reasons follow the evidence: Lagged (no gliding) never gets the gliding sentence, and a
// model that is not a lab model gets none.
TEST(OutsideReasons, MechanismsOnlyWhereTheirConditionHolds) {
  const LabScene slide = MakeLabScene("incline_slide");
  const RunSummary lagged = RunLabScene(slide, FindLabModel("lagged"), 1e-2);
  // the gliding sentences say how the contact pushes ("pushes until vn ≈ μ …")
  EXPECT_EQ(ExplainOutsideLaw(slide, lagged, lagged.outcomes.at(0)).mechanism.find("pushes until"),
            std::string::npos);
  const RunSummary sap = RunLabScene(slide, FindLabModel("sap"), 1e-2);
  EXPECT_GT(sap.diagnostics.open_steps, 0);
  EXPECT_NE(ExplainOutsideLaw(slide, sap, sap.outcomes.at(0)).mechanism.find("pushes until"),
            std::string::npos);
  RunSummary other = sap;
  other.model = "Bullet 3 default";
  EXPECT_NE(ExplainOutsideLaw(slide, other, other.outcomes.at(0))
                .mechanism.find("not one of the lab's models"),
            std::string::npos);
}

}  // namespace
}  // namespace simatlas::lab
