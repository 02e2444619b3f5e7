#pragma once
/// @file
/// E3-geometry §1 (the second of the "three choices") and §2.2 "支持表和失败条件、fallback 合同":
/// which geometric contact representation a candidate pair gets — a point pair
/// (PenetrationAsPointPair) or a hydroelastic contact surface (ContactSurface) — under
/// ContactModel {kPoint, kHydroelastic, kHydroelasticWithFallback} (default: with fallback).
///
/// Rules (course §2.2, formula sheet E3-geometry §2.2):
///   kPoint                    the point table decides; unsupported → error.
///   kHydroelastic (strict)    both sides need a hydroelastic representation and at least one
///                             side must be compliant; rigid–rigid (or any unsupported pair)
///                             throws — it never silently becomes a point pair.
///   kHydroelasticWithFallback try a surface, then a point pair; neither supported → error.
/// So "fallback" does not mean "every shape works", and one scene may return both kinds.
/// Every error is an InputError naming the pair (names and ids) and the rule broken.
///
/// Sources (Drake; the stored copies searched are not necessarily 1.57.0):
///  - point table: `geometry/query_object.h` ComputePointPairPenetration doc (Table 1, T =
///    double) and `geometry/proximity/penetration_as_point_pair_callback.cc`
///    ScalarSupport<double>::is_supported: every shape pair except HalfSpace–HalfSpace
///    (Mesh is queried through its convex hull).
///  - surface pair rules: `geometry/proximity/hydroelastic_calculator.cc`
///    ContactCalculator::MaybeMakeContactSurface (undefined → unsupported; rigid–rigid;
///    compliant–compliant with a half space; half space–half space), the strict throw in
///    `proximity_engine.cc` ThrowOnFailedResult, and the fallback in
///    `proximity_engine.cc` ComputeContactSurfacesWithFallback (any failed surface result →
///    MaybeMakePointPair).
///  - per-shape representations: `multibody/hydroelastics/hydroelastic_user_guide_doxygen.h`
///    Appendix B and `geometry/proximity/hydroelastic_internal.cc` Make{Rigid,Soft}Representation.

#include <string>
#include <string_view>
#include <vector>

#include "reference/geometry/proximity_properties.h"
#include "reference/geometry/scene_geometry.h"
#include "reference/geometry/shapes.h"

namespace simatlas::contact {

/// The geometric contact model of the plant (Drake `multibody/plant/contact_model.h`).
enum class ContactModel {
  kPoint,                    ///< point pairs only (ComputePointPairPenetration)
  kHydroelastic,             ///< contact surfaces only; an unsupported pair is an error
  kHydroelasticWithFallback  ///< a surface where supported, else a point pair (the default)
};

/// MultibodyPlantConfig's default contact model (formula sheet E3-geometry §1).
inline constexpr ContactModel kDefaultContactModel = ContactModel::kHydroelasticWithFallback;

/// "point", "hydroelastic", "hydroelastic_with_fallback" (MultibodyPlantConfig spelling).
std::string_view ContactModelName(ContactModel model);
/// Inverse of ContactModelName; unknown text throws InputError listing the choices.
ContactModel ParseContactModel(std::string_view text);

/// The representation a pair gets.
enum class ContactRepresentation {
  kPointPair,  ///< one point pair (penetration depth, witness points, normal)
  kSurface     ///< a hydroelastic contact surface (polygons with pressure)
};

/// "point" or "surface".
std::string_view RepresentationName(ContactRepresentation representation);

/// Point table: can ComputePointPairPenetration (double) characterise this shape pair?
/// Everything except HalfSpace–HalfSpace (penetration depth has no meaning there).
bool PointPairSupported(geometry::ShapeKind a, geometry::ShapeKind b);

/// Hydroelastic table per shape: can this shape be declared with this compliance?
/// Rigid: every shape (Mesh from .obj or .vtk). Compliant: the primitives (incl. HalfSpace as
/// a slab), Convex, and Mesh (course §2.2: .vtk volume meshes directly, .obj through the
/// convex hull — the user guide names only the .vtk route and the stored query_object.h table
/// is older and still says "no"; not confirmed for 1.57.0). Undefined: no representation.
bool HasHydroelasticRepresentation(geometry::ShapeKind kind, geometry::Compliance compliance);

/// Outcome of trying a contact surface for a pair, in MaybeMakeContactSurface's order.
enum class SurfaceSupport {
  kSupported,                        ///< a surface can be computed
  kNoRepresentation,                 ///< a side has no hydroelastic representation
  kRigidRigid,                       ///< both sides rigid
  kHalfSpaceHalfSpace,               ///< both sides half spaces
  kCompliantHalfSpaceCompliantOther  ///< two compliant sides, one a half space
};

/// Classifies a pair for a contact surface (symmetric in the two sides).
SurfaceSupport ClassifySurfacePair(geometry::ShapeKind shape_a, geometry::Compliance compliance_a,
                                   geometry::ShapeKind shape_b, geometry::Compliance compliance_b);

/// What the chooser needs to know of one side of a pair.
struct ContactSide {
  std::string name;         ///< for messages only
  geometry::GeometryId id;  ///< the side's geometry id (orders the pair in messages)
  geometry::ShapeKind shape = geometry::ShapeKind::kSphere;  ///< its shape kind (support tables)
  /// Its hydroelastic compliance type; kUndefined means no hydroelastic representation.
  geometry::Compliance compliance = geometry::Compliance::kUndefined;
};

/// The side as registered in a scene (name, id, shape kind, compliance type).
ContactSide SideOf(const geometry::RegisteredGeometry& geometry);

/// The representation of pair (A, B) under model, or an InputError naming the pair and rule:
///   kPoint: point pair if PointPairSupported, else error.
///   kHydroelastic: surface if ClassifySurfacePair is kSupported, else error (rigid–rigid,
///     no representation, half-space cases), never a point pair.
///   kHydroelasticWithFallback: surface if supported, else point pair if supported, else error.
ContactRepresentation ChooseRepresentation(ContactModel model, const ContactSide& a,
                                           const ContactSide& b);

/// Same, for two registered proximity geometries of a scene.
ContactRepresentation ChooseRepresentation(ContactModel model,
                                           const geometry::RegisteredGeometry& a,
                                           const geometry::RegisteredGeometry& b);

/// One candidate pair and the representation it gets.
struct PairRepresentation {
  geometry::GeometryPair pair;  ///< (lower id, higher id), as CandidatePairs lists it
  ContactRepresentation representation = ContactRepresentation::kPointPair;  ///< what it gets
};

/// The representation of every candidate pair of the scene (SceneGeometry::CandidatePairs
/// order). Only unfiltered pairs are asked: a rigid–rigid pair that is filtered never throws
/// in strict mode (course §2.2: "无法剔除的 rigid–rigid 对会抛错"). The first unsupported
/// candidate throws, as ChooseRepresentation does. One scene may mix point pairs and surfaces.
std::vector<PairRepresentation> ChooseRepresentations(ContactModel model,
                                                      const geometry::SceneGeometry& scene);

}  // namespace simatlas::contact
