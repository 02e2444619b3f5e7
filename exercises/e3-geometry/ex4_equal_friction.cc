// E3-geometry §5, exercise 4 (course §3): both sides have μ = 0.5 — why is the combined value
// not 0.25 as the stiffness rule would give? Evidence: material.friction with equal sides, the
// series (stiffness) rule applied to the same numbers, and the property "identical materials keep
// μ" over random μ.
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

TEST(Ex4, EqualFriction) {
  const Exercise exercise{
      "e3-geometry",
      4,
      "E3-geometry §5",
      "Both sides have friction mu = 0.5. What is the combined mu, and does the stiffness "
      "(series) rule, which would give 0.25, apply to friction?",
      {Number("combined_mu", "1", "the combined static and dynamic friction", 1e-3),
       YesNo("stiffness_rule_applies", "does k1 k2/(k1 + k2) give the combined friction?")}};
  StateQuestion(exercise, std::cout);
  Evidence evidence;

  // The friction law by name: μ = 2μ₁μ₂/(μ₁ + μ₂) for μs and μd separately.
  const laws::Law& law = laws::AllLaws().Get("material.friction");
  const laws::Values out = laws::Evaluate(
      law, laws::ParseArguments(law, {"mu_s1=0.5", "mu_d1=0.5", "mu_s2=0.5", "mu_d2=0.5"}));
  const double mu_s = out.Number("mu_s");
  const double mu_d = out.Number("mu_d");
  evidence.Show(
      "simatlas law material.friction mu_s1=0.5 mu_d1=0.5 mu_s2=0.5 mu_d2=0.5 -> mu_s = " +
      core::FormatNumber(mu_s) + ", mu_d = " + core::FormatNumber(mu_d));
  EXPECT_EQ(mu_s, mu_d);

  // The series rule on the same numbers (what the question warns against).
  const double series = contact::CombinePointStiffness(0.5, 0.5);
  evidence.Show("the series rule 0.5*0.5/(0.5+0.5) = " + core::FormatNumber(series) +
                " (material.point_stiffness on the same numbers): the factor 2 is missing");

  // The property over random μ (property_tests/families/material_properties.h).
  const bool keeps = rc::check("identical materials keep mu_s and mu_d", [] {
    property_tests::material::FrictionIdenticalMaterialsKeepMu(contact::CombineFriction);
  });
  EXPECT_TRUE(keeps);
  evidence.Show(std::string("property 'identical materials keep mu' over random mu in [0, 2]: ") +
                (keeps ? "holds" : "FAILS"));

  evidence.Imply("combined_mu", mu_s);
  evidence.Imply("stiffness_rule_applies", series == mu_s);
  CheckAnswers(exercise, evidence);
}

}  // namespace
}  // namespace simatlas::exercises
