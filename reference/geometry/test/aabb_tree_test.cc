// E3-geometry §2.2: the broad phase of the hydroelastic contact-surface query.
// The broad phase of the contact-surface query (reference/geometry/aabb_tree.h) must return
// exactly the boxes a loop over all of them would: checked against that loop on random boxes.
#include "reference/geometry/aabb_tree.h"

#include <gtest/gtest.h>

#include <random>
#include <vector>

namespace simatlas::geometry {
namespace {

using core::Vector3;

std::vector<std::size_t> AllPairsOverlapping(const std::vector<Aabb>& boxes, const Aabb& query) {
  std::vector<std::size_t> found;
  for (std::size_t i = 0; i < boxes.size(); ++i) {
    if (boxes[i].Overlaps(query)) found.push_back(i);
  }
  return found;
}

Aabb RandomBox(std::mt19937& random, double extent, double max_size) {
  std::uniform_real_distribution<double> position(-extent, extent), size(0.0, max_size);
  const Vector3 lo(position(random), position(random), position(random));
  return {lo, lo + Vector3(size(random), size(random), size(random))};
}

TEST(Aabb, OverlapIsClosedAndSymmetric) {
  const Aabb a{Vector3(0, 0, 0), Vector3(1, 1, 1)};
  const Aabb touching{Vector3(1, 0.5, 0.5), Vector3(2, 2, 2)};  // shares the face x = 1
  const Aabb apart{Vector3(1 + 1e-12, 0, 0), Vector3(2, 1, 1)};
  const Aabb apart_in_z{Vector3(0, 0, -2), Vector3(1, 1, -1e-9)};
  EXPECT_TRUE(a.Overlaps(touching));
  EXPECT_TRUE(touching.Overlaps(a));
  EXPECT_FALSE(a.Overlaps(apart));
  EXPECT_FALSE(apart.Overlaps(a));
  EXPECT_FALSE(a.Overlaps(apart_in_z));
}

TEST(Aabb, OfHoldsEveryPointTightly) {
  const std::vector<Vector3> points{{1, -2, 3}, {-1, 5, 0}, {0, 0, -4}};
  const Aabb box = Aabb::Of(points);
  EXPECT_EQ(box.lo, Vector3(-1, -2, -4));
  EXPECT_EQ(box.hi, Vector3(1, 5, 3));
}

TEST(AabbTree, EmptyTreeFindsNothing) {
  const AabbTree tree({});
  EXPECT_TRUE(tree.Overlapping({Vector3::Zero(), Vector3::Ones()}).empty());
}

TEST(AabbTree, FindsExactlyTheOverlappingBoxesInAscendingOrder) {
  std::mt19937 random(20261130);
  for (const std::size_t count : {1, 3, 4, 5, 17, 100, 2000}) {
    std::vector<Aabb> boxes;
    for (std::size_t i = 0; i < count; ++i) boxes.push_back(RandomBox(random, 10.0, 1.5));
    const AabbTree tree(boxes);
    ASSERT_EQ(tree.size(), count);
    for (int q = 0; q < 200; ++q) {
      // Queries from points to boxes larger than the whole set.
      const double max_size = q % 4 == 0 ? 0.0 : q % 4 == 1 ? 0.5 : q % 4 == 2 ? 4.0 : 30.0;
      const Aabb query = RandomBox(random, 11.0, max_size);
      EXPECT_EQ(tree.Overlapping(query), AllPairsOverlapping(boxes, query))
          << count << " boxes, query " << q;
    }
  }
}

TEST(AabbTree, CoincidentAndTouchingBoxesAreAllFound) {
  // Twelve copies of one box (all centres equal: the median split cannot separate them) and a
  // row of unit cubes that touch face to face.
  std::vector<Aabb> boxes(12, Aabb{Vector3(0, 0, 0), Vector3(1, 1, 1)});
  for (int i = 0; i < 10; ++i) {
    boxes.push_back({Vector3(i, 5, 5), Vector3(i + 1, 6, 6)});
  }
  const AabbTree tree(boxes);
  const Aabb corner{Vector3(1, 1, 1), Vector3(1, 1, 1)};  // the shared corner point only
  EXPECT_EQ(tree.Overlapping(corner).size(), 12u);
  const Aabb face{Vector3(4, 5.5, 5.5), Vector3(4, 5.5, 5.5)};  // on the face between cubes 3 and 4
  EXPECT_EQ(tree.Overlapping(face), (std::vector<std::size_t>{12 + 3, 12 + 4}));
}

}  // namespace
}  // namespace simatlas::geometry
