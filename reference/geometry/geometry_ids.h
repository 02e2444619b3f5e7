#pragma once
/// @file
/// E3-geometry §1.1 "看得见与碰得着": identities and roles. A GeometryId is returned at
/// registration and is the only identity of a geometry — keep it; names are labels and may
/// repeat across frames. Roles (illustration, perception, proximity) are a set per geometry;
/// only proximity geometry takes part in collision queries.

#include <compare>
#include <cstdint>
#include <initializer_list>
#include <string_view>

namespace simatlas::geometry {

/// Identity of a frame (the world frame or a body's frame).
struct FrameId {
  int value = -1;  ///< index in the scene's frames (0 = world); -1 = not a frame
  /// Ids compare by value (so they sort and can key ordered containers).
  auto operator<=>(const FrameId&) const = default;
};

/// Identity of a registered geometry, handed out in registration order.
struct GeometryId {
  int value = -1;  ///< registration index (0, 1, 2, …); -1 = not a geometry
  /// Ids compare by value: registration order, as CandidatePairs sorts them.
  auto operator<=>(const GeometryId&) const = default;
};

/// The three roles of SceneGraph (Drake `geometry/geometry_roles.h`).
enum class Role {
  kIllustration,  ///< drawn by visualizers only
  kPerception,    ///< seen by rendering sensors only
  kProximity      ///< takes part in collision and contact queries (the only role that touches)
};

/// "illustration", "perception", "proximity".
std::string_view RoleName(Role role);

/// A set of roles (a geometry may hold any subset, including none).
class RoleSet {
 public:
  /// The empty set (a geometry with no role).
  RoleSet() = default;
  /// The set holding each listed role (repeats are harmless).
  RoleSet(std::initializer_list<Role> roles) {
    for (Role r : roles) Add(r);
  }
  /// Adds a role (no change if present).
  void Add(Role role) { bits_ |= Bit(role); }
  /// True if the set holds role.
  bool Has(Role role) const { return (bits_ & Bit(role)) != 0; }
  /// True if the set holds no role.
  bool empty() const { return bits_ == 0; }
  /// Equal when they hold the same roles.
  bool operator==(const RoleSet&) const = default;

 private:
  static std::uint8_t Bit(Role role) {
    return static_cast<std::uint8_t>(1u << static_cast<int>(role));
  }
  std::uint8_t bits_ = 0;
};

}  // namespace simatlas::geometry
