// E3-geometry §2.1, E3-SAP §2.2: sphere, box and capsule against the ground half-space z ≤ 0.
// Equation numbers (N.M) are the formula sheet's (course/FORMULAS.md).
#include "reference/scenes/halfspace_queries.h"

#include "reference/core/errors.h"

namespace simatlas::scenes {

using contact::PenetrationAsPointPair;
using core::Vector3;

std::vector<PenetrationAsPointPair> SphereHalfSpacePenetration(const Vector3& p_WS, double radius,
                                                               int id) {
  core::RequireNonNegative("radius", radius, "m");
  for (int i = 0; i < 3; ++i) core::RequireFinite("p_WS", p_WS(i), "m");
  // x = r − z_S: the sphere's lowest point is r below its centre.
  const double depth = radius - p_WS.z();
  if (!(depth > 0)) return {};
  PenetrationAsPointPair pair;
  pair.id_A = 0;
  pair.id_B = id;
  pair.p_WCb = p_WS - radius * Vector3::UnitZ();  // B's deepest point (inside the ground)
  pair.p_WCa = Vector3(p_WS.x(), p_WS.y(), 0.0);  // the plane point under it
  pair.nhat_BA_W = -Vector3::UnitZ();             // from B (body) toward A (ground)
  pair.depth = depth;
  return {pair};
}

std::vector<Vector3> BoxVerticesInWorld(const multibody::RigidTransform& X_WG,
                                        const Vector3& sides) {
  std::vector<Vector3> vertices;
  for (int sx : {-1, 1}) {
    for (int sy : {-1, 1}) {
      for (int sz : {-1, 1}) {
        vertices.push_back(X_WG *
                           Vector3(sx * sides.x() / 2, sy * sides.y() / 2, sz * sides.z() / 2));
      }
    }
  }
  return vertices;
}

std::vector<PenetrationAsPointPair> BoxHalfSpacePenetration(const multibody::RigidTransform& X_WG,
                                                            const Vector3& sides, int id) {
  for (int i = 0; i < 3; ++i) core::RequirePositive("sides", sides(i), "m");
  // Each vertex is a sphere of radius 0.
  std::vector<PenetrationAsPointPair> pairs;
  for (const Vector3& p_WV : BoxVerticesInWorld(X_WG, sides)) {
    for (const auto& pair : SphereHalfSpacePenetration(p_WV, 0.0, id)) pairs.push_back(pair);
  }
  return pairs;
}

std::vector<PenetrationAsPointPair> CapsuleHalfSpacePenetration(
    const multibody::RigidTransform& X_WG, double length, double radius, int id) {
  core::RequireNonNegative("length", length, "m");
  // The lower of the two end centres (the first on a tie).
  const Vector3 p1 = X_WG * Vector3(0, 0, length / 2), p2 = X_WG * Vector3(0, 0, -length / 2);
  return SphereHalfSpacePenetration(p2.z() < p1.z() ? p2 : p1, radius, id);
}

namespace {

// The query in the half-space frame H (where the half-space is z ≤ 0).
std::vector<PenetrationAsPointPair> QueryInH(const ContactGeometry& g,
                                             const multibody::RigidTransform& X_HG, int id) {
  switch (g.shape) {
    case ShapeType::kSphere: return SphereHalfSpacePenetration(X_HG.p, g.radius, id);
    case ShapeType::kBox: return BoxHalfSpacePenetration(X_HG, g.sides, id);
    case ShapeType::kCapsule: return CapsuleHalfSpacePenetration(X_HG, g.length, g.radius, id);
  }
  throw core::InputError("unknown shape");
}

}  // namespace

std::vector<PenetrationAsPointPair> HalfSpacePenetration(const ContactGeometry& g,
                                                         const multibody::RigidTransform& X_WB,
                                                         const multibody::RigidTransform& X_WH,
                                                         int id) {
  const multibody::RigidTransform X_HG = X_WH.Inverse() * (X_WB * g.X_BG);
  std::vector<PenetrationAsPointPair> pairs = QueryInH(g, X_HG, id);
  // Back to W: a rigid motion keeps the depth and (0.1).
  for (PenetrationAsPointPair& pair : pairs) {
    pair.p_WCa = X_WH * pair.p_WCa;
    pair.p_WCb = X_WH * pair.p_WCb;
    pair.nhat_BA_W = X_WH.R * pair.nhat_BA_W;
  }
  return pairs;
}

}  // namespace simatlas::scenes
