// MJ-solvers §6 — islands (MuJoCo 3.x engine_island.c), from the course's description.
#include "reference/mujoco/islands.h"

#include <algorithm>
#include <numeric>

namespace simatlas::mujoco {

namespace {

/// Union–find over DOFs.
class DisjointSets {
 public:
  explicit DisjointSets(int n) : parent_(n) { std::iota(parent_.begin(), parent_.end(), 0); }
  int Find(int i) { return parent_[i] == i ? i : parent_[i] = Find(parent_[i]); }
  void Join(int a, int b) { parent_[Find(a)] = Find(b); }

 private:
  std::vector<int> parent_;
};

}  // namespace

std::vector<Island> FindIslands(const Problem& problem) {
  SparseOperators ops;
  ops.M = MakeSparseRows(problem.M);
  ops.J = MakeSparseRows(problem.J);
  return FindIslands(problem, ops);
}

std::vector<Island> FindIslands(const Problem& problem, const SparseOperators& ops) {
  const int nv = problem.nv, nefc = problem.nefc();
  const SparseRows& M = ops.M;
  const SparseRows& J = ops.J;
  DisjointSets sets(nv);
  // Trees: DOFs coupled through inertia, and (when the problem has it) every DOF with its parent:
  // MuJoCo's islands are unions of kinematic trees (engine_island.c: tree_island), and a tree's
  // M can have exact zeros between DOFs (two hinges with orthogonal axes: the 3.15.0 oracle's
  // limit chain is one island there, two by M alone).
  for (int i = 0; i < nv; ++i) {
    for (int k = M.start[i]; k < M.start[i + 1]; ++k) sets.Join(i, M.col[k]);
    if (static_cast<int>(problem.dof_parentid.size()) == nv && problem.dof_parentid[i] >= 0) {
      sets.Join(i, problem.dof_parentid[i]);
    }
  }
  // Constraints: every DOF a row touches, and all rows of one contact, are joined.
  int ncontact = 0;
  for (int r = 0; r < nefc; ++r) ncontact = std::max(ncontact, problem.contact[r] + 1);
  std::vector<int> contact_dof(ncontact, -1);
  std::vector<int> row_dof(nefc, -1);
  for (int r = 0; r < nefc; ++r) {
    for (int k = J.start[r]; k < J.start[r + 1]; ++k) {
      if (row_dof[r] < 0) row_dof[r] = J.col[k];
      sets.Join(row_dof[r], J.col[k]);
    }
    const int c = problem.contact[r];
    if (c >= 0 && row_dof[r] >= 0) {
      if (contact_dof[c] >= 0) sets.Join(contact_dof[c], row_dof[r]);
      contact_dof[c] = row_dof[r];
    }
  }
  // Rows of a contact whose own J row is zero follow their contact.
  for (int r = 0; r < nefc; ++r) {
    if (row_dof[r] < 0 && problem.contact[r] >= 0 && contact_dof[problem.contact[r]] >= 0) {
      row_dof[r] = contact_dof[problem.contact[r]];
    }
  }
  // Components that own rows become islands, in order of their first row.
  std::vector<int> island_of_root(nv, -1);
  std::vector<Island> islands;
  std::vector<int> orphans;
  for (int r = 0; r < nefc; ++r) {
    if (row_dof[r] < 0) {
      orphans.push_back(r);
      continue;
    }
    const int root = sets.Find(row_dof[r]);
    if (island_of_root[root] < 0) {
      island_of_root[root] = static_cast<int>(islands.size());
      islands.emplace_back();
    }
    islands[island_of_root[root]].rows.push_back(r);
  }
  for (int j = 0; j < nv; ++j) {
    const int island = island_of_root[sets.Find(j)];
    if (island >= 0) islands[island].dofs.push_back(j);
  }
  // Rows that touch no DOF couple nothing: they join the first island.
  if (!orphans.empty()) {
    if (islands.empty()) {
      islands.emplace_back();
      for (int j = 0; j < nv; ++j) islands[0].dofs.push_back(j);
    }
    islands[0].rows.insert(islands[0].rows.end(), orphans.begin(), orphans.end());
    std::sort(islands[0].rows.begin(), islands[0].rows.end());
  }
  return islands;
}

}  // namespace simatlas::mujoco
