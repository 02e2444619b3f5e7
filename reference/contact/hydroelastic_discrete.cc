// E3-SAP §2.2, formula sheet (2.3): discrete per-face constraints of a hydroelastic surface.
#include "reference/contact/hydroelastic_discrete.h"

#include <cmath>

#include "reference/contact/contact_frame.h"
#include "reference/core/errors.h"

namespace simatlas::contact {

std::string FaceSkipName(FaceSkip skip) {
  switch (skip) {
    case FaceSkip::kNone: return "none";
    case FaceSkip::kArea: return "area";
    case FaceSkip::kGradient: return "gradient";
  }
  return "unknown";
}

namespace {

// A gradient along the normal: any finite value (a negative one is skipped later) or +∞.
void RequireGradient(const char* quantity, double g) {
  if (std::isnan(g) || g == -core::kInfinity) {
    core::ThrowInputError(quantity, g, "Pa/m", "a number or +inf (rigid side)");
  }
}

}  // namespace

DiscreteFace MakeDiscreteFace(double area, double p0, double gM, double gN) {
  core::RequireNonNegative("area", area, "m^2");
  core::RequireNonNegative("p0", p0, "Pa");
  RequireGradient("gM", gM);
  RequireGradient("gN", gN);
  if (std::isinf(gM) && std::isinf(gN)) {
    throw core::InputError(
        "gM = inf Pa/m and gN = inf Pa/m: both sides rigid is impossible for a hydroelastic "
        "face (a contact surface needs at least one compliant side, E3-SAP §2.2)");
  }
  DiscreteFace face;
  // Skip rules, in Drake's order: tiny area first, then a vanishing gradient on either side.
  if (area <= kMinFaceArea) {
    face.skip = FaceSkip::kArea;
    return face;
  }
  if (gM < kGradientEpsilon || gN < kGradientEpsilon) {
    face.skip = FaceSkip::kGradient;
    return face;
  }
  // g = 1/(1/gM + 1/gN); 1/∞ = 0 so a rigid side leaves the other gradient.
  face.g = 1.0 / (1.0 / gM + 1.0 / gN);
  // (2.3): fe0 = a p0, k = a g, φ0 = −p0/g.
  face.fe0 = area * p0;
  face.k = area * face.g;
  face.phi0 = -p0 / face.g;
  return face;
}

std::vector<DiscreteFaceConstraint> MakeDiscreteFaceConstraints(
    const geometry::ContactSurface& surface) {
  std::vector<DiscreteFaceConstraint> constraints;
  for (std::size_t i = 0; i < surface.faces.size(); ++i) {
    const geometry::ContactPolygon& polygon = surface.faces[i];
    const DiscreteFace face =
        MakeDiscreteFace(polygon.area, polygon.pressure, polygon.gM, polygon.gN);
    if (face.skipped()) continue;
    DiscreteFaceConstraint c;
    c.face_index = static_cast<int>(i);
    c.face = face;
    c.p_WC = polygon.centroid;
    // §0.2/§0.4: nhat_BA_W = face normal, Cz = nhat_AB_W = −face normal.
    c.R_WC = MakeContactFrame(-polygon.normal);
    constraints.push_back(c);
  }
  return constraints;
}

std::optional<std::vector<DiscreteFaceConstraint>> MakeHydroelasticConstraints(
    ContactModel model, const ContactSide& a, const ContactSide& b,
    const std::function<geometry::ContactSurface()>& compute_surface) {
  // The chooser throws for unsupported pairs; a point pair is not ours to build.
  if (ChooseRepresentation(model, a, b) != ContactRepresentation::kSurface) return std::nullopt;
  return MakeDiscreteFaceConstraints(compute_surface());
}

}  // namespace simatlas::contact
