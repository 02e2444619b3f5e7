// E3-geometry §5, exercise 1 (course §3 "材料组合必须按具体字段分别读"): both point stiffnesses
// are 100000 N/m — is the combined stiffness still 100000? Evidence: the law
// material.point_stiffness evaluated by name, as `simatlas law` does, and the property
// "combined ≤ min side" run on the reference engine.
#include <gtest/gtest.h>
#include <rapidcheck.h>

#include <iostream>

#include "exercises/support/exercise.h"
#include "property_tests/families/material_properties.h"
#include "reference/contact/material.h"
#include "reference/core/errors.h"
#include "reference/laws/law.h"

namespace simatlas::exercises {
namespace {

TEST(Ex1, SeriesStiffness) {
  const Exercise exercise{
      "e3-geometry",
      1,
      "E3-geometry §5",
      "Both point stiffnesses are 100000 N/m. Is the combined stiffness still 100000 N/m?",
      {YesNo("answer", "is the combined stiffness 100000 N/m?"),
       Number("combined_stiffness", "N/m", "the combined point stiffness", 1e-3)}};
  StateQuestion(exercise, std::cout);
  Evidence evidence;

  // The law by name, exactly as `simatlas law material.point_stiffness k1=1e5 k2=1e5`.
  const laws::Law& law = laws::AllLaws().Get("material.point_stiffness");
  const double k = laws::Evaluate(law, laws::ParseArguments(law, {"k1=1e5", "k2=1e5"})).Number("k");
  evidence.Show("simatlas law material.point_stiffness k1=1e5 k2=1e5 -> k = " +
                core::FormatNumber(k) + " N/m (springs in series: 1/k = 1/k1 + 1/k2)");

  // The property "combined ≤ min side" (property_tests/families/material_properties.h).
  const bool bounded = rc::check("combined point stiffness <= min(k1, k2)", [] {
    property_tests::material::PointStiffnessIsAtMostTheSofterSide(contact::CombinePointStiffness);
  });
  EXPECT_TRUE(bounded);
  evidence.Show(
      std::string("property 'combined <= min side' over random k1, k2 in [1e-2, 1e9] N/m: ") +
      (bounded ? "holds" : "FAILS"));

  evidence.Imply("answer", k == 1e5);
  evidence.Imply("combined_stiffness", k);
  CheckAnswers(exercise, evidence);
}

}  // namespace
}  // namespace simatlas::exercises
