// hydro.sphere_sphere (E3-geometry §2.2) refuses meshes whose all-pairs surface query would run
// for minutes to hours (issue #10; input found by fuzz/law_arguments_fuzzer).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "reference/core/errors.h"
#include "reference/laws/law.h"

namespace simatlas::laws {
namespace {

Values EvaluateSphereSphere(const std::vector<std::string>& arguments) {
  const Law& law = AllLaws().Get("hydro.sphere_sphere");
  return Evaluate(law, ParseArguments(law, arguments));
}

TEST(HydroSphereSphere, RefinementLevelsSummingToMoreThanTenAreAnInputError) {
  // The fuzzer's input: R1 = 9 m at hint 0.1 m is level 7 (√2·9/0.1 = 127.3 ≤ 2^7), R2 = 1 m is
  // level 4 (√2/0.1 = 14.1 ≤ 2^4): 131072 × 2048 = 2.7e8 tetrahedron pairs, 11 > 10.
  try {
    EvaluateSphereSphere({"E1=1", "R1=9", "E2=1", "R2=1", "overlap=1e-35", "resolution_hint=0.1"});
    FAIL() << "no InputError";
  } catch (const core::InputError& e) {
    const std::string message = e.what();
    EXPECT_NE(message.find("resolution_hint = 0.1 m"), std::string::npos) << message;
    EXPECT_NE(message.find("they sum to 11"), std::string::npos) << message;
  }
}

TEST(HydroSphereSphere, LevelsSummingToEightAreEvaluated) {
  // R1 = R2 = 1 m at hint 0.1 m: level 4 each (8 ≤ 10), 2048 × 2048 pairs.
  const Values out = EvaluateSphereSphere(
      {"E1=1e5", "R1=1", "E2=1e5", "R2=1", "overlap=0.1", "resolution_hint=0.1"});
  EXPECT_GT(out.Number("force"), 0.0);
  EXPECT_GT(out.Number("faces"), 0.0);
}

}  // namespace
}  // namespace simatlas::laws
