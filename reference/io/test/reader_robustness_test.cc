// E3-SAP §4 and MJ-solvers §2–§5: malformed problem files.
// Bad problem files: every malformed field of formats/sap-problem.md and
// formats/mujoco-problem.md is a core::InputError naming the JSON path, the value and the rule —
// never a crash, a silent default or a wrapped-around integer.
// Equation numbers (N.M) are the formula sheet's (course/FORMULAS.md).
#include <gtest/gtest.h>

#include <fstream>
#include <nlohmann/json.hpp>
#include <string>

#include "reference/core/errors.h"
#include "reference/io/mujoco_problem.h"
#include "reference/io/sap_problem.h"
#include "reference/io/test/input_error_of.h"

namespace simatlas::io {
namespace {

using nlohmann::json;

json Load(const std::string& name) {
  std::ifstream in(FormatsDirectory() + "/examples/" + name);
  return json::parse(in);
}

std::string SapError(const json& doc) {
  return InputErrorOf([&] { ParseSapProblem(doc); });
}
std::string MujocoError(const json& doc) {
  return InputErrorOf([&] { ParseMujocoProblem(doc); });
}

std::string WriteTemp(const std::string& name, const std::string& text) {
  const std::string path = ::testing::TempDir() + name;
  std::ofstream(path) << text;
  return path;
}

TEST(ReaderRobustness, SapNumberBeyondDoubleIsAnInputErrorNotACrash) {
  // nlohmann reports 1e999 as out_of_range.406, not as a parse_error.
  const std::string path =
      WriteTemp("sap_overflow.json",
                R"({"schema":"simatlas/sap-problem/1","time_step":1e999,"cliques":[{"A":[[1]],)"
                R"("v_star":[0]}],"constraints":[]})");
  const std::string what = InputErrorOf([&] { ReadSapProblem(path); });
  EXPECT_NE(what.find("is not valid JSON"), std::string::npos) << what;
  EXPECT_NE(what.find("1e999"), std::string::npos) << what;
}

TEST(ReaderRobustness, MujocoNumberBeyondDoubleIsAnInputError) {
  json doc = Load("free_sphere_pyramidal.json");
  std::string text = doc.dump();
  const std::string from = "\"timestep\":0.002";
  ASSERT_NE(text.find(from), std::string::npos);
  text.replace(text.find(from), from.size(), "\"timestep\":1e999");
  const std::string path = WriteTemp("mujoco_overflow.json", text);
  EXPECT_NE(InputErrorOf([&] { ReadMujocoProblem(path); }).find("is not valid JSON"),
            std::string::npos);
}

TEST(ReaderRobustness, IntegersBeyondIntDoNotWrapAround) {
  // 4294967297 = 2^32 + 1 would become 1 after a narrowing conversion: a valid-looking count.
  json sap = Load("sap/joint_limit.json");
  sap["constraints"][0]["dof"] = 4294967297LL;
  EXPECT_NE(SapError(sap).find("constraints[0].dof = 4294967297 must be an integer within the "
                               "range of int"),
            std::string::npos)
      << SapError(sap);
  json mj = Load("free_sphere_pyramidal.json");
  mj["opt"]["iterations"] = 4294967297LL;
  EXPECT_NE(MujocoError(mj).find("opt.iterations = 4294967297"), std::string::npos)
      << MujocoError(mj);
  mj = Load("free_sphere_pyramidal.json");
  mj["nv"] = -4294967290LL;
  EXPECT_NE(MujocoError(mj).find("nv = -4294967290"), std::string::npos) << MujocoError(mj);
}

TEST(ReaderRobustness, MujocoUnknownKeysAreRejectedAtEveryLevel) {
  // A misspelt key ("tolerence") must not leave the default in place silently.
  const json base = Load("free_sphere_pyramidal.json");
  ASSERT_EQ(MujocoError(base), "");
  json doc = base;
  doc["tolerence"] = 1e-3;
  EXPECT_EQ(MujocoError(doc), "document.tolerence is not a known key of document");
  doc = base;
  doc["opt"]["tolerence"] = 1e-3;
  EXPECT_EQ(MujocoError(doc), "opt.tolerence is not a known key of opt");
  doc = base;
  doc["efc"][2]["solrf"] = {0.02, 1};
  EXPECT_EQ(MujocoError(doc), "efc[2].solrf is not a known key of efc[2]");
  doc = base;
  doc["contacts"][0]["friciton"] = 1;
  EXPECT_EQ(MujocoError(doc), "contacts[0].friciton is not a known key of contacts[0]");
  doc = base;
  doc["expected"]["iterations"] = 3;
  EXPECT_EQ(MujocoError(doc), "expected.iterations is not a known key of expected");
}

TEST(ReaderRobustness, MujocoConeCoefficientMustMatchFrictionAndMjMinMu) {
  // (2.3): mu = friction[0]/sqrt(impratio) = 1/sqrt(1) = 1 in the example; MuJoCo never lets a
  // used friction coefficient below mjMINMU = 1e-5. mu = 0.5 with friction[0] = 1 made PGS (which
  // reads friction) and CG/Newton (which read mu) disagree; mu = 0 gave CG and Newton inf/NaN.
  json doc = Load("free_sphere_pyramidal.json");
  doc["contacts"][0]["mu"] = 0.5;
  EXPECT_EQ(MujocoError(doc),
            "contacts[0].mu = 0.5 1 must be friction[0]/sqrt(impratio) = 1 (the regularised cone "
            "coefficient)");
  doc["opt"]["impratio"] = 4.0;  // now 1/sqrt(4) = 0.5 is right
  EXPECT_EQ(MujocoError(doc), "");
  doc = Load("free_sphere_pyramidal.json");
  doc["contacts"][0]["friction"][1] = 0.0;
  EXPECT_EQ(MujocoError(doc),
            "contacts[0].friction[1] = 0 1 must be >= 1e-5 (mjMINMU) in a contact of dim 3");
}

TEST(ReaderRobustness, MujocoIndefiniteMNamesTheFailingLeadingBlock) {
  // M = diag(1, 1, [[1, 2], [2, 1]], 1, 1) is symmetric with a positive diagonal, so only the
  // factorisation catches it. By hand: pivots 1, 1, 1, then row 3: 1 − (2/1)² = −3.
  json doc = Load("free_sphere_pyramidal.json");
  doc["M"] = {{1, 0, 0, 0, 0, 0}, {0, 1, 0, 0, 0, 0}, {0, 0, 1, 2, 0, 0},
              {0, 0, 2, 1, 0, 0}, {0, 0, 0, 0, 1, 0}, {0, 0, 0, 0, 0, 1}};
  EXPECT_EQ(MujocoError(doc),
            "M Cholesky pivot of row 3 = -3 kg or kg m^2 must be > 0 (the leading block "
            "M[0..3][0..3] is not positive definite)");
  // Positive semi-definite (rows 2 and 3 equal): pivot of row 3 is 1 − 1² = 0, also rejected.
  doc["M"][2] = {0, 0, 1, 1, 0, 0};
  doc["M"][3] = {0, 0, 1, 1, 0, 0};
  EXPECT_NE(MujocoError(doc).find("M Cholesky pivot of row 3 = 0 "), std::string::npos)
      << MujocoError(doc);
}

TEST(ReaderRobustness, SapIndefiniteCliqueIsNamed) {
  // Clique 0 of the pizza saver with A = [[1, 2], [2, 1]] in its top-left corner: symmetric,
  // positive diagonal, eigenvalues 3 and −1. By hand: pivot 1, then row 1: 1 − (2/1)² = −3.
  json doc = Load("sap/pizza_saver_sliding.json");
  doc["cliques"][0]["A"] = {{1, 2, 0, 0}, {2, 1, 0, 0}, {0, 0, 1, 0}, {0, 0, 0, 1}};
  EXPECT_EQ(SapError(doc),
            "cliques[0].A Cholesky pivot of row 1 = -3 kg must be > 0 (the leading block "
            "cliques[0].A[0..1][0..1] is not positive definite)");
}

}  // namespace
}  // namespace simatlas::io
