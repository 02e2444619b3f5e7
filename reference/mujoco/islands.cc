// MJ-solvers §6 — islands (MuJoCo 3.x engine_island.c), from the course's description.
#include "reference/mujoco/islands.h"

#include <algorithm>
#include <numeric>

#include "reference/mujoco/dual.h"
#include "reference/mujoco/noslip.h"
#include "reference/mujoco/pgs.h"
#include "reference/mujoco/primal_solver.h"
#include "reference/mujoco/sparse_rows.h"
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
  const std::shared_ptr<const DualProblem> formed = NeedsDual(problem) ? DualOf(problem) : nullptr;
  const DualProblem none;
  const DualProblem& dual = formed ? *formed : none;
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
  const int nv = problem.nv, nefc = problem.nefc();
  // M's and J's nonzeros: a prepared problem's sparse rows, else found here (one scan of each).
  const std::shared_ptr<const SparseOperators> prepared =
      IsPrepared(problem) ? OperatorsOf(problem) : nullptr;
  SparseRows M_found, J_found;
  if (!prepared) {
    M_found = MakeSparseRows(problem.M);
    J_found = MakeSparseRows(problem.J);
  }
  const SparseRows& M = prepared ? prepared->M : M_found;
  const SparseRows& J = prepared ? prepared->J : J_found;
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

std::vector<Island> IslandsOf(const Problem& problem) {
  return IslandsPrepared(problem) ? problem.prepared->islands : FindIslands(problem);
}

IslandsResult SolveIslands(const Problem& problem,
                           const std::optional<core::VectorX>& qacc_warmstart) {
  // A prepared problem was validated once (PrepareProblem, at read time); others here.
  if (!IsPrepared(problem)) ValidateProblem(problem);
  IslandsResult out;
  // The islands and their sub-problems: prepared once with the problem, else found here.
  const bool reuse = IslandsPrepared(problem);
  out.islands = IslandsOf(problem);
  out.combined.qacc = problem.qacc_smooth;  // DOFs without constraints keep a₀
  out.combined.efc_force = core::VectorX::Zero(problem.nefc());
  out.combined.exit = ExitReason::kNoConstraints;
  // CG/Newton start: qacc_warmstart or qacc_smooth, chosen once by the whole system's cost
  // (MuJoCo 3.3.8 engine_forward.c: warmstart runs before the islands are solved), so an island
  // whose own warm cost is worse still starts warm when the whole system's is better.
  const core::VectorX primal_start = problem.opt.solver == SolverKind::kPGS
                                         ? problem.qacc_smooth
                                         : PrimalStart(problem, qacc_warmstart);
  for (size_t k = 0; k < out.islands.size(); ++k) {
    const Island& island = out.islands[k];
    // An island of every DOF and row is the problem itself; others are the prepared copies, or
    // copied out here (SubProblem keeps the DOFs' and rows' ascending order).
    const bool whole = static_cast<int>(island.dofs.size()) == problem.nv &&
                       static_cast<int>(island.rows.size()) == problem.nefc();
    const Problem copied =
        whole || reuse ? Problem{} : SubProblem(problem, island.dofs, island.rows);
    const Problem& sub = whole ? problem : reuse ? problem.prepared->island_problems[k] : copied;
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
  // in d->solver). With several, each island's record is the combined result's island_stats.
  if (out.per_island.size() == 1) {
    out.combined.stats = out.per_island.front().stats;
  } else {
    for (const SolveResult& r : out.per_island) {
      out.combined.island_stats.push_back({r.iterations, r.exit, r.noslip_iterations, r.stats});
    }
  }
  return out;
}

}  // namespace simatlas::mujoco
