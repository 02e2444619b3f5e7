#pragma once
/// @file
/// E3-geometry §1.1 and §2.2: the proximity properties a collision geometry carries — the
/// hydroelastic compliance type, Coulomb friction (required by RegisterCollisionGeometry), the
/// hydroelastic modulus E [Pa], the resolution hint [m], the compliant half space's slab
/// thickness [m], the hydroelastic margin [m], and the other AddContactMaterial fields.
/// Mirrors Drake `geometry/proximity_properties.h` (AddRigidHydroelasticProperties,
/// AddCompliantHydroelasticProperties, AddCompliantHydroelasticPropertiesForHalfSpace,
/// AddContactMaterial). A field left unset is "not written": there is no silent default here
/// (course §3: AddContactMaterial writes only the values given).

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "reference/geometry/shapes.h"

namespace simatlas::geometry {

/// Hydroelastic compliance type (Drake `HydroelasticType`: kUndefined, kRigid, kSoft).
/// Undefined: the geometry has no hydroelastic representation at all.
enum class Compliance {
  kUndefined,  ///< no hydroelastic representation: the pair can only be a point pair
  kRigid,      ///< rigid (Drake kRigid): infinite modulus, gradient +∞ on its side
  kCompliant   ///< compliant (Drake kSoft): a pressure field p = E·e from its modulus E
};

/// "undefined", "rigid", "compliant".
std::string_view ComplianceName(Compliance compliance);
/// Inverse of ComplianceName; unknown text throws InputError listing the choices.
Compliance ParseCompliance(std::string_view text);

/// Coulomb friction of one surface, as stored in the properties: μs ≥ μd ≥ 0 [1].
/// (contact::MakeCoulombFriction enforces the same rule for the combination laws.)
struct FrictionProperty {
  double static_friction = 0.0;   ///< μs [1]
  double dynamic_friction = 0.0;  ///< μd [1]
};

/// The proximity properties of one geometry. Every field is optional ("not written").
struct ProximityProperties {
  Compliance compliance = Compliance::kUndefined;    ///< hydroelastic compliance type
  std::optional<FrictionProperty> coulomb_friction;  ///< material/coulomb_friction
  std::optional<double> hydroelastic_modulus;        ///< E [Pa], compliant geometry only
  std::optional<double> resolution_hint;             ///< [m], tessellation of curved shapes
  std::optional<double> slab_thickness;              ///< [m], compliant HalfSpace only
  std::optional<double> margin;           ///< [m], hydroelastic margin (not point contact)
  std::optional<double> point_stiffness;  ///< k [N/m], point contact
  std::optional<double> hunt_crossley_dissipation;  ///< d [s/m]
  std::optional<double> relaxation_time;            ///< τ [s], kSap only
};

/// Checks every written field: μs ≥ μd ≥ 0 finite; E, resolution hint, slab thickness and k
/// finite and > 0; margin, d and τ finite and ≥ 0. Throws InputError naming the field
/// (prefixed with the geometry's name), its value, unit and rule.
void ValidateProximityProperties(std::string_view geometry_name,
                                 const ProximityProperties& properties);

/// The properties a hydroelastic representation of (shape, compliance) cannot be built
/// without, by name ("resolution_hint", "hydroelastic_modulus", "slab_thickness"), after
/// Drake `geometry/proximity/hydroelastic_internal.cc` (MakeRigidRepresentation /
/// MakeSoftRepresentation overloads, which extract exactly these):
///   rigid sphere, cylinder, capsule, ellipsoid: resolution_hint;
///   rigid box, half space, mesh, convex: nothing (box uses its coarsest mesh);
///   compliant sphere, cylinder, capsule, ellipsoid: resolution_hint and hydroelastic_modulus;
///   compliant box, convex, mesh: hydroelastic_modulus (compliant mesh: not confirmed in the
///   stored Drake source, see contact_model.h);
///   compliant half space: slab_thickness and hydroelastic_modulus.
/// Undefined compliance needs nothing (there is no representation to build).
std::vector<std::string> RequiredHydroelasticProperties(ShapeKind kind, Compliance compliance);

/// Throws InputError when one of RequiredHydroelasticProperties is not written, naming the
/// geometry, its shape and compliance, the missing property and its unit. Drake throws at
/// registration in the same situation.
void RequireHydroelasticProperties(std::string_view geometry_name, ShapeKind kind,
                                   const ProximityProperties& properties);

}  // namespace simatlas::geometry
