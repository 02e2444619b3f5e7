// MJ-solvers §4–§6 — preparing a problem once for its solves (MuJoCo engine_forward.c:
// mj_fwdPosition runs mj_factorM, mj_island and mj_projectConstraint before the constraint
// solve). Written from the course's description.
#include "reference/mujoco/prepare.h"

#include <string>
#include <utility>

#include "reference/core/errors.h"
#include "reference/mujoco/primal_rules.h"

namespace simatlas::mujoco {

namespace {

// M positive definite, checked once by its factor, which the solves keep: along the DOF tree
// when the problem gives one (the tree factor's pivots, O(Σ depth²), as MuJoCo's mj_factorM),
// else row by row first (core::RequirePositiveDefinite names the failing pivot); an InputError
// names the failing pivot (ValidateProblem has checked symmetry and a positive diagonal).
std::shared_ptr<const SpdFactor> FactorPositiveDefiniteM(const Problem& problem,
                                                         const SparseOperators& ops) {
  if (!ops.has_tree) core::RequirePositiveDefinite("M", problem.M, "kg or kg m^2");
  auto factor = std::make_shared<SpdFactor>();
  try {
    FactorM(problem, ops, *factor);
  } catch (const core::NumericalError& e) {
    throw core::InputError(
        std::string(e.what()) +
        (ops.has_tree ? " must be > 0 (M along dof_parentid is not positive definite)" : ""));
  }
  return factor;
}

}  // namespace

void FactorM(const Problem& problem, const SparseOperators& ops, SpdFactor& factor) {
  if (ops.has_tree) {
    factor.FactorTree(ops.tree, "M");
  } else {
    factor.Factor(problem.M, "M");
  }
}

void RequireValidProblem(const Problem& problem) {
  ValidateProblem(problem);
  SparseOperators ops;
  if (!problem.dof_parentid.empty()) {
    ops.has_tree = true;
    ops.tree = MakeMTree(problem.M, problem.dof_parentid);
  }
  FactorPositiveDefiniteM(problem, ops);
}

std::shared_ptr<const DualProblem> PreparedProblem::DualForSolve() const {
  if (dual_) return dual_;
  return std::make_shared<const DualProblem>(MakeDual(problem_, operators_, m_factor_));
}

std::shared_ptr<const PreparedProblem> Prepare(Problem problem, bool islands) {
  ValidateProblem(problem);
  std::shared_ptr<PreparedProblem> out(new PreparedProblem());
  out->problem_ = std::move(problem);
  const Problem& p = out->problem_;
  // J, Jᵀ and M as sparse rows, M's tree, H's pattern; M's factor; the primal kernels.
  auto ops = std::make_shared<const SparseOperators>(MakeSparseOperators(p));
  out->operators_ = ops;
  out->m_factor_ = FactorPositiveDefiniteM(p, *ops);
  out->kernels_ = MakePrimalKernels(p, *ops, out->m_factor_.get());
  // The islands, each copied out and prepared (an island of the whole problem is not copied).
  bool one_piece = true;
  if (islands) {
    out->has_islands_ = true;
    out->islands_ = FindIslands(p, *ops);
    for (const Island& island : out->islands_) {
      const bool whole = static_cast<int>(island.dofs.size()) == p.nv &&
                         static_cast<int>(island.rows.size()) == p.nefc();
      one_piece = one_piece && whole;
      out->island_problems_.push_back(
          whole ? nullptr : Prepare(SubProblem(p, island.dofs, island.rows), false));
    }
  }
  // The dual of a problem its version solves in one piece (2.2.2 has no islands; under 3.15 a
  // problem that is one island), when its solver needs it (PGS, NoSlip).
  if (!IslandsByDefault(p.opt.version)) one_piece = true;
  if (one_piece && NeedsDual(p)) {
    out->dual_ = std::make_shared<const DualProblem>(MakeDual(p, ops, out->m_factor_));
  }
  return out;
}

}  // namespace simatlas::mujoco
