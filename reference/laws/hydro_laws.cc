// hydro.*: E3-geometry §2.2 (pressure field, contact surface, traction (2.3)–(2.4), formula
// sheet §0.4) and E3-SAP §2.2 (discrete per-face constraints (2.3)).
// Equation numbers (N.M) are the formula sheet's (course/FORMULAS.md).
#include <Eigen/Dense>

#include <algorithm>
#include <numbers>
#include <string>

#include "reference/contact/friction_regularization.h"
#include "reference/contact/hydroelastic_discrete.h"
#include "reference/contact/hydroelastic_traction.h"
#include "reference/core/errors.h"
#include "reference/geometry/contact_surface.h"
#include "reference/geometry/volume_mesh.h"
#include "reference/laws/law_builders.h"
#include "reference/laws/law_families.h"

namespace simatlas::laws {

namespace {

// Analytic normal force of a compliant sphere (linear field e = 1 − r/R, modulus E) pressed
// `depth` into a rigid half space. With c = R − depth the contact disk has radius a,
// a² = R² − c², and a point of the disk at horizontal radius ρ is r = √(ρ² + c²) from the
// centre, so
//   F = ∫₀ᵃ E(1 − √(ρ² + c²)/R)·2πρ dρ = πE a² − (2πE/R)·⅓[(ρ² + c²)^{3/2}]₀ᵃ
//     = πE a² − (2πE/(3R))·(R³ − c³)          (c ≥ 0, i.e. depth ≤ R).
double AnalyticSphereHalfSpaceForce(double E, double R, double depth) {
  const double c = R - depth;
  return std::numbers::pi * E * (R * R - c * c) -
         2.0 * std::numbers::pi * E / (3.0 * R) * (R * R * R - c * c * c);
}

}  // namespace

void RegisterHydroLaws(Registry& registry) {
  registry.Add(
      {"hydro.discrete_face",
       "E3-SAP §2.2",
       "(2.3) one face -> one constraint: skip if area <= 1e-14 m^2 or gM, gN < 1e-14 "
       "Pa/m; g = 1/(1/gM + 1/gN) (inf = rigid side), fe0 = area p0, k = area g, "
       "phi0 = -p0/g (all 0 when skipped)",
       {Num("area", "m^2", "face area"), Num("p0", "Pa", "elastic pressure at the face centroid"),
        Num("gM", "Pa/m", "pressure gradient of M along the normal (inf: rigid)"),
        Num("gN", "Pa/m", "pressure gradient of N against the normal (inf: rigid)")},
       {Num("fe0", "N", "elastic force a p0"), Num("k", "N/m", "face stiffness a g"),
        Num("phi0", "m", "signed distance -p0/g where the face force would vanish"),
        Num("g", "Pa/m", "combined gradient 1/(1/gM + 1/gN)"),
        Flag("skipped", "true when the area or a gradient is below its threshold"),
        Label("skip_reason", "why the face was skipped", {"none", "area", "gradient"})},
       [](const Values& in) {
         const auto face = contact::MakeDiscreteFace(in.Number("area"), in.Number("p0"),
                                                     in.Number("gM"), in.Number("gN"));
         Values out;
         out.Set("fe0", face.fe0);
         out.Set("k", face.k);
         out.Set("phi0", face.phi0);
         out.Set("g", face.g);
         out.Set("skipped", face.skipped());
         out.Set("skip_reason", contact::FaceSkipName(face.skip));
         return out;
       }});

  registry.Add(
      {"hydro.traction",
       "E3-geometry §2.2",
       "formula sheet E3-geometry (2.3)-(2.4): traction on A at a point: p = e [1 - d vn]+ (vn > 0 separating), "
       "ft = -(2/pi) mu p AtanXOverX(|vt|^2/vs^2)/vs vt, |ft| = (2/pi) mu p atan(|vt|/vs)",
       {Num("e", "Pa", "elastic pressure pe at the point (Drake's e)"),
        Num("d", "s/m", "combined Hunt–Crossley dissipation (moduli as weights)"),
        Num("vn", "m/s", "normal velocity of A relative to B (> 0 separating)"),
        Vec("vt", "m/s", "tangential velocity of A relative to B in a face basis", {2}),
        Num("mu", "1", "combined dynamic friction mu_d"),
        Num("vs", "m/s", "stiction tolerance", contact::kDefaultStictionTolerance)},
       {Num("p", "Pa", "pressure after dissipation"),
        Vec("ft", "Pa", "friction traction on A in the same basis", {2})},
       [](const Values& in) {
         const double p =
             contact::DissipatedPressure(in.Number("e"), in.Number("d"), in.Number("vn"));
         Values out;
         out.Set("p", p);
         out.Set("ft",
                 contact::FrictionTraction(p, in.Number("mu"), in.Number("vs"), in.Vector("vt")));
         return out;
       }});

  registry.Add(
      {"hydro.sphere_halfspace",
       "E3-geometry §2.2",
       "compliant sphere (p = E(1 - r/R), tetrahedral mesh from the resolution hint) "
       "pressed `depth` into a rigid half space moving at normal velocity vn: force = "
       "sum over faces of area pe [1 - d vn]+; analytic = [pi E a^2 - (2 pi E/(3R))"
       "(R^3 - c^3)] [1 - d vn]+ with c = R - depth, a^2 = R^2 - c^2",
       {Num("E", "Pa", "hydroelastic modulus of the sphere"), Num("R", "m", "sphere radius"),
        Num("depth", "m", "penetration of the sphere into the half space (0 <= depth <= R)"),
        Num("resolution_hint", "m", "target surface edge length of the sphere mesh"),
        Num("d", "s/m", "combined dissipation", 0.0),
        Num("vn", "m/s", "separation speed of the sphere from the plane (> 0 apart)", 0.0)},
       {Num("force", "N", "total normal force on the sphere, integrated over the faces"),
        Num("faces", "1", "number of contact polygons"), Num("area", "m^2", "total contact area"),
        Num("analytic", "N", "the exact force of the continuous linear field"),
        Num("level", "1", "sphere refinement level chosen from the hint"),
        Num("tetrahedra", "1", "tetrahedra in the sphere mesh")},
       [](const Values& in) {
         const double E = in.Number("E"), R = in.Number("R");
         const double depth = in.Number("depth");
         core::RequirePositive("R", R, "m");
         core::RequireNonNegative("depth", depth, "m");
         if (depth > R) {
           core::ThrowInputError(
               "depth", depth, "m",
               "<= R = " + core::FormatNumber(R) + " m (the centre must stay above the plane)");
         }
         const double d = in.Number("d"), vn = in.Number("vn");
         // Sphere centre at height c = R − depth above the plane z = 0 (A = sphere M,
         // B = half space N; the face normal is +z).
         const auto mesh = geometry::TransformVolumeMesh(
             geometry::MakeSphereVolumeMesh(R, in.Number("resolution_hint")),
             core::Matrix3::Identity(), core::Vector3(0, 0, R - depth));
         const auto field = geometry::MakePressureField(mesh, E);
         const auto surface = geometry::ComputeContactSurface(field, geometry::HalfSpacePlane{});
         contact::RigidVelocity sphere;
         sphere.v_WBo = core::Vector3(0, 0, vn);
         const auto force = contact::IntegrateTractionOnA(
             surface, contact::TractionParameters{d, 0.0, contact::kDefaultStictionTolerance},
             sphere, contact::RigidVelocity{}, core::Vector3::Zero());
         Values out;
         out.Set("force", force.force.z());
         out.Set("faces", static_cast<double>(surface.faces.size()));
         out.Set("area", surface.TotalArea());
         out.Set("analytic", AnalyticSphereHalfSpaceForce(E, R, depth) *
                                 contact::DissipatedPressure(1.0, d, vn));
         out.Set("level", static_cast<double>(
                              geometry::SphereRefinementLevel(R, in.Number("resolution_hint"))));
         out.Set("tetrahedra", static_cast<double>(mesh.tetrahedra.size()));
         return out;
       }});

  registry.Add(
      {"hydro.sphere_sphere",
       "E3-geometry §2.2",
       "two compliant spheres (moduli E1, E2, radii R1, R2, both meshed with the same "
       "resolution hint) whose balls overlap by `overlap` along x: the equal-pressure "
       "surface p1 = p2, force on sphere 1 (along -x, N), faces, area, mean pressure",
       {Num("E1", "Pa", "hydroelastic modulus of sphere 1 (M)"),
        Num("R1", "m", "radius of sphere 1"),
        Num("E2", "Pa", "hydroelastic modulus of sphere 2 (N)"),
        Num("R2", "m", "radius of sphere 2"),
        Num("overlap", "m", "R1 + R2 - centre distance (0 < overlap < min(R1, R2))"),
        Num("resolution_hint", "m",
            "target surface edge length of both meshes (each at most level " +
                std::to_string(geometry::kMaxSphereRefinementLevel) + "; a query over more than " +
                std::to_string(geometry::kMaxCandidatePairs) +
                " candidate tetrahedron pairs is refused)")},
       {Num("force", "N", "normal force pushing sphere 1 away from sphere 2"),
        Num("faces", "1", "number of contact polygons"), Num("area", "m^2", "total contact area"),
        Num("mean_pressure", "Pa", "force / area (0 without contact)")},
       [](const Values& in) {
         const double R1 = in.Number("R1"), R2 = in.Number("R2");
         const double overlap = in.Number("overlap");
         core::RequirePositive("R1", R1, "m");
         core::RequirePositive("R2", R2, "m");
         core::RequirePositive("overlap", overlap, "m");
         if (overlap >= std::min(R1, R2)) {
           core::ThrowInputError("overlap", overlap, "m",
                                 "< min(R1, R2) = " + core::FormatNumber(std::min(R1, R2)) + " m");
         }
         const double hint = in.Number("resolution_hint");
         // Each mesh is capped at kMaxSphereRefinementLevel (8·4^8 tetrahedra) by
         // MakeSphereVolumeMesh; the surface query's broad phase (aabb_tree.h) keeps its
         // cost near-linear in the two meshes' sizes, so two level-8 spheres are fine.
         // Sphere 1 centred at the origin, sphere 2 at x = R1 + R2 − overlap.
         const auto M =
             geometry::MakePressureField(geometry::MakeSphereVolumeMesh(R1, hint), in.Number("E1"));
         const auto N = geometry::MakePressureField(
             geometry::TransformVolumeMesh(geometry::MakeSphereVolumeMesh(R2, hint),
                                           core::Matrix3::Identity(),
                                           core::Vector3(R1 + R2 - overlap, 0, 0)),
             in.Number("E2"));
         const auto surface = geometry::ComputeContactSurface(M, N);
         const double force = -surface.ElasticForceOnM().x();
         const double area = surface.TotalArea();
         Values out;
         out.Set("force", force);
         out.Set("faces", static_cast<double>(surface.faces.size()));
         out.Set("area", area);
         out.Set("mean_pressure", area > 0 ? force / area : 0.0);
         return out;
       }});
}

}  // namespace simatlas::laws
