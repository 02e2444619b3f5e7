// E3-geometry §2.2, formula sheet §0.4: contact surfaces of a compliant mesh against a rigid
// half space, a compliant half space, or another compliant mesh.
#include "reference/geometry/contact_surface.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <utility>

#include "reference/core/errors.h"

namespace simatlas::geometry {

using core::Vector3;

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

// A plane {x : n·x = b} (n need not be unit) or the half space n·x ≤ b.
struct Plane {
  Vector3 n;
  double b;
};

// The four corners of tetrahedron t.
std::array<Vector3, 4> Corners(const VolumeMesh& mesh, std::size_t t) {
  const auto& tet = mesh.tetrahedra[t];
  return {mesh.vertices[tet[0]], mesh.vertices[tet[1]], mesh.vertices[tet[2]],
          mesh.vertices[tet[3]]};
}

// Polygon where the plane cuts the tetrahedron: one point on every edge whose ends lie on
// opposite sides (3 or 4 points), ordered counter-clockwise about plane.n.
std::vector<Vector3> SliceTetrahedron(const std::array<Vector3, 4>& x, const Plane& plane) {
  std::array<double, 4> s;
  for (int i = 0; i < 4; ++i) s[i] = plane.n.dot(x[i]) - plane.b;
  // Most tetrahedra lie on one side: reject them before any allocation.
  const int below = (s[0] < 0) + (s[1] < 0) + (s[2] < 0) + (s[3] < 0);
  if (below == 0 || below == 4) return {};
  std::vector<Vector3> points;
  points.reserve(4);
  for (int i = 0; i < 4; ++i) {
    for (int j = i + 1; j < 4; ++j) {
      if ((s[i] < 0) == (s[j] < 0)) continue;
      // Linear interpolation to the zero of s along edge ij.
      const double t = s[i] / (s[i] - s[j]);
      points.push_back(x[i] + t * (x[j] - x[i]));
    }
  }
  // Order by angle about the mean point in a basis (u, v) of the plane, v = n × u.
  Vector3 mean = Vector3::Zero();
  for (const Vector3& p : points) mean += p;
  mean /= static_cast<double>(points.size());
  const Vector3 n = plane.n.normalized();
  const Vector3 u = (std::abs(n.x()) < 0.9 ? Vector3::UnitX() : Vector3::UnitY()).cross(n)
                        .normalized();
  const Vector3 v = n.cross(u);
  std::array<std::pair<double, Vector3>, 4> by_angle;
  const std::size_t count = points.size();
  for (std::size_t k = 0; k < count; ++k) {
    by_angle[k] = {std::atan2((points[k] - mean).dot(v), (points[k] - mean).dot(u)), points[k]};
  }
  std::sort(by_angle.begin(), by_angle.begin() + static_cast<std::ptrdiff_t>(count),
            [](const auto& a, const auto& b) { return a.first < b.first; });
  for (std::size_t k = 0; k < count; ++k) points[k] = by_angle[k].second;
  return points;
}

// Sutherland–Hodgman: the part of the polygon with n·x ≤ b (order kept).
std::vector<Vector3> Clip(const std::vector<Vector3>& polygon, const Plane& keep) {
  std::vector<Vector3> out;
  const std::size_t count = polygon.size();
  for (std::size_t i = 0; i < count; ++i) {
    const Vector3& a = polygon[i];
    const Vector3& b = polygon[(i + 1) % count];
    const double sa = keep.n.dot(a) - keep.b, sb = keep.n.dot(b) - keep.b;
    if (sa <= 0) out.push_back(a);
    if ((sa <= 0) != (sb <= 0)) out.push_back(a + sa / (sa - sb) * (b - a));
  }
  return out;
}

// The four faces of a tetrahedron as half spaces n·x ≤ b containing it.
std::array<Plane, 4> FacesOf(const std::array<Vector3, 4>& x) {
  std::array<Plane, 4> faces;
  for (int k = 0; k < 4; ++k) {
    const Vector3& a = x[(k + 1) % 4];
    const Vector3& b = x[(k + 2) % 4];
    const Vector3& c = x[(k + 3) % 4];
    Vector3 n = (b - a).cross(c - a);
    if (n.dot(x[k] - a) > 0) n = -n;  // point away from the opposite corner
    faces[k] = {n, n.dot(a)};
  }
  return faces;
}

// Area, centroid and the fields of a finished polygon; false when it has no area.
bool Finish(std::vector<Vector3> vertices, const Vector3& normal, const LinearField& field_M,
            double gM, double gN, ContactPolygon* face) {
  if (vertices.size() < 3) return false;
  // Fan from vertex 0: triangle (v0, vi, vi+1) has area ½ (vi − v0)×(vi+1 − v0)·n̂.
  double area = 0.0;
  Vector3 moment = Vector3::Zero();
  for (std::size_t i = 1; i + 1 < vertices.size(); ++i) {
    const double a =
        0.5 * (vertices[i] - vertices[0]).cross(vertices[i + 1] - vertices[0]).dot(normal);
    area += a;
    moment += a * (vertices[0] + vertices[i] + vertices[i + 1]) / 3.0;
  }
  if (!(area > 0.0)) return false;
  face->vertices = std::move(vertices);
  face->area = area;
  face->centroid = moment / area;
  face->normal = normal;
  // pe at the centroid: the field is linear on the polygon, so this is also its mean.
  face->pressure = std::max(0.0, field_M.At(face->centroid));
  face->gM = gM;
  face->gN = gN;
  return true;
}

// Axis-aligned bounds of a tetrahedron.
struct Box {
  Vector3 lo, hi;
  bool Overlaps(const Box& other) const {
    return (lo.array() <= other.hi.array()).all() && (other.lo.array() <= hi.array()).all();
  }
};

Box BoundsOf(const std::array<Vector3, 4>& x) {
  Box box{x[0], x[0]};
  for (const Vector3& p : x) {
    box.lo = box.lo.cwiseMin(p);
    box.hi = box.hi.cwiseMax(p);
  }
  return box;
}

// The equal-pressure plane p_M = p_N of two linear fields, or false when ∇p_M ≈ ∇p_N.
bool EqualPressurePlane(const LinearField& fM, const LinearField& fN, Plane* plane,
                        Vector3* normal) {
  const Vector3 dg = fM.gradient - fN.gradient;
  const double scale = std::max(fM.gradient.norm(), fN.gradient.norm());
  if (!(dg.norm() > 1e-12 * scale)) return false;
  // (∇p_M − ∇p_N)·x = p_N,o − p_M,o; n̂ along ∇p_M − ∇p_N (into M, out of N).
  *plane = {dg, fN.value_at_origin - fM.value_at_origin};
  *normal = dg.normalized();
  return true;
}

}  // namespace

double ContactSurface::TotalArea() const {
  double total = 0.0;
  for (const ContactPolygon& face : faces) total += face.area;
  return total;
}

Vector3 ContactSurface::ElasticForceOnM() const {
  Vector3 total = Vector3::Zero();
  for (const ContactPolygon& face : faces) total += face.pressure * face.area * face.normal;
  return total;
}

ContactSurface ComputeContactSurface(const PressureField& M, const HalfSpacePlane& N) {
  ValidateHalfSpacePlane(N);
  const Plane boundary{N.normal_W, N.normal_W.dot(N.p_WO)};
  ContactSurface surface;
  for (std::size_t t = 0; t < M.mesh.tetrahedra.size(); ++t) {
    std::vector<Vector3> polygon = SliceTetrahedron(Corners(M.mesh, t), boundary);
    // gM = ∇p_M·n̂; gN = ∞ (rigid N).
    const double gM = M.field[t].gradient.dot(N.normal_W);
    ContactPolygon face;
    if (Finish(std::move(polygon), N.normal_W, M.field[t], gM, kInf, &face)) {
      surface.faces.push_back(std::move(face));
    }
  }
  return surface;
}

ContactSurface ComputeContactSurface(const PressureField& M, const HalfSpacePlane& N,
                                     double modulus_N, double slab_thickness_N) {
  const LinearField fN = CompliantHalfSpaceField(N, modulus_N, slab_thickness_N);
  const Plane inside_N{N.normal_W, N.normal_W.dot(N.p_WO)};
  ContactSurface surface;
  for (std::size_t t = 0; t < M.mesh.tetrahedra.size(); ++t) {
    Plane plane;
    Vector3 normal;
    if (!EqualPressurePlane(M.field[t], fN, &plane, &normal)) continue;
    // The equal-pressure polygon in M's tetrahedron, kept inside N.
    std::vector<Vector3> polygon = Clip(SliceTetrahedron(Corners(M.mesh, t), plane), inside_N);
    ContactPolygon face;
    if (Finish(std::move(polygon), normal, M.field[t], M.field[t].gradient.dot(normal),
               -fN.gradient.dot(normal), &face)) {
      surface.faces.push_back(std::move(face));
    }
  }
  return surface;
}

ContactSurface ComputeContactSurface(const PressureField& M, const PressureField& N) {
  std::vector<Box> bounds_N;
  bounds_N.reserve(N.mesh.tetrahedra.size());
  for (std::size_t u = 0; u < N.mesh.tetrahedra.size(); ++u) {
    bounds_N.push_back(BoundsOf(Corners(N.mesh, u)));
  }
  ContactSurface surface;
  for (std::size_t t = 0; t < M.mesh.tetrahedra.size(); ++t) {
    const auto corners_M = Corners(M.mesh, t);
    const Box bounds_M = BoundsOf(corners_M);
    for (std::size_t u = 0; u < N.mesh.tetrahedra.size(); ++u) {
      if (!bounds_M.Overlaps(bounds_N[u])) continue;
      Plane plane;
      Vector3 normal;
      if (!EqualPressurePlane(M.field[t], N.field[u], &plane, &normal)) continue;
      // The equal-pressure polygon in M's tetrahedron t, clipped by N's tetrahedron u.
      std::vector<Vector3> polygon = SliceTetrahedron(corners_M, plane);
      for (const Plane& face_of_N : FacesOf(Corners(N.mesh, u))) {
        if (polygon.empty()) break;
        polygon = Clip(polygon, face_of_N);
      }
      ContactPolygon face;
      if (Finish(std::move(polygon), normal, M.field[t], M.field[t].gradient.dot(normal),
                 -N.field[u].gradient.dot(normal), &face)) {
        surface.faces.push_back(std::move(face));
      }
    }
  }
  return surface;
}

RigidSurface MakeRigidBoxSurface(const Vector3& size, const core::Matrix3& R_WB,
                                 const Vector3& p_WB) {
  // Validation and pose checks reuse the volume mesh builders.
  const VolumeMesh check = TransformVolumeMesh(MakeBoxVolumeMesh(size), R_WB, p_WB);
  (void)check;
  const Vector3 h = size / 2;
  RigidSurface surface;
  for (int axis = 0; axis < 3; ++axis) {
    const int u = (axis + 1) % 3, v = (axis + 2) % 3;
    for (double side : {1.0, -1.0}) {
      // Corners (±h_u, ±h_v) on the face x_axis = side·h_axis, counter-clockwise about
      // side·e_axis (e_u × e_v = e_axis, so the order flips for the negative side).
      std::vector<Vector3> rectangle;
      const double su[4] = {-1, 1, 1, -1}, sv[4] = {-1, -1, 1, 1};
      for (int k = 0; k < 4; ++k) {
        const int j = side > 0 ? k : 3 - k;
        Vector3 x;
        x[axis] = side * h[axis];
        x[u] = su[j] * h[u];
        x[v] = sv[j] * h[v];
        rectangle.push_back(R_WB * x + p_WB);
      }
      surface.polygons.push_back(std::move(rectangle));
    }
  }
  return surface;
}

RigidSurface MakeRigidSphereSurface(double radius, double resolution_hint, const Vector3& p_WS) {
  // The volume mesh's tetrahedra are (centre, a, b, c) with (a, b, c) counter-clockwise seen
  // from outside: exactly the surface triangles.
  const VolumeMesh mesh = MakeSphereVolumeMesh(radius, resolution_hint);
  for (int i = 0; i < 3; ++i) core::RequireFinite("p_WS", p_WS[i], "m");
  RigidSurface surface;
  surface.polygons.reserve(mesh.tetrahedra.size());
  for (const auto& tet : mesh.tetrahedra) {
    surface.polygons.push_back({mesh.vertices[tet[1]] + p_WS, mesh.vertices[tet[2]] + p_WS,
                                mesh.vertices[tet[3]] + p_WS});
  }
  return surface;
}

ContactSurface ComputeContactSurface(const PressureField& M, const RigidSurface& N) {
  ContactSurface surface;
  for (const std::vector<Vector3>& boundary : N.polygons) {
    if (boundary.size() < 3) continue;
    // Outward normal of the (planar, convex) rigid polygon.
    Vector3 normal = Vector3::Zero();
    for (std::size_t i = 1; i + 1 < boundary.size(); ++i) {
      normal += (boundary[i] - boundary[0]).cross(boundary[i + 1] - boundary[0]);
    }
    if (!(normal.norm() > 0)) continue;
    normal.normalize();
    Box bounds{boundary[0], boundary[0]};
    for (const Vector3& x : boundary) {
      bounds.lo = bounds.lo.cwiseMin(x);
      bounds.hi = bounds.hi.cwiseMax(x);
    }
    for (std::size_t t = 0; t < M.mesh.tetrahedra.size(); ++t) {
      const auto corners = Corners(M.mesh, t);
      if (!bounds.Overlaps(BoundsOf(corners))) continue;
      // The part of the rigid polygon inside tetrahedron t.
      std::vector<Vector3> polygon = boundary;
      for (const Plane& face_of_M : FacesOf(corners)) {
        if (polygon.empty()) break;
        polygon = Clip(polygon, face_of_M);
      }
      ContactPolygon face;
      if (Finish(std::move(polygon), normal, M.field[t], M.field[t].gradient.dot(normal), kInf,
                 &face)) {
        surface.faces.push_back(std::move(face));
      }
    }
  }
  return surface;
}

}  // namespace simatlas::geometry
