// E3-geometry §2.1, E3-SAP §2.2: sphere, box and capsule against the ground half-space z ≤ 0.
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
  pair.p_WCb = p_WS - radius * Vector3::UnitZ();       // B's deepest point (inside the ground)
  pair.p_WCa = Vector3(p_WS.x(), p_WS.y(), 0.0);        // the plane point under it
  pair.nhat_BA_W = -Vector3::UnitZ();                   // from B (body) toward A (ground)
  pair.depth = depth;
  return {pair};
}

std::vector<Vector3> BoxVerticesInWorld(const multibody::RigidTransform& X_WG, const Vector3& sides) {
  std::vector<Vector3> vertices;
  for (int sx : {-1, 1}) {
    for (int sy : {-1, 1}) {
      for (int sz : {-1, 1}) {
        vertices.push_back(X_WG * Vector3(sx * sides.x() / 2, sy * sides.y() / 2, sz * sides.z() / 2));
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

std::vector<PenetrationAsPointPair> HalfSpacePenetration(const ContactGeometry& g,
                                                         const multibody::RigidTransform& X_WB,
                                                         int id) {
  const multibody::RigidTransform X_WG = X_WB * g.X_BG;
  switch (g.shape) {
    case ShapeType::kSphere:
      return SphereHalfSpacePenetration(X_WG.p, g.radius, id);
    case ShapeType::kBox:
      return BoxHalfSpacePenetration(X_WG, g.sides, id);
    case ShapeType::kCapsule:
      return CapsuleHalfSpacePenetration(X_WG, g.length, g.radius, id);
  }
  throw core::InputError("unknown shape");
}

}  // namespace simatlas::scenes
