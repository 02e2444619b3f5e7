// E3-geometry §5, exercise 3 (course §2.2, "支持表和失败条件、fallback 合同"): in strict
// hydroelastic mode, does an unfiltered rigid–rigid intersection become a point contact?
// Evidence: the contact-model choice of reference/contact/contact_model.h for two rigid boxes
// under kHydroelastic (an InputError naming the pair) and kHydroelasticWithFallback (a point pair).
#include <gtest/gtest.h>

#include <iostream>
#include <string>

#include "exercises/support/exercise.h"
#include "reference/contact/contact_model.h"
#include "reference/core/errors.h"

namespace simatlas::exercises {
namespace {

// "throws", "point_pair" or "surface": what the choice does for (a, b) under model; the error
// text, if any, goes to message.
std::string Outcome(contact::ContactModel model, const contact::ContactSide& a,
                    const contact::ContactSide& b, std::string* message) {
  try {
    const auto representation = contact::ChooseRepresentation(model, a, b);
    return representation == contact::ContactRepresentation::kPointPair ? "point_pair" : "surface";
  } catch (const core::InputError& error) {
    *message = error.what();
    return "throws";
  }
}

TEST(Ex3, StrictHydroRigidPair) {
  const Exercise exercise{
      "e3-geometry",
      3,
      "E3-geometry §5",
      "In strict hydroelastic mode (kHydroelastic) two rigid geometries intersect and the pair is "
      "not filtered. Does it automatically become a point contact? What happens with "
      "kHydroelasticWithFallback?",
      {YesNo("answer", "does strict hydroelastic mode turn it into a point contact?"),
       Choice("strict_outcome", "what kHydroelastic does", {"throws", "point_pair", "surface"}),
       Choice("fallback_outcome", "what kHydroelasticWithFallback does",
              {"throws", "point_pair", "surface"})}};
  StateQuestion(exercise, std::cout);
  Evidence evidence;

  // Two rigid boxes, not filtered (different bodies, neither anchored).
  const contact::ContactSide box_a{"box_a", geometry::GeometryId{1}, geometry::ShapeKind::kBox,
                                   geometry::Compliance::kRigid};
  const contact::ContactSide box_b{"box_b", geometry::GeometryId{2}, geometry::ShapeKind::kBox,
                                   geometry::Compliance::kRigid};
  std::string strict_message;
  std::string fallback_message;
  const std::string strict =
      Outcome(contact::ContactModel::kHydroelastic, box_a, box_b, &strict_message);
  const std::string fallback =
      Outcome(contact::ContactModel::kHydroelasticWithFallback, box_a, box_b, &fallback_message);
  evidence.Show("kHydroelastic, rigid box_a vs rigid box_b: " + strict +
                (strict_message.empty() ? "" : " (\"" + strict_message + "\")"));
  evidence.Show("kHydroelasticWithFallback, same pair: " + fallback);
  // The error must name the pair.
  if (strict == "throws") {
    EXPECT_NE(strict_message.find("box_a"), std::string::npos) << strict_message;
    EXPECT_NE(strict_message.find("box_b"), std::string::npos) << strict_message;
  }

  evidence.Imply("answer", strict == "point_pair");
  evidence.Imply("strict_outcome", strict);
  evidence.Imply("fallback_outcome", fallback);
  CheckAnswers(exercise, evidence);
}

}  // namespace
}  // namespace simatlas::exercises
