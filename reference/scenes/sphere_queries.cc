// E3-geometry §2.1: sphere–sphere and sphere–box point pairs (§0.1 convention).
#include "reference/scenes/sphere_queries.h"

#include <cmath>

#include "reference/core/errors.h"

namespace simatlas::scenes {

using contact::PenetrationAsPointPair;
using core::Vector3;

namespace {

// The pair of sphere A with normal n̂ (B → A), B's deepest point and depth x.
std::vector<PenetrationAsPointPair> SpherePair(const Vector3& p_WA, double r_A, const Vector3& n,
                                               const Vector3& p_WCb, double depth, int id_A,
                                               int id_B) {
  if (!(depth > 0)) return {};
  PenetrationAsPointPair pair;
  pair.id_A = id_A;
  pair.id_B = id_B;
  pair.nhat_BA_W = n;
  pair.p_WCa = p_WA - r_A * n;  // A's surface point facing B
  pair.p_WCb = p_WCb;
  pair.depth = depth;
  return {pair};
}

void RequireFinitePoint(const char* key, const Vector3& p) {
  for (int i = 0; i < 3; ++i) core::RequireFinite(key, p(i), "m");
}

}  // namespace

std::vector<PenetrationAsPointPair> SphereSpherePenetration(const Vector3& p_WA, double r_A,
                                                            const Vector3& p_WB, double r_B,
                                                            int id_A, int id_B) {
  core::RequireNonNegative("r_A", r_A, "m");
  core::RequireNonNegative("r_B", r_B, "m");
  RequireFinitePoint("p_WA", p_WA);
  RequireFinitePoint("p_WB", p_WB);
  // x = r_A + r_B − d along the line of centres.
  const double d = (p_WA - p_WB).norm();
  if (!(d > 0)) {
    core::ThrowInputError("p_WA", d, "m", "> 0 from p_WB (coincident centres have no normal)");
  }
  const Vector3 n = (p_WA - p_WB) / d;
  return SpherePair(p_WA, r_A, n, p_WB + r_B * n, r_A + r_B - d, id_A, id_B);
}

std::vector<PenetrationAsPointPair> SphereBoxPenetration(const Vector3& p_WA, double r_A,
                                                         const multibody::RigidTransform& X_WB,
                                                         const Vector3& sides, int id_A, int id_B) {
  core::RequireNonNegative("r_A", r_A, "m");
  RequireFinitePoint("p_WA", p_WA);
  for (int i = 0; i < 3; ++i) core::RequirePositive("sides", sides(i), "m");
  // The centre in the box frame and the half sides.
  const Vector3 c = X_WB.R.transpose() * (p_WA - X_WB.p);
  const Vector3 h = sides / 2;
  const Vector3 q = c.cwiseMax(-h).cwiseMin(h);
  if (q != c) {
    // Outside: the nearest box point q, x = r_A − |c − q|.
    const double d = (c - q).norm();
    return SpherePair(p_WA, r_A, X_WB.R * ((c - q) / d), X_WB * q, r_A - d, id_A, id_B);
  }
  // Inside: out through the nearest face.
  int axis = 0;
  for (int i = 1; i < 3; ++i) {
    if (h(i) - std::abs(c(i)) < h(axis) - std::abs(c(axis))) axis = i;
  }
  const double sign = c(axis) < 0 ? -1.0 : 1.0;
  Vector3 n_B = Vector3::Zero();
  n_B(axis) = sign;
  Vector3 on_face = c;
  on_face(axis) = sign * h(axis);
  return SpherePair(p_WA, r_A, X_WB.R * n_B, X_WB * on_face, r_A + h(axis) - std::abs(c(axis)),
                    id_A, id_B);
}

}  // namespace simatlas::scenes
