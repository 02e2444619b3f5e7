// Properties of hydroelastic contact (E3-geometry §2.2, formula sheet §0.4, (2.3)–(2.4);
// E3-SAP §2.2 (2.3)): each face's linear law, g ≤ min(gM, gN), swap symmetry of
// compliant–compliant surfaces, invariance of the total force under a rigid motion of the pair,
// force monotone in depth, and no traction when separating at vn ≥ 1/d.
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include <Eigen/Geometry>
#include <cmath>
#include <limits>
#include <string>
#include <utility>
#include <vector>

#include "reference/contact/hydroelastic_discrete.h"
#include "reference/contact/hydroelastic_traction.h"
#include "reference/core/errors.h"
#include "reference/geometry/contact_surface.h"
#include "reference/geometry/volume_mesh.h"
#include "reference/laws/law.h"

namespace simatlas::contact {
namespace {

using core::Matrix3;
using core::Vector3;
constexpr double kInf = std::numeric_limits<double>::infinity();

// A number in [lo, hi] with 1e-6 relative resolution of the range.
rc::Gen<double> InRange(double lo, double hi) {
  return rc::gen::map(rc::gen::inRange(0, 1000001),
                      [lo, hi](int i) { return lo + (hi - lo) * i * 1e-6; });
}

// 10^u for u uniform in [lo, hi] (log-uniform).
double LogUniform(double lo, double hi) { return std::pow(10.0, *InRange(lo, hi)); }

// A gradient [Pa/m] over 1e2 … 1e10, or +∞ (rigid) one time in four.
double Gradient() { return *rc::gen::inRange(0, 4) == 0 ? kInf : LogUniform(2, 10); }

// A random rotation (normalised quaternion, rejecting short ones).
Matrix3 AnyRotation() {
  const Eigen::Vector4d q(*InRange(-1, 1), *InRange(-1, 1), *InRange(-1, 1), *InRange(-1, 1));
  RC_PRE(q.norm() > 0.1);
  return Eigen::Quaterniond(q.normalized()).toRotationMatrix();
}

// A compliant sphere field: radius R [m], modulus E [Pa], resolution hint [m], pose (R_WS, centre).
geometry::PressureField Sphere(double R, double E, double hint, const Matrix3& R_WS,
                               const Vector3& center) {
  return geometry::MakePressureField(
      geometry::TransformVolumeMesh(geometry::MakeSphereVolumeMesh(R, hint), R_WS, center), E);
}

RC_GTEST_PROP(HydroFace, LinearLawThroughFe0AndZero, ()) {
  // f(φ) = −k φ: f(φ0) = −a g (−p0/g) = a p0 = fe0 and f(0) = 0 (relative rounding 1e-12).
  // Also g ≤ min(gM, gN) (series combination) and g ≥ min/2 (the other side is at least as stiff).
  const double area = LogUniform(-8, -2), p0 = LogUniform(0, 7);
  const double gM = Gradient();
  // Both rigid is an InputError (unit-tested); keep N compliant when M is rigid.
  const double gN = std::isinf(gM) ? LogUniform(2, 10) : Gradient();
  const DiscreteFace face = MakeDiscreteFace(area, p0, gM, gN);
  RC_ASSERT(!face.skipped());
  RC_ASSERT(std::abs(-face.k * face.phi0 - face.fe0) <= 1e-12 * face.fe0);
  RC_ASSERT(face.phi0 <= 0.0);
  RC_ASSERT(face.g <= std::min(gM, gN) * (1 + 1e-15));
  RC_ASSERT(face.g >= 0.5 * std::min(gM, gN) * (1 - 1e-15));
  // The law agrees with the function.
  laws::Values in;
  in.Set("area", area);
  in.Set("p0", p0);
  in.Set("gM", gM);
  in.Set("gN", gN);
  const laws::Values out = laws::Evaluate(laws::AllLaws().Get("hydro.discrete_face"), in);
  RC_ASSERT(out.Number("fe0") == face.fe0);
  RC_ASSERT(out.Number("k") == face.k);
  RC_ASSERT(out.Number("phi0") == face.phi0);
}

RC_GTEST_PROP(HydroTraction, NothingWhenSeparatingFasterThanOneOverD, ()) {
  // (2.3): vn ≥ 1/d ⇒ [1 − d vn]₊ = 0 ⇒ p = 0 and the friction traction (∝ p) vanishes.
  const double pe = LogUniform(0, 7), d = LogUniform(-2, 2);
  const double vn = (1.0 + *InRange(0, 10)) / d;
  const Eigen::Vector2d vt(*InRange(-1, 1), *InRange(-1, 1));
  const double p = DissipatedPressure(pe, d, vn);
  RC_ASSERT(p == 0.0);
  RC_ASSERT(FrictionTraction(p, *InRange(0, 1), 1e-4, vt).norm() == 0.0);
}

RC_GTEST_PROP(HydroSurface, SwappingTwoCompliantSpheresFlipsTheSurface, ()) {
  // Sphere–sphere equal-pressure surface computed as (M, N) and as (N, M): the same polygons
  // (plane ∩ tet_M ∩ tet_N), normals reversed, gM ↔ gN, so the same area and opposite forces.
  // Tolerance 1e-9 relative: rounding of the clipping in a different order.
  const double R1 = *InRange(0.05, 0.2), R2 = *InRange(0.05, 0.2);
  const double E1 = LogUniform(5, 7), E2 = LogUniform(5, 7);
  const Vector3 direction = AnyRotation().col(0);
  // Overlap ≥ 0.25 min(R): the coarse meshes (level 2, 128 tetrahedra, kept small for speed)
  // are inscribed polyhedra whose facets sit up to ~10% of R inside the ball, so a smaller
  // overlap of the balls might not be an overlap of the meshes.
  const double overlap = *InRange(0.25, 0.6) * std::min(R1, R2);
  const auto M = Sphere(R1, E1, R1 / 2, AnyRotation(), Vector3::Zero());
  const auto N = Sphere(R2, E2, R2 / 2, AnyRotation(), (R1 + R2 - overlap) * direction);
  const auto MN = geometry::ComputeContactSurface(M, N);
  const auto NM = geometry::ComputeContactSurface(N, M);
  RC_ASSERT(!MN.faces.empty());
  RC_ASSERT(std::abs(MN.TotalArea() - NM.TotalArea()) <= 1e-9 * MN.TotalArea());
  const Vector3 F = MN.ElasticForceOnM();
  RC_ASSERT((F + NM.ElasticForceOnM()).norm() <= 1e-9 * F.norm());
  // M is pushed away from N.
  RC_ASSERT(F.dot(direction) < 0.0);
}

RC_GTEST_PROP(HydroSurface, TotalForceFollowsARigidMotionOfThePair, ()) {
  // Sphere on a rigid half space (z ≤ 0), then both moved by the same rigid motion (R, p):
  // the surface moves with them, so the force (and the traction integral with a sliding
  // velocity) is rotated by R and the moment about the moved point is rotated too.
  // Tolerance 1e-9 relative: plane/tet rounding only.
  const double R = *InRange(0.05, 0.2), E = LogUniform(5, 7);
  const double depth = *InRange(0.05, 0.9) * R;
  const Matrix3 R_WS = AnyRotation();
  const auto sphere = geometry::MakeSphereVolumeMesh(R, R / 3);
  const Vector3 center(0.0, 0.0, R - depth);
  const auto M0 =
      geometry::MakePressureField(geometry::TransformVolumeMesh(sphere, R_WS, center), E);
  const Matrix3 Rm = AnyRotation();
  const Vector3 pm(*InRange(-1, 1), *InRange(-1, 1), *InRange(-1, 1));
  const auto M1 = geometry::MakePressureField(
      geometry::TransformVolumeMesh(sphere, Rm * R_WS, Rm * center + pm), E);
  const geometry::HalfSpacePlane ground0{};
  const geometry::HalfSpacePlane ground1{Rm * Vector3::UnitZ(), pm};
  const auto S0 = geometry::ComputeContactSurface(M0, ground0);
  const auto S1 = geometry::ComputeContactSurface(M1, ground1);
  TractionParameters parameters{*InRange(0, 5), *InRange(0, 1), 1e-4};
  RigidVelocity v0;
  v0.v_WBo = Vector3(*InRange(-1, 1), *InRange(-1, 1), *InRange(-0.1, 0.1));
  v0.w_W = Vector3(*InRange(-1, 1), *InRange(-1, 1), *InRange(-1, 1));
  v0.p_WBo = center;
  RigidVelocity v1;
  v1.v_WBo = Rm * v0.v_WBo;
  v1.w_W = Rm * v0.w_W;
  v1.p_WBo = Rm * center + pm;
  const auto F0 = IntegrateTractionOnA(S0, parameters, v0, RigidVelocity{}, center);
  const auto F1 = IntegrateTractionOnA(S1, parameters, v1, RigidVelocity{}, Rm * center + pm);
  const double scale = F0.force.norm() + 1e-12;
  RC_ASSERT((F1.force - Rm * F0.force).norm() <= 1e-9 * scale);
  RC_ASSERT((F1.moment - Rm * F0.moment).norm() <= 1e-9 * scale * R);
  RC_ASSERT(std::abs(S1.TotalArea() - S0.TotalArea()) <= 1e-9 * S0.TotalArea());
}

RC_GTEST_PROP(HydroSurface, SphereForceIsMonotoneInDepth, ()) {
  // For depth ≤ R/2 every point of the plane inside the sphere lies in a cone-tetrahedron whose
  // outer facet is below the equator (level ≥ 2), where the mesh field e = 1 − n_f·x/n_f·a
  // grows upward; pressing deeper raises pe everywhere and adds area with pe ≥ 0.
  const double R = *InRange(0.05, 0.2), E = LogUniform(5, 7);
  const double d1 = *InRange(0.0, 0.5) * R, d2 = *InRange(0.0, 0.5) * R;
  RC_PRE(d1 < d2);
  const Matrix3 R_WS = AnyRotation();
  auto force = [&](double depth) {
    const auto M = Sphere(R, E, R / 3, R_WS, Vector3(0, 0, R - depth));
    return geometry::ComputeContactSurface(M, geometry::HalfSpacePlane{}).ElasticForceOnM().z();
  };
  RC_ASSERT(force(d1) <= force(d2));
}

// Evaluates a law from name=value pairs.
laws::Values RunLaw(const char* name, const std::vector<std::pair<std::string, laws::Value>>& in) {
  laws::Values values;
  for (const auto& [key, value] : in) values.Set(key, value);
  return laws::Evaluate(laws::AllLaws().Get(name), values);
}

TEST(HydroLaws, SphereHalfSpaceConvergesQuadraticallyToTheAnalyticForce) {
  // E = 1e5 Pa, R = 0.1 m, depth 0.01 m: c = 0.09, a² = 0.0019 m²,
  // F = π·1e5·0.0019 − (2π·1e5/0.3)(1e-3 − 7.29e-4) = 596.903 − 567.581 = 29.3215 N.
  // Hints √2·R/2^L (levels 2 … 6): the facet sagitta, hence the force error, falls as h², so
  // the error must shrink by more than 3× per level (4× asymptotically) and the tessellated
  // force stays below the analytic one (inscribed facets make e ≤ 1 − r/R).
  double previous_error = 0.0;
  for (int level = 2; level <= 6; ++level) {
    const double hint = std::sqrt(2.0) * 0.1 / std::ldexp(1.0, level) * 1.0001;
    const laws::Values out =
        RunLaw("hydro.sphere_halfspace",
               {{"E", 1e5}, {"R", 0.1}, {"depth", 0.01}, {"resolution_hint", hint}});
    EXPECT_EQ(out.Number("level"), level);
    EXPECT_NEAR(out.Number("analytic"), 29.3215, 1e-4);
    const double error = out.Number("analytic") - out.Number("force");
    EXPECT_GT(error, 0.0);
    if (level > 2) {
      EXPECT_GT(previous_error / error, 3.0) << "level " << level;
    }
    previous_error = error;
  }
  EXPECT_LT(previous_error, 0.003 * 29.3215);  // level 6: 32768 tetrahedra, error < 0.3%
}

TEST(HydroLaws, SphereHalfSpaceDissipationAndDomain) {
  // d = 2 s/m, vn = −0.1 m/s (approaching): every face's pressure ×(1 + 0.2) = 1.2.
  const std::vector<std::pair<std::string, laws::Value>> base = {
      {"E", 1e5}, {"R", 0.1}, {"depth", 0.01}, {"resolution_hint", 0.02}};
  auto with = base;
  with.push_back({"d", 2.0});
  with.push_back({"vn", -0.1});
  const double elastic = RunLaw("hydro.sphere_halfspace", base).Number("force");
  EXPECT_NEAR(RunLaw("hydro.sphere_halfspace", with).Number("force"), 1.2 * elastic,
              1e-12 * elastic);
  // depth > R and depth < 0 are refused (the centre must stay above the plane).
  auto deep = base;
  deep[2] = {"depth", 0.2};
  EXPECT_THROW(RunLaw("hydro.sphere_halfspace", deep), core::InputError);
  // Depth 0: no polygons (the sphere only touches the plane at a vertex), no force.
  auto touching = base;
  touching[2] = {"depth", 0.0};
  EXPECT_EQ(RunLaw("hydro.sphere_halfspace", touching).Number("force"), 0.0);
}

TEST(HydroLaws, EqualSpheresPressEachOtherLikeAHalfSpace) {
  // Equal spheres (E = 1e5 Pa, R = 0.1 m, same hint) overlapping by 0.02 m: the meshes are
  // mirror images in the bisector plane, where p1 = p2, and each is pressed 0.01 m into it —
  // the force of one sphere pressed 0.01 m into a rigid half space (hydro.sphere_halfspace,
  // whose mesh is the same up to a translation). Tolerance 1e-9 relative: rounding only.
  const laws::Values pair = RunLaw("hydro.sphere_sphere", {{"E1", 1e5},
                                                           {"R1", 0.1},
                                                           {"E2", 1e5},
                                                           {"R2", 0.1},
                                                           {"overlap", 0.02},
                                                           {"resolution_hint", 0.02}});
  const laws::Values single =
      RunLaw("hydro.sphere_halfspace",
             {{"E", 1e5}, {"R", 0.1}, {"depth", 0.01}, {"resolution_hint", 0.02}});
  EXPECT_NEAR(pair.Number("force"), single.Number("force"), 1e-9 * single.Number("force"));
  EXPECT_GT(pair.Number("force"), 0.0);
  // A stiffer partner (E2 = 4 E1) presses sphere 1 harder than the equal one does.
  const laws::Values stiff = RunLaw("hydro.sphere_sphere", {{"E1", 1e5},
                                                            {"R1", 0.1},
                                                            {"E2", 4e5},
                                                            {"R2", 0.1},
                                                            {"overlap", 0.02},
                                                            {"resolution_hint", 0.02}});
  EXPECT_GT(stiff.Number("force"), pair.Number("force"));
  EXPECT_THROW(RunLaw("hydro.sphere_sphere", {{"E1", 1e5},
                                              {"R1", 0.1},
                                              {"E2", 1e5},
                                              {"R2", 0.05},
                                              {"overlap", 0.06},
                                              {"resolution_hint", 0.02}}),
               core::InputError);
}

TEST(HydroLaws, TractionAtTheStictionTolerance) {
  // e = 1000 Pa, d = 0.5 s/m, vn = 0.2 m/s: p = 1000(1 − 0.1) = 900 Pa. vt = (vs, 0):
  // |ft| = (2/π)·0.4·900·atan(1) = 0.4·900/2 = 180 Pa against vt.
  const laws::Values out =
      RunLaw("hydro.traction", {{"e", 1000.0},
                                {"d", 0.5},
                                {"vn", 0.2},
                                {"vt", Eigen::VectorXd(Eigen::Vector2d(1e-4, 0))},
                                {"mu", 0.4},
                                {"vs", 1e-4}});
  EXPECT_DOUBLE_EQ(out.Number("p"), 900.0);
  EXPECT_NEAR(out.Vector("ft")[0], -180.0, 1e-9);
  EXPECT_NEAR(out.Vector("ft")[1], 0.0, 1e-12);
}

}  // namespace
}  // namespace simatlas::contact
