// E3-geometry §1.1 "候选对过滤先于接触求解": inherent exclusions, declared exclusions and their
// lifetime, the plant's adjacent-body filter, and the candidate pairs
//   C = (G × G) − (A × A) − F − I − X.
#include <algorithm>
#include <string>

#include "reference/core/errors.h"
#include "reference/geometry/scene_geometry.h"

namespace simatlas::geometry {

namespace {

// (a, b) with the lower id first.
GeometryPair Sorted(GeometryId a, GeometryId b) {
  return a < b ? GeometryPair{a, b} : GeometryPair{b, a};
}

}  // namespace

void SceneGeometry::RequireProximity(GeometryId id, const char* caller) const {
  const RegisteredGeometry& g = geometry(id);
  if (!g.roles.Has(Role::kProximity)) {
    throw core::InputError(std::string(caller) + ": geometry '" + g.name + "' (id " +
                           std::to_string(id.value) +
                           ") must have the proximity role to take part in collision filtering");
  }
}

std::vector<GeometryId> SceneGeometry::Resolve(const GeometrySet& set) const {
  std::vector<GeometryId> ids;
  // Named geometries: unknown ids throw; those without proximity are not in G and drop out.
  for (GeometryId id : set.geometries()) {
    if (geometry(id).roles.Has(Role::kProximity)) ids.push_back(id);
  }
  // Named frames: the proximity geometries on them *now* — later ones are not included.
  for (FrameId f : set.frames()) {
    for (GeometryId id : GetGeometryIds(f, Role::kProximity)) ids.push_back(id);
  }
  std::sort(ids.begin(), ids.end());
  ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
  return ids;
}

void SceneGeometry::SetDeclared(const std::vector<GeometryId>& set_a,
                                const std::vector<GeometryId>& set_b, bool excluded) {
  for (GeometryId a : set_a) {
    for (GeometryId b : set_b) {
      // A geometry with itself is inherent (I), never a declaration.
      if (a == b) continue;
      const GeometryPair pair = Sorted(a, b);
      const auto it =
          std::lower_bound(declared_exclusions_.begin(), declared_exclusions_.end(), pair);
      const bool present = it != declared_exclusions_.end() && *it == pair;
      if (excluded && !present) declared_exclusions_.insert(it, pair);
      if (!excluded && present) declared_exclusions_.erase(it);
    }
  }
}

void SceneGeometry::ExcludeBetween(const GeometrySet& set_a, const GeometrySet& set_b) {
  SetDeclared(Resolve(set_a), Resolve(set_b), true);
}

void SceneGeometry::ExcludeWithin(const GeometrySet& set) {
  const std::vector<GeometryId> ids = Resolve(set);
  SetDeclared(ids, ids, true);
}

void SceneGeometry::AllowBetween(const GeometrySet& set_a, const GeometrySet& set_b) {
  // Only declared pairs are removed; inherent pairs are decided by IsInherentlyExcluded.
  SetDeclared(Resolve(set_a), Resolve(set_b), false);
}

void SceneGeometry::Finalize() {
  if (finalized_) throw core::InputError("Finalize must be called once");
  // Adjacent bodies: exclude parent against child; a joint to the world is skipped.
  for (const auto& [parent, child] : joints_) {
    if (parent == world_frame()) continue;
    ExcludeBetween(GeometrySet{child}, GeometrySet{parent});
  }
  finalized_ = true;
}

bool SceneGeometry::IsInherentlyExcluded(GeometryId a, GeometryId b) const {
  RequireProximity(a, "IsInherentlyExcluded");
  RequireProximity(b, "IsInherentlyExcluded");
  const RegisteredGeometry& ga = geometry(a);
  const RegisteredGeometry& gb = geometry(b);
  // I: a geometry with itself.
  if (a == b) return true;
  // A × A: two anchored geometries.
  if (ga.anchored && gb.anchored) return true;
  // F: two geometries rigidly affixed to the same frame.
  return ga.frame == gb.frame;
}

bool SceneGeometry::IsDeclaredExcluded(GeometryId a, GeometryId b) const {
  RequireProximity(a, "IsDeclaredExcluded");
  RequireProximity(b, "IsDeclaredExcluded");
  return std::binary_search(declared_exclusions_.begin(), declared_exclusions_.end(), Sorted(a, b));
}

bool SceneGeometry::CollisionFiltered(GeometryId a, GeometryId b) const {
  return IsInherentlyExcluded(a, b) || IsDeclaredExcluded(a, b);
}

std::vector<GeometryPair> SceneGeometry::CandidatePairs() const {
  // Ids grow with registration, so the double loop yields pairs already sorted.
  std::vector<GeometryPair> pairs;
  for (const RegisteredGeometry& ga : geometries_) {
    if (!ga.roles.Has(Role::kProximity)) continue;
    for (const RegisteredGeometry& gb : geometries_) {
      if (gb.id <= ga.id || !gb.roles.Has(Role::kProximity)) continue;
      if (!CollisionFiltered(ga.id, gb.id)) pairs.emplace_back(ga.id, gb.id);
    }
  }
  return pairs;
}

}  // namespace simatlas::geometry
