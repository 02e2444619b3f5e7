// E3-SAP §4 — SolveSapProblem's input contract (mutation survivor of sap_solver.cc):
// sap_solver.h states that the parameters are checked first, before the problem is assembled,
// so an input with both wrong reports the parameters.
#include <gtest/gtest.h>

#include <string>

#include "reference/core/errors.h"
#include "reference/sap/sap_solver.h"

namespace simatlas::sap {
namespace {

// A problem with time_step = 0 (ValidateSapProblem refuses it: h > 0) and max_iterations = −1
// (ValidateSapSolverParameters refuses it: ≥ 0): the error names max_iterations, not time_step.
TEST(SapSolverInputOrder, ParametersAreCheckedBeforeTheProblem) {
  SapProblem problem;
  problem.time_step = 0.0;
  problem.cliques.push_back({core::MatrixX::Identity(1, 1), core::VectorX::Zero(1)});
  SapSolverParameters parameters;
  parameters.max_iterations = -1;
  try {
    SolveSapProblem(problem, parameters);
    FAIL() << "no error";
  } catch (const core::InputError& e) {
    EXPECT_NE(std::string(e.what()).find("max_iterations"), std::string::npos) << e.what();
    EXPECT_EQ(std::string(e.what()).find("time_step"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace simatlas::sap
