// Unit tests of the contact stage (E3-SAP §2.2, §4.1, §5): half-space queries against hand
// geometry, and the physical checks with hand-derived expectations:
//   sphere at rest: k x = m g  ⇒  x = m g / k                    (1% tolerance)
//   box sliding under Coulomb friction: a = −μ g  ⇒  d = v0²/(2 μ g), t_stop = v0/(μ g)
//   pizza saver: friction holds at most Σ μ fn R = μ m g R; above it I_zz ω̇ = τ − μ m g R.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>

#include "reference/contact/point_contact.h"
#include "reference/core/errors.h"
#include "reference/sap/sap_solver.h"
#include "reference/scenes/contact_step.h"
#include "reference/scenes/halfspace_queries.h"
#include "reference/scenes/scene.h"
#include "reference/scenes/step_driver.h"
#include "reference/scenes/test/scene_run.h"

namespace simatlas::scenes {
namespace {

using core::Vector3;

using testing::RunScene;
using testing::SceneRun;
using testing::Summary;

TEST(HalfSpaceQueries, SphereDepthWitnessesAndNormal) {
  // Centre at z = 0.09, r = 0.1: x = 0.01, deepest point (1, 2, −0.01), plane point (1, 2, 0).
  const auto pairs = SphereHalfSpacePenetration(Vector3(1, 2, 0.09), 0.1, 7);
  ASSERT_EQ(pairs.size(), 1u);
  EXPECT_NEAR(pairs[0].depth, 0.01, 1e-15);
  EXPECT_TRUE(pairs[0].p_WCb.isApprox(Vector3(1, 2, -0.01)));
  EXPECT_TRUE(pairs[0].p_WCa.isApprox(Vector3(1, 2, 0)));
  EXPECT_EQ(pairs[0].nhat_BA_W, Vector3(0, 0, -1));
  EXPECT_EQ(pairs[0].id_B, 7);
  EXPECT_NO_THROW(contact::ValidatePenetrationAsPointPair(pairs[0]));
  // Just above the plane: no pair.
  EXPECT_TRUE(SphereHalfSpacePenetration(Vector3(0, 0, 0.1001), 0.1, 1).empty());
  EXPECT_THROW(SphereHalfSpacePenetration(Vector3::Zero(), -0.1, 1), core::InputError);
}

TEST(HalfSpaceQueries, BoxReportsEachVertexBelowThePlane) {
  // A 0.2 m cube with its centre at z = 0.099: the four bottom vertices are 1 mm deep.
  multibody::RigidTransform X;
  X.p = Vector3(0, 0, 0.099);
  const auto flat = BoxHalfSpacePenetration(X, Vector3::Constant(0.2), 1);
  ASSERT_EQ(flat.size(), 4u);
  for (const auto& p : flat) EXPECT_NEAR(p.depth, 0.001, 1e-12);
  // Rotated 45° about x: the lowest edge is 0.1·√2 below the centre; at z = 0.14 the two
  // vertices of that edge are 0.1√2 − 0.14 = 0.0014214 deep, the rest are above.
  X.R = Eigen::AngleAxisd(M_PI / 4, Vector3::UnitX()).toRotationMatrix();
  X.p = Vector3(0, 0, 0.14);
  const auto edge = BoxHalfSpacePenetration(X, Vector3::Constant(0.2), 1);
  ASSERT_EQ(edge.size(), 2u);
  for (const auto& p : edge) EXPECT_NEAR(p.depth, 0.1 * std::sqrt(2.0) - 0.14, 1e-12);
}

TEST(HalfSpaceQueries, CapsuleUsesItsLowerEnd) {
  // Axis tilted 30° from vertical, length 1, radius 0.05, centre at z = 0.4: the lower end
  // centre is at 0.4 − 0.5 cos 30° = −0.0330127, so x = 0.05 + 0.0330127 = 0.0830127.
  multibody::RigidTransform X;
  X.R = Eigen::AngleAxisd(M_PI / 6, Vector3::UnitY()).toRotationMatrix();
  X.p = Vector3(0, 0, 0.4);
  const auto pairs = CapsuleHalfSpacePenetration(X, 1.0, 0.05, 3);
  ASSERT_EQ(pairs.size(), 1u);
  EXPECT_NEAR(pairs[0].depth, 0.05 + 0.5 * std::cos(M_PI / 6) - 0.4, 1e-12);
  EXPECT_NEAR(pairs[0].p_WCb.x(), -0.5 * std::sin(M_PI / 6), 1e-12);
}

TEST(HalfSpaceQueries, HalfSpaceOnAMovedFrame) {
  // H rotated +90° about x (z_H = (0, −1, 0)) with origin (0, 0.5, 0): the half-space is
  // y ≥ 0.5. A sphere of radius 0.1 at (0, 0.45, 0) has its centre 0.05 above H's plane along
  // z_H, so x = 0.05, the normal from B toward A is −z_H = (0, 1, 0) and B's deepest point is
  // the centre + 0.1 (0, 1, 0) = (0, 0.55, 0).
  multibody::RigidTransform X_WH;
  X_WH.R = Eigen::AngleAxisd(M_PI / 2, Vector3::UnitX()).toRotationMatrix();
  X_WH.p = Vector3(0, 0.5, 0);
  multibody::RigidTransform X_WB;
  X_WB.p = Vector3(0, 0.45, 0);
  ContactGeometry g;
  g.radius = 0.1;
  const auto pairs = HalfSpacePenetration(g, X_WB, X_WH, 1);
  ASSERT_EQ(pairs.size(), 1u);
  EXPECT_NEAR(pairs[0].depth, 0.05, 1e-12);
  EXPECT_TRUE(pairs[0].nhat_BA_W.isApprox(Vector3(0, 1, 0), 1e-12));
  EXPECT_TRUE(pairs[0].p_WCb.isApprox(Vector3(0, 0.55, 0), 1e-12));
  EXPECT_NO_THROW(contact::ValidatePenetrationAsPointPair(pairs[0]));
}

TEST(SphereOnGround, SettlesAtMgOverK) {
  // m = 2 kg, k = 1e4 N/m: x = 2·9.81/1e4 = 1.962e-3 m; the normal force is m g = 19.62 N.
  for (const std::string approximation : {"lagged", "similar", "sap"}) {
    const SceneRun run = RunScene(
        "sphere_on_ground",
        {"mass=2", "stiffness=1e4", "dt=1e-3", "steps=3000", "approximation=" + approximation});
    EXPECT_NEAR(*Summary("sphere_on_ground", run, "penetration"), 1.962e-3, 0.01 * 1.962e-3)
        << approximation;
    EXPECT_NEAR(run.trajectory.contact_force.back(), 19.62, 0.01 * 19.62) << approximation;
    // One contact; the ground pushes the sphere up (force on B along +z), it is at rest.
    const auto& contacts = run.trajectory.contacts.back();
    ASSERT_EQ(contacts.size(), 1u);
    EXPECT_NEAR(contacts[0].f_Bc_W.z(), contacts[0].fn, 1e-9 * contacts[0].fn);
    EXPECT_LT(std::abs(contacts[0].separation_speed), 1e-4);
    // The impact needs Newton iterations; at rest the warm start v₀ is already optimal (§4.1).
    int most = 0;
    for (int n : run.trajectory.solver_iterations) most = std::max(most, n);
    EXPECT_GT(most, 0) << approximation;
  }
}

TEST(SphereOnGround, FallsFreelyUntilTouching) {
  // Dropped from 0.2 m above contact: no contact for the first steps; after n steps of the §5
  // update z = z0 − g h² n(n+1)/2 exactly and the contact force is 0.
  const SceneRun run = RunScene("sphere_on_ground", {"z0=0.3", "dt=1e-3", "steps=10"});
  EXPECT_NEAR(run.trajectory.q.back()(6), 0.3 - 9.81 * 1e-6 * 55, 1e-12);
  for (double f : run.trajectory.contact_force) EXPECT_EQ(f, 0.0);
}

TEST(BoxSlide, LaggedStopsAfterV0SquaredOver2MuG) {
  // v0 = 1 m/s, μ = 0.5: d = 1/(2·0.5·9.81) = 0.101937 m, t_stop = 1/(0.5·9.81) = 0.203874 s
  // (the 1e-3 m/s stop threshold is reached 0.0002 s earlier).
  const SceneRun run = RunScene("box_slide", {"v0=1", "mu=0.5", "dt=1e-4", "steps=3000"});
  EXPECT_NEAR(*Summary("box_slide", run, "distance"), 0.101937, 0.02 * 0.101937);
  const std::optional<double> stop = Summary("box_slide", run, "stop_time");
  ASSERT_TRUE(stop.has_value());
  EXPECT_NEAR(*stop, 0.203874, 0.02 * 0.203874);
}

TEST(BoxSlide, StillSlidingGivesNullStopTime) {
  // After 0.05 s the box still moves at 1 − 0.5·9.81·0.05 = 0.755 m/s.
  const SceneRun run = RunScene("box_slide", {"dt=1e-3", "steps=50"});
  EXPECT_FALSE(Summary("box_slide", run, "stop_time").has_value());
  EXPECT_NEAR(run.trajectory.v.back()(3), 0.75475, 0.02);
}

TEST(PizzaSaver, SticksBelowMuMgRAndSlidesAbove) {
  // μ m g R = 0.5·3·9.81·1.5 = 22.0725 N·m; I_zz = m R² = 6.75 kg·m².
  const double slip_torque = 22.0725;
  const SceneRun stick = RunScene("pizza_saver", {"torque=" + std::to_string(0.5 * slip_torque),
                                                  "mu=0.5", "dt=1e-3", "steps=500"});
  EXPECT_LT(std::abs(*Summary("pizza_saver", stick, "omega")), 1e-3);
  // τ = 2 μ m g R: ω(0.5 s) = (44.145 − 22.0725)/6.75 · 0.5 = 1.634999 rad/s.
  const SceneRun slide = RunScene("pizza_saver", {"torque=" + std::to_string(2 * slip_torque),
                                                  "mu=0.5", "dt=1e-3", "steps=500"});
  EXPECT_NEAR(*Summary("pizza_saver", slide, "omega"), 1.634999, 0.03 * 1.634999);
}

TEST(BoxStack, RestsAtTheHandDepthsAfterADisturbance) {
  // m = 1 kg, k = 1e5 N/m: x_ground = 2 m g/(4k) = 4.905e-5 m, x_interface = m g/(4k) =
  // 2.4525e-5 m. Started 1 mm above those depths (lower box lifted 1 mm, upper box 2 mm), the
  // stack falls, bounces and settles there.
  const SceneDefinition& def = FindScene("box_stack");
  SceneRun run{ParseSceneArguments(def, {"dt=1e-3", "steps=3000"}), {}, {}};
  run.scene = def.build(run.arguments);
  run.scene.q0(6) += 1e-3;
  run.scene.q0(13) += 2e-3;
  run.trajectory = Simulate(run.scene, ReadDriverOptions(run.arguments));
  EXPECT_NEAR(*Summary("box_stack", run, "ground_penetration"), 4.905e-5, 0.01 * 4.905e-5);
  EXPECT_NEAR(*Summary("box_stack", run, "interface_penetration"), 2.4525e-5, 0.01 * 2.4525e-5);
  // Total normal force: 4 ground contacts carry 2 m g, 4 interface contacts m g: 3 m g = 29.43 N.
  EXPECT_NEAR(run.trajectory.contact_force.back(), 29.43, 0.01 * 29.43);
  // Four contacts on the ground (A = world) and four between the boxes (A = the lower box, 1).
  int on_lower_box = 0;
  for (const ContactResult& c : run.trajectory.contacts.back())
    on_lower_box += c.halfspace_body == 1;
  EXPECT_EQ(run.trajectory.contacts.back().size(), 8u);
  EXPECT_EQ(on_lower_box, 4);
}

TEST(MakeSapContactProblem, OneCliquePerCubeGivesTheOneCliqueAnswer) {
  // The box stack at its hand rest depths (4.905e-5 m at the ground, 2.4525e-5 m between the
  // boxes, previous test; the scene's q₀) with both cubes sliding apart: 8 contacts, 4 on the world and the
  // lower cube, 4 between the cubes. Per tree, SAP sees two cliques of 6: the ground contacts on
  // the lower cube's clique alone, the interface contacts on both. The same step with one clique
  // holding both cubes (A block diagonal, J = [J_lower J_upper]) is the same convex problem, so
  // its Newton iterates and answer agree to round-off; dropping either cube's block of an
  // interface contact would change the answer by the interface impulse (≈ m g h = 1e-2 N·s).
  const SceneDefinition& def = FindScene("box_stack");
  const Scene scene = def.build(ParseSceneArguments(def, {"dt=1e-3"}));
  const core::VectorX& q = scene.q0;  // the scene starts at the rest depths
  core::VectorX v = core::VectorX::Zero(12);
  v(3) = -0.2;  // lower cube slides −x, upper +x [m/s]
  v(9) = 0.2;
  const std::vector<AssembledPair> pairs = AssembleContactPairs(scene, q);
  ASSERT_EQ(pairs.size(), 8u);
  const sap::SapProblem per_tree = MakeSapContactProblem(scene, q, v, 1e-3, "sap", 0.5, pairs);
  ASSERT_EQ(per_tree.cliques.size(), 2u);
  EXPECT_EQ(per_tree.cliques[0].A.rows(), 6);
  int on_both = 0;
  for (const sap::ConstraintSpec& c : per_tree.constraints) on_both += c.cliques.size() == 2;
  EXPECT_EQ(on_both, 4);

  sap::SapProblem one = per_tree;
  one.cliques = {{core::MatrixX::Zero(12, 12), sap::FullVStar(per_tree)}};
  one.cliques[0].A.topLeftCorner(6, 6) = per_tree.cliques[0].A;
  one.cliques[0].A.bottomRightCorner(6, 6) = per_tree.cliques[1].A;
  for (sap::ConstraintSpec& c : one.constraints) {
    core::MatrixX J = core::MatrixX::Zero(3, 12);
    for (std::size_t k = 0; k < c.cliques.size(); ++k) J.middleCols(6 * c.cliques[k], 6) = c.J[k];
    c.cliques = {0};
    c.J = {J};
  }
  const sap::SapSolverResult a = sap::SolveSapProblem(per_tree, {});
  const sap::SapSolverResult b = sap::SolveSapProblem(one, {});
  ASSERT_TRUE(a.success && b.success);
  EXPECT_EQ(a.iterations, b.iterations);
  EXPECT_LT((a.v - b.v).norm(), 1e-12 * b.v.norm());
  for (std::size_t i = 0; i < a.gamma.size(); ++i) {
    EXPECT_LT((a.gamma[i] - b.gamma[i]).norm(), 1e-12 + 1e-10 * b.gamma[i].norm())
        << "contact " << i;
  }
}

TEST(ContactScenes, BadMaterialIsRejected) {
  const SceneDefinition& def = FindScene("sphere_on_ground");
  EXPECT_THROW(def.build(ParseSceneArguments(def, {"stiffness=0"})), core::InputError);
  EXPECT_THROW(def.build(ParseSceneArguments(def, {"dissipation=-1"})), core::InputError);
  EXPECT_THROW(ParseSceneArguments(def, {"torque=1"}), core::InputError);
}

}  // namespace
}  // namespace simatlas::scenes
