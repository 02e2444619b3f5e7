// E3-geometry §1.1: frames, joints and geometry registration with roles.
#include "reference/geometry/scene_geometry.h"

#include <string>
#include <utility>

#include "reference/core/errors.h"

namespace simatlas::geometry {

using core::InputError;

std::string_view RoleName(Role role) {
  switch (role) {
    case Role::kIllustration: return "illustration";
    case Role::kPerception: return "perception";
    case Role::kProximity: return "proximity";
  }
  return "unknown";
}

SceneGeometry::SceneGeometry() { frames_.push_back({FrameId{0}, "world", true}); }

FrameId SceneGeometry::AddBody(std::string name, bool welded_to_world) {
  if (finalized_) throw InputError("body '" + name + "': bodies must be added before Finalize");
  if (name.empty()) throw InputError("body name = '' must be non-empty");
  for (const Frame& f : frames_) {
    if (f.name == name) throw InputError("body name = '" + name + "' must be unique");
  }
  const FrameId id{static_cast<int>(frames_.size())};
  frames_.push_back({id, std::move(name), welded_to_world});
  return id;
}

void SceneGeometry::AddJoint(FrameId parent, FrameId child) {
  if (finalized_) throw InputError("joints must be added before Finalize");
  frame(parent);
  frame(child);
  if (parent == child) {
    throw InputError("joint parent = child = '" + frame(parent).name +
                     "' must join two different frames");
  }
  joints_.emplace_back(parent, child);
}

const Frame& SceneGeometry::frame(FrameId id) const {
  if (id.value < 0 || id.value >= static_cast<int>(frames_.size())) {
    throw InputError("frame id = " + std::to_string(id.value) + " must name a known frame");
  }
  return frames_[id.value];
}

void SceneGeometry::RequireOpenFor(FrameId frame_id, const std::string& name) const {
  // Course §1: geometry must be registered before Finalize.
  if (finalized_) {
    throw InputError("geometry '" + name + "' must be registered before Finalize");
  }
  frame(frame_id);
  if (name.empty()) throw InputError("geometry name = '' must be non-empty");
}

GeometryId SceneGeometry::RegisterGeometry(FrameId frame_id, std::string name, Shape shape,
                                           RoleSet roles, ProximityProperties proximity) {
  RequireOpenFor(frame_id, name);
  // A name is unique per frame and role; across frames it may repeat (names are not ids).
  for (const RegisteredGeometry& g : geometries_) {
    if (g.frame != frame_id || g.name != name) continue;
    for (Role r : {Role::kIllustration, Role::kPerception, Role::kProximity}) {
      if (g.roles.Has(r) && roles.Has(r)) {
        throw InputError("geometry name = '" + name + "' must be unique on frame '" +
                         frame(frame_id).name + "' for role " + std::string(RoleName(r)));
      }
    }
  }
  // Proximity geometry: validated properties and a buildable hydroelastic representation.
  if (roles.Has(Role::kProximity)) {
    ValidateProximityProperties(name, proximity);
    RequireHydroelasticProperties(name, shape.kind, proximity);
  }
  const GeometryId id{static_cast<int>(geometries_.size())};
  const bool anchored = frame(frame_id).anchored;
  geometries_.push_back(
      {id, std::move(name), frame_id, std::move(shape), roles, std::move(proximity), anchored});
  return id;
}

GeometryId SceneGeometry::RegisterCollisionGeometry(FrameId frame_id, std::string name, Shape shape,
                                                    ProximityProperties proximity) {
  // Course §1.1: RegisterCollisionGeometry requires coulomb_friction in the properties.
  if (!proximity.coulomb_friction) {
    throw InputError("geometry '" + name +
                     "': RegisterCollisionGeometry requires the property coulomb_friction "
                     "(mu_static, mu_dynamic [1]); it is missing");
  }
  return RegisterGeometry(frame_id, std::move(name), std::move(shape), {Role::kProximity},
                          std::move(proximity));
}

GeometryId SceneGeometry::RegisterVisualGeometry(FrameId frame_id, std::string name, Shape shape) {
  return RegisterGeometry(frame_id, std::move(name), std::move(shape),
                          {Role::kIllustration, Role::kPerception});
}

void SceneGeometry::AssignProximityRole(GeometryId id, ProximityProperties proximity) {
  const RegisteredGeometry& g = geometry(id);
  RequireOpenFor(g.frame, g.name);
  if (g.roles.Has(Role::kProximity)) {
    throw InputError("geometry '" + g.name + "' (id " + std::to_string(id.value) +
                     ") already has the proximity role");
  }
  ValidateProximityProperties(g.name, proximity);
  RequireHydroelasticProperties(g.name, g.shape.kind, proximity);
  RegisteredGeometry& target = geometries_[id.value];
  target.roles.Add(Role::kProximity);
  target.proximity = std::move(proximity);
}

const RegisteredGeometry& SceneGeometry::geometry(GeometryId id) const {
  if (id.value < 0 || id.value >= static_cast<int>(geometries_.size())) {
    throw InputError("geometry id = " + std::to_string(id.value) +
                     " must name a registered geometry");
  }
  return geometries_[id.value];
}

std::vector<GeometryId> SceneGeometry::GetGeometryIds(FrameId frame_id, Role role) const {
  frame(frame_id);
  std::vector<GeometryId> ids;
  for (const RegisteredGeometry& g : geometries_) {
    if (g.frame == frame_id && g.roles.Has(role)) ids.push_back(g.id);
  }
  return ids;
}

}  // namespace simatlas::geometry
