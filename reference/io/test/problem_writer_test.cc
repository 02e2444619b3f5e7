// E3-SAP §4 and MJ-solvers §2–§5: the problem writers.
// Tests of the problem writers (reference/io/problem_writer.h): every example file of
// formats/examples/ read, written and read again gives the same problem, number for number
// (reconstruction, no frozen output), and the written documents use only the format's keys
// (the readers reject unknown keys).
#include "reference/io/problem_writer.h"

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>

#include "reference/io/mujoco_problem.h"
#include "reference/io/sap_problem.h"

namespace simatlas::io {
namespace {

std::vector<std::string> Examples(const std::string& folder) {
  std::vector<std::string> out;
  for (const auto& e :
       std::filesystem::directory_iterator(FormatsDirectory() + "/examples" + folder)) {
    if (e.path().extension() == ".json") out.push_back(e.path().string());
  }
  std::sort(out.begin(), out.end());
  return out;
}

// Exact equality, NaN-free; inf equals inf.
void ExpectSameMatrix(const core::MatrixX& a, const core::MatrixX& b, const std::string& what) {
  ASSERT_EQ(a.rows(), b.rows()) << what;
  ASSERT_EQ(a.cols(), b.cols()) << what;
  EXPECT_TRUE(a == b) << what;
}

void ExpectSameSap(const sap::SapProblem& a, const sap::SapProblem& b) {
  EXPECT_EQ(a.time_step, b.time_step);
  ASSERT_EQ(a.cliques.size(), b.cliques.size());
  for (size_t c = 0; c < a.cliques.size(); ++c) {
    ExpectSameMatrix(a.cliques[c].A, b.cliques[c].A, "A");
    ExpectSameMatrix(a.cliques[c].v_star, b.cliques[c].v_star, "v_star");
  }
  ASSERT_EQ(a.v_guess.has_value(), b.v_guess.has_value());
  if (a.v_guess) ExpectSameMatrix(*a.v_guess, *b.v_guess, "v_guess");
  ASSERT_EQ(a.constraints.size(), b.constraints.size());
  for (size_t i = 0; i < a.constraints.size(); ++i) {
    const auto& x = a.constraints[i];
    const auto& y = b.constraints[i];
    EXPECT_EQ(x.cliques, y.cliques);
    ASSERT_EQ(x.J.size(), y.J.size());
    for (size_t k = 0; k < x.J.size(); ++k) ExpectSameMatrix(x.J[k], y.J[k], "J");
    ExpectSameMatrix(x.vb, y.vb, "vb");
    ASSERT_EQ(x.parameters.index(), y.parameters.index());
    if (const auto* p = std::get_if<sap::FrictionConeParameters>(&x.parameters)) {
      const auto& q = std::get<sap::FrictionConeParameters>(y.parameters);
      EXPECT_EQ(p->mu, q.mu);
      EXPECT_EQ(p->stiffness, q.stiffness);
      EXPECT_EQ(p->relaxation_time, q.relaxation_time);
      EXPECT_EQ(p->phi0, q.phi0);
      EXPECT_EQ(p->beta, q.beta);
      EXPECT_EQ(p->sigma, q.sigma);
    } else if (const auto* p = std::get_if<sap::HuntCrossleyParameters>(&x.parameters)) {
      const auto& q = std::get<sap::HuntCrossleyParameters>(y.parameters);
      EXPECT_EQ(p->approximation, q.approximation);
      EXPECT_EQ(p->mu, q.mu);
      EXPECT_EQ(p->stiffness, q.stiffness);
      EXPECT_EQ(p->dissipation, q.dissipation);
      EXPECT_EQ(p->fe0, q.fe0);
      EXPECT_EQ(p->vn0, q.vn0);
      EXPECT_EQ(p->stiction_tolerance, q.stiction_tolerance);
      EXPECT_EQ(p->sigma, q.sigma);
    } else {
      const auto& p2 = std::get<sap::LimitParameters>(x.parameters);
      const auto& q = std::get<sap::LimitParameters>(y.parameters);
      EXPECT_EQ(p2.q0, q.q0);
      EXPECT_EQ(p2.lower, q.lower);
      EXPECT_EQ(p2.upper, q.upper);
      EXPECT_EQ(p2.stiffness, q.stiffness);
      EXPECT_EQ(p2.relaxation_time, q.relaxation_time);
      EXPECT_EQ(p2.beta, q.beta);
    }
  }
}

TEST(ProblemWriter, SapExamplesRoundTrip) {
  const auto files = Examples("/sap");
  ASSERT_GE(files.size(), 5u);
  for (const auto& path : files) {
    SCOPED_TRACE(path);
    const SapProblemFile original = ReadSapProblem(path);
    // Write, serialise to text (as the line protocol does) and read back.
    const auto text =
        WriteSapProblem(original.problem, original.parameters, original.source).dump();
    const SapProblemFile again = ParseSapProblem(nlohmann::json::parse(text));
    ExpectSameSap(original.problem, again.problem);
    EXPECT_EQ(again.source, original.source);
    EXPECT_EQ(again.parameters.rel_tolerance, original.parameters.rel_tolerance);
    EXPECT_EQ(again.parameters.max_iterations, original.parameters.max_iterations);
    EXPECT_EQ(again.parameters.line_search, original.parameters.line_search);
    EXPECT_EQ(again.parameters.linear_solver, original.parameters.linear_solver);
  }
}

TEST(ProblemWriter, MujocoExamplesRoundTrip) {
  const auto files = Examples("");
  ASSERT_GE(files.size(), 4u);
  for (const auto& path : files) {
    SCOPED_TRACE(path);
    const mujoco::Problem a = ReadMujocoProblem(path).problem;
    const auto text = WriteMujocoProblem(a, "round trip").dump();
    const mujoco::Problem b = ParseMujocoProblem(nlohmann::json::parse(text)).problem;
    EXPECT_EQ(a.nv, b.nv);
    ExpectSameMatrix(a.M, b.M, "M");
    ExpectSameMatrix(a.qacc_smooth, b.qacc_smooth, "qacc_smooth");
    ExpectSameMatrix(a.J, b.J, "J");
    ExpectSameMatrix(a.R, b.R, "R");
    ExpectSameMatrix(a.aref, b.aref, "aref");
    ExpectSameMatrix(a.frictionloss, b.frictionloss, "frictionloss");
    EXPECT_EQ(a.kind, b.kind);
    EXPECT_EQ(a.contact, b.contact);
    ASSERT_EQ(a.contacts.size(), b.contacts.size());
    for (size_t c = 0; c < a.contacts.size(); ++c) {
      EXPECT_EQ(a.contacts[c].dim, b.contacts[c].dim);
      EXPECT_EQ(a.contacts[c].friction, b.contacts[c].friction);
      EXPECT_EQ(a.contacts[c].mu, b.contacts[c].mu);
      EXPECT_EQ(a.contacts[c].efc_address, b.contacts[c].efc_address);
    }
    EXPECT_EQ(a.opt.cone, b.opt.cone);
    EXPECT_EQ(a.opt.solver, b.opt.solver);
    EXPECT_EQ(a.opt.iterations, b.opt.iterations);
    EXPECT_EQ(a.opt.tolerance, b.opt.tolerance);
    EXPECT_EQ(a.opt.impratio, b.opt.impratio);
    EXPECT_EQ(a.opt.timestep, b.opt.timestep);
    EXPECT_EQ(a.opt.meaninertia, b.opt.meaninertia);
  }
}

TEST(ProblemWriter, RigidLimitIsWrittenByItsDefaults) {
  // A rigid upper-only limit on dof 1 of a 2-DOF clique: J = −e₁, no stiffness, no lower key.
  sap::SapProblem p;
  p.time_step = 0.01;
  p.cliques.push_back({core::MatrixX::Identity(2, 2), core::VectorX::Zero(2)});
  sap::LimitParameters limit{.q0 = 0.0, .upper = 0.1};
  sap::ConstraintSpec spec;
  spec.cliques = {0};
  spec.J = {sap::MakeLimitJacobian(limit, 2, 1)};
  spec.parameters = limit;
  p.constraints.push_back(spec);
  const auto doc = WriteSapProblem(p);
  const auto& c = doc["constraints"][0];
  EXPECT_EQ(c["dof"], 1);
  EXPECT_FALSE(c.contains("stiffness"));
  EXPECT_FALSE(c.contains("lower"));
  ExpectSameSap(p, ParseSapProblem(doc).problem);
}

}  // namespace
}  // namespace simatlas::io
