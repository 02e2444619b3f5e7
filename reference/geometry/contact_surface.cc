// E3-geometry §2.2, formula sheet §0.4: contact surfaces of a compliant mesh against a rigid
// half space, a compliant half space, or another compliant mesh.
#include "reference/geometry/contact_surface.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <utility>

#include "reference/core/errors.h"
#include "reference/geometry/aabb_tree.h"

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
  // Most tetrahedra lie on one side: reject them before any allocation (see Crosses).
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
  const Vector3 u =
      (std::abs(n.x()) < 0.9 ? Vector3::UnitX() : Vector3::UnitY()).cross(n).normalized();
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

// True when the tetrahedron has corners on both sides of the plane, counted as SliceTetrahedron
// counts them (below: n·x − b < 0). A plane that only touches a tetrahedron (a face in the
// plane) gives that tetrahedron no polygon; the neighbour across the face, which the plane
// crosses, holds it, so it is counted once.
bool Crosses(const Plane& plane, const std::array<Vector3, 4>& x) {
  int below = 0;
  for (const Vector3& p : x) below += plane.n.dot(p) - plane.b < 0;
  return below > 0 && below < 4;
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
Aabb BoundsOf(const std::array<Vector3, 4>& x) { return Aabb::Of(x); }

// The broad phase over a mesh: one box per tetrahedron, box t for tetrahedron t.
AabbTree TreeOf(const VolumeMesh& mesh) {
  std::vector<Aabb> boxes;
  boxes.reserve(mesh.tetrahedra.size());
  for (std::size_t t = 0; t < mesh.tetrahedra.size(); ++t)
    boxes.push_back(BoundsOf(Corners(mesh, t)));
  return AabbTree(std::move(boxes));
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

namespace {

// The box's six faces as half spaces n·x ≤ b.
std::array<Plane, 6> FacesOf(const Aabb& box) {
  std::array<Plane, 6> faces;
  for (int k = 0; k < 3; ++k) {
    faces[2 * k] = {Vector3::Unit(k), box.hi[k]};
    faces[2 * k + 1] = {-Vector3::Unit(k), -box.lo[k]};
  }
  return faces;
}

// Bounds of the part of tetrahedron x inside `region`, or false when that part is empty. Every
// vertex of the polytope x ∩ region lies on a face of x (the faces clipped by the region) or is
// a corner of the region inside x, so those points have the polytope's bounds. For the sliver
// tetrahedra of a sphere mesh (centre to surface), the part near the other body has a far
// smaller box than the whole tetrahedron.
bool BoundsWithin(const std::array<Vector3, 4>& x, const Aabb& region, Aabb* bounds) {
  const Aabb whole = BoundsOf(x);
  if (!whole.Overlaps(region)) return false;
  if ((whole.lo.array() >= region.lo.array()).all() &&
      (whole.hi.array() <= region.hi.array()).all()) {
    *bounds = whole;  // entirely inside
    return true;
  }
  std::vector<Vector3> points;
  const std::array<Plane, 6> box_faces = FacesOf(region);
  for (int k = 0; k < 4; ++k) {
    std::vector<Vector3> face{x[(k + 1) % 4], x[(k + 2) % 4], x[(k + 3) % 4]};
    for (const Plane& keep : box_faces) {
      if (face.empty()) break;
      face = Clip(face, keep);
    }
    points.insert(points.end(), face.begin(), face.end());
  }
  const std::array<Plane, 4> tet_faces = FacesOf(x);
  for (int corner = 0; corner < 8; ++corner) {
    const Vector3 p((corner & 1) ? region.hi.x() : region.lo.x(),
                    (corner & 2) ? region.hi.y() : region.lo.y(),
                    (corner & 4) ? region.hi.z() : region.lo.z());
    bool inside = true;
    for (const Plane& face : tet_faces) inside = inside && face.n.dot(p) <= face.b;
    if (inside) points.push_back(p);
  }
  if (points.empty()) return false;
  // Clipped points carry rounding errors of a few ulps of the region's size: pad the box by far
  // more than that, so that two parts touching in exact arithmetic still overlap here.
  const double pad = 1e-9 * (region.hi - region.lo).norm();
  *bounds = Aabb::Of(points);
  bounds->lo.array() -= pad;
  bounds->hi.array() += pad;
  return true;
}

// Box of every tetrahedron's part inside `region` (tetrahedra outside it are left out), and
// the tree over them.
struct ClippedTree {
  std::vector<std::size_t> tetrahedron;  // tree box i bounds this tetrahedron
  std::vector<Aabb> boxes;
};
ClippedTree ClippedBoxes(const VolumeMesh& mesh, const Aabb& region) {
  ClippedTree result;
  for (std::size_t t = 0; t < mesh.tetrahedra.size(); ++t) {
    Aabb box;
    if (BoundsWithin(Corners(mesh, t), region, &box)) {
      result.tetrahedron.push_back(t);
      result.boxes.push_back(box);
    }
  }
  return result;
}

Aabb BoundsOf(const VolumeMesh& mesh) { return Aabb::Of(mesh.vertices); }

// Pairs (t, u) of a tetrahedron t of `first` and u of `second` whose boxes overlap, sorted as an
// all-pairs loop over t, then u, would visit them. Only the parts of the tetrahedra inside the
// overlap of the two meshes' bounds can touch, so each tetrahedron is bounded by the box of that
// part. The tree is built over the smaller list and queried with the boxes of the larger one.
// More than kMaxCandidatePairs pairs is an InputError (see contact_surface.h).
std::vector<std::pair<std::size_t, std::size_t>> CandidatePairs(const VolumeMesh& first,
                                                                const VolumeMesh& second) {
  std::vector<std::pair<std::size_t, std::size_t>> pairs;
  if (first.vertices.empty() || second.vertices.empty()) return pairs;
  const Aabb bounds_first = BoundsOf(first), bounds_second = BoundsOf(second);
  if (!bounds_first.Overlaps(bounds_second)) return pairs;
  const Aabb region{bounds_first.lo.cwiseMax(bounds_second.lo),
                    bounds_first.hi.cwiseMin(bounds_second.hi)};
  const ClippedTree clipped_first = ClippedBoxes(first, region);
  const ClippedTree clipped_second = ClippedBoxes(second, region);
  const bool tree_over_first = clipped_first.boxes.size() < clipped_second.boxes.size();
  const ClippedTree& indexed = tree_over_first ? clipped_first : clipped_second;
  const ClippedTree& queried = tree_over_first ? clipped_second : clipped_first;
  const AabbTree tree(indexed.boxes);
  std::vector<std::size_t> found;
  for (std::size_t q = 0; q < queried.boxes.size(); ++q) {
    found.clear();
    tree.AppendOverlapping(queried.boxes[q], &found);
    for (const std::size_t i : found) {
      const std::size_t a = indexed.tetrahedron[i], b = queried.tetrahedron[q];
      pairs.emplace_back(tree_over_first ? a : b, tree_over_first ? b : a);
    }
    if (pairs.size() > kMaxCandidatePairs) {
      core::ThrowInputError(
          "candidate tetrahedron pairs of the contact surface query (meshes of " +
              std::to_string(first.tetrahedra.size()) + " and " +
              std::to_string(second.tetrahedra.size()) + " tetrahedra)",
          static_cast<double>(pairs.size()), "pairs",
          "at most " + std::to_string(kMaxCandidatePairs) +
              " (counting stopped there; use coarser meshes, e.g. a larger resolution_hint, or "
              "less overlap)");
    }
  }
  std::sort(pairs.begin(), pairs.end());
  return pairs;
}

}  // namespace

ContactSurface ComputeContactSurface(const PressureField& M, const PressureField& N) {
  // Broad phase: only tetrahedron pairs whose boxes overlap are candidates, in the order of an
  // all-pairs loop (so the faces come out in the same order).
  ContactSurface surface;
  for (const auto& [t, u] : CandidatePairs(M.mesh, N.mesh)) {
    const auto corners_M = Corners(M.mesh, t);
    Plane plane;
    Vector3 normal;
    if (!EqualPressurePlane(M.field[t], N.field[u], &plane, &normal)) continue;
    // A polygon needs the plane to cross both tetrahedra; most candidates fail this cheap test
    // on N's side (SliceTetrahedron makes the same test on M's before it allocates).
    const auto corners_N = Corners(N.mesh, u);
    if (!Crosses(plane, corners_N)) continue;
    // The equal-pressure polygon in M's tetrahedron t, clipped by N's tetrahedron u.
    std::vector<Vector3> polygon = SliceTetrahedron(corners_M, plane);
    for (const Plane& face_of_N : FacesOf(corners_N)) {
      if (polygon.empty()) break;
      polygon = Clip(polygon, face_of_N);
    }
    ContactPolygon face;
    if (Finish(std::move(polygon), normal, M.field[t], M.field[t].gradient.dot(normal),
               -N.field[u].gradient.dot(normal), &face)) {
      surface.faces.push_back(std::move(face));
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
    surface.polygons.push_back(
        {mesh.vertices[tet[1]] + p_WS, mesh.vertices[tet[2]] + p_WS, mesh.vertices[tet[3]] + p_WS});
  }
  return surface;
}

ContactSurface ComputeContactSurface(const PressureField& M, const RigidSurface& N) {
  const AabbTree tree_M = TreeOf(M.mesh);
  std::vector<std::size_t> found;
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
    found.clear();
    tree_M.AppendOverlapping(Aabb::Of(boundary), &found);
    for (const std::size_t t : found) {
      const auto corners = Corners(M.mesh, t);
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
