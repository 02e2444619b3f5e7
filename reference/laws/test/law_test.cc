// DESIGN.md "The law registry": the law machinery.
// The law machinery: parsing key=value arguments, defaults, errors, and the registry.
#include "reference/laws/law.h"

#include <gtest/gtest.h>

#include <cmath>
#include <set>

#include "reference/core/errors.h"
#include "reference/laws/law_json.h"

namespace simatlas::laws {
namespace {

using core::InputError;

TEST(Registry, EveryLawHasSectionSummaryAndUnits) {
  const auto& all = AllLaws().all();
  ASSERT_FALSE(all.empty());
  std::set<std::string> names;
  for (const auto& law : all) {
    EXPECT_TRUE(names.insert(law.name).second) << law.name;
    EXPECT_FALSE(law.section.empty()) << law.name;
    EXPECT_FALSE(law.summary.empty()) << law.name;
    EXPECT_FALSE(law.outputs.empty()) << law.name;
    for (const auto& q : law.inputs) EXPECT_FALSE(q.unit.empty()) << law.name << " " << q.name;
    for (const auto& q : law.outputs) EXPECT_FALSE(q.unit.empty()) << law.name << " " << q.name;
  }
}

TEST(ParseArguments, UnknownKeyMissingInputAndRepeatsAreErrors) {
  const Law& law = AllLaws().Get("material.point_stiffness");
  EXPECT_THROW(ParseArguments(law, {"k1=1", "k3=2"}), InputError);
  EXPECT_THROW(ParseArguments(law, {"k1=1", "k1=2"}), InputError);
  EXPECT_THROW(ParseArguments(law, {"k1"}), InputError);
  EXPECT_THROW(Evaluate(law, ParseArguments(law, {"k1=1"})), InputError);
  EXPECT_THROW(AllLaws().Get("material.nope"), InputError);
}

TEST(Evaluate, OutputsInDeclarationOrder) {
  const Law& law = AllLaws().Get("material.friction");
  const Values out =
      Evaluate(law, ParseArguments(law, {"mu_s1=0.6", "mu_d1=0.6", "mu_s2=0.5", "mu_d2=0.5"}));
  ASSERT_EQ(out.entries().size(), 2u);
  EXPECT_EQ(out.entries()[0].first, "mu_s");
  EXPECT_DOUBLE_EQ(out.Number("mu_d"), 6.0 / 11.0);
}

TEST(Evaluate, OptionalInputLeftOutUsesTheLawsMeaning) {
  // material.relaxation_time: a side left out is 0.1 s → 0.02 + 0.1.
  const Law& law = AllLaws().Get("material.relaxation_time");
  EXPECT_DOUBLE_EQ(Evaluate(law, ParseArguments(law, {"tau1=0.02"})).Number("tau"), 0.12);
}

TEST(LawJson, InfinityRoundTripsAsString) {
  const Law& law = AllLaws().Get("material.point_stiffness");
  const Values in = ValuesFromJson(law, nlohmann::json{{"k1", "inf"}, {"k2", 3e4}});
  EXPECT_TRUE(std::isinf(in.Number("k1")));
  EXPECT_EQ(ValueToJson(Value(std::numeric_limits<double>::infinity())), "inf");
  EXPECT_THROW(ValuesFromJson(law, nlohmann::json{{"k9", 1}}), InputError);
}

}  // namespace
}  // namespace simatlas::laws
