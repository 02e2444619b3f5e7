#pragma once
/// @file
/// MJ-solvers §4–§6 (what a solve reuses): a problem validated once and everything its solves
/// read besides the rows' states — J's and M's sparse rows, M's tree and factor, Newton's H
/// pattern, the primal loop's kernels (chosen by the version seam), the islands with each one's
/// own prepared sub-problem, and the dual PGS and NoSlip sweep — as MuJoCo prepares them before the
/// constraint solve (mj_fwdPosition: mj_factorM, mj_island, mj_projectConstraint). Made by Prepare
/// and immutable after, so a solve can never read a structure of another problem.

#include <memory>
#include <vector>

#include "reference/mujoco/dual.h"
#include "reference/mujoco/islands.h"
#include "reference/mujoco/operators.h"
#include "reference/mujoco/primal_kernels.h"
#include "reference/mujoco/problem.h"
#include "reference/mujoco/spd_factor.h"

namespace simatlas::mujoco {

/// A validated problem and what its solves reuse (see the file comment). Only Prepare makes
/// one; it is shared as std::shared_ptr<const PreparedProblem> and never changes.
class PreparedProblem {
 public:
  /// The problem as prepared (its options included).
  const Problem& problem() const { return problem_; }
  /// J, Jᵀ, M as the solves read them.
  const SparseOperators& operators() const { return *operators_; }
  /// M's factor (along the DOF tree when the problem gives one).
  const SpdFactor& m_factor() const { return *m_factor_; }
  /// The primal loop's arithmetic (MakePrimalKernels).
  const PrimalKernels& kernels() const { return *kernels_; }
  /// The dual (A = J M⁻¹ Jᵀ, AR, b) when a solve of this problem in one piece needs it (PGS or
  /// NoSlip, and the version solves the problem in one piece: 2.2.2, or one island); else null.
  const DualProblem* dual() const { return dual_.get(); }
  /// The dual a solve of this problem in one piece reads: dual() when prepared, else formed now
  /// from the prepared operators and M's factor (a 3.15 problem of several islands solved as one).
  std::shared_ptr<const DualProblem> DualForSolve() const;
  /// Whether the islands were found (Prepare's `islands`).
  bool has_islands() const { return has_islands_; }
  /// The islands (FindIslands), when has_islands().
  const std::vector<Island>& islands() const { return islands_; }
  /// Island k's prepared sub-problem; this problem itself when island k is the whole problem.
  const PreparedProblem& island(std::size_t k) const {
    return island_problems_[k] ? *island_problems_[k] : *this;
  }

 private:
  friend std::shared_ptr<const PreparedProblem> Prepare(Problem problem, bool islands);
  PreparedProblem() = default;

  Problem problem_;
  std::shared_ptr<const SparseOperators> operators_;
  std::shared_ptr<const SpdFactor> m_factor_;
  std::unique_ptr<const PrimalKernels> kernels_;
  std::shared_ptr<const DualProblem> dual_;
  bool has_islands_ = false;
  std::vector<Island> islands_;
  std::vector<std::shared_ptr<const PreparedProblem>> island_problems_;  // null: the whole problem
};

/// Validates problem (ValidateProblem), checks M positive definite by factoring it (along
/// dof_parentid when given; InputError naming the failing pivot) and prepares what its solves
/// reuse (see PreparedProblem). With `islands` the islands are found and each one that is not
/// the whole problem is copied out (SubProblem) and prepared. Throws InputError.
std::shared_ptr<const PreparedProblem> Prepare(Problem problem, bool islands = true);

/// ValidateProblem, then M positive definite, checked by factoring it as Prepare does (InputError
/// naming the failing pivot): what a problem must pass to be solved, without preparing it.
void RequireValidProblem(const Problem& problem);

/// M's factor: along ops.tree when ops.has_tree (SpdFactor::FactorTree), else SpdFactor::Factor
/// of the dense M. Throws core::NumericalError when M is not positive definite.
void FactorM(const Problem& problem, const SparseOperators& ops, SpdFactor& factor);

}  // namespace simatlas::mujoco
