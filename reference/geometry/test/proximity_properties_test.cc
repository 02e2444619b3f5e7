// Unit tests of the proximity properties (E3-geometry §1.1, §2.2): validation and the
// properties each hydroelastic representation needs (Drake hydroelastic_internal.cc,
// MakeRigidRepresentation / MakeSoftRepresentation).
#include "reference/geometry/proximity_properties.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "reference/core/errors.h"

namespace simatlas::geometry {
namespace {

using core::InputError;
using Names = std::vector<std::string>;

TEST(Compliance, NamesRoundTrip) {
  for (Compliance c : {Compliance::kUndefined, Compliance::kRigid, Compliance::kCompliant}) {
    EXPECT_EQ(ParseCompliance(ComplianceName(c)), c);
  }
  EXPECT_EQ(ComplianceName(Compliance::kCompliant), "compliant");
  EXPECT_THROW(ParseCompliance("soft"), InputError);
}

TEST(ValidateProximityProperties, AcceptsAWellFormedSet) {
  ProximityProperties p;
  p.compliance = Compliance::kCompliant;
  p.coulomb_friction = FrictionProperty{0.6, 0.5};
  p.hydroelastic_modulus = 1e7;
  p.resolution_hint = 0.02;
  p.margin = 0.0;  // zero margin is allowed
  p.hunt_crossley_dissipation = 0.0;
  p.relaxation_time = 0.1;
  EXPECT_NO_THROW(ValidateProximityProperties("ball", p));
}

TEST(ValidateProximityProperties, NamesTheGeometryAndTheField) {
  ProximityProperties p;
  p.coulomb_friction = FrictionProperty{0.3, 0.5};
  try {
    ValidateProximityProperties("ball", p);
    FAIL() << "dynamic friction above static must be rejected";
  } catch (const InputError& e) {
    EXPECT_EQ(std::string(e.what()),
              "ball.mu_dynamic = 0.5 must be <= ball.mu_static = 0.3 (dynamic friction may not "
              "exceed static friction)");
  }
  ProximityProperties q;
  q.hydroelastic_modulus = 0.0;
  try {
    ValidateProximityProperties("ball", q);
    FAIL() << "E = 0 Pa must be rejected";
  } catch (const InputError& e) {
    EXPECT_EQ(std::string(e.what()), "ball.hydroelastic_modulus = 0 Pa must be > 0");
  }
  ProximityProperties r;
  r.margin = -1e-3;
  EXPECT_THROW(ValidateProximityProperties("ball", r), InputError);
  ProximityProperties s;
  s.relaxation_time = -0.1;
  EXPECT_THROW(ValidateProximityProperties("ball", s), InputError);
}

TEST(RequiredHydroelasticProperties, RigidCurvedShapesNeedOnlyAResolutionHint) {
  // hydroelastic_internal.cc: rigid Sphere/Cylinder/Capsule/Ellipsoid extract the resolution
  // hint; rigid Box (coarsest mesh), HalfSpace, Mesh, Convex extract nothing.
  for (ShapeKind k :
       {ShapeKind::kSphere, ShapeKind::kCylinder, ShapeKind::kCapsule, ShapeKind::kEllipsoid}) {
    EXPECT_EQ(RequiredHydroelasticProperties(k, Compliance::kRigid), Names{"resolution_hint"});
  }
  for (ShapeKind k :
       {ShapeKind::kBox, ShapeKind::kHalfSpace, ShapeKind::kMesh, ShapeKind::kConvex}) {
    EXPECT_TRUE(RequiredHydroelasticProperties(k, Compliance::kRigid).empty());
  }
}

TEST(RequiredHydroelasticProperties, CompliantShapesNeedAModulus) {
  EXPECT_EQ(RequiredHydroelasticProperties(ShapeKind::kSphere, Compliance::kCompliant),
            (Names{"resolution_hint", "hydroelastic_modulus"}));
  EXPECT_EQ(RequiredHydroelasticProperties(ShapeKind::kBox, Compliance::kCompliant),
            Names{"hydroelastic_modulus"});
  // AddCompliantHydroelasticPropertiesForHalfSpace(slab_thickness, modulus).
  EXPECT_EQ(RequiredHydroelasticProperties(ShapeKind::kHalfSpace, Compliance::kCompliant),
            (Names{"slab_thickness", "hydroelastic_modulus"}));
  EXPECT_EQ(RequiredHydroelasticProperties(ShapeKind::kConvex, Compliance::kCompliant),
            Names{"hydroelastic_modulus"});
  // Undefined compliance builds no representation.
  for (ShapeKind k : kAllShapeKinds) {
    EXPECT_TRUE(RequiredHydroelasticProperties(k, Compliance::kUndefined).empty());
  }
}

TEST(RequireHydroelasticProperties, MissingPropertyIsNamedWithItsUnit) {
  ProximityProperties p;
  p.compliance = Compliance::kCompliant;
  p.resolution_hint = 0.01;
  try {
    RequireHydroelasticProperties("ball", ShapeKind::kSphere, p);
    FAIL() << "a compliant sphere without a modulus has no pressure field";
  } catch (const InputError& e) {
    EXPECT_EQ(std::string(e.what()),
              "ball.hydroelastic_modulus [Pa] is missing: a compliant sphere needs it to build "
              "its hydroelastic representation");
  }
  p.hydroelastic_modulus = 1e6;
  EXPECT_NO_THROW(RequireHydroelasticProperties("ball", ShapeKind::kSphere, p));
}

}  // namespace
}  // namespace simatlas::geometry
