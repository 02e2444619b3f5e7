// E3-geometry §1.1, §2.2: validation of proximity properties and the properties each
// hydroelastic representation needs.
#include "reference/geometry/proximity_properties.h"

#include "reference/core/errors.h"

namespace simatlas::geometry {

std::string_view ComplianceName(Compliance compliance) {
  switch (compliance) {
    case Compliance::kUndefined: return "undefined";
    case Compliance::kRigid: return "rigid";
    case Compliance::kCompliant: return "compliant";
  }
  return "unknown";
}

Compliance ParseCompliance(std::string_view text) {
  for (Compliance c : {Compliance::kUndefined, Compliance::kRigid, Compliance::kCompliant}) {
    if (ComplianceName(c) == text) return c;
  }
  throw core::InputError("compliance = '" + std::string(text) +
                         "' must be one of undefined|rigid|compliant");
}

namespace {

// "<geometry>.<field>" so an error names both the geometry and the property.
std::string Key(std::string_view geometry_name, std::string_view field) {
  return std::string(geometry_name) + "." + std::string(field);
}

// Positive finite when written.
void CheckPositive(std::string_view geometry, std::string_view field,
                   const std::optional<double>& value, std::string_view unit) {
  if (value) core::RequirePositive(Key(geometry, field), *value, unit);
}

// Non-negative finite when written.
void CheckNonNegative(std::string_view geometry, std::string_view field,
                      const std::optional<double>& value, std::string_view unit) {
  if (value) core::RequireNonNegative(Key(geometry, field), *value, unit);
}

// The written value of a property by its name (only the names Required… returns).
const std::optional<double>& Field(const ProximityProperties& p, std::string_view name) {
  if (name == "resolution_hint") return p.resolution_hint;
  if (name == "slab_thickness") return p.slab_thickness;
  return p.hydroelastic_modulus;
}

// Unit of a property by its name.
std::string_view FieldUnit(std::string_view name) {
  return name == "hydroelastic_modulus" ? "Pa" : "m";
}

}  // namespace

void ValidateProximityProperties(std::string_view geometry_name, const ProximityProperties& p) {
  // Friction: each coefficient finite and ≥ 0, dynamic not above static.
  if (p.coulomb_friction) {
    const std::string s = Key(geometry_name, "mu_static");
    const std::string d = Key(geometry_name, "mu_dynamic");
    core::RequireNonNegative(s, p.coulomb_friction->static_friction, "");
    core::RequireNonNegative(d, p.coulomb_friction->dynamic_friction, "");
    if (p.coulomb_friction->dynamic_friction > p.coulomb_friction->static_friction) {
      core::ThrowInputError(d, p.coulomb_friction->dynamic_friction, "",
                            "<= " + s + " = " +
                                core::FormatNumber(p.coulomb_friction->static_friction) +
                                " (dynamic friction may not exceed static friction)");
    }
  }
  // Sizes and moduli: strictly positive.
  CheckPositive(geometry_name, "hydroelastic_modulus", p.hydroelastic_modulus, "Pa");
  CheckPositive(geometry_name, "resolution_hint", p.resolution_hint, "m");
  CheckPositive(geometry_name, "slab_thickness", p.slab_thickness, "m");
  CheckPositive(geometry_name, "point_stiffness", p.point_stiffness, "N/m");
  // Margin, dissipation and relaxation time: zero allowed.
  CheckNonNegative(geometry_name, "margin", p.margin, "m");
  CheckNonNegative(geometry_name, "hunt_crossley_dissipation", p.hunt_crossley_dissipation, "s/m");
  CheckNonNegative(geometry_name, "relaxation_time", p.relaxation_time, "s");
}

std::vector<std::string> RequiredHydroelasticProperties(ShapeKind kind, Compliance compliance) {
  // Curved primitives are tessellated, so both rigid and compliant need a resolution hint.
  const bool curved = kind == ShapeKind::kSphere || kind == ShapeKind::kCylinder ||
                      kind == ShapeKind::kCapsule || kind == ShapeKind::kEllipsoid;
  switch (compliance) {
    case Compliance::kUndefined: return {};
    case Compliance::kRigid:
      if (curved) return {"resolution_hint"};
      return {};
    case Compliance::kCompliant:
      // A compliant half space uses the dedicated finite-thickness slab field.
      if (kind == ShapeKind::kHalfSpace) return {"slab_thickness", "hydroelastic_modulus"};
      if (curved) return {"resolution_hint", "hydroelastic_modulus"};
      return {"hydroelastic_modulus"};
  }
  return {};
}

void RequireHydroelasticProperties(std::string_view geometry_name, ShapeKind kind,
                                   const ProximityProperties& properties) {
  for (const std::string& name : RequiredHydroelasticProperties(kind, properties.compliance)) {
    if (!Field(properties, name)) {
      throw core::InputError(
          Key(geometry_name, name) + " [" + std::string(FieldUnit(name)) + "] is missing: a " +
          std::string(ComplianceName(properties.compliance)) + " " + std::string(ShapeName(kind)) +
          " needs it to build its hydroelastic representation");
    }
  }
}

}  // namespace simatlas::geometry
