// Unit tests of the continuous hydroelastic traction (E3-geometry §2.2, formula sheet (2.3),
// (2.4), §0.4) and the discrete per-face constraints (E3-SAP §2.2, (2.3)). Every expected number
// is derived by hand in the comments.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <numbers>

#include "reference/contact/hydroelastic_discrete.h"
#include "reference/contact/hydroelastic_traction.h"
#include "reference/core/errors.h"
#include "reference/geometry/contact_surface.h"
#include "reference/geometry/volume_mesh.h"

namespace simatlas::contact {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kPi = std::numbers::pi;
using core::InputError;
using core::Vector3;

// Cube of side 2 (E = 1e5 Pa) whose centre is at z = 0.75: it sinks δ = 0.25 m into the rigid
// ground z ≤ 0. Its elastic force is 77083.33 N (derivation in
// reference/geometry/test/hydro_surface_test.cc: F = 4E[δ(1−δ)² + δ² − ⅔δ³]).
geometry::ContactSurface CubeOnGround() {
  const auto cube = geometry::TransformVolumeMesh(geometry::MakeBoxVolumeMesh(Vector3(2, 2, 2)),
                                                  core::Matrix3::Identity(), Vector3(0, 0, 0.75));
  return geometry::ComputeContactSurface(geometry::MakePressureField(cube, 1e5),
                                         geometry::HalfSpacePlane{});
}
constexpr double kCubeElasticForce = 4e5 * (0.25 * 0.5625 + 0.0625 - 2.0 / 3.0 * 0.015625);

TEST(DiscreteFace, RigidSideLeavesTheCompliantGradient) {
  // a = 2e-4 m², p0 = 5e4 Pa, gM = 1e6 Pa/m, gN = ∞: g = 1e6, fe0 = 2e-4·5e4 = 10 N,
  // k = 2e-4·1e6 = 200 N/m, φ0 = −5e4/1e6 = −0.05 m; and −k φ0 = 200·0.05 = 10 = fe0.
  const DiscreteFace face = MakeDiscreteFace(2e-4, 5e4, 1e6, kInf);
  EXPECT_FALSE(face.skipped());
  EXPECT_DOUBLE_EQ(face.g, 1e6);
  EXPECT_DOUBLE_EQ(face.fe0, 10.0);
  EXPECT_DOUBLE_EQ(face.k, 200.0);
  EXPECT_DOUBLE_EQ(face.phi0, -0.05);
  // Swapped sides: the same face.
  EXPECT_DOUBLE_EQ(MakeDiscreteFace(2e-4, 5e4, kInf, 1e6).k, 200.0);
}

TEST(DiscreteFace, TwoCompliantSidesInSeries) {
  // gM = 1e6, gN = 3e6: g = 1/(1e-6 + 3.333e-7) = 1/1.3333e-6 = 7.5e5 Pa/m; equal sides halve.
  EXPECT_NEAR(MakeDiscreteFace(1e-3, 1e3, 1e6, 3e6).g, 7.5e5, 1e-6);
  EXPECT_NEAR(MakeDiscreteFace(1e-3, 1e3, 2e6, 2e6).g, 1e6, 1e-6);
}

TEST(DiscreteFace, SkipThresholds) {
  // Area at the threshold 1e-14 m² is skipped; just above is kept.
  EXPECT_EQ(MakeDiscreteFace(1e-14, 1e3, 1e6, kInf).skip, FaceSkip::kArea);
  EXPECT_EQ(MakeDiscreteFace(1.1e-14, 1e3, 1e6, kInf).skip, FaceSkip::kNone);
  // Gradient below kGradientEpsilon = 1e-14 Pa/m (or negative) on either side is skipped.
  EXPECT_EQ(MakeDiscreteFace(1e-4, 1e3, 0.5e-14, kInf).skip, FaceSkip::kGradient);
  EXPECT_EQ(MakeDiscreteFace(1e-4, 1e3, 1e6, -2.0).skip, FaceSkip::kGradient);
  EXPECT_EQ(MakeDiscreteFace(1e-4, 1e3, 1e-14, kInf).skip, FaceSkip::kNone);
  const DiscreteFace skipped = MakeDiscreteFace(1e-4, 1e3, 0.0, kInf);
  EXPECT_EQ(skipped.fe0, 0.0);
  EXPECT_EQ(skipped.k, 0.0);
  EXPECT_EQ(FaceSkipName(skipped.skip), "gradient");
}

TEST(DiscreteFace, BadInputsAreNamed) {
  EXPECT_THROW(MakeDiscreteFace(1e-4, 1e3, kInf, kInf), InputError);
  EXPECT_THROW(MakeDiscreteFace(-1e-4, 1e3, 1e6, kInf), InputError);
  EXPECT_THROW(MakeDiscreteFace(1e-4, -1.0, 1e6, kInf), InputError);
  EXPECT_THROW(MakeDiscreteFace(1e-4, 1e3, std::nan(""), kInf), InputError);
  try {
    MakeDiscreteFace(1e-4, 1e3, 1e6, -kInf);
    FAIL();
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("gN = -inf Pa/m"), std::string::npos) << e.what();
  }
}

TEST(DiscreteFace, CubeFacesGiveTheDepthAsPhi0) {
  // Bottom-region faces of the cube: p0 = Eδ = 25000 Pa, gM = E/1 m = 1e5 Pa/m, gN = ∞, so
  // φ0 = −p0/g = −0.25 m = −δ, and k = a·1e5. Side-region faces have ∇p horizontal (gM = 0) and
  // are skipped, so fewer constraints than faces. Frame: Cz = −face normal = −z (A into B).
  const geometry::ContactSurface surface = CubeOnGround();
  const auto constraints = MakeDiscreteFaceConstraints(surface);
  ASSERT_FALSE(constraints.empty());
  EXPECT_LT(constraints.size(), surface.faces.size());
  for (const DiscreteFaceConstraint& c : constraints) {
    const auto& polygon = surface.faces[c.face_index];
    EXPECT_NEAR(c.face.phi0, -0.25, 1e-12);
    EXPECT_NEAR(c.face.k, polygon.area * 1e5, 1e-6);
    EXPECT_NEAR((c.R_WC.col(2) + Vector3::UnitZ()).norm(), 0.0, 1e-15);
    EXPECT_EQ(c.p_WC, polygon.centroid);
  }
}

TEST(HydroelasticConstraints, WiredToTheContactModelChoice) {
  // E3-geometry §2.2 contract, decided by ChooseRepresentation:
  //  compliant box on the rigid ground: a surface in both hydro modes → per-face constraints
  //  (as many as CubeFacesGiveTheDepthAsPhi0 keeps); kPoint → no surface (point pair);
  //  two rigid boxes: strict throws naming the pair, fallback gives a point pair, and the
  //  surface is never computed in either case.
  using geometry::Compliance;
  using geometry::ShapeKind;
  const ContactSide box{"box", geometry::GeometryId{1}, ShapeKind::kBox, Compliance::kCompliant};
  const ContactSide ground{"ground", geometry::GeometryId{0}, ShapeKind::kHalfSpace,
                           Compliance::kRigid};
  const ContactSide crate{"crate", geometry::GeometryId{2}, ShapeKind::kBox, Compliance::kRigid};
  int calls = 0;
  auto surface = [&calls] {
    ++calls;
    return CubeOnGround();
  };
  const std::size_t expected = MakeDiscreteFaceConstraints(CubeOnGround()).size();
  for (ContactModel model :
       {ContactModel::kHydroelastic, ContactModel::kHydroelasticWithFallback}) {
    const auto constraints = MakeHydroelasticConstraints(model, box, ground, surface);
    ASSERT_TRUE(constraints.has_value());
    EXPECT_EQ(constraints->size(), expected);
  }
  EXPECT_EQ(calls, 2);
  EXPECT_FALSE(MakeHydroelasticConstraints(ContactModel::kPoint, box, ground, surface));
  EXPECT_FALSE(
      MakeHydroelasticConstraints(ContactModel::kHydroelasticWithFallback, crate, ground, surface));
  try {
    MakeHydroelasticConstraints(ContactModel::kHydroelastic, crate, ground, surface);
    FAIL() << "strict rigid-rigid must throw";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("crate"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("ground"), std::string::npos) << e.what();
  }
  EXPECT_EQ(calls, 2);
}

TEST(Traction, DissipatedPressure) {
  // pe = 1e4 Pa, d = 2 s/m: vn = 0.1 (separating) → 1e4·(1 − 0.2) = 8000 Pa; vn = −0.1
  // (approaching) → 12000 Pa; vn = 0.5 = 1/d → 0; beyond → 0 (never negative).
  EXPECT_DOUBLE_EQ(DissipatedPressure(1e4, 2.0, 0.1), 8000.0);
  EXPECT_DOUBLE_EQ(DissipatedPressure(1e4, 2.0, -0.1), 12000.0);
  EXPECT_EQ(DissipatedPressure(1e4, 2.0, 0.5), 0.0);
  EXPECT_EQ(DissipatedPressure(1e4, 2.0, 3.0), 0.0);
  EXPECT_THROW(DissipatedPressure(-1.0, 2.0, 0.1), InputError);
  EXPECT_THROW(DissipatedPressure(1.0, -2.0, 0.1), InputError);
}

TEST(Traction, FrictionAtTheStictionTolerance) {
  // ‖vt‖ = vs: |ft| = (2/π) μd p atan(1) = (2/π)(π/4) μd p = μd p/2 = 0.4·1000/2 = 200 Pa,
  // opposite to vt. vt = 0 → 0.
  const double vs = 1e-4;
  const core::VectorX ft = FrictionTraction(1000.0, 0.4, vs, Eigen::Vector2d(0.0, vs));
  EXPECT_EQ(ft[0], 0.0);
  EXPECT_FALSE(std::signbit(ft[0]));  // printed as 0, not -0
  EXPECT_NEAR(ft[1], -200.0, 1e-9);
  EXPECT_EQ(FrictionTraction(1000.0, 0.4, vs, Eigen::Vector2d::Zero()).norm(), 0.0);
  EXPECT_THROW(FrictionTraction(1000.0, 0.4, 0.0, Eigen::Vector2d::Zero()), InputError);
}

TEST(Traction, SlidingCubeForceAndMomentAboutItsCentre) {
  // Cube (A) slides at v = (0.1, 0, −0.01) m/s on the ground (B at rest); d = 10 s/m,
  // μd = 0.4, vs = 1e-4 m/s. Every face has n̂ = +z, vn = −0.01 (approaching), so
  // p = pe(1 + 10·0.01) = 1.1 pe and Fz = 1.1·77083.33 = 84791.67 N (exact: pe is linear on
  // each polygon). Slip 0.1 = 1000 vs on every face, along +x: fx = −β fz with
  // β = (2/π)·0.4·atan(1000), so Fx = −β Fz, Fy = 0.
  // About P = (0, 0, 0.75) every face sits at q − P = (qx, qy, −0.75), so with the first
  // moments Sx = Σ qx·a·pe, Sy = Σ qy·a·pe of the surface (not zero: the centroid rule on the
  // cube's polygons is not mirror-symmetric):
  //   Mx = Σ qy fz + 0.75 fy = 1.1 Sy,   My = −0.75 Fx − Σ qx fz = −0.75 Fx − 1.1 Sx,
  //   Mz = Σ qx fy − qy fx = β·1.1 Sy.
  TractionParameters parameters{10.0, 0.4, 1e-4};
  RigidVelocity cube;
  cube.v_WBo = Vector3(0.1, 0.0, -0.01);
  cube.p_WBo = Vector3(0, 0, 0.75);
  const Vector3 P(0, 0, 0.75);
  const geometry::ContactSurface surface = CubeOnGround();
  const SpatialForceOnA F = IntegrateTractionOnA(surface, parameters, cube, RigidVelocity{}, P);
  const double beta = 2.0 / kPi * 0.4 * std::atan(1000.0);
  const double Fz = 1.1 * kCubeElasticForce;
  const double Fx = -beta * Fz;
  double Sx = 0.0, Sy = 0.0;
  for (const auto& face : surface.faces) {
    Sx += face.centroid.x() * face.area * face.pressure;
    Sy += face.centroid.y() * face.area * face.pressure;
  }
  EXPECT_NEAR(F.force.z(), Fz, 1e-6);
  EXPECT_NEAR(F.force.x(), Fx, 1e-6);
  EXPECT_NEAR(F.force.y(), 0.0, 1e-6);
  EXPECT_NEAR(F.moment.x(), 1.1 * Sy, 1e-6);
  EXPECT_NEAR(F.moment.y(), -0.75 * Fx - 1.1 * Sx, 1e-5);
  EXPECT_NEAR(F.moment.z(), beta * 1.1 * Sy, 1e-6);
  EXPECT_EQ(F.p_WP, P);
  // Moving the named point by r shifts the moment by −r × F.
  const Vector3 r(0.3, -0.2, 0.1);
  const SpatialForceOnA G = IntegrateTractionOnA(surface, parameters, cube, RigidVelocity{}, P + r);
  EXPECT_NEAR((G.moment - (F.moment - r.cross(F.force))).norm(), 0.0, 1e-6);
}

TEST(Traction, SpinningCubeFeelsAnOpposingTorque) {
  // ω = +z on A, d = 0, vn = 0: the normal force is the elastic one, and the ground's friction
  // torque about the vertical axis through the centre opposes the spin (every face's friction
  // is along −ω × (q − P), so each face's z-moment is ≤ 0). Its size is bounded by
  // μd·Fz·(largest lever arm √2 m).
  TractionParameters parameters{0.0, 0.5, 1e-4};
  RigidVelocity cube;
  cube.w_W = Vector3(0, 0, 2.0);
  cube.p_WBo = Vector3(0, 0, 0.75);
  const SpatialForceOnA F =
      IntegrateTractionOnA(CubeOnGround(), parameters, cube, RigidVelocity{}, Vector3(0, 0, 0.75));
  EXPECT_LT(F.moment.z(), 0.0);
  EXPECT_GT(F.moment.z(), -0.5 * kCubeElasticForce * std::sqrt(2.0));
  EXPECT_NEAR(F.force.z(), kCubeElasticForce, 1e-6);
}

TEST(Traction, SeparatingFasterThanOneOverDGivesNoForce) {
  // d = 2 s/m and the cube rising at 0.5 m/s = 1/d: p = 0 on every face, no friction either.
  TractionParameters parameters{2.0, 0.4, 1e-4};
  RigidVelocity cube;
  cube.v_WBo = Vector3(0.3, 0.0, 0.5);
  const SpatialForceOnA F =
      IntegrateTractionOnA(CubeOnGround(), parameters, cube, RigidVelocity{}, Vector3::Zero());
  EXPECT_EQ(F.force.norm(), 0.0);
  EXPECT_EQ(F.moment.norm(), 0.0);
}

}  // namespace
}  // namespace simatlas::contact
