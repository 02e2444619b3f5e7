#pragma once
/// @file
/// E3-SAP §2 (and §4.1's Hessian): the velocities of a multibody split into the blocks that no
/// tree straddles. Two trees share no inertia, so M(q) + hD is block diagonal over them; Drake
/// hands SAP one clique per tree (multibody/contact_solvers/sap/sap_contact_problem.h: a
/// constraint couples one or two cliques), and SAP's Hessian is then block-sparse (§4.1) instead
/// of one dense nv × nv matrix.
/// A tree is a body mobilized from an anchored body (the world, or a body welded to it) together
/// with everything outboard of it; bodies welded to the world belong to no tree. Trees whose
/// velocities interleave in v (a joint order that alternates between them) share one block, so
/// every block is one contiguous range of v and v keeps its order.

#include <vector>

#include "reference/multibody/multibody_tree.h"

namespace simatlas::multibody {

/// Contiguous velocity blocks of a tree and the block each body moves with.
struct TreeBlocks {
  std::vector<int> start;  ///< first velocity of each block (increasing)
  std::vector<int> size;   ///< its number of velocities (> 0); Σ size = nv
  std::vector<int>
      block_of_body;  ///< per body: its block, −1 for the world and bodies welded to it
};

/// The blocks of `tree` (every body must have its inboard joint; InputError otherwise).
TreeBlocks CalcTreeBlocks(const MultibodyTree& tree);

}  // namespace simatlas::multibody
