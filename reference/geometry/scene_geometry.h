#pragma once
/// @file
/// E3-geometry §1 and §1.1: the first of the "three choices" — which shapes are queried and
/// which pairs are excluded. A SceneGeometry plays SceneGraph plus the plant's registration
/// calls: frames (the world and bodies), geometries with roles, proximity properties, and
/// collision filtering. It is a value: copying it is how the reference models "creating a
/// Context" — later changes to the model do not reach an existing copy (course §1.1: model
/// changes do not retroactively change a Context that already exists).
///
/// Candidate pairs (Drake `geometry/collision_filter_manager.h`, class documentation):
///   C = (G × G) − (A × A) − F − I − X
/// with G the proximity geometries, A the anchored ones, F the pairs on one frame, I the pairs
/// of a geometry with itself (inherent, cannot be re-allowed), and X the declared exclusions
/// (ExcludeBetween / ExcludeWithin, the plant's adjacent-body filter at Finalize; AllowBetween
/// removes pairs from X only).

#include <string>
#include <utility>
#include <vector>

#include "reference/geometry/geometry_ids.h"
#include "reference/geometry/geometry_set.h"
#include "reference/geometry/proximity_properties.h"
#include "reference/geometry/shapes.h"

namespace simatlas::geometry {

/// A frame: the world frame or a body's frame.
struct Frame {
  FrameId id;        ///< the frame's identity (the world frame is 0)
  std::string name;  ///< unique, non-empty ("world" for the world frame)
  /// Geometry on an anchored frame is anchored: the world frame, or a body welded to the
  /// world. (In Drake only world-frame geometry is anchored in SceneGraph; the plant filters a
  /// world-welded body's geometry against the world at Finalize. The reference folds both into
  /// "anchored" so the rule reads as the course states it.)
  bool anchored = false;
};

/// A registered geometry as the scene stores it.
struct RegisteredGeometry {
  GeometryId id;     ///< the identity returned by registration
  std::string name;  ///< a label, not an identity
  FrameId frame;     ///< the frame it is rigidly affixed to
  Shape shape;       ///< kind and sizes [m], in the frame's coordinates
  RoleSet roles;     ///< illustration / perception / proximity; only proximity is queried
  ProximityProperties proximity;  ///< meaningful when roles.Has(Role::kProximity)
  bool anchored = false;          ///< copied from the frame at registration
};

/// An unordered pair of geometries, stored with first < second.
using GeometryPair = std::pair<GeometryId, GeometryId>;

/// SceneGraph + the plant's geometry calls, as a copyable value.
class SceneGeometry {
 public:
  /// A scene holding only the world frame (id 0, anchored), open for registration.
  SceneGeometry();

  // ---- Frames and joints --------------------------------------------------------------------

  /// The world frame (anchored).
  FrameId world_frame() const { return FrameId{0}; }
  /// Adds a body frame; welded_to_world makes it anchored. Names must be unique and non-empty.
  FrameId AddBody(std::string name, bool welded_to_world = false);
  /// Declares a joint parent → child (adjacent bodies). Before Finalize only.
  void AddJoint(FrameId parent, FrameId child);
  /// The frame called id; InputError for an unknown id.
  const Frame& frame(FrameId id) const;

  // ---- Registration (before Finalize) -------------------------------------------------------

  /// SceneGraph-level registration with any set of roles. With the proximity role the
  /// properties are validated and the hydroelastic representation's required properties must
  /// be written (Drake throws at registration too). Returns the new id.
  GeometryId RegisterGeometry(FrameId frame, std::string name, Shape shape, RoleSet roles,
                              ProximityProperties proximity = {});
  /// The plant's RegisterCollisionGeometry: role {proximity}; coulomb_friction is required
  /// (course §1.1) and its absence is an InputError naming the geometry.
  GeometryId RegisterCollisionGeometry(FrameId frame, std::string name, Shape shape,
                                       ProximityProperties proximity);
  /// The plant's RegisterVisualGeometry: roles {illustration, perception}. Such a geometry is
  /// never a collision candidate — a visual mesh does not collide.
  GeometryId RegisterVisualGeometry(FrameId frame, std::string name, Shape shape);
  /// Assigns the proximity role to an existing geometry (SceneGraph::AssignRole). Filters
  /// applied before this call do not cover it.
  void AssignProximityRole(GeometryId id, ProximityProperties proximity);

  /// The geometry called id; InputError for an unknown id.
  const RegisteredGeometry& geometry(GeometryId id) const;
  /// Every geometry in registration order.
  const std::vector<RegisteredGeometry>& geometries() const { return geometries_; }
  /// Ids of the geometries on frame that hold role, in registration order.
  std::vector<GeometryId> GetGeometryIds(FrameId frame, Role role) const;

  // ---- Collision filtering ------------------------------------------------------------------

  /// Excludes every pair (a, b), a ∈ A, b ∈ B, a ≠ b, of proximity geometries registered now.
  /// Unknown ids throw InputError; non-proximity geometries are ignored.
  void ExcludeBetween(const GeometrySet& set_a, const GeometrySet& set_b);
  /// Excludes every pair within the set (same resolution rule).
  void ExcludeWithin(const GeometrySet& set);
  /// Removes declared exclusions between A and B; inherent exclusions stay (Drake ignores
  /// such allowances silently, `CollisionFilterManager::Apply`).
  void AllowBetween(const GeometrySet& set_a, const GeometrySet& set_b);

  /// The plant's Finalize: excludes geometries of adjacent bodies (each joint's parent and
  /// child frames) as a declared filter; joints to the world are skipped (Drake
  /// `multibody_plant.cc`, FilterAdjacentBodies). Afterwards no geometry may be registered.
  void Finalize();
  /// True after Finalize (registration is closed, the adjacent-body filter is in force).
  bool is_finalized() const { return finalized_; }

  /// True if (a, b) is inherently excluded: a = b, both anchored, or both on one frame (every
  /// geometry here is rigidly affixed to its frame — "rigid" in the course's "同 frame 的刚性几何"
  /// means not deformable, not the hydroelastic compliance type). Both must have proximity.
  bool IsInherentlyExcluded(GeometryId a, GeometryId b) const;
  /// True if (a, b) is excluded by a declaration still in force.
  bool IsDeclaredExcluded(GeometryId a, GeometryId b) const;
  /// Drake's SceneGraphInspector::CollisionFiltered: inherent or declared exclusion. Throws
  /// InputError if either geometry lacks the proximity role.
  bool CollisionFiltered(GeometryId a, GeometryId b) const;
  /// The unfiltered pairs of proximity geometries, each (lower id, higher id), sorted —
  /// a deterministic order independent of how declarations were made.
  std::vector<GeometryPair> CandidatePairs() const;

 private:
  // Resolves a set to the known proximity geometries it names now (sorted, unique).
  std::vector<GeometryId> Resolve(const GeometrySet& set) const;
  // Records exclusion (true) or removes it (false) for every pair between two resolved lists.
  void SetDeclared(const std::vector<GeometryId>& a, const std::vector<GeometryId>& b,
                   bool excluded);
  // Throws unless registration is still open and the frame exists.
  void RequireOpenFor(FrameId frame, const std::string& name) const;
  // Throws unless id has the proximity role.
  void RequireProximity(GeometryId id, const char* caller) const;

  std::vector<Frame> frames_;
  std::vector<std::pair<FrameId, FrameId>> joints_;  // (parent, child)
  std::vector<RegisteredGeometry> geometries_;       // index = id.value
  std::vector<GeometryPair> declared_exclusions_;    // sorted, unique, first < second
  bool finalized_ = false;
};

}  // namespace simatlas::geometry
