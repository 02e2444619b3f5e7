#pragma once
/// @file
/// MJ-solvers §6: islands. The coupling graph joins DOFs coupled through M (one tree) and DOFs
/// touched by one constraint block or contact; each connected component that owns rows is an
/// island, solved and stopped independently (primal scale 1/Σ M_ii, PGS the monolithic scale).
/// DOFs outside every island keep qacc = a₀.

#include <vector>

#include "reference/mujoco/operators.h"
#include "reference/mujoco/problem.h"

namespace simatlas::mujoco {

/// One island: its DOFs and its rows, both ascending.
struct Island {
  std::vector<int> dofs;  ///< DOF indices of the problem, ascending
  std::vector<int> rows;  ///< efc row indices of the problem, ascending
};

/// The islands of a validated problem whose J and M are ops' sparse rows (rows with an all-zero
/// J join the first island).
std::vector<Island> FindIslands(const Problem& problem, const SparseOperators& ops);
/// The same finding J's and M's nonzeros here (one scan of each).
std::vector<Island> FindIslands(const Problem& problem);

}  // namespace simatlas::mujoco
