#pragma once
/// @file
/// E3-geometry §2.1 and E3-SAP §2.2 "discrete point contact": the small geometry queries the
/// contact scenes need — a sphere, a box and a capsule against the ground half-space z ≤ 0 of
/// the world — returning point pairs in the convention of contact/point_contact.h (§0.1):
///   A = the ground (id 0, the world), B = the body's geometry (id = geometry index + 1),
///   nhat_BA_W = −ẑ (from B toward A), depth x = (p_WCb − p_WCa)·nhat_BA_W ≥ 0,
///   p_WCa = the point of the ground plane under B's deepest point, p_WCb = B's deepest point.
/// Only penetrating geometry (x > 0) gives a pair, as Drake's ComputePointPairPenetration.
/// Where this differs from Drake: a box reports one pair per penetrating VERTEX (the issue's
/// "box (vertices)"; Drake's box–half-space query returns a single deepest pair), so a box
/// resting flat has four contact points. A capsule reports its deepest end sphere (one pair).

#include <vector>

#include "reference/contact/point_contact.h"
#include "reference/multibody/spatial_algebra.h"

namespace simatlas::scenes {

/// The collision shapes of the scenes.
enum class ShapeType {
  kSphere,  ///< radius (0: a point)
  kBox,     ///< sides; one point pair per vertex below the half-space
  kCapsule  ///< radius and length along G's z axis
};

/// A collision geometry fixed on a body at pose X_BG (G's z axis is a capsule's axis), in
/// contact with a half-space z ≤ 0 of frame H fixed on body A (default: the world's ground;
/// box_stack uses the top face of the lower box).
struct ContactGeometry {
  int body = 1;                                 ///< body index (≥ 1)
  int halfspace_body = 0;                       ///< body A carrying the half-space (0: the world)
  multibody::RigidTransform X_AH;               ///< pose of the half-space frame H on A [m]
  ShapeType shape = ShapeType::kSphere;         ///< which of radius, sides, length apply
  multibody::RigidTransform X_BG;               ///< pose of the geometry in the body frame [m]
  double radius = 0.0;                          ///< sphere, capsule radius [m], ≥ 0 (0: a point)
  core::Vector3 sides = core::Vector3::Zero();  ///< box sides [m], > 0
  double length = 0.0;  ///< capsule length between the end centres [m], ≥ 0
};

/// Sphere of radius r ≥ 0 centred at p_WS against z ≤ 0: a pair when x = r − p_WS.z > 0.
/// id is B's geometry id.
std::vector<contact::PenetrationAsPointPair> SphereHalfSpacePenetration(const core::Vector3& p_WS,
                                                                        double radius, int id);

/// The 8 vertices of a box of the given sides centred at X_WG's origin, in W [m].
std::vector<core::Vector3> BoxVerticesInWorld(const multibody::RigidTransform& X_WG,
                                              const core::Vector3& sides);

/// Box against z ≤ 0: one pair per vertex below the plane (x = −p_WV.z).
std::vector<contact::PenetrationAsPointPair> BoxHalfSpacePenetration(
    const multibody::RigidTransform& X_WG, const core::Vector3& sides, int id);

/// Capsule (segment of the given length along G's z, centred at G's origin, radius r) against
/// z ≤ 0: the lower end sphere's pair (the deepest point of a segment above a plane is an end).
std::vector<contact::PenetrationAsPointPair> CapsuleHalfSpacePenetration(
    const multibody::RigidTransform& X_WG, double length, double radius, int id);

/// Dispatches on g.shape with X_HG = X_WH⁻¹ · X_WB · g.X_BG, queries in H and re-expresses the
/// pair in W (points by X_WH, normal by R_WH); id is B's geometry id. Checks the sizes
/// (InputError naming "radius", "sides" or "length").
std::vector<contact::PenetrationAsPointPair> HalfSpacePenetration(
    const ContactGeometry& g, const multibody::RigidTransform& X_WB,
    const multibody::RigidTransform& X_WH, int id);

}  // namespace simatlas::scenes
