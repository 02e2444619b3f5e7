// E3-geometry §1, §2.2: the contact-model choice, the shape-pair support tables and the
// strict / fallback rules. Sources are listed in contact_model.h.
#include "reference/contact/contact_model.h"

#include <string>

#include "reference/core/errors.h"

namespace simatlas::contact {

using geometry::Compliance;
using geometry::ShapeKind;

std::string_view ContactModelName(ContactModel model) {
  switch (model) {
    case ContactModel::kPoint: return "point";
    case ContactModel::kHydroelastic: return "hydroelastic";
    case ContactModel::kHydroelasticWithFallback: return "hydroelastic_with_fallback";
  }
  return "unknown";
}

ContactModel ParseContactModel(std::string_view text) {
  for (ContactModel m : {ContactModel::kPoint, ContactModel::kHydroelastic,
                         ContactModel::kHydroelasticWithFallback}) {
    if (ContactModelName(m) == text) return m;
  }
  throw core::InputError("contact_model = '" + std::string(text) +
                         "' must be one of point|hydroelastic|hydroelastic_with_fallback");
}

std::string_view RepresentationName(ContactRepresentation representation) {
  return representation == ContactRepresentation::kPointPair ? "point" : "surface";
}

bool PointPairSupported(ShapeKind a, ShapeKind b) {
  // Only two half spaces fail: either no intersection or an infinite depth.
  return !(a == ShapeKind::kHalfSpace && b == ShapeKind::kHalfSpace);
}

bool HasHydroelasticRepresentation(ShapeKind kind, Compliance compliance) {
  switch (compliance) {
    case Compliance::kUndefined:
      // No hydroelastic type: the geometry is ignored by the surface query.
      return false;
    case Compliance::kRigid:
      // Every shape has a rigid surface mesh (half spaces are handled analytically).
      return true;
    case Compliance::kCompliant:
      // Primitives have a pressure field; HalfSpace uses the slab; Convex its hull;
      // Mesh per the course (.vtk direct, .obj convex hull) — see the header's caveat.
      switch (kind) {
        case ShapeKind::kSphere:
        case ShapeKind::kBox:
        case ShapeKind::kCapsule:
        case ShapeKind::kCylinder:
        case ShapeKind::kEllipsoid:
        case ShapeKind::kHalfSpace:
        case ShapeKind::kConvex:
        case ShapeKind::kMesh: return true;
      }
  }
  return false;
}

SurfaceSupport ClassifySurfacePair(ShapeKind shape_a, Compliance compliance_a, ShapeKind shape_b,
                                   Compliance compliance_b) {
  // 1. A side without a representation: unsupported.
  if (!HasHydroelasticRepresentation(shape_a, compliance_a) ||
      !HasHydroelasticRepresentation(shape_b, compliance_b)) {
    return SurfaceSupport::kNoRepresentation;
  }
  // 2. Rigid–rigid: the contact surface between rigid geometries is not defined.
  if (compliance_a == Compliance::kRigid && compliance_b == Compliance::kRigid) {
    return SurfaceSupport::kRigidRigid;
  }
  const bool half_a = shape_a == ShapeKind::kHalfSpace;
  const bool half_b = shape_b == ShapeKind::kHalfSpace;
  // 3. Two half spaces, whatever their compliance.
  if (half_a && half_b) return SurfaceSupport::kHalfSpaceHalfSpace;
  // 4. Compliant–compliant with one compliant half space.
  if (compliance_a == Compliance::kCompliant && compliance_b == Compliance::kCompliant &&
      (half_a || half_b)) {
    return SurfaceSupport::kCompliantHalfSpaceCompliantOther;
  }
  // 5. Compliant–compliant volumes, or rigid–compliant (including a half space on one side).
  return SurfaceSupport::kSupported;
}

ContactSide SideOf(const geometry::RegisteredGeometry& g) {
  return {g.name, g.id, g.shape.kind, g.proximity.compliance};
}

namespace {

// "'ball' (id 3, compliant sphere)".
std::string Describe(const ContactSide& s) {
  return "'" + s.name + "' (id " + std::to_string(s.id.value) + ", " +
         std::string(geometry::ComplianceName(s.compliance)) + " " +
         std::string(geometry::ShapeName(s.shape)) + ")";
}

// "contact model M cannot handle the pair A and B: "
std::string Prefix(ContactModel model, const ContactSide& a, const ContactSide& b) {
  return "contact model " + std::string(ContactModelName(model)) + " cannot handle the pair " +
         Describe(a) + " and " + Describe(b) + ": ";
}

// Why no surface: the rule each failure breaks.
std::string SurfaceReason(SurfaceSupport support) {
  switch (support) {
    case SurfaceSupport::kNoRepresentation:
      return "a side has no hydroelastic representation (compliance undefined); a contact "
             "surface needs both sides declared rigid or compliant";
    case SurfaceSupport::kRigidRigid:
      return "both sides are rigid; a contact surface needs at least one compliant side";
    case SurfaceSupport::kHalfSpaceHalfSpace: return "two half spaces have no contact surface";
    case SurfaceSupport::kCompliantHalfSpaceCompliantOther:
      return "a compliant half space cannot meet another compliant geometry";
    case SurfaceSupport::kSupported: break;
  }
  return "supported";
}

}  // namespace

ContactRepresentation ChooseRepresentation(ContactModel model, const ContactSide& a,
                                           const ContactSide& b) {
  const bool point_ok = PointPairSupported(a.shape, b.shape);
  const std::string no_point =
      "no point pair either (half_space–half_space has no penetration depth)";
  switch (model) {
    case ContactModel::kPoint:
      // Point mode consults the point table only.
      if (point_ok) return ContactRepresentation::kPointPair;
      throw core::InputError(Prefix(model, a, b) +
                             "the point query does not support half_space–half_space "
                             "(E3-geometry §2.2 support table)");
    case ContactModel::kHydroelastic: {
      // Strict: a surface or an error — never a silent point pair.
      const SurfaceSupport support =
          ClassifySurfacePair(a.shape, a.compliance, b.shape, b.compliance);
      if (support == SurfaceSupport::kSupported) return ContactRepresentation::kSurface;
      throw core::InputError(Prefix(model, a, b) + SurfaceReason(support) +
                             "; strict hydroelastic does not fall back to a point pair — use "
                             "hydroelastic_with_fallback or filter the pair (E3-geometry §2.2)");
    }
    case ContactModel::kHydroelasticWithFallback: {
      // Fallback: surface first, then point, then an error.
      const SurfaceSupport support =
          ClassifySurfacePair(a.shape, a.compliance, b.shape, b.compliance);
      if (support == SurfaceSupport::kSupported) return ContactRepresentation::kSurface;
      if (point_ok) return ContactRepresentation::kPointPair;
      throw core::InputError(Prefix(model, a, b) + "no contact surface (" + SurfaceReason(support) +
                             ") and " + no_point +
                             " (E3-geometry §2.2: fallback is not \"every shape works\")");
    }
  }
  throw core::InputError("contact model out of range");
}

ContactRepresentation ChooseRepresentation(ContactModel model,
                                           const geometry::RegisteredGeometry& a,
                                           const geometry::RegisteredGeometry& b) {
  return ChooseRepresentation(model, SideOf(a), SideOf(b));
}

std::vector<PairRepresentation> ChooseRepresentations(ContactModel model,
                                                      const geometry::SceneGeometry& scene) {
  // Filtering comes first: only candidate pairs reach the contact model.
  std::vector<PairRepresentation> result;
  for (const geometry::GeometryPair& pair : scene.CandidatePairs()) {
    result.push_back({pair, ChooseRepresentation(model, scene.geometry(pair.first),
                                                 scene.geometry(pair.second))});
  }
  return result;
}

}  // namespace simatlas::contact
