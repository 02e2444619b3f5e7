#pragma once
/// @file
/// E3-geometry §2.2 and formula sheet §0.4: the hydroelastic contact surface as polygons, each
/// with its area, centroid, unit normal, elastic pressure pe at the centroid and the pressure
/// gradients of both sides along the normal.
///
/// Conventions (§0.4, Drake `geometry/query_results/contact_surface.h`): geometry M is the first
/// argument (body A), N the second (body B); face normals point OUT OF N and INTO M, i.e. the
/// normal is nhat_BA_W. gM = ∇p_M·n̂ and gN = −∇p_N·n̂ are both positive "into" their own body;
/// a rigid side has gN (or gM) = +∞.
///
///  - compliant M vs rigid half space N: the polygons where the half space's boundary plane cuts
///    M's tetrahedra (n̂ = the half space's outward normal). Each polygon lies in one tetrahedron,
///    where pe is linear, so pe(centroid)·area is the exact integral of pe over the polygon.
///  - compliant M vs compliant N: the equal-pressure surface p_M = p_N. In a pair of overlapping
///    tetrahedra (or a tetrahedron and the compliant half space) both fields are linear, so the
///    surface is the plane (∇p_M − ∇p_N)·x + (p_M,o − p_N,o) = 0, cut by M's tetrahedron and
///    clipped by N's; n̂ = (∇p_M − ∇p_N)/‖∇p_M − ∇p_N‖. Pairs whose gradients are equal (to
///    1e-12 relative) have no surface.
///  - compliant M vs rigid box or sphere: N's boundary polygons clipped by M's tetrahedra.
/// Not reproduced: Drake's rigid-surface clipping drops faces whose normal is more than 5π/8
/// from the pressure gradient (`mesh_intersection.h`, IsFaceNormalAlongPressureGradient, an
/// empirical threshold per its comment). Here such faces are kept; the discrete path's
/// kGradientEpsilon skip removes those with gM or gN ≤ 0.

#include <cstddef>
#include <vector>

#include "reference/core/numeric.h"
#include "reference/geometry/pressure_field.h"

namespace simatlas::geometry {

/// One face of the surface.
struct ContactPolygon {
  std::vector<core::Vector3> vertices;             ///< counter-clockwise about normal [m]
  double area = 0.0;                               ///< [m²]
  core::Vector3 centroid = core::Vector3::Zero();  ///< area centroid [m]
  core::Vector3 normal = core::Vector3::UnitZ();   ///< unit, out of N into M (nhat_BA_W)
  double pressure = 0.0;  ///< pe at the centroid [Pa] (p_M = p_N there for two compliant sides)
  double gM = 0.0;        ///< ∇p_M·n̂ [Pa/m], +∞ if M rigid
  double gN = 0.0;        ///< −∇p_N·n̂ [Pa/m], +∞ if N rigid
};

/// All faces of one M–N pair.
struct ContactSurface {
  std::vector<ContactPolygon> faces;  ///< the polygons; empty when M and N do not touch
  /// Σ area [m²].
  double TotalArea() const;
  /// Σ pe·area·n̂ [N]: the elastic force on M (no dissipation, no friction).
  core::Vector3 ElasticForceOnM() const;
};

/// Compliant M (field) against a rigid half space N: polygons of the boundary plane inside M.
ContactSurface ComputeContactSurface(const PressureField& M, const HalfSpacePlane& N);

/// Compliant M against a compliant half space N (modulus E_N [Pa], slab thickness [m]):
/// the equal-pressure surface inside both.
ContactSurface ComputeContactSurface(const PressureField& M, const HalfSpacePlane& N,
                                     double modulus_N, double slab_thickness_N);

/// Most tetrahedron pairs the compliant–compliant query examines. Pairs are found by a broad
/// phase (aabb_tree.h) over the parts of the tetrahedra inside the overlap of the two meshes'
/// bounds; each candidate then costs a plane slice and four clips. Sphere meshes here are fans
/// of slivers from the centre, whose boxes overlap widely when two spheres overlap deeply
/// (two level-5 spheres overlapping by 0.9 R give 1.2 million candidates), so the count is
/// bounded to keep one query well under a second in a release build (about 0.3 µs a pair) and
/// within seconds under sanitizers. Two level-8 spheres overlapping by 0.1 R need 0.82 million.
inline constexpr std::size_t kMaxCandidatePairs = 1'000'000;

/// Compliant M against compliant N (two meshes): the equal-pressure surface. Throws an
/// InputError when more than kMaxCandidatePairs tetrahedron pairs would have to be examined.
ContactSurface ComputeContactSurface(const PressureField& M, const PressureField& N);

/// A rigid shape's boundary as planar convex polygons [m], each counter-clockwise seen from
/// outside (so its normal points out of the rigid body).
struct RigidSurface {
  std::vector<std::vector<core::Vector3>> polygons;  ///< convex, counter-clockwise from outside [m]
};

/// Rigid box with full sizes (each > 0) at pose (R_WB, p_WB): its six rectangles.
RigidSurface MakeRigidBoxSurface(const core::Vector3& size, const core::Matrix3& R_WB,
                                 const core::Vector3& p_WB);

/// Rigid sphere of the given radius at p_WS, tessellated like MakeSphereVolumeMesh's surface
/// (level SphereRefinementLevel(radius, resolution_hint)): 8·4^L triangles on the sphere.
RigidSurface MakeRigidSphereSurface(double radius, double resolution_hint,
                                    const core::Vector3& p_WS);

/// Compliant M against a rigid N given by its boundary polygons: the parts of N's boundary
/// inside M (each boundary polygon clipped by each of M's tetrahedra), with n̂ = N's outward
/// normal (out of N, into M), pe from M's field, gN = ∞. Drake clips the rigid surface mesh by
/// the soft volume mesh in the same way (`mesh_intersection.h`).
ContactSurface ComputeContactSurface(const PressureField& M, const RigidSurface& N);

}  // namespace simatlas::geometry
