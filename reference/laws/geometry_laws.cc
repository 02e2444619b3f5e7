// geometry.*: E3-geometry §1 and §2.2, the contact-model choice for one shape pair.
#include <string>
#include <vector>

#include "reference/contact/contact_model.h"
#include "reference/geometry/proximity_properties.h"
#include "reference/geometry/shapes.h"
#include "reference/laws/law_builders.h"
#include "reference/laws/law_families.h"

namespace simatlas::laws {

namespace {

// Every shape name, for the label choices.
std::vector<std::string> ShapeChoices() {
  std::vector<std::string> names;
  for (geometry::ShapeKind kind : geometry::kAllShapeKinds) {
    names.emplace_back(geometry::ShapeName(kind));
  }
  return names;
}

// One side of the pair from the law's inputs ("A" id 1, "B" id 2).
contact::ContactSide SideFrom(const Values& in, const char* shape_key, const char* compliance_key,
                              const char* name, int id) {
  return {name, geometry::GeometryId{id}, geometry::ParseShapeKind(in.Label(shape_key)),
          geometry::ParseCompliance(in.Label(compliance_key))};
}

}  // namespace

void RegisterGeometryLaws(Registry& registry) {
  const std::vector<std::string> compliance = {"undefined", "rigid", "compliant"};
  const std::vector<std::string> models = {"point", "hydroelastic", "hydroelastic_with_fallback"};

  registry.Add(
      {"geometry.contact_representation",
       "E3-geometry §2.2",
       "point pair or hydroelastic surface for a shape pair: point mode uses the point table; "
       "strict hydroelastic needs representations and a compliant side (rigid-rigid is an "
       "error); with fallback: surface, else point, else an error",
       {Label("shape_a", "shape of geometry A", ShapeChoices()),
        Label("compliance_a", "hydroelastic compliance type of A (Drake default: undefined)",
              compliance, "undefined"),
        Label("shape_b", "shape of geometry B", ShapeChoices()),
        Label("compliance_b", "hydroelastic compliance type of B (Drake default: undefined)",
              compliance, "undefined"),
        Label("model", "contact model (plant default: hydroelastic_with_fallback)", models,
              "hydroelastic_with_fallback")},
       {Label("representation", "point (PenetrationAsPointPair) or surface (ContactSurface)",
              {"point", "surface"})},
       [](const Values& in) {
         const contact::ContactSide a = SideFrom(in, "shape_a", "compliance_a", "A", 1);
         const contact::ContactSide b = SideFrom(in, "shape_b", "compliance_b", "B", 2);
         const contact::ContactModel model = contact::ParseContactModel(in.Label("model"));
         Values out;
         out.Set(
             "representation",
             std::string(contact::RepresentationName(contact::ChooseRepresentation(model, a, b))));
         return out;
       }});
}

}  // namespace simatlas::laws
