// E3-SAP §2–§4: the SAP problem reader and its example files.
// Tests of the SAP problem reader (formats/sap-problem.md) and of the example problems in
// formats/examples/sap/: each example's answer is checked against the hand derivation stated
// in its "source" (repeated here with the arithmetic).
#include "reference/io/sap_problem.h"

#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

#include <nlohmann/json.hpp>

#include "reference/core/errors.h"
#include "reference/io/mujoco_problem.h"
#include "reference/sap/sap_solver.h"

namespace simatlas::io {
namespace {

using nlohmann::json;

std::string Example(const std::string& name) {
  return FormatsDirectory() + "/examples/sap/" + name;
}

sap::SapSolverResult SolveExample(const std::string& name) {
  const SapProblemFile file = ReadSapProblem(Example(name));
  return sap::SolveSapProblem(file.problem, file.parameters);
}

constexpr double kH = 0.01, kG = 9.81;
const double kRt = 1e-3 * std::sqrt(6.0) / 3.0;  // σ w, w = √6/3 (pizza_saver.h derivation)

TEST(SapExamples, PizzaSaverNoTorque) {
  // vz = (3 v̂n/Rn − m g h)/(m + 3/Rn) = (3·0.0327 − 0.0981)/4 = 0; γn = m g h/3 each.
  const auto r = SolveExample("pizza_saver_no_torque.json");
  ASSERT_TRUE(r.success);
  EXPECT_NEAR(r.v(2), 0.0, 1e-12);
  for (const auto& g : r.gamma) EXPECT_NEAR(g(2), kG * kH / 3.0, 1e-12);
}

TEST(SapExamples, PizzaSaverStictionAndSlidingAroundMuMgR) {
  // τ = 4 < μ m g R = 4.905: ω = h τ/(I + 3R²/Rt).
  const auto stick = SolveExample("pizza_saver_stiction.json");
  ASSERT_TRUE(stick.success);
  const double omega = kH * 4.0 / (1.0 + 3.0 / kRt);
  EXPECT_NEAR(stick.v(3), omega, 1e-10 * omega);
  // τ = 6 > 4.905: γn [(1 + μ̃²) + 3/Rn + 3μ²/Rn] = (v̂n + g h)/Rn + μ h τ/Rn with Rn = 1.
  const auto slide = SolveExample("pizza_saver_sliding.json");
  ASSERT_TRUE(slide.success);
  const double mu = 0.5;
  const double gn =
      (0.0327 + kG * kH + mu * kH * 6.0) / (1.0 + mu * mu * kRt + 3.0 + 3.0 * mu * mu);
  EXPECT_NEAR(slide.v(3), kH * 6.0 - 3.0 * mu * gn, 1e-9);
  for (const auto& g : slide.gamma) EXPECT_NEAR(g.head<2>().norm(), mu * g(2), 1e-9);
  // The sliding body turns much faster than the sticking one: ω ≈ 0.04/3675 = 1.09e-5 rad/s
  // (regularised creep) vs 0.06 − 1.5 γn ≈ 9.2e-3 rad/s.
  EXPECT_GT(slide.v(3), 100.0 * stick.v(3));
}

TEST(SapExamples, PizzaSaverFrictionlessAndNearRigid) {
  const auto free = SolveExample("pizza_saver_frictionless.json");
  ASSERT_TRUE(free.success);
  EXPECT_NEAR(free.v(3), 0.06, 1e-12);  // h τ/I = 0.01·6/1
  const auto rigid = SolveExample("pizza_saver_near_rigid.json");
  ASSERT_TRUE(rigid.success);
  const double Rn = std::sqrt(6.0) / 3.0 / (4.0 * std::numbers::pi * std::numbers::pi);
  EXPECT_NEAR(rigid.v(2), -kG * kH / (1.0 + 3.0 / Rn), 1e-12);
}

TEST(SapExamples, JointLimit) {
  // w = 1/2, R = 0.01·0.5/(4π²), v̂ = 0: 2 (v + 1) = −v/R → v = −2/(2 + 1/R).
  const auto r = SolveExample("joint_limit.json");
  ASSERT_TRUE(r.success);
  const double R = 0.01 * 0.5 / (4.0 * std::numbers::pi * std::numbers::pi);
  EXPECT_NEAR(r.v(0), -2.0 / (2.0 + 1.0 / R), 1e-14);
  EXPECT_NEAR(r.gamma[0](0), 2.0 * (r.v(0) + 1.0), 1e-12);
}

TEST(SapExamples, PointMassLagged) {
  // Normal: vn = (v*_n + h fe₀)/(1 + h² k) = (−0.0981 + 0.0981)/2 = 0.
  // Tangential: vt − 0.5 = −μ n₀ vt/√(vt² + ε²), n₀ = 0.0981, ε = vs = 1e-4
  // (μ σ w n₀ = 0.5·1e-3·(√3/3)·0.0981 = 2.8e-5 < vs); solved here by bisection on [0, 0.5].
  const auto r = SolveExample("point_mass_lagged.json");
  ASSERT_TRUE(r.success);
  EXPECT_NEAR(r.v(2), 0.0, 1e-12);
  auto f = [](double vt) { return vt - 0.5 + 0.5 * 0.0981 * vt / std::sqrt(vt * vt + 1e-8); };
  double lo = 0.0, hi = 0.5;
  for (int i = 0; i < 200; ++i) (f(0.5 * (lo + hi)) > 0 ? hi : lo) = 0.5 * (lo + hi);
  EXPECT_NEAR(r.v(0), 0.5 * (lo + hi), 1e-10);
  EXPECT_NEAR(r.v(0), 0.45095, 1e-6);
}

TEST(SapExamples, TwoBoxesMixedSatisfiesOptimality) {
  const SapProblemFile file = ReadSapProblem(Example("two_boxes_mixed.json"));
  for (auto solver : {sap::LinearSolverType::kDense, sap::LinearSolverType::kBlockSparseCholesky}) {
    auto p = file.parameters;
    p.linear_solver = solver;
    const auto r = sap::SolveSapProblem(file.problem, p);
    ASSERT_TRUE(r.success);
    EXPECT_EQ(r.gamma.size(), 4u);
    EXPECT_EQ(r.gamma[3].size(), 1);  // one limit row (upper only)
    // Momentum balance per box: A (v − v*) = Σ Jᵀ γ, written out with the file's J.
    const Eigen::Vector3d g0 = r.gamma[0], g1 = r.gamma[1], g2 = r.gamma[2];
    const Eigen::Vector3d box0 = 2.0 * (r.v.head<3>() - Eigen::Vector3d(0.1, 0, -0.0981));
    const Eigen::Vector3d box1 = 2.0 * (r.v.tail<3>() - Eigen::Vector3d(0.3, 0, -0.0981));
    EXPECT_LT((box0 - (g0 - g1)).norm(), 1e-6);
    const Eigen::Vector3d wall(-g2(2), g2(0), g2(1));
    EXPECT_LT((box1 - (g1 + wall + Eigen::Vector3d(-r.gamma[3](0), 0, 0))).norm(), 1e-6);
  }
}

json Minimal() {
  return json::parse(R"({"schema": "simatlas/sap-problem/1", "time_step": 0.01,
    "cliques": [{"A": [[1, 0], [0, 1]], "v_star": [0, -0.1]}],
    "constraints": [{"type": "friction_cone", "cliques": [0], "J": [[[1, 0], [0, 0], [0, 1]]],
                     "mu": 0.5, "stiffness": 1e4, "relaxation_time": 0, "phi0": 0}]})");
}

void ExpectError(const json& doc, const std::string& fragment) {
  try {
    ParseSapProblem(doc);
    FAIL() << "expected InputError containing " << fragment;
  } catch (const core::InputError& e) {
    EXPECT_NE(std::string(e.what()).find(fragment), std::string::npos) << e.what();
  }
}

TEST(SapProblemReader, MinimalFileAndDefaults) {
  const SapProblemFile f = ParseSapProblem(Minimal());
  ASSERT_EQ(f.problem.constraints.size(), 1u);
  const auto& p = std::get<sap::FrictionConeParameters>(f.problem.constraints[0].parameters);
  EXPECT_EQ(p.beta, 1.0);    // format default
  EXPECT_EQ(p.sigma, 1e-3);  // format default
  EXPECT_EQ(f.parameters.max_iterations, 100);
  EXPECT_EQ(f.parameters.line_search, sap::LineSearchType::kExact);
}

TEST(SapProblemReader, ErrorsNameTheField) {
  json d = Minimal();
  d["constraints"][0]["stiffness"] = -5;
  ExpectError(d, "constraints[0].stiffness = -5 N/m must be > 0");
  d = Minimal();
  d["constraints"][0].erase("mu");
  ExpectError(d, "constraints[0].mu is missing");
  d = Minimal();
  d["constraints"][0]["stifness"] = 1;
  ExpectError(d, "constraints[0].stifness is not a known key");
  d = Minimal();
  d["constraints"][0]["J"][0] = json::parse("[[1, 0], [0, 1]]");
  ExpectError(d, "constraints[0].J[0] rows = 2 must be 3");
  d = Minimal();
  d["constraints"][0]["cliques"] = json::parse("[3]");
  ExpectError(d, "constraints[0].cliques[0] = 3 must be in [0, 1)");
  d = Minimal();
  d["cliques"][0]["A"] = json::parse("[[1, 2], [2, 1]]");
  ExpectError(d, "cliques[0].A");
  d = Minimal();
  d["schema"] = "simatlas/sap-problem/2";
  ExpectError(d, "schema");
  d = Minimal();
  d["parameters"] = json::parse(R"({"line_search": "golden"})");
  ExpectError(d, "parameters.line_search");
  d = Minimal();
  d["constraints"][0]["type"] = "weld";
  ExpectError(d, "constraints[0].type");
  d = Minimal();
  d["time_step"] = 0;
  ExpectError(d, "time_step = 0 s must be > 0");
}

TEST(SapProblemReader, UnreadableFileIsInputError) {
  EXPECT_THROW(ReadSapProblem("/nonexistent/sap.json"), core::InputError);
}

}  // namespace
}  // namespace simatlas::io
