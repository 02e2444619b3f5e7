// Unit tests of E3-geometry §1.1 "候选对过滤先于接触求解": each inherent rule, declared exclusions,
// AllowBetween's limits, the lifetime rule, the adjacent-body filter, model vs context.
// Expected pair lists are written out by hand from the scene sketches.
#include <gtest/gtest.h>

#include <vector>

#include "reference/core/errors.h"
#include "reference/geometry/scene_geometry.h"

namespace simatlas::geometry {
namespace {

using core::InputError;
using Pairs = std::vector<GeometryPair>;

ProximityProperties Rigid() {
  ProximityProperties p;
  p.compliance = Compliance::kRigid;
  p.coulomb_friction = FrictionProperty{0.5, 0.5};
  p.resolution_hint = 0.02;
  return p;
}

ProximityProperties Compliant() {
  ProximityProperties p = Rigid();
  p.compliance = Compliance::kCompliant;
  p.hydroelastic_modulus = 1e6;
  return p;
}

// Scene sketch:
//   world  : ground (half space, anchored)
//   shelf  : board (welded to world, anchored)
//   arm    : link (free)          joint world → arm
//   hand   : palm, finger (free)  joint arm → hand
class CollisionFilterTest : public ::testing::Test {
 protected:
  void SetUp() override {
    shelf_ = scene_.AddBody("shelf", /*welded_to_world=*/true);
    arm_ = scene_.AddBody("arm");
    hand_ = scene_.AddBody("hand");
    ground_ =
        scene_.RegisterCollisionGeometry(scene_.world_frame(), "ground", MakeHalfSpace(), Rigid());
    board_ = scene_.RegisterCollisionGeometry(shelf_, "board", MakeBox(1, 0.3, 0.02), Rigid());
    link_ = scene_.RegisterCollisionGeometry(arm_, "link", MakeCapsule(0.03, 0.3), Rigid());
    palm_ = scene_.RegisterCollisionGeometry(hand_, "palm", MakeBox(0.08, 0.08, 0.02), Compliant());
    finger_ = scene_.RegisterCollisionGeometry(hand_, "finger", MakeSphere(0.01), Compliant());
    scene_.AddJoint(scene_.world_frame(), arm_);
    scene_.AddJoint(arm_, hand_);
  }

  SceneGeometry scene_;
  FrameId shelf_, arm_, hand_;
  GeometryId ground_, board_, link_, palm_, finger_;
};

TEST_F(CollisionFilterTest, InitialCandidatesFollowTheThreeInherentRules) {
  // 5 proximity geometries → 10 pairs. Removed: (ground, board) both anchored; (palm, finger)
  // same frame. Ids: ground 0, board 1, link 2, palm 3, finger 4.
  const Pairs expected = {{ground_, link_}, {ground_, palm_}, {ground_, finger_},
                          {board_, link_},  {board_, palm_},  {board_, finger_},
                          {link_, palm_},   {link_, finger_}};
  EXPECT_EQ(scene_.CandidatePairs(), expected);
}

TEST_F(CollisionFilterTest, AGeometryIsAlwaysFilteredWithItself) {
  EXPECT_TRUE(scene_.IsInherentlyExcluded(link_, link_));
  EXPECT_TRUE(scene_.CollisionFiltered(link_, link_));
  scene_.AllowBetween(GeometrySet{link_}, GeometrySet{link_});
  EXPECT_TRUE(scene_.CollisionFiltered(link_, link_));
}

TEST_F(CollisionFilterTest, TwoAnchoredGeometriesCannotBeReallowed) {
  EXPECT_TRUE(scene_.IsInherentlyExcluded(ground_, board_));
  scene_.AllowBetween(GeometrySet{ground_}, GeometrySet{board_});
  EXPECT_TRUE(scene_.CollisionFiltered(ground_, board_));
  EXPECT_FALSE(scene_.IsDeclaredExcluded(ground_, board_));
}

TEST_F(CollisionFilterTest, SameFrameIsInherentWhateverTheComplianceType) {
  // palm and finger are both *compliant* hydroelastic geometries; "rigid" in the rule means
  // rigidly affixed to the frame, so they are still inherently excluded.
  EXPECT_TRUE(scene_.IsInherentlyExcluded(palm_, finger_));
  scene_.AllowBetween(GeometrySet{hand_}, GeometrySet{hand_});
  EXPECT_TRUE(scene_.CollisionFiltered(palm_, finger_));
}

TEST_F(CollisionFilterTest, AnchoredAgainstDynamicIsACandidate) {
  EXPECT_FALSE(scene_.CollisionFiltered(ground_, link_));
  EXPECT_FALSE(scene_.CollisionFiltered(board_, finger_));
}

TEST_F(CollisionFilterTest, ExcludeBetweenThenAllowBetweenRestoresDeclaredPairs) {
  scene_.ExcludeBetween(GeometrySet{arm_}, GeometrySet{ground_, board_});
  EXPECT_TRUE(scene_.IsDeclaredExcluded(link_, ground_));
  EXPECT_TRUE(scene_.IsDeclaredExcluded(board_, link_));  // order of the pair does not matter
  EXPECT_FALSE(scene_.IsInherentlyExcluded(link_, ground_));
  scene_.AllowBetween(GeometrySet{ground_}, GeometrySet{link_});
  EXPECT_FALSE(scene_.CollisionFiltered(ground_, link_));
  EXPECT_TRUE(scene_.CollisionFiltered(board_, link_));  // not named by the allowance
}

TEST_F(CollisionFilterTest, ExcludeWithinCoversEveryPairOfTheSet) {
  scene_.ExcludeWithin(GeometrySet{ground_, link_, finger_});
  // (ground, link), (ground, finger), (link, finger) gone; 8 − 3 = 5 remain.
  const Pairs expected = {
      {ground_, palm_}, {board_, link_}, {board_, palm_}, {board_, finger_}, {link_, palm_}};
  EXPECT_EQ(scene_.CandidatePairs(), expected);
}

TEST_F(CollisionFilterTest, FrameDeclarationsDoNotReachGeometryRegisteredLater) {
  scene_.ExcludeBetween(GeometrySet{arm_}, GeometrySet{hand_});
  EXPECT_TRUE(scene_.CollisionFiltered(link_, palm_));
  // A geometry added to the hand after the declaration collides with the arm.
  const GeometryId thumb =
      scene_.RegisterCollisionGeometry(hand_, "thumb", MakeSphere(0.01), Rigid());
  EXPECT_FALSE(scene_.CollisionFiltered(link_, thumb));
  // Re-applying the declaration now covers it.
  scene_.ExcludeBetween(GeometrySet{arm_}, GeometrySet{hand_});
  EXPECT_TRUE(scene_.CollisionFiltered(link_, thumb));
}

TEST_F(CollisionFilterTest, DeclarationsCoverOnlyGeometryWithProximityAtTheTime) {
  // A geometry registered visual-only, given the proximity role after the declaration.
  const GeometryId cover = scene_.RegisterVisualGeometry(hand_, "cover", MakeBox(0.1, 0.1, 0.1));
  scene_.ExcludeBetween(GeometrySet{arm_}, GeometrySet{hand_});
  scene_.AssignProximityRole(cover, Rigid());
  EXPECT_TRUE(scene_.CollisionFiltered(link_, palm_));
  EXPECT_FALSE(scene_.CollisionFiltered(link_, cover));
}

TEST_F(CollisionFilterTest, AVisualGeometryIsNeverACandidate) {
  // A visual mesh overlapping everything still does not collide.
  const GeometryId shell = scene_.RegisterVisualGeometry(arm_, "shell", MakeMesh("arm.obj"));
  for (const GeometryPair& p : scene_.CandidatePairs()) {
    EXPECT_NE(p.first, shell);
    EXPECT_NE(p.second, shell);
  }
  EXPECT_EQ(scene_.CandidatePairs().size(), 8u);
  EXPECT_THROW(scene_.CollisionFiltered(shell, ground_), InputError);
  // Declarations naming it ignore it (it is not in G).
  EXPECT_NO_THROW(scene_.ExcludeBetween(GeometrySet{shell}, GeometrySet{ground_}));
  EXPECT_FALSE(scene_.CollisionFiltered(link_, ground_));
}

TEST_F(CollisionFilterTest, UnknownIdsInADeclarationThrow) {
  EXPECT_THROW(scene_.ExcludeBetween(GeometrySet{GeometryId{99}}, GeometrySet{ground_}),
               InputError);
  EXPECT_THROW(scene_.AllowBetween(GeometrySet{FrameId{42}}, GeometrySet{ground_}), InputError);
}

TEST_F(CollisionFilterTest, FinalizeFiltersAdjacentBodiesButNotJointsToTheWorld) {
  scene_.Finalize();
  // arm → hand: link against palm and finger excluded (declared).
  EXPECT_TRUE(scene_.IsDeclaredExcluded(link_, palm_));
  EXPECT_TRUE(scene_.IsDeclaredExcluded(link_, finger_));
  // world → arm is skipped: link still meets the ground.
  EXPECT_FALSE(scene_.CollisionFiltered(link_, ground_));
  const Pairs expected = {{ground_, link_}, {ground_, palm_}, {ground_, finger_},
                          {board_, link_},  {board_, palm_},  {board_, finger_}};
  EXPECT_EQ(scene_.CandidatePairs(), expected);
  // The adjacency filter is a declaration, so AllowBetween can lift it.
  scene_.AllowBetween(GeometrySet{link_}, GeometrySet{palm_});
  EXPECT_FALSE(scene_.CollisionFiltered(link_, palm_));
}

TEST_F(CollisionFilterTest, ModelChangesDoNotReachAnExistingContextCopy) {
  const SceneGeometry context = scene_;  // "CreateDefaultContext": a snapshot of the model
  const Pairs before = context.CandidatePairs();
  scene_.ExcludeBetween(GeometrySet{arm_}, GeometrySet{ground_});
  EXPECT_TRUE(scene_.CollisionFiltered(link_, ground_));
  EXPECT_FALSE(context.CollisionFiltered(link_, ground_));
  EXPECT_EQ(context.CandidatePairs(), before);
  // … and a change applied to the context does not reach the model either.
  SceneGeometry context2 = scene_;
  context2.AllowBetween(GeometrySet{arm_}, GeometrySet{ground_});
  EXPECT_FALSE(context2.CollisionFiltered(link_, ground_));
  EXPECT_TRUE(scene_.CollisionFiltered(link_, ground_));
}

TEST_F(CollisionFilterTest, CandidateOrderIsSortedAndIndependentOfDeclarationOrder) {
  SceneGeometry other = scene_;
  scene_.ExcludeBetween(GeometrySet{ground_}, GeometrySet{palm_});
  scene_.ExcludeBetween(GeometrySet{board_}, GeometrySet{link_});
  other.ExcludeBetween(GeometrySet{link_}, GeometrySet{board_});
  other.ExcludeBetween(GeometrySet{palm_}, GeometrySet{ground_});
  EXPECT_EQ(scene_.CandidatePairs(), other.CandidatePairs());
  const Pairs pairs = scene_.CandidatePairs();
  for (size_t i = 0; i < pairs.size(); ++i) {
    EXPECT_LT(pairs[i].first, pairs[i].second);
    if (i > 0) {
      EXPECT_LT(pairs[i - 1], pairs[i]);
    }
  }
}

}  // namespace
}  // namespace simatlas::geometry
