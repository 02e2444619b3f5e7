// Unit tests of E3-geometry §1.1 "看得见与碰得着": registration, ids, roles.
#include "reference/geometry/scene_geometry.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "reference/core/errors.h"

namespace simatlas::geometry {
namespace {

using core::InputError;

// Rigid proximity properties with friction, enough for any rigid shape.
ProximityProperties RigidWithFriction() {
  ProximityProperties p;
  p.compliance = Compliance::kRigid;
  p.coulomb_friction = FrictionProperty{0.5, 0.5};
  p.resolution_hint = 0.02;
  return p;
}

TEST(Roles, RoleSetHoldsAnySubset) {
  const RoleSet visual{Role::kIllustration, Role::kPerception};
  EXPECT_TRUE(visual.Has(Role::kIllustration));
  EXPECT_TRUE(visual.Has(Role::kPerception));
  EXPECT_FALSE(visual.Has(Role::kProximity));
  EXPECT_TRUE(RoleSet{}.empty());
  EXPECT_EQ(RoleName(Role::kProximity), "proximity");
}

TEST(Registration, RegisterCollisionGeometryRequiresCoulombFriction) {
  SceneGeometry scene;
  const FrameId body = scene.AddBody("ball_body");
  ProximityProperties p = RigidWithFriction();
  p.coulomb_friction.reset();
  try {
    scene.RegisterCollisionGeometry(body, "ball", MakeSphere(0.05), p);
    FAIL() << "course §1.1: RegisterCollisionGeometry requires coulomb_friction";
  } catch (const InputError& e) {
    const std::string m = e.what();
    EXPECT_NE(m.find("'ball'"), std::string::npos);
    EXPECT_NE(m.find("coulomb_friction"), std::string::npos);
  }
  // Nothing was registered by the failed call.
  EXPECT_TRUE(scene.geometries().empty());
  // SceneGraph-level registration with the proximity role does not demand friction.
  EXPECT_NO_THROW(scene.RegisterGeometry(body, "ball", MakeSphere(0.05), {Role::kProximity}, p));
}

TEST(Registration, CollisionAndVisualRolesAreDifferent) {
  SceneGeometry scene;
  const FrameId body = scene.AddBody("body");
  const GeometryId collision =
      scene.RegisterCollisionGeometry(body, "box", MakeBox(0.1, 0.1, 0.1), RigidWithFriction());
  const GeometryId visual = scene.RegisterVisualGeometry(body, "box", MakeMesh("box.obj"));
  EXPECT_EQ(scene.geometry(collision).roles, RoleSet{Role::kProximity});
  EXPECT_EQ(scene.geometry(visual).roles, (RoleSet{Role::kIllustration, Role::kPerception}));
  EXPECT_EQ(scene.GetGeometryIds(body, Role::kProximity), std::vector<GeometryId>{collision});
  EXPECT_EQ(scene.GetGeometryIds(body, Role::kIllustration), std::vector<GeometryId>{visual});
}

TEST(Registration, IdsAreIdentitiesNamesAreNot) {
  // Two bodies each with a collision geometry called "foot": two different ids.
  SceneGeometry scene;
  const FrameId left = scene.AddBody("left_leg");
  const FrameId right = scene.AddBody("right_leg");
  const GeometryId a =
      scene.RegisterCollisionGeometry(left, "foot", MakeSphere(0.02), RigidWithFriction());
  const GeometryId b =
      scene.RegisterCollisionGeometry(right, "foot", MakeSphere(0.02), RigidWithFriction());
  EXPECT_NE(a, b);
  EXPECT_EQ(scene.geometry(a).frame, left);
  EXPECT_EQ(scene.geometry(b).frame, right);
  // One body may carry several collision geometries, each with its own id.
  const GeometryId c =
      scene.RegisterCollisionGeometry(left, "heel", MakeSphere(0.02), RigidWithFriction());
  EXPECT_EQ(scene.GetGeometryIds(left, Role::kProximity), (std::vector<GeometryId>{a, c}));
  // The same name on the same frame and role is rejected.
  EXPECT_THROW(scene.RegisterCollisionGeometry(left, "foot", MakeSphere(0.02), RigidWithFriction()),
               InputError);
  // … but a visual geometry may reuse it (different role).
  EXPECT_NO_THROW(scene.RegisterVisualGeometry(left, "foot", MakeSphere(0.02)));
}

TEST(Registration, UnknownIdsAndFramesAreInputErrors) {
  SceneGeometry scene;
  EXPECT_THROW(scene.geometry(GeometryId{0}), InputError);
  EXPECT_THROW(scene.frame(FrameId{3}), InputError);
  EXPECT_THROW(scene.RegisterVisualGeometry(FrameId{7}, "x", MakeSphere(1)), InputError);
  EXPECT_THROW(scene.AddBody(""), InputError);
  scene.AddBody("a");
  EXPECT_THROW(scene.AddBody("a"), InputError);
}

TEST(Registration, CompliantGeometryNeedsItsHydroelasticProperties) {
  SceneGeometry scene;
  const FrameId body = scene.AddBody("body");
  ProximityProperties p = RigidWithFriction();
  p.compliance = Compliance::kCompliant;  // resolution hint written, modulus not
  EXPECT_THROW(scene.RegisterCollisionGeometry(body, "ball", MakeSphere(0.05), p), InputError);
  p.hydroelastic_modulus = 1e6;
  EXPECT_NO_THROW(scene.RegisterCollisionGeometry(body, "ball", MakeSphere(0.05), p));
}

TEST(Registration, GeometryMustBeRegisteredBeforeFinalize) {
  SceneGeometry scene;
  const FrameId body = scene.AddBody("body");
  scene.Finalize();
  EXPECT_TRUE(scene.is_finalized());
  EXPECT_THROW(scene.RegisterCollisionGeometry(body, "late", MakeSphere(0.1), RigidWithFriction()),
               InputError);
  EXPECT_THROW(scene.AddBody("late_body"), InputError);
  EXPECT_THROW(scene.Finalize(), InputError);
}

TEST(Registration, AnchoredComesFromTheFrame) {
  SceneGeometry scene;
  const FrameId table = scene.AddBody("table", /*welded_to_world=*/true);
  const FrameId cup = scene.AddBody("cup");
  const GeometryId ground = scene.RegisterCollisionGeometry(scene.world_frame(), "ground",
                                                            MakeHalfSpace(), RigidWithFriction());
  const GeometryId top =
      scene.RegisterCollisionGeometry(table, "top", MakeBox(1, 1, 0.05), RigidWithFriction());
  const GeometryId rim =
      scene.RegisterCollisionGeometry(cup, "rim", MakeCylinder(0.04, 0.1), RigidWithFriction());
  EXPECT_TRUE(scene.geometry(ground).anchored);
  EXPECT_TRUE(scene.geometry(top).anchored);
  EXPECT_FALSE(scene.geometry(rim).anchored);
}

}  // namespace
}  // namespace simatlas::geometry
