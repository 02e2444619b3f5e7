#pragma once
/// @file
/// E3-geometry §2.2 (broad phase of the contact-surface query): a bounding-volume hierarchy of
/// axis-aligned boxes, so that the surface of two meshes costs about (tetrahedra of M) × log
/// (tetrahedra of N) + (pairs that really overlap) instead of every pair.
///
/// Drake does the same with `geometry/proximity/bvh.h` (class Bvh, traversed by `Bvh::Collide`
/// in `mesh_intersection.cc` and `field_intersection.cc`), whose meshes carry oriented boxes
/// (Obb). Axis-aligned boxes are used here because both meshes of a query are already in the
/// world frame; the candidate pairs they return are a superset of Drake's, and every candidate
/// is still decided by the exact clipping that follows, so the surface is the same.

#include <cstddef>
#include <span>
#include <vector>

#include "reference/core/numeric.h"

namespace simatlas::geometry {

/// A closed axis-aligned box [lo, hi] [m].
struct Aabb {
  core::Vector3 lo = core::Vector3::Zero();  ///< smallest corner [m]
  core::Vector3 hi = core::Vector3::Zero();  ///< largest corner [m]
  /// The smallest box holding every point (at least one point).
  static Aabb Of(std::span<const core::Vector3> points);
  /// True when the two closed boxes share at least one point (touching counts).
  bool Overlaps(const Aabb& other) const;
  /// The smallest box holding both.
  Aabb Union(const Aabb& other) const;
};

/// One node of an AabbTree: the bounds of the boxes below it and where they are listed.
struct AabbTreeNode {
  Aabb box;               ///< bounds of every box below this node [m]
  std::size_t begin = 0;  ///< first position (in the tree's box order) under this node
  std::size_t end = 0;    ///< one past the last position under this node
  /// The two children's node indices; both 0 for a leaf (the root, node 0, is nobody's child).
  std::size_t children[2] = {0, 0};
};

/// A binary tree over a fixed list of boxes (leaves of at most kLeafSize boxes, split at the
/// median centre along the longest axis). Built once, queried many times.
class AabbTree {
 public:
  /// Most boxes a leaf holds.
  static constexpr std::size_t kLeafSize = 4;

  /// The tree over `boxes`; box i keeps index i in query answers.
  explicit AabbTree(std::vector<Aabb> boxes);

  /// Indices of every box that overlaps `query`, in ascending order (so callers visit pairs
  /// in the same order as a loop over all indices would).
  std::vector<std::size_t> Overlapping(const Aabb& query) const;

  /// The same indices appended to `found` (ascending among themselves), without allocating
  /// when `found` has room: the form for loops over many queries.
  void AppendOverlapping(const Aabb& query, std::vector<std::size_t>* found) const;

  /// Number of boxes in the tree.
  std::size_t size() const { return boxes_.size(); }

 private:
  std::vector<Aabb> boxes_;
  std::vector<std::size_t> order_;   // box indices, each node's range [begin, end) contiguous
  std::vector<AabbTreeNode> nodes_;  // node 0 is the root
};

}  // namespace simatlas::geometry
