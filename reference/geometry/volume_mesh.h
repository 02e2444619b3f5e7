#pragma once
/// @file
/// E3-geometry §2.2 "Hydroelastic：刚体运动上的压力场接触": the tetrahedral volume mesh of a
/// compliant shape and its extent field e ∈ [0, 1] (0 on the surface, 1 deepest), stored per
/// vertex and linear inside each tetrahedron. The pressure p = E·e is in pressure_field.h.
///
/// Two shapes are tessellated here (the minimum; Drake has all primitives):
///  - sphere: a subdivided octahedron projected on the sphere (surface triangles), each triangle
///    coned to the centre. e = 1 at the centre, 0 on the surface vertices, so along every ray
///    e = 1 − r/r_facet: the exact field 1 − r/R up to the flatness of the facet. The resolution
///    hint picks the subdivision level (SphereRefinementLevel). Drake's
///    `geometry/proximity/make_sphere_mesh.h` also starts from an octahedron and offers two
///    TessellationStrategy values (`tessellation_strategy.h`): kSingleInteriorVertex (as here)
///    and kDenseInteriorVertices; which one its soft sphere uses, and its level rule, are not
///    reproduced — the level rule here is this project's.
///  - box: split into the six regions nearest to each face (frusta whose inner faces lie on the
///    medial axis); on each region e = (distance to that face)/min half-size is exactly linear,
///    so the box field is the exact e(x) = min_i(h_i − |x_i|)/min_i h_i. No resolution hint (Drake
///    `make_box_mesh.h` MakeBoxVolumeMeshWithMa builds a medial-axis mesh of the same field).

#include <array>
#include <vector>

#include "reference/core/numeric.h"

namespace simatlas::geometry {

/// Vertices [m] (in the shape's frame until transformed), positively oriented tetrahedra (signed
/// volume > 0) as vertex indices, and the extent e [1] at every vertex.
struct VolumeMesh {
  std::vector<core::Vector3> vertices;         ///< vertex positions [m]
  std::vector<std::array<int, 4>> tetrahedra;  ///< four vertex indices each, signed volume > 0
  std::vector<double> extent;                  ///< e ∈ [0, 1] per vertex (0 surface, 1 deepest)
};

/// Largest sphere subdivision level (8·4^8 = 524288 tetrahedra).
inline constexpr int kMaxSphereRefinementLevel = 8;

/// Smallest level L ≥ 0 with √2·R/2^L ≤ resolution_hint: the octahedron's edge chord √2·R is
/// halved by each level, so the hint bounds the surface edge length (to within the projection
/// onto the sphere). radius and resolution_hint [m] finite and > 0; a hint needing a level above
/// kMaxSphereRefinementLevel throws an InputError naming the smallest allowed hint.
int SphereRefinementLevel(double radius, double resolution_hint);

/// Sphere of radius R [m] centred at the origin, level SphereRefinementLevel(R, hint):
/// 8·4^L tetrahedra, vertex 0 the centre (e = 1), every other vertex on the sphere (e = 0).
VolumeMesh MakeSphereVolumeMesh(double radius, double resolution_hint);

/// Box with full sizes (width, depth, height) [m] centred at the origin (each > 0 and finite):
/// at most 36 tetrahedra with e(x) = min_i(h_i − |x_i|)/min_i h_i exactly, h = size/2.
VolumeMesh MakeBoxVolumeMesh(const core::Vector3& size);

/// Signed volume of tetrahedron t [m³] (> 0 for the meshes made here).
double TetrahedronVolume(const VolumeMesh& mesh, int t);

/// Total volume [m³].
double MeshVolume(const VolumeMesh& mesh);

/// The mesh with every vertex moved by the rigid pose X_WF = (R_WF, p_WF): x_W = R_WF x_F + p_WF.
/// R_WF must be a rotation (orthonormal, det +1, to 1e-9), else InputError. The extent is carried.
VolumeMesh TransformVolumeMesh(const VolumeMesh& mesh, const core::Matrix3& R_WF,
                               const core::Vector3& p_WF);

}  // namespace simatlas::geometry
