// Unit tests of E3-geometry §2.2 (formula sheet §0.4): volume meshes with the extent field,
// pressure p = E·e, and contact surfaces against a rigid half space, a compliant half space and
// another compliant sphere. Every expected number is derived by hand in the comments.
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

#include "reference/core/errors.h"
#include "reference/geometry/contact_surface.h"
#include "reference/geometry/pressure_field.h"
#include "reference/geometry/volume_mesh.h"

namespace simatlas::geometry {
namespace {

using core::InputError;
using core::Vector3;
constexpr double kPi = std::numbers::pi;

// Analytic normal force of a compliant sphere (linear field e = 1 − r/R) pressed `depth` into a
// rigid half space. With c = R − depth the contact disk has radius a, a² = R² − c², and at
// horizontal radius ρ the distance to the centre is r = √(ρ² + c²):
//   F = ∫₀ᵃ E(1 − √(ρ²+c²)/R)·2πρ dρ = πE a² − (2πE/R)·⅓[(ρ²+c²)^{3/2}]₀ᵃ
//     = πE a² − (2πE/(3R))(R³ − c³).
double AnalyticSphereForce(double E, double R, double depth) {
  const double c = R - depth;
  return kPi * E * (R * R - c * c) - 2.0 * kPi * E / (3.0 * R) * (R * R * R - c * c * c);
}

TEST(SphereVolumeMesh, RefinementLevelHalvesTheOctahedronChord) {
  // R = 1: chord √2 = 1.414 ≤ 1.5 → level 0; hint 0.5: 1.414/2 = 0.707 > 0.5, 1.414/4 = 0.354
  // ≤ 0.5 → level 2 (8·4² = 128 tetrahedra).
  EXPECT_EQ(SphereRefinementLevel(1.0, 1.5), 0);
  EXPECT_EQ(SphereRefinementLevel(1.0, 0.5), 2);
  EXPECT_EQ(MakeSphereVolumeMesh(1.0, 0.5).tetrahedra.size(), 128u);
  // Level 9 would be needed for hint 1e-3 (√2/2⁸ = 5.5e-3 > 1e-3): refused, naming the bound.
  try {
    SphereRefinementLevel(1.0, 1e-3);
    FAIL() << "expected InputError";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("resolution_hint = 0.001 m"), std::string::npos);
  }
  EXPECT_THROW(SphereRefinementLevel(-1.0, 0.1), InputError);
}

TEST(SphereVolumeMesh, OctahedronVolumeAndExtent) {
  // Level 0 is the octahedron of "radius" R: 8 tetrahedra of volume R³/6 → 4R³/3.
  const VolumeMesh mesh = MakeSphereVolumeMesh(2.0, 10.0);
  EXPECT_EQ(mesh.tetrahedra.size(), 8u);
  EXPECT_NEAR(MeshVolume(mesh), 4.0 * 8.0 / 3.0, 1e-12);
  // Centre e = 1, every other vertex on the sphere with e = 0; all volumes positive.
  EXPECT_EQ(mesh.extent[0], 1.0);
  for (std::size_t i = 1; i < mesh.vertices.size(); ++i) {
    EXPECT_NEAR(mesh.vertices[i].norm(), 2.0, 1e-12);
    EXPECT_EQ(mesh.extent[i], 0.0);
  }
  for (int t = 0; t < 8; ++t) EXPECT_GT(TetrahedronVolume(mesh, t), 0.0);
}

TEST(SphereVolumeMesh, VolumeGrowsTowardTheBall) {
  // An inscribed polyhedron: volume below 4πR³/3 and increasing with the level.
  double previous = 0.0;
  for (double hint : {1.0, 0.5, 0.25, 0.1, 0.05}) {
    const double volume = MeshVolume(MakeSphereVolumeMesh(1.0, hint));
    EXPECT_GT(volume, previous);
    EXPECT_LT(volume, 4.0 * kPi / 3.0);
    previous = volume;
  }
  // Hint 0.05 → level 5 (√2/32 = 0.044); the deficit is then about 1% or less.
  EXPECT_NEAR(previous, 4.0 * kPi / 3.0, 0.01 * 4.0 * kPi / 3.0);
}

TEST(BoxVolumeMesh, VolumeAndExactExtentInsideEveryTetrahedron) {
  // Box 0.4 × 0.2 × 0.3: h = (0.2, 0.1, 0.15), m = 0.1, volume 0.024 m³.
  const Vector3 size(0.4, 0.2, 0.3);
  const VolumeMesh mesh = MakeBoxVolumeMesh(size);
  EXPECT_NEAR(MeshVolume(mesh), 0.024, 1e-14);
  const Vector3 h = size / 2;
  // Inside each tetrahedron the linear interpolation of e must equal min_i(h_i − |x_i|)/m at
  // any interior point (tested at three barycentric points).
  const double weights[3][4] = {
      {0.25, 0.25, 0.25, 0.25}, {0.7, 0.1, 0.1, 0.1}, {0.1, 0.2, 0.3, 0.4}};
  for (std::size_t t = 0; t < mesh.tetrahedra.size(); ++t) {
    EXPECT_GT(TetrahedronVolume(mesh, static_cast<int>(t)), 0.0);
    for (const auto& w : weights) {
      Vector3 x = Vector3::Zero();
      double e = 0.0;
      for (int k = 0; k < 4; ++k) {
        x += w[k] * mesh.vertices[mesh.tetrahedra[t][k]];
        e += w[k] * mesh.extent[mesh.tetrahedra[t][k]];
      }
      EXPECT_NEAR(e, (h - x.cwiseAbs()).minCoeff() / 0.1, 1e-12);
    }
  }
  EXPECT_THROW(MakeBoxVolumeMesh(Vector3(1.0, 0.0, 1.0)), InputError);
}

TEST(PressureField, GradientOfTheBoxFieldNearTheTopFace) {
  // Cube of side 2 (m = 1), E = 3 Pa: near the +z face p = 3(1 − z), so ∇p = (0, 0, −3) Pa/m
  // in every tetrahedron whose centroid is nearest the +z face.
  const PressureField field = MakePressureField(MakeBoxVolumeMesh(Vector3(2, 2, 2)), 3.0);
  int checked = 0;
  for (std::size_t t = 0; t < field.mesh.tetrahedra.size(); ++t) {
    Vector3 c = Vector3::Zero();
    for (int k : field.mesh.tetrahedra[t]) c += field.mesh.vertices[k] / 4;
    if (c.z() > std::abs(c.x()) + 1e-9 && c.z() > std::abs(c.y()) + 1e-9) {
      EXPECT_NEAR((field.field[t].gradient - Vector3(0, 0, -3)).norm(), 0.0, 1e-12);
      ++checked;
    }
  }
  // A cube's +z region is a pyramid (its inner face collapses to the centre): two tetrahedra.
  EXPECT_EQ(checked, 2);
  EXPECT_THROW(MakePressureField(MakeBoxVolumeMesh(Vector3(1, 1, 1)), 0.0), InputError);
}

TEST(RigidHalfSpaceSurface, CubePressedIntoTheGroundMatchesTheHandIntegral) {
  // Cube of side 2 (m = 1), E = 1e5 Pa, centre at z = 1 − δ with δ = 0.25, ground z ≤ 0.
  // On z = 0, with u = 1 − |x|, v = 1 − |y|: e = min(δ, u, v). Per quadrant
  //   ∫∫ min(u, v, δ) = δ(1 − δ)² + ∫₀^δ t·2(1 − t) dt = δ(1 − δ)² + δ² − ⅔δ³
  //                   = 0.140625 + 0.0625 − 0.0104167 = 0.1927083,
  // so F = 4E·0.1927083 = 0.7708333·E = 77083.33 N, area 4 m², max pressure Eδ = 25000 Pa.
  const double E = 1e5, delta = 0.25;
  const VolumeMesh cube = TransformVolumeMesh(MakeBoxVolumeMesh(Vector3(2, 2, 2)),
                                              core::Matrix3::Identity(), Vector3(0, 0, 1 - delta));
  const ContactSurface surface =
      ComputeContactSurface(MakePressureField(cube, E), HalfSpacePlane{});
  const double per_quadrant =
      delta * (1 - delta) * (1 - delta) + delta * delta - 2.0 / 3.0 * delta * delta * delta;
  EXPECT_NEAR(surface.TotalArea(), 4.0, 1e-12);
  const Vector3 force = surface.ElasticForceOnM();
  EXPECT_NEAR(force.z(), 4 * E * per_quadrant, 1e-8);
  EXPECT_NEAR(force.head<2>().norm(), 0.0, 1e-9);
  for (const ContactPolygon& face : surface.faces) {
    EXPECT_EQ(face.normal, Vector3::UnitZ());  // out of the ground N, into the cube M
    EXPECT_LE(face.pressure, E * delta + 1e-9);
    EXPECT_TRUE(std::isinf(face.gN));
    // Bottom region: p = E(z_local + 1)/1 → gM = E; side regions: ∇p horizontal → gM = 0.
    EXPECT_TRUE(std::abs(face.gM - E) < 1e-6 || std::abs(face.gM) < 1e-6) << face.gM;
  }
}

TEST(RigidHalfSpaceSurface, SphereForceConvergesToTheAnalyticForce) {
  // E = 1e5 Pa, R = 0.1 m, depth 0.01 m: c = 0.09, a² = 0.01 − 0.0081 = 0.0019 m²,
  // F = π·1e5·0.0019 − (2π·1e5/0.3)(1e-3 − 7.29e-4) = 596.903 − 567.581 = 29.322 N.
  const double E = 1e5, R = 0.1, depth = 0.01;
  const double analytic = AnalyticSphereForce(E, R, depth);
  EXPECT_NEAR(analytic, 29.322, 1e-3);
  double previous_error = 1e300;
  for (double hint : {0.04, 0.02, 0.01, 0.005}) {
    const VolumeMesh sphere = TransformVolumeMesh(
        MakeSphereVolumeMesh(R, hint), core::Matrix3::Identity(), Vector3(0, 0, R - depth));
    const ContactSurface surface =
        ComputeContactSurface(MakePressureField(sphere, E), HalfSpacePlane{});
    const double error = std::abs(surface.ElasticForceOnM().z() - analytic);
    EXPECT_LT(error, previous_error) << "hint " << hint;
    previous_error = error;
  }
  // Level 5 (hint 0.005 → √2·0.1/32 = 4.4e-3 ≤ 0.005): within 2% of the analytic force.
  EXPECT_LT(previous_error, 0.02 * analytic);
}

TEST(CompliantSurface, TwoEqualSpheresMeetOnTheirBisectorPlane) {
  // Two spheres E = 1e5 Pa, R = 0.1 m overlapping by 0.02 m along x: centres at ∓0.09. The
  // meshes are mirror images in x = 0, so p_M = p_N exactly on x = 0 and each sphere is pressed
  // 0.01 m into that plane: the force is AnalyticSphereForce(E, R, 0.01) = 29.32 N, on M along
  // the normal −x (out of N at +x, into M at −x). Level 4 (hint 0.01 → √2·0.1/16 = 8.8e-3).
  const double E = 1e5, R = 0.1;
  const PressureField M =
      MakePressureField(TransformVolumeMesh(MakeSphereVolumeMesh(R, 0.01),
                                            core::Matrix3::Identity(), Vector3(-0.09, 0, 0)),
                        E);
  const PressureField N =
      MakePressureField(TransformVolumeMesh(MakeSphereVolumeMesh(R, 0.01),
                                            core::Matrix3::Identity(), Vector3(0.09, 0, 0)),
                        E);
  const ContactSurface surface = ComputeContactSurface(M, N);
  ASSERT_FALSE(surface.faces.empty());
  // Every face lies on x = 0. Where a pair of cells meets x = 0 only along an edge the local
  // plane may tilt, but such slivers have no area: faces off −x carry < 1e-9 of the area.
  double tilted_area = 0.0;
  for (const ContactPolygon& face : surface.faces) {
    EXPECT_NEAR(face.centroid.x(), 0.0, 1e-12);
    if ((face.normal + Vector3::UnitX()).norm() > 1e-9) tilted_area += face.area;
  }
  EXPECT_LT(tilted_area, 1e-9 * surface.TotalArea());
  // The same mesh against a rigid plane x ≥ 0 (outward normal −x through the origin).
  const ContactSurface rigid =
      ComputeContactSurface(M, HalfSpacePlane{-Vector3::UnitX(), Vector3::Zero()});
  EXPECT_NEAR(surface.ElasticForceOnM().x(), rigid.ElasticForceOnM().x(), 1e-9);
  EXPECT_NEAR(-surface.ElasticForceOnM().x(), AnalyticSphereForce(E, R, 0.01), 0.05 * 29.32);
}

TEST(CompliantSurface, StiffCompliantHalfSpaceApproachesTheRigidOne) {
  // Sphere E_M = 1e5 Pa against a compliant half space with E_N = 1e12 Pa, slab 1 m: the
  // half space barely deforms (its pressure slope 1e12 Pa/m reaches 29 N/… within ~1e-8 m), so
  // the surface approaches the rigid-plane surface: force equal to 1e-3 relative.
  const double E = 1e5, R = 0.1, depth = 0.01;
  const PressureField M =
      MakePressureField(TransformVolumeMesh(MakeSphereVolumeMesh(R, 0.02),
                                            core::Matrix3::Identity(), Vector3(0, 0, R - depth)),
                        E);
  const ContactSurface rigid = ComputeContactSurface(M, HalfSpacePlane{});
  const ContactSurface soft = ComputeContactSurface(M, HalfSpacePlane{}, 1e12, 1.0);
  EXPECT_NEAR(soft.ElasticForceOnM().z(), rigid.ElasticForceOnM().z(),
              1e-3 * rigid.ElasticForceOnM().z());
  // Equal moduli and slab = R: both fields fall by E per R of depth, so at the surface the
  // sphere is compressed by half as much as against the rigid plane: force below the rigid one.
  const ContactSurface equal = ComputeContactSurface(M, HalfSpacePlane{}, E, R);
  EXPECT_LT(equal.ElasticForceOnM().z(), rigid.ElasticForceOnM().z());
  EXPECT_GT(equal.ElasticForceOnM().z(), 0.0);
  for (const ContactPolygon& face : equal.faces) {
    // Equal pressures at the centroid: p_N = E(−z)/R.
    EXPECT_NEAR(face.pressure, E * (-face.centroid.z()) / R, 1e-6 * E);
    EXPECT_NEAR(face.gN, E / R * face.normal.z(), 1e-6 * E / R);
  }
}

TEST(RigidShapeSurface, LargeRigidBoxActsLikeTheGround) {
  // A rigid box 4 × 4 × 2 whose top face is z = 0 (centre (0, 0, −1)) under the compliant cube
  // of side 2 sunk δ = 0.25: only the top face lies inside the cube, clipped to [−1, 1]², so the
  // surface is the half-space one: area 4 m², F = 0.7708333·E (hand integral above).
  const double E = 1e5;
  const VolumeMesh cube = TransformVolumeMesh(MakeBoxVolumeMesh(Vector3(2, 2, 2)),
                                              core::Matrix3::Identity(), Vector3(0, 0, 0.75));
  const RigidSurface box =
      MakeRigidBoxSurface(Vector3(4, 4, 2), core::Matrix3::Identity(), Vector3(0, 0, -1));
  const ContactSurface surface = ComputeContactSurface(MakePressureField(cube, E), box);
  EXPECT_NEAR(surface.TotalArea(), 4.0, 1e-12);
  EXPECT_NEAR(surface.ElasticForceOnM().z(), 4 * E * (0.140625 + 0.0625 - 0.015625 * 2 / 3.0),
              1e-8);
  for (const ContactPolygon& face : surface.faces) EXPECT_EQ(face.normal, Vector3::UnitZ());
}

TEST(RigidShapeSurface, RigidSphereIntoACompliantBoxPushesWithTheCapVolume) {
  // Compliant cube of side 0.4 (m = 0.2), E = 1e5 Pa; near its top face p = (E/m)(0.2 − z),
  // ∇p = −(E/m) ẑ. A rigid sphere r = 0.05 sunk δ = 0.02 through the top face: its cap (|x| ≤
  // 0.04, z ≥ 0.18) stays in the top region. Over the closed boundary of V = cap ∩ cube the
  // divergence theorem gives ∮ p n dA = ∫_V ∇p dV; p = 0 on the top face, so the cap faces
  // (normals out of the sphere N, into the cube M) carry Σ p A n̂ = −(E/m)·V ẑ. For the exact
  // sphere V = πδ²(3r − δ)/3 = π·4e-4·0.13/3 = 5.4454e-5 m³ → F_z = −5e5·5.4454e-5 = −27.227 N.
  // The tessellated sphere is inscribed, so its cap is smaller; the error falls with the level.
  const double E = 1e5, r = 0.05, delta = 0.02;
  const PressureField cube = MakePressureField(MakeBoxVolumeMesh(Vector3(0.4, 0.4, 0.4)), E);
  const double exact = -E / 0.2 * kPi * delta * delta * (3 * r - delta) / 3;
  EXPECT_NEAR(exact, -27.227, 1e-3);
  double previous_error = 1e300;
  for (double hint : {0.02, 0.01, 0.005, 0.0025}) {
    const ContactSurface surface = ComputeContactSurface(
        cube, MakeRigidSphereSurface(r, hint, Vector3(0, 0, 0.2 + r - delta)));
    const Vector3 F = surface.ElasticForceOnM();
    EXPECT_NEAR(F.head<2>().norm(), 0.0, 1e-9);  // ∇p has no horizontal part
    const double error = std::abs(F.z() - exact);
    EXPECT_LT(error, previous_error) << "hint " << hint;
    previous_error = error;
  }
  EXPECT_LT(previous_error, 0.03 * std::abs(exact));  // level 5
}

}  // namespace
}  // namespace simatlas::geometry
