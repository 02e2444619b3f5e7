// MJ-solvers §6 — islands (MuJoCo 3.x engine_island.c), from the course's description.
#include "reference/mujoco/islands.h"

#include <algorithm>
#include <map>
#include <numeric>

#include "reference/mujoco/dual.h"
#include "reference/mujoco/noslip.h"
#include "reference/mujoco/pgs.h"
#include "reference/mujoco/primal_solver.h"
#include "reference/mujoco/warmstart.h"

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

/// Solves one (sub)problem with the given scale: PGS from the dual start of its warmstart,
/// CG/Newton from `primal_start` (the island's part of the whole system's start); then NoSlip
/// with `noslip_scale`, the whole system's 1/(meaninertia·max(1, nv)) in every island (MuJoCo's
/// solNoSlip scales by m->nv whichever island it sweeps).
SolveResult SolveOne(const Problem& problem, const std::optional<core::VectorX>& warm,
                     const core::VectorX& primal_start, double scale, double noslip_scale) {
  const DualProblem dual = MakeDual(problem);
  SolveResult result;
  if (problem.opt.solver == SolverKind::kPGS) {
    result = SolvePGS(problem, dual, DualStart(problem, dual, warm), scale);
  } else {
    result = SolvePrimal(problem, primal_start, scale);
  }
  RunNoSlip(problem, dual, noslip_scale, result);
  return result;
}

/// The entries `index` of x.
core::VectorX Gather(const core::VectorX& x, const std::vector<int>& index) {
  core::VectorX out(index.size());
  for (size_t k = 0; k < index.size(); ++k) out[k] = x[index[k]];
  return out;
}

}  // namespace

std::vector<Island> FindIslands(const Problem& problem) {
  const int nv = problem.nv;
  DisjointSets sets(nv);
  // Trees: DOFs coupled through inertia, and (when the problem has it) every DOF with its parent:
  // MuJoCo's islands are unions of kinematic trees (engine_island.c: tree_island), and a tree's
  // M can have exact zeros between DOFs (two hinges with orthogonal axes: the 3.15.0 oracle's
  // limit chain is one island there, two by M alone).
  for (int i = 0; i < nv; ++i) {
    for (int j = 0; j < i; ++j) {
      if (problem.M(i, j) != 0) sets.Join(i, j);
    }
    if (static_cast<int>(problem.dof_parentid.size()) == nv && problem.dof_parentid[i] >= 0) {
      sets.Join(i, problem.dof_parentid[i]);
    }
  }
  // Constraints: every DOF a row touches, and all rows of one contact, are joined.
  std::map<int, int> contact_dof;
  std::vector<int> row_dof(problem.nefc(), -1);
  for (int r = 0; r < problem.nefc(); ++r) {
    for (int j = 0; j < nv; ++j) {
      if (problem.J(r, j) == 0) continue;
      if (row_dof[r] < 0) row_dof[r] = j;
      sets.Join(row_dof[r], j);
    }
    const int c = problem.contact[r];
    if (c >= 0 && row_dof[r] >= 0) {
      if (contact_dof.count(c)) sets.Join(contact_dof[c], row_dof[r]);
      contact_dof[c] = row_dof[r];
    }
  }
  // Rows of a contact whose own J row is zero follow their contact.
  for (int r = 0; r < problem.nefc(); ++r) {
    if (row_dof[r] < 0 && problem.contact[r] >= 0 && contact_dof.count(problem.contact[r])) {
      row_dof[r] = contact_dof[problem.contact[r]];
    }
  }
  // Components that own rows become islands, in order of their first row.
  std::map<int, int> island_of_root;
  std::vector<Island> islands;
  std::vector<int> orphans;
  for (int r = 0; r < problem.nefc(); ++r) {
    if (row_dof[r] < 0) {
      orphans.push_back(r);
      continue;
    }
    const int root = sets.Find(row_dof[r]);
    if (!island_of_root.count(root)) {
      island_of_root[root] = static_cast<int>(islands.size());
      islands.emplace_back();
    }
    islands[island_of_root[root]].rows.push_back(r);
  }
  for (int j = 0; j < nv; ++j) {
    const auto it = island_of_root.find(sets.Find(j));
    if (it != island_of_root.end()) islands[it->second].dofs.push_back(j);
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

IslandsResult SolveIslands(const Problem& problem,
                           const std::optional<core::VectorX>& qacc_warmstart) {
  ValidateProblem(problem);
  IslandsResult out;
  out.islands = FindIslands(problem);
  out.combined.qacc = problem.qacc_smooth;  // DOFs without constraints keep a₀
  out.combined.efc_force = core::VectorX::Zero(problem.nefc());
  out.combined.exit = ExitReason::kNoConstraints;
  // CG/Newton start: qacc_warmstart or qacc_smooth, chosen once by the whole system's cost
  // (MuJoCo 3.3.8 engine_forward.c: warmstart runs before the islands are solved), so an island
  // whose own warm cost is worse still starts warm when the whole system's is better.
  const core::VectorX primal_start = problem.opt.solver == SolverKind::kPGS
                                         ? problem.qacc_smooth
                                         : PrimalStart(problem, qacc_warmstart);
  for (const Island& island : out.islands) {
    const Problem sub = SubProblem(problem, island.dofs, island.rows);
    std::optional<core::VectorX> warm;
    if (qacc_warmstart) warm = Gather(*qacc_warmstart, island.dofs);
    // (5.1): primal islands use 1/Σ M_ii; PGS keeps the monolithic scale.
    const double scale = problem.opt.solver == SolverKind::kPGS ? MonolithicScale(problem)
                                                                 : IslandScale(sub);
    SolveResult r = SolveOne(sub, warm, Gather(primal_start, island.dofs), scale,
                             MonolithicScale(problem));
    for (size_t k = 0; k < island.dofs.size(); ++k) out.combined.qacc[island.dofs[k]] = r.qacc[k];
    for (size_t k = 0; k < island.rows.size(); ++k) {
      out.combined.efc_force[island.rows[k]] = r.efc_force[k];
    }
    // The solve's count and exit are the island that iterated most (the first such): a cap
    // reached in any island is the solve's exit.
    if (out.per_island.empty() || r.iterations > out.combined.iterations) {
      out.combined.iterations = r.iterations;
      out.combined.exit = r.exit;
    }
    out.combined.cost += r.cost;
    out.combined.noslip_iterations = std::max(out.combined.noslip_iterations, r.noslip_iterations);
    out.per_island.push_back(std::move(r));
  }
  // One island is the whole solve: its statistics are the solve's (MuJoCo records island 0's
  // in d->solver). With several, each island's are in per_island only.
  if (out.per_island.size() == 1) out.combined.stats = out.per_island.front().stats;
  return out;
}

}  // namespace simatlas::mujoco
