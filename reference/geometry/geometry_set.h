#pragma once
/// @file
/// E3-geometry §1.1: the operand of a collision filter declaration
/// (`CollisionFilterDeclaration().ExcludeBetween(GeometrySet(...), GeometrySet(...))`).
/// A set names geometries directly and/or frames; a frame stands for the proximity
/// geometries on it *at the moment the declaration is applied* (Drake
/// `geometry/collision_filter_manager.h`, class documentation, "@warning").

#include <initializer_list>
#include <vector>

#include "reference/geometry/geometry_ids.h"

namespace simatlas::geometry {

/// Geometries and frames named by a filter declaration.
class GeometrySet {
 public:
  /// The empty set (a declaration with it excludes nothing).
  GeometrySet() = default;
  /// The listed geometries, named directly.
  GeometrySet(std::initializer_list<GeometryId> geometries) : geometries_(geometries) {}
  /// The listed frames, each standing for its proximity geometries when the declaration is applied.
  GeometrySet(std::initializer_list<FrameId> frames) : frames_(frames) {}

  /// Adds one geometry.
  GeometrySet& Add(GeometryId id) {
    geometries_.push_back(id);
    return *this;
  }
  /// Adds one frame (resolved to its proximity geometries when applied).
  GeometrySet& Add(FrameId id) {
    frames_.push_back(id);
    return *this;
  }

  /// The geometries named directly, in the order added (may repeat; resolution sorts them).
  const std::vector<GeometryId>& geometries() const { return geometries_; }
  /// The frames named, in the order added (not yet resolved to geometries).
  const std::vector<FrameId>& frames() const { return frames_; }

 private:
  std::vector<GeometryId> geometries_;
  std::vector<FrameId> frames_;
};

}  // namespace simatlas::geometry
