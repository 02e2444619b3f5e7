// E3-geometry §2.2: the broad phase of the contact-surface query (see aabb_tree.h).
#include "reference/geometry/aabb_tree.h"

#include <algorithm>
#include <array>
#include <utility>

namespace simatlas::geometry {

using core::Vector3;

Aabb Aabb::Of(std::span<const Vector3> points) {
  // Scalar loops: this runs once per tetrahedron of every query, and stays cheap in the
  // instrumented fuzzing and sanitizer builds, where Eigen's expression templates are not inlined.
  Aabb box{points.front(), points.front()};
  for (const Vector3& p : points) {
    for (int k = 0; k < 3; ++k) {
      box.lo[k] = std::min(box.lo[k], p[k]);
      box.hi[k] = std::max(box.hi[k], p[k]);
    }
  }
  return box;
}

bool Aabb::Overlaps(const Aabb& other) const {
  return (lo.array() <= other.hi.array()).all() && (other.lo.array() <= hi.array()).all();
}

Aabb Aabb::Union(const Aabb& other) const { return {lo.cwiseMin(other.lo), hi.cwiseMax(other.hi)}; }

namespace {

// A box in the making of the tree: twice its centre (lo + hi) and its index in the box list.
struct Item {
  Vector3 centre2;
  std::size_t index;
};

// Node over items[begin, end), appended to `nodes` with its subtree: a leaf when it holds at
// most kLeafSize boxes, else two children split at the median centre along the longest axis of
// the centres' extent. The node's bounds are its boxes' (leaf) or its children's (inner node)
// union. Returns the node's index.
std::size_t Build(const std::vector<Aabb>& boxes, std::vector<Item>& items, std::size_t begin,
                  std::size_t end, std::vector<AabbTreeNode>* nodes) {
  const std::size_t index = nodes->size();
  nodes->emplace_back();
  (*nodes)[index].begin = begin;
  (*nodes)[index].end = end;
  if (end - begin <= AabbTree::kLeafSize) {
    Aabb box = boxes[items[begin].index];
    for (std::size_t i = begin + 1; i < end; ++i) box = box.Union(boxes[items[i].index]);
    (*nodes)[index].box = box;
    return index;
  }
  Vector3 lo = items[begin].centre2, hi = lo;
  for (std::size_t i = begin + 1; i < end; ++i) {
    lo = lo.cwiseMin(items[i].centre2);
    hi = hi.cwiseMax(items[i].centre2);
  }
  int axis = 0;
  (hi - lo).maxCoeff(&axis);
  const std::size_t middle = begin + (end - begin) / 2;
  const auto at = [&](std::size_t i) { return items.begin() + static_cast<std::ptrdiff_t>(i); };
  std::nth_element(at(begin), at(middle), at(end), [axis](const Item& a, const Item& b) {
    return a.centre2[axis] < b.centre2[axis] ||
           (a.centre2[axis] == b.centre2[axis] && a.index < b.index);
  });
  const std::size_t left = Build(boxes, items, begin, middle, nodes);
  const std::size_t right = Build(boxes, items, middle, end, nodes);
  AabbTreeNode& node = (*nodes)[index];
  node.children[0] = left;
  node.children[1] = right;
  node.box = (*nodes)[left].box.Union((*nodes)[right].box);
  return index;
}

}  // namespace

AabbTree::AabbTree(std::vector<Aabb> boxes) : boxes_(std::move(boxes)) {
  if (boxes_.empty()) return;
  // The split works on (twice the centre, index) pairs stored contiguously, so the median
  // selection moves small records instead of chasing indices into boxes_.
  std::vector<Item> items;
  items.reserve(boxes_.size());
  for (std::size_t i = 0; i < boxes_.size(); ++i) items.push_back({boxes_[i].lo + boxes_[i].hi, i});
  nodes_.reserve(2 * (boxes_.size() / kLeafSize + 1));
  Build(boxes_, items, 0, items.size(), &nodes_);
  order_.reserve(items.size());
  for (const Item& item : items) order_.push_back(item.index);
}

std::vector<std::size_t> AabbTree::Overlapping(const Aabb& query) const {
  std::vector<std::size_t> found;
  AppendOverlapping(query, &found);
  return found;
}

void AabbTree::AppendOverlapping(const Aabb& query, std::vector<std::size_t>* found) const {
  if (nodes_.empty()) return;
  const std::size_t first = found->size();
  // Median splits keep the depth at most ⌈log2(n)⌉ + 1 (< 64 for any n that fits in memory),
  // and the stack holds at most one pending sibling per level.
  std::array<std::size_t, 128> stack;
  std::size_t depth = 0;
  stack[depth++] = 0;
  while (depth > 0) {
    const AabbTreeNode& node = nodes_[stack[--depth]];
    if (!node.box.Overlaps(query)) continue;
    if (node.children[0] == 0) {
      for (std::size_t i = node.begin; i < node.end; ++i) {
        if (boxes_[order_[i]].Overlaps(query)) found->push_back(order_[i]);
      }
    } else {
      stack[depth++] = node.children[1];
      stack[depth++] = node.children[0];
    }
  }
  std::sort(found->begin() + static_cast<std::ptrdiff_t>(first), found->end());
}

}  // namespace simatlas::geometry
