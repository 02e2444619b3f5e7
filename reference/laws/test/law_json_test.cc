// DESIGN.md "The law registry": law inputs as JSON.
// Law inputs as JSON (law_json.h): a value of the wrong kind is an InputError naming the key,
// however deeply it is nested (the deep-nesting inputs of the fuzz corpus).
#include "reference/laws/law_json.h"

#include <gtest/gtest.h>

#include <string>

#include "reference/core/errors.h"
#include "reference/laws/law.h"

namespace simatlas::laws {
namespace {

// The InputError message ValuesFromJson gives for the JSON text (empty when none is thrown).
std::string ErrorOf(const std::string& law_name, const std::string& text) {
  try {
    ValuesFromJson(AllLaws().Get(law_name), nlohmann::json::parse(text));
  } catch (const core::InputError& e) {
    return e.what();
  }
  return "";
}

// 300000 nested arrays (8 MB of stack is 28 bytes per level): parsing and destroying are
// iterative in nlohmann::json, but dumping the value into the message recursed once per level
// and overflowed the stack.
std::string Nested(int depth) { return std::string(depth, '[') + std::string(depth, ']'); }

TEST(ValuesFromJson, DeeplyNestedNumberIsAnInputErrorNotAStackOverflow) {
  const std::string message =
      ErrorOf("material.point_stiffness", "{\"k1\":" + Nested(300000) + ",\"k2\":1}");
  EXPECT_NE(message.find("k1 must be a number"), std::string::npos) << message;
  EXPECT_NE(message.find("an array of 1 elements"), std::string::npos) << message;
}

TEST(ValuesFromJson, DeeplyNestedVectorEntryIsAnInputError) {
  // vc is a vector input of sap.friction_cone: its first entry is itself a deep array.
  const std::string message = ErrorOf("sap.friction_cone", "{\"vc\":" + Nested(300000) + "}");
  EXPECT_NE(message.find("vc must be a number"), std::string::npos) << message;
}

TEST(ValuesFromJson, ObjectForALabelIsNamedByKindAndSize) {
  const std::string message = ErrorOf("sap.hunt_crossley", "{\"approximation\":{\"a\":1,\"b\":2}}");
  EXPECT_NE(message.find("approximation must be a string, got an object of 2 keys"),
            std::string::npos)
      << message;
}

TEST(ValuesFromJson, ScalarsAreShownAsWritten) {
  const std::string message = ErrorOf("material.point_stiffness", "{\"k1\":true}");
  EXPECT_NE(message.find("k1 must be a number (or \"inf\"), got true"), std::string::npos)
      << message;
}

}  // namespace
}  // namespace simatlas::laws
