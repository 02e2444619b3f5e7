// E3-geometry §2.2: tetrahedral meshes of a compliant sphere and box with the extent field e.
#include "reference/geometry/volume_mesh.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string>
#include <unordered_map>
#include <utility>

#include "reference/core/errors.h"

namespace simatlas::geometry {

using core::Vector3;

int SphereRefinementLevel(double radius, double resolution_hint) {
  core::RequirePositive("radius", radius, "m");
  core::RequirePositive("resolution_hint", resolution_hint, "m");
  // √2·R/2^L ≤ hint  ⇔  L ≥ log2(√2·R/hint).
  const double chord = std::sqrt(2.0) * radius;
  int level = 0;
  while (level <= kMaxSphereRefinementLevel && chord / std::ldexp(1.0, level) > resolution_hint) {
    ++level;
  }
  if (level > kMaxSphereRefinementLevel) {
    core::ThrowInputError(
        "resolution_hint", resolution_hint, "m",
        ">= sqrt(2)*radius/2^" + std::to_string(kMaxSphereRefinementLevel) + " = " +
            core::FormatNumber(chord / std::ldexp(1.0, kMaxSphereRefinementLevel)) +
            " m (sphere refinement is capped at level " +
            std::to_string(kMaxSphereRefinementLevel) + ")");
  }
  return level;
}

namespace {

// One midpoint-subdivision step of a triangulated unit sphere: each triangle (a, b, c) becomes
// four, the new vertices being the edge midpoints pushed back onto the unit sphere (shared edges
// get one midpoint, so the surface stays watertight).
std::vector<std::array<int, 3>> Subdivide(std::vector<Vector3>& unit_vertices,
                                          const std::vector<std::array<int, 3>>& triangles) {
  // Edge (i, j), i < j, keyed as one 64-bit number; a closed triangulation has 3/2 edges per
  // triangle.
  std::unordered_map<std::uint64_t, int> midpoint_of;
  midpoint_of.reserve(3 * triangles.size() / 2 + 1);
  auto midpoint = [&](int i, int j) {
    const std::uint64_t key = (static_cast<std::uint64_t>(std::min(i, j)) << 32) |
                              static_cast<std::uint64_t>(std::max(i, j));
    const auto found = midpoint_of.find(key);
    if (found != midpoint_of.end()) return found->second;
    unit_vertices.push_back((unit_vertices[i] + unit_vertices[j]).normalized());
    const int index = static_cast<int>(unit_vertices.size()) - 1;
    midpoint_of.emplace(key, index);
    return index;
  };
  std::vector<std::array<int, 3>> finer;
  finer.reserve(4 * triangles.size());
  for (const auto& [a, b, c] : triangles) {
    const int ab = midpoint(a, b), bc = midpoint(b, c), ca = midpoint(c, a);
    finer.push_back({a, ab, ca});
    finer.push_back({ab, b, bc});
    finer.push_back({ca, bc, c});
    finer.push_back({ab, bc, ca});
  }
  return finer;
}

}  // namespace

VolumeMesh MakeSphereVolumeMesh(double radius, double resolution_hint) {
  const int level = SphereRefinementLevel(radius, resolution_hint);
  // Octahedron on the unit sphere, triangles counter-clockwise seen from outside.
  std::vector<Vector3> unit = {Vector3::UnitX(),  -Vector3::UnitX(), Vector3::UnitY(),
                               -Vector3::UnitY(), Vector3::UnitZ(),  -Vector3::UnitZ()};
  std::vector<std::array<int, 3>> triangles = {{0, 2, 4}, {2, 1, 4}, {1, 3, 4}, {3, 0, 4},
                                               {2, 0, 5}, {1, 2, 5}, {3, 1, 5}, {0, 3, 5}};
  for (int i = 0; i < level; ++i) triangles = Subdivide(unit, triangles);

  // Vertex 0 is the centre (e = 1); surface vertex i of `unit` becomes mesh vertex i + 1 (e = 0).
  VolumeMesh mesh;
  mesh.vertices.reserve(unit.size() + 1);
  mesh.vertices.push_back(Vector3::Zero());
  mesh.extent.push_back(1.0);
  for (const Vector3& u : unit) {
    mesh.vertices.push_back(radius * u);
    mesh.extent.push_back(0.0);
  }
  // Cone each outward-CCW triangle to the centre: (centre, a, b, c) has positive volume.
  mesh.tetrahedra.reserve(triangles.size());
  for (const auto& [a, b, c] : triangles) mesh.tetrahedra.push_back({0, a + 1, b + 1, c + 1});
  return mesh;
}

VolumeMesh MakeBoxVolumeMesh(const Vector3& size) {
  core::RequirePositive("box width", size.x(), "m");
  core::RequirePositive("box depth", size.y(), "m");
  core::RequirePositive("box height", size.z(), "m");
  const Vector3 h = size / 2.0;
  const double m = h.minCoeff();
  VolumeMesh mesh;
  // e(x) = min_i(h_i − |x_i|)/m, exact at any point (used for every vertex).
  auto add_vertex = [&](const Vector3& x) {
    mesh.vertices.push_back(x);
    const Vector3 distance = h - x.cwiseAbs();
    mesh.extent.push_back(std::max(0.0, distance.minCoeff()) / m);
    return static_cast<int>(mesh.vertices.size()) - 1;
  };
  const double min_volume = 1e-12 * size.prod();
  // The region nearest face (axis, side): a frustum between the face rectangle (level 1) and its
  // copy moved inward by m and shrunk by m on the two other axes (level 0, on the medial axis).
  for (int axis = 0; axis < 3; ++axis) {
    const int u = (axis + 1) % 3, v = (axis + 2) % 3;
    for (double side : {1.0, -1.0}) {
      // corner[i][j][k]: i, j the signs along u, v (0 → −, 1 → +), k the level.
      int corner[2][2][2];
      for (int i = 0; i < 2; ++i) {
        for (int j = 0; j < 2; ++j) {
          for (int k = 0; k < 2; ++k) {
            const double shrink = k == 1 ? 0.0 : m;
            Vector3 x;
            x[axis] = side * (h[axis] - shrink);
            x[u] = (i == 1 ? 1.0 : -1.0) * (h[u] - shrink);
            x[v] = (j == 1 ? 1.0 : -1.0) * (h[v] - shrink);
            corner[i][j][k] = add_vertex(x);
          }
        }
      }
      // Cone from corner 111 over the three faces through 000, each split by a diagonal from
      // 000: the six tetrahedra (000, e_a, e_a + e_b, 111) over the orderings of (i, j, k). This
      // decomposes any convex hexahedron with planar faces; degenerate ones (zero volume, where
      // the frustum collapses onto the medial axis) are dropped.
      const std::array<std::array<int, 3>, 6> orders = {
          {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}}};
      for (const auto& order : orders) {
        std::array<int, 3> bits = {0, 0, 0};
        std::array<int, 4> tet;
        tet[0] = corner[0][0][0];
        for (int step = 0; step < 3; ++step) {
          bits[order[step]] = 1;
          tet[step + 1] = corner[bits[0]][bits[1]][bits[2]];
        }
        const std::size_t t = mesh.tetrahedra.size();
        mesh.tetrahedra.push_back(tet);
        double volume = TetrahedronVolume(mesh, static_cast<int>(t));
        if (volume < 0) {
          std::swap(mesh.tetrahedra[t][2], mesh.tetrahedra[t][3]);
          volume = -volume;
        }
        if (volume <= min_volume) mesh.tetrahedra.pop_back();
      }
    }
  }
  return mesh;
}

double TetrahedronVolume(const VolumeMesh& mesh, int t) {
  const auto& [a, b, c, d] = mesh.tetrahedra[static_cast<std::size_t>(t)];
  const Vector3& o = mesh.vertices[a];
  return (mesh.vertices[b] - o).dot((mesh.vertices[c] - o).cross(mesh.vertices[d] - o)) / 6.0;
}

double MeshVolume(const VolumeMesh& mesh) {
  double total = 0.0;
  for (std::size_t t = 0; t < mesh.tetrahedra.size(); ++t) {
    total += TetrahedronVolume(mesh, static_cast<int>(t));
  }
  return total;
}

VolumeMesh TransformVolumeMesh(const VolumeMesh& mesh, const core::Matrix3& R_WF,
                               const Vector3& p_WF) {
  const double orthonormality = (R_WF.transpose() * R_WF - core::Matrix3::Identity()).norm();
  if (!R_WF.allFinite() || orthonormality > 1e-9 || R_WF.determinant() < 0) {
    throw core::InputError(
        "R_WF must be a rotation matrix (orthonormal to 1e-9, det +1); "
        "||R^T R - I|| = " +
        core::FormatNumber(orthonormality));
  }
  for (int i = 0; i < 3; ++i) core::RequireFinite("p_WF", p_WF[i], "m");
  VolumeMesh moved = mesh;
  for (Vector3& x : moved.vertices) x = R_WF * x + p_WF;
  return moved;
}

}  // namespace simatlas::geometry
