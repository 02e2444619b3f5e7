// E3-SAP §2: one block of velocities per tree (tree_blocks.h).
#include "reference/multibody/tree_blocks.h"

#include <algorithm>
#include <string>

#include "reference/core/errors.h"

namespace simatlas::multibody {

TreeBlocks CalcTreeBlocks(const MultibodyTree& tree) {
  const int nb = tree.num_bodies();
  // 1. The root of every body's tree: walk inboard until the parent is anchored (the world, or
  //    welded to it). Joints are stored parent before child, so one pass in joint order suffices.
  std::vector<int> root(nb, -1);  // −1: anchored
  for (int j = 0; j < tree.num_joints(); ++j) {
    const JointSpec& joint = tree.joint(j);
    const bool parent_anchored = root[joint.parent] < 0;
    if (parent_anchored) {
      root[joint.child] = joint.type == JointType::kWeld ? -1 : joint.child;
    } else {
      root[joint.child] = root[joint.parent];
    }
  }
  for (int b = 1; b < nb; ++b) {
    if (tree.inboard_joint(b) < 0) {
      throw core::InputError("body '" + tree.body(b).name +
                             "' has no inboard joint: every body must be connected before its "
                             "velocity blocks are formed");
    }
  }
  // 2. The velocity range [first, last] each tree's joints cover.
  std::vector<int> first(nb, tree.num_velocities()), last(nb, -1);
  for (int j = 0; j < tree.num_joints(); ++j) {
    const JointSpec& joint = tree.joint(j);
    const int nv = NumVelocities(joint.type);
    const int r = root[joint.child];
    if (nv == 0 || r < 0) continue;
    first[r] = std::min(first[r], tree.velocity_start(j));
    last[r] = std::max(last[r], tree.velocity_start(j) + nv - 1);
  }
  // 3. Merge overlapping ranges into contiguous blocks, in the order of v.
  std::vector<int> roots;
  for (int b = 1; b < nb; ++b) {
    if (root[b] == b && last[b] >= 0) roots.push_back(b);
  }
  std::sort(roots.begin(), roots.end(), [&](int a, int b) { return first[a] < first[b]; });
  TreeBlocks blocks;
  std::vector<int> block_of_root(nb, -1);
  int end = -1;  // last velocity of the current block
  for (int r : roots) {
    if (blocks.start.empty() || first[r] > end) {
      blocks.start.push_back(first[r]);
      blocks.size.push_back(0);
      end = last[r];
    } else {
      end = std::max(end, last[r]);
    }
    blocks.size.back() = end - blocks.start.back() + 1;
    block_of_root[r] = static_cast<int>(blocks.start.size()) - 1;
  }
  // 4. Each body moves with its root's block (a tree of welds only moves with none).
  blocks.block_of_body.assign(nb, -1);
  for (int b = 1; b < nb; ++b) {
    if (root[b] >= 0) blocks.block_of_body[b] = block_of_root[root[b]];
  }
  return blocks;
}

}  // namespace simatlas::multibody
