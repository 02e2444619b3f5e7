// Unit tests of E3-geometry §1, §2.2: the contact-model choice, the support tables and every
// branch of ChooseRepresentation. Table rows cite the Drake file they come from; the
// surface-pair cases mirror the MaybeMakeContactSurfaceTests of
// geometry/proximity/test/hydroelastic_calculator_test.cc.
#include "reference/contact/contact_model.h"

#include <gtest/gtest.h>

#include <optional>
#include <string>

#include "reference/core/errors.h"

namespace simatlas::contact {
namespace {

using core::InputError;
using geometry::Compliance;
using geometry::GeometryId;
using geometry::ShapeKind;

constexpr Compliance kRigid = Compliance::kRigid;
constexpr Compliance kCompliant = Compliance::kCompliant;
constexpr Compliance kUndefined = Compliance::kUndefined;

ContactSide Side(std::string name, int id, ShapeKind shape, Compliance compliance) {
  return {std::move(name), GeometryId{id}, shape, compliance};
}

// The message of the InputError thrown by ChooseRepresentation, or "" if none was thrown.
std::string ErrorOf(ContactModel model, const ContactSide& a, const ContactSide& b) {
  try {
    ChooseRepresentation(model, a, b);
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

bool Contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

TEST(ContactModel, DefaultIsHydroelasticWithFallbackAndNamesRoundTrip) {
  // Formula sheet E3-geometry §1 [src multibody_plant_config.h].
  EXPECT_EQ(kDefaultContactModel, ContactModel::kHydroelasticWithFallback);
  for (ContactModel m : {ContactModel::kPoint, ContactModel::kHydroelastic,
                         ContactModel::kHydroelasticWithFallback}) {
    EXPECT_EQ(ParseContactModel(ContactModelName(m)), m);
  }
  EXPECT_EQ(ContactModelName(ContactModel::kHydroelasticWithFallback),
            "hydroelastic_with_fallback");
  EXPECT_THROW(ParseContactModel("hybrid"), InputError);
  EXPECT_EQ(RepresentationName(ContactRepresentation::kPointPair), "point");
  EXPECT_EQ(RepresentationName(ContactRepresentation::kSurface), "surface");
}

TEST(PointPairSupported, EveryPairButTwoHalfSpaces) {
  // query_object.h, ComputePointPairPenetration, Table 1 (T = double): every lower-triangle
  // cell holds an error bound except HalfSpace–HalfSpace ("throwsᵃ"); Mesh rows are "ᵇ"
  // (convex hull, as Convex). penetration_as_point_pair_callback.cc ScalarSupport<double>
  // excludes exactly GEOM_HALFSPACE × GEOM_HALFSPACE.
  int unsupported = 0;
  for (ShapeKind a : geometry::kAllShapeKinds) {
    for (ShapeKind b : geometry::kAllShapeKinds) {
      EXPECT_EQ(PointPairSupported(a, b), PointPairSupported(b, a));
      if (!PointPairSupported(a, b)) ++unsupported;
    }
  }
  EXPECT_EQ(unsupported, 1);
  EXPECT_FALSE(PointPairSupported(ShapeKind::kHalfSpace, ShapeKind::kHalfSpace));
  EXPECT_TRUE(PointPairSupported(ShapeKind::kSphere, ShapeKind::kHalfSpace));
  EXPECT_TRUE(PointPairSupported(ShapeKind::kMesh, ShapeKind::kHalfSpace));
  EXPECT_TRUE(PointPairSupported(ShapeKind::kBox, ShapeKind::kBox));
}

TEST(HasHydroelasticRepresentation, RigidEveryShapeCompliantPerTheUserGuide) {
  // hydroelastic_user_guide_doxygen.h, Appendix B: all Shape types can be rigid; the
  // primitives (Box, Capsule, Cylinder, Ellipsoid, HalfSpace, Sphere) and Convex can be
  // compliant; Mesh compliant via a .vtk volume mesh (course §2.2 adds .obj → convex hull).
  for (ShapeKind k : geometry::kAllShapeKinds) {
    EXPECT_TRUE(HasHydroelasticRepresentation(k, kRigid));
    EXPECT_TRUE(HasHydroelasticRepresentation(k, kCompliant));
    // No hydroelastic type, no representation (hydroelastic_calculator.cc: kUnsupported).
    EXPECT_FALSE(HasHydroelasticRepresentation(k, kUndefined));
  }
}

TEST(ClassifySurfacePair, MirrorsMaybeMakeContactSurface) {
  // UndefinedGeometry: rigid sphere with undefined sphere → unsupported, either order.
  EXPECT_EQ(ClassifySurfacePair(ShapeKind::kSphere, kRigid, ShapeKind::kSphere, kUndefined),
            SurfaceSupport::kNoRepresentation);
  EXPECT_EQ(ClassifySurfacePair(ShapeKind::kSphere, kUndefined, ShapeKind::kSphere, kRigid),
            SurfaceSupport::kNoRepresentation);
  // BothRigid: two rigid spheres.
  EXPECT_EQ(ClassifySurfacePair(ShapeKind::kSphere, kRigid, ShapeKind::kSphere, kRigid),
            SurfaceSupport::kRigidRigid);
  // BothCompliantOneHalfSpace: compliant sphere with compliant half space.
  EXPECT_EQ(ClassifySurfacePair(ShapeKind::kSphere, kCompliant, ShapeKind::kHalfSpace, kCompliant),
            SurfaceSupport::kCompliantHalfSpaceCompliantOther);
  // BothCompliantNonHalfSpace: two compliant spheres → a surface.
  EXPECT_EQ(ClassifySurfacePair(ShapeKind::kSphere, kCompliant, ShapeKind::kSphere, kCompliant),
            SurfaceSupport::kSupported);
  // BothHalfSpace: rigid–rigid reports kRigidRigid (checked first); any compliant side gives
  // kHalfSpaceHalfSpace.
  EXPECT_EQ(ClassifySurfacePair(ShapeKind::kHalfSpace, kRigid, ShapeKind::kHalfSpace, kRigid),
            SurfaceSupport::kRigidRigid);
  EXPECT_EQ(ClassifySurfacePair(ShapeKind::kHalfSpace, kCompliant, ShapeKind::kHalfSpace, kRigid),
            SurfaceSupport::kHalfSpaceHalfSpace);
  EXPECT_EQ(
      ClassifySurfacePair(ShapeKind::kHalfSpace, kCompliant, ShapeKind::kHalfSpace, kCompliant),
      SurfaceSupport::kHalfSpaceHalfSpace);
  // HandleSoftMeshRigidHalfspace: compliant sphere on a rigid half space → a surface.
  EXPECT_EQ(ClassifySurfacePair(ShapeKind::kSphere, kCompliant, ShapeKind::kHalfSpace, kRigid),
            SurfaceSupport::kSupported);
  // Soft half space with a rigid mesh (CalcRigidCompliant's first branch) → a surface.
  EXPECT_EQ(ClassifySurfacePair(ShapeKind::kHalfSpace, kCompliant, ShapeKind::kMesh, kRigid),
            SurfaceSupport::kSupported);
}

TEST(ClassifySurfacePair, IsSymmetricInTheTwoSides) {
  for (ShapeKind sa : geometry::kAllShapeKinds) {
    for (ShapeKind sb : geometry::kAllShapeKinds) {
      for (Compliance ca : {kUndefined, kRigid, kCompliant}) {
        for (Compliance cb : {kUndefined, kRigid, kCompliant}) {
          EXPECT_EQ(ClassifySurfacePair(sa, ca, sb, cb), ClassifySurfacePair(sb, cb, sa, ca));
        }
      }
    }
  }
}

TEST(ChooseRepresentation, PointModeUsesThePointTable) {
  const auto ball = Side("ball", 3, ShapeKind::kSphere, kCompliant);
  const auto ground = Side("ground", 0, ShapeKind::kHalfSpace, kRigid);
  EXPECT_EQ(ChooseRepresentation(ContactModel::kPoint, ball, ground),
            ContactRepresentation::kPointPair);
  // Compliance does not matter in point mode: rigid–rigid is a point pair.
  const auto rigid_ball = Side("ball", 3, ShapeKind::kSphere, kRigid);
  EXPECT_EQ(ChooseRepresentation(ContactModel::kPoint, rigid_ball, ground),
            ContactRepresentation::kPointPair);
  // Two half spaces: the point table says no.
  const auto wall = Side("wall", 5, ShapeKind::kHalfSpace, kRigid);
  const std::string m = ErrorOf(ContactModel::kPoint, ground, wall);
  EXPECT_TRUE(Contains(m, "contact model point"));
  EXPECT_TRUE(Contains(m, "'ground' (id 0, rigid half_space)"));
  EXPECT_TRUE(Contains(m, "'wall' (id 5, rigid half_space)"));
  EXPECT_TRUE(Contains(m, "half_space–half_space"));
}

TEST(ChooseRepresentation, StrictHydroGivesASurfaceWhenOneSideIsCompliant) {
  // Course §5 contact_inspection.py: compliant sphere over a rigid half space.
  const auto ball = Side("ball", 1, ShapeKind::kSphere, kCompliant);
  const auto ground = Side("ground", 0, ShapeKind::kHalfSpace, kRigid);
  EXPECT_EQ(ChooseRepresentation(ContactModel::kHydroelastic, ball, ground),
            ContactRepresentation::kSurface);
  EXPECT_EQ(ChooseRepresentation(ContactModel::kHydroelastic, ground, ball),
            ContactRepresentation::kSurface);
  const auto other = Side("other", 2, ShapeKind::kBox, kCompliant);
  EXPECT_EQ(ChooseRepresentation(ContactModel::kHydroelastic, ball, other),
            ContactRepresentation::kSurface);
}

TEST(ChooseRepresentation, StrictHydroRigidRigidThrowsNamingThePairAndTheRule) {
  // Course §5 exercise 3: in strict mode a rigid–rigid pair throws, it does not become point.
  const auto box = Side("box", 4, ShapeKind::kBox, kRigid);
  const auto ground = Side("ground", 0, ShapeKind::kHalfSpace, kRigid);
  const std::string m = ErrorOf(ContactModel::kHydroelastic, box, ground);
  EXPECT_EQ(m,
            "contact model hydroelastic cannot handle the pair 'box' (id 4, rigid box) and "
            "'ground' (id 0, rigid half_space): both sides are rigid; a contact surface needs at "
            "least one compliant side; strict hydroelastic does not fall back to a point pair — "
            "use hydroelastic_with_fallback or filter the pair (E3-geometry §2.2)");
}

TEST(ChooseRepresentation, StrictHydroOtherUnsupportedPairsThrow) {
  const auto undefined = Side("probe", 7, ShapeKind::kCapsule, kUndefined);
  const auto ball = Side("ball", 1, ShapeKind::kSphere, kCompliant);
  EXPECT_TRUE(Contains(ErrorOf(ContactModel::kHydroelastic, undefined, ball),
                       "no hydroelastic representation"));
  const auto soft_floor = Side("floor", 0, ShapeKind::kHalfSpace, kCompliant);
  EXPECT_TRUE(Contains(ErrorOf(ContactModel::kHydroelastic, ball, soft_floor),
                       "compliant half space cannot meet another compliant geometry"));
  const auto wall = Side("wall", 5, ShapeKind::kHalfSpace, kRigid);
  EXPECT_TRUE(Contains(ErrorOf(ContactModel::kHydroelastic, soft_floor, wall),
                       "two half spaces have no contact surface"));
}

TEST(ChooseRepresentation, FallbackTriesSurfaceThenPoint) {
  const auto ball = Side("ball", 1, ShapeKind::kSphere, kCompliant);
  const auto ground = Side("ground", 0, ShapeKind::kHalfSpace, kRigid);
  const auto box = Side("box", 4, ShapeKind::kBox, kRigid);
  const auto probe = Side("probe", 7, ShapeKind::kCapsule, kUndefined);
  const auto soft_floor = Side("floor", 8, ShapeKind::kHalfSpace, kCompliant);
  constexpr ContactModel kFallback = ContactModel::kHydroelasticWithFallback;
  // Surface supported → surface.
  EXPECT_EQ(ChooseRepresentation(kFallback, ball, ground), ContactRepresentation::kSurface);
  // Each failed-surface reason falls back to a point pair when the point table allows.
  EXPECT_EQ(ChooseRepresentation(kFallback, box, ground), ContactRepresentation::kPointPair);
  EXPECT_EQ(ChooseRepresentation(kFallback, probe, ball), ContactRepresentation::kPointPair);
  EXPECT_EQ(ChooseRepresentation(kFallback, ball, soft_floor), ContactRepresentation::kPointPair);
  // One scene, both kinds: ball–ground is a surface while box–ground is a point pair (above).
}

TEST(ChooseRepresentation, FallbackThrowsWhenNeitherIsSupported) {
  // Two half spaces (e.g. a dynamic one, so the pair is not anchored–anchored): no surface
  // and no point pair.
  const auto soft_floor = Side("floor", 8, ShapeKind::kHalfSpace, kCompliant);
  const auto wall = Side("wall", 5, ShapeKind::kHalfSpace, kRigid);
  const std::string m = ErrorOf(ContactModel::kHydroelasticWithFallback, soft_floor, wall);
  EXPECT_EQ(m,
            "contact model hydroelastic_with_fallback cannot handle the pair 'floor' (id 8, "
            "compliant half_space) and 'wall' (id 5, rigid half_space): no contact surface (two "
            "half spaces have no contact surface) and no point pair either (half_space–half_space "
            "has no penetration depth) (E3-geometry §2.2: fallback is not \"every shape "
            "works\")");
  // Rigid–rigid half spaces: the surface reason is rigid–rigid, and still no point pair.
  const auto wall2 = Side("wall2", 6, ShapeKind::kHalfSpace, kRigid);
  EXPECT_TRUE(Contains(ErrorOf(ContactModel::kHydroelasticWithFallback, wall, wall2),
                       "both sides are rigid"));
}

TEST(ChooseRepresentation, ReadsSidesFromRegisteredGeometry) {
  geometry::SceneGeometry scene;
  const auto body = scene.AddBody("ball_body");
  geometry::ProximityProperties soft;
  soft.compliance = kCompliant;
  soft.coulomb_friction = geometry::FrictionProperty{0.5, 0.5};
  soft.resolution_hint = 0.01;
  soft.hydroelastic_modulus = 1e6;
  geometry::ProximityProperties rigid;
  rigid.compliance = kRigid;
  rigid.coulomb_friction = geometry::FrictionProperty{0.5, 0.5};
  const GeometryId ground = scene.RegisterCollisionGeometry(scene.world_frame(), "ground",
                                                            geometry::MakeHalfSpace(), rigid);
  const GeometryId ball =
      scene.RegisterCollisionGeometry(body, "ball", geometry::MakeSphere(0.05), soft);
  EXPECT_EQ(ChooseRepresentation(ContactModel::kHydroelastic, scene.geometry(ball),
                                 scene.geometry(ground)),
            ContactRepresentation::kSurface);
  const ContactSide side = SideOf(scene.geometry(ball));
  EXPECT_EQ(side.name, "ball");
  EXPECT_EQ(side.id, ball);
  EXPECT_EQ(side.shape, ShapeKind::kSphere);
  EXPECT_EQ(side.compliance, kCompliant);
}

// The representation under model, or nullopt when ChooseRepresentation throws.
std::optional<ContactRepresentation> Outcome(ContactModel model, const ContactSide& a,
                                             const ContactSide& b) {
  try {
    return ChooseRepresentation(model, a, b);
  } catch (const InputError&) {
    return std::nullopt;
  }
}

TEST(ChooseRepresentation, ModesAreConsistentOverEveryShapeAndCompliance) {
  // Exhaustive over 8 shapes × 3 compliance types per side (576 ordered pairs): the three
  // modes relate as the course states them, whatever the individual table entries are.
  constexpr auto kStrict = ContactModel::kHydroelastic;
  constexpr auto kFallback = ContactModel::kHydroelasticWithFallback;
  for (ShapeKind sa : geometry::kAllShapeKinds) {
    for (ShapeKind sb : geometry::kAllShapeKinds) {
      for (Compliance ca : {kUndefined, kRigid, kCompliant}) {
        for (Compliance cb : {kUndefined, kRigid, kCompliant}) {
          const auto a = Side("a", 1, sa, ca);
          const auto b = Side("b", 2, sb, cb);
          for (ContactModel m : {ContactModel::kPoint, kStrict, kFallback}) {
            // Symmetric in (A, B).
            EXPECT_EQ(Outcome(m, a, b), Outcome(m, b, a));
          }
          // Point mode: a point pair exactly when the point table allows.
          EXPECT_EQ(Outcome(ContactModel::kPoint, a, b).has_value(), PointPairSupported(sa, sb));
          // Strict never yields a point pair, and a rigid–rigid pair always throws.
          EXPECT_NE(Outcome(kStrict, a, b), ContactRepresentation::kPointPair);
          if (ca == kRigid && cb == kRigid) {
            EXPECT_FALSE(Outcome(kStrict, a, b).has_value());
          }
          // Fallback = strict's surface, else the point table's answer.
          if (Outcome(kStrict, a, b).has_value()) {
            EXPECT_EQ(Outcome(kFallback, a, b), ContactRepresentation::kSurface);
          } else if (PointPairSupported(sa, sb)) {
            EXPECT_EQ(Outcome(kFallback, a, b), ContactRepresentation::kPointPair);
          } else {
            EXPECT_FALSE(Outcome(kFallback, a, b).has_value());
          }
        }
      }
    }
  }
}

// Scene sketch: rigid ground (world), compliant ball and rigid box on free bodies.
class SceneRepresentationsTest : public ::testing::Test {
 protected:
  void SetUp() override {
    geometry::ProximityProperties rigid;
    rigid.compliance = kRigid;
    rigid.coulomb_friction = geometry::FrictionProperty{0.5, 0.5};
    geometry::ProximityProperties soft = rigid;
    soft.compliance = kCompliant;
    soft.resolution_hint = 0.01;
    soft.hydroelastic_modulus = 1e6;
    ground_ = scene_.RegisterCollisionGeometry(scene_.world_frame(), "ground",
                                               geometry::MakeHalfSpace(), rigid);
    ball_ = scene_.RegisterCollisionGeometry(scene_.AddBody("ball_body"), "ball",
                                             geometry::MakeSphere(0.05), soft);
    box_ = scene_.RegisterCollisionGeometry(scene_.AddBody("box_body"), "box",
                                            geometry::MakeBox(0.1, 0.1, 0.1), rigid);
  }
  geometry::SceneGeometry scene_;
  GeometryId ground_, ball_, box_;
};

TEST_F(SceneRepresentationsTest, FallbackMixesSurfacesAndPointPairsInOneScene) {
  // Candidates (ids ground 0, ball 1, box 2): (0,1) surface, (0,2) rigid–rigid → point,
  // (1,2) compliant–rigid → surface.
  const auto reps = ChooseRepresentations(ContactModel::kHydroelasticWithFallback, scene_);
  ASSERT_EQ(reps.size(), 3u);
  EXPECT_EQ(reps[0].pair, (geometry::GeometryPair{ground_, ball_}));
  EXPECT_EQ(reps[0].representation, ContactRepresentation::kSurface);
  EXPECT_EQ(reps[1].pair, (geometry::GeometryPair{ground_, box_}));
  EXPECT_EQ(reps[1].representation, ContactRepresentation::kPointPair);
  EXPECT_EQ(reps[2].representation, ContactRepresentation::kSurface);
}

TEST_F(SceneRepresentationsTest, StrictThrowsOnlyForAnUnfilteredRigidRigidPair) {
  try {
    ChooseRepresentations(ContactModel::kHydroelastic, scene_);
    FAIL() << "box–ground is rigid–rigid and unfiltered";
  } catch (const InputError& e) {
    EXPECT_TRUE(
        Contains(e.what(), "'ground' (id 0, rigid half_space) and 'box' (id 2, rigid box)"));
  }
  // Filter the pair: strict mode now has only surfaces to compute.
  scene_.ExcludeBetween(geometry::GeometrySet{box_}, geometry::GeometrySet{ground_});
  const auto reps = ChooseRepresentations(ContactModel::kHydroelastic, scene_);
  ASSERT_EQ(reps.size(), 2u);
  for (const auto& r : reps) EXPECT_EQ(r.representation, ContactRepresentation::kSurface);
}

}  // namespace
}  // namespace simatlas::contact
