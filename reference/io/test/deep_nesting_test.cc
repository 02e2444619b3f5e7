// E3-SAP §4 and MJ-solvers §2–§5: problem files that nest too deeply.
// Deeply nested JSON in a problem file (fuzzing): a field holding 300000 nested
// arrays is an InputError naming the field, not a stack overflow. nlohmann::json parses and
// destroys such a value iteratively; the readers must not dump it into their messages.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>

#include "reference/core/errors.h"
#include "reference/io/mujoco_problem.h"
#include "reference/io/sap_problem.h"
#include "reference/io/test/input_error_of.h"

namespace simatlas::io {
namespace {

std::string Nested(int depth) { return std::string(depth, '[') + std::string(depth, ']'); }

TEST(DeepNesting, SapTimeStepOfNestedArraysIsAnInputError) {
  // Before the fix `simatlas sap solve` on this file died with SIGSEGV.
  const nlohmann::json doc = nlohmann::json::parse(
      "{\"schema\":\"simatlas/sap-problem/1\",\"time_step\":" + Nested(300000) + "}");
  const std::string message = InputErrorOf([&] { ParseSapProblem(doc); });
  EXPECT_NE(message.find("time_step must be a number (got an array of 1 elements)"),
            std::string::npos)
      << message;
}

TEST(DeepNesting, SapSchemaObjectIsShownByKindAndSize) {
  const nlohmann::json doc = nlohmann::json::parse("{\"schema\":{\"a\":" + Nested(300000) + "}}");
  const std::string message = InputErrorOf([&] { ParseSapProblem(doc); });
  EXPECT_NE(message.find("schema must be a string (got an object of 1 keys)"), std::string::npos)
      << message;
}

TEST(DeepNesting, MujocoNvOfNestedArraysIsAnInputError) {
  const nlohmann::json doc = nlohmann::json::parse(
      "{\"schema\":\"simatlas/mujoco-problem/1\",\"nv\":" + Nested(300000) + "}");
  const std::string message = InputErrorOf([&] { ParseMujocoProblem(doc); });
  EXPECT_NE(message.find("nv must be an integer"), std::string::npos) << message;
}

}  // namespace
}  // namespace simatlas::io
