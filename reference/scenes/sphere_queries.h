#pragma once
/// @file
/// E3-geometry §2.1 "Point：穿透深度、见证点和作用点": the point pair of a sphere A against a
/// sphere or a box B, in the convention of contact/point_contact.h (§0.1): nhat_BA_W points from
/// B toward A, depth x = (p_WCb − p_WCa)·nhat_BA_W ≥ 0, p_WCa = A's point deepest inside B,
/// p_WCb = B's point deepest inside A. Only penetrating pairs (x > 0) are returned, as in
/// Drake's ComputePointPairPenetration (which orders A and B by geometry id; the caller
/// relabels with contact::SwapAAndB).

#include <vector>

#include "reference/contact/point_contact.h"
#include "reference/multibody/spatial_algebra.h"

namespace simatlas::scenes {

/// Sphere A (centre p_WA, radius r_A) against sphere B (p_WB, r_B), radii ≥ 0 [m]: with
/// d = |p_WA − p_WB|, x = r_A + r_B − d, nhat_BA_W = (p_WA − p_WB)/d, p_WCa = p_WA − r_A n̂,
/// p_WCb = p_WB + r_B n̂. Coincident centres have no normal: InputError naming "p_WA".
std::vector<contact::PenetrationAsPointPair> SphereSpherePenetration(const core::Vector3& p_WA,
                                                                     double r_A,
                                                                     const core::Vector3& p_WB,
                                                                     double r_B, int id_A,
                                                                     int id_B);

/// Sphere A (centre p_WA, radius r_A ≥ 0) against box B of full sides (> 0) at pose X_WB [m].
/// Centre outside the box: q = the box point nearest the centre, d = |p_WA − q|,
/// x = r_A − d, n̂ = (p_WA − q)/d, p_WCb = q. Centre inside (or on) the box: the face nearest the
/// centre (the first axis on a tie), n̂ = its outward normal, x = r_A + (distance to that face),
/// p_WCb = the centre projected on that face. Both: p_WCa = p_WA − r_A n̂.
std::vector<contact::PenetrationAsPointPair> SphereBoxPenetration(
    const core::Vector3& p_WA, double r_A, const multibody::RigidTransform& X_WB,
    const core::Vector3& sides, int id_A, int id_B);

}  // namespace simatlas::scenes
