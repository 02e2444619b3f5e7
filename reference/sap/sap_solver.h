#pragma once
/// @file
/// E3-SAP §4 and §4.2 — the SAP solver: the convex cost ℓ(v) = ½‖v − v*‖²_A + Σ ℓc,i (4.1), its
/// gradient g = A(v − v*) − Jᵀγ and Hessian H = A + JᵀGJ, Newton steps H Δv = −g with a dense or
/// block-sparse Cholesky, the exact or backtracking line search, and the termination of (4.3)
/// and (4.4) with D = diag(A)^(−1/2) (the code; the header comment's ^(1/2) is wrong), in
/// sap/stopping_criteria.h.
/// Drake: multibody/contact_solvers/sap/sap_solver.cc (SolveWithGuessImpl,
/// CalcStoppingCriteriaResidual), sap_solver.h (SapSolverParameters).
/// Equation numbers (N.M) are the formula sheet's (course/FORMULAS.md).

#include <optional>
#include <string>
#include <vector>

#include "reference/core/numeric.h"
#include "reference/sap/line_search.h"
#include "reference/sap/sap_model.h"
#include "reference/sap/sap_problem.h"
#include "reference/sap/stopping_criteria.h"

namespace simatlas::sap {

/// How the Newton step length α is chosen (§4.2 `line_search_type`).
enum class LineSearchType {
  kExact,  ///< root of dℓ/dα on [0, α_max] by Newton with bisection fallback (the default)
  kBacktracking  ///< α ← ρα from α_max until Armijo holds
};
/// How H Δv = −g is solved (§4.2 `linear_solver_type`).
enum class LinearSolverType {
  kDense,               ///< dense LLᵀ of the assembled H (small problems, tests)
  kBlockSparseCholesky  ///< block-sparse Cholesky over the clique blocks (the default)
};

/// "exact" / "backtracking".
std::string LineSearchTypeName(LineSearchType type);
/// "dense" / "block_sparse_cholesky".
std::string LinearSolverTypeName(LinearSolverType type);

/// SapSolverParameters with Drake's defaults (formula sheet §4.2 table).
struct SapSolverParameters {
  double abs_tolerance = 1e-14;                         ///< εa [√J]
  double rel_tolerance = 1e-6;                          ///< εr [1]
  double cost_abs_tolerance = 1e-30;                    ///< εca [J]
  double cost_rel_tolerance = 1e-15;                    ///< εcr [1]
  int max_iterations = 100;                             ///< Newton iterations
  LineSearchType line_search = LineSearchType::kExact;  ///< `line_search_type`
  LinearSolverType linear_solver =
      LinearSolverType::kBlockSparseCholesky;                 ///< `linear_solver_type`
  ExactLineSearchParameters exact_line_search;                ///< used when line_search is kExact
  BacktrackingLineSearchParameters backtracking_line_search;  ///< used when kBacktracking
  double relative_slop = 1000.0 * core::kEpsilon;             ///< monotonicity slop
  /// If true, a cost rise beyond the slop throws core::NumericalError; otherwise it is only
  /// counted in SapSolverResult::nonmonotonic_iterations (Drake logs it). A step's rise is
  /// looked at in the next iteration, after its convergence test (Drake's order), so the step
  /// that converges is never an error.
  bool nonmonotonic_convergence_is_error = false;
};

/// Checks the parameters (InputError naming the field).
void ValidateSapSolverParameters(const SapSolverParameters& parameters);

/// One Newton iteration k: values at the top of the iteration and its line search.
struct SapIterationStats {
  double cost = 0.0;               ///< ℓ(v_k) [J]
  double momentum_residual = 0.0;  ///< r = ‖D g‖ [√J]
  double momentum_scale = 0.0;     ///< s = max(‖D p‖, ‖D jc‖) [√J]
  double alpha = 0.0;              ///< accepted step length
  int line_search_iterations = 0;  ///< iterations the line search took for α
};

/// The answer of one solve.
struct SapSolverResult {
  bool success = false;  ///< (4.3) or (4.4) reached within max_iterations, or no constraint at all
  core::VectorX v;       ///< full next velocity (non-participating DOFs: v*)
  std::vector<core::VectorX> gamma;           ///< impulse per constraint [N·s]
  std::vector<core::VectorX> vc;              ///< constraint velocity per constraint [m/s]
  int iterations = 0;                         ///< num_iters = k at exit
  bool optimality_criterion_reached = false;  ///< (4.3)
  bool cost_criterion_reached = false;        ///< (4.4)
  double momentum_residual = 0.0;             ///< ‖D g‖ at exit [√J]
  double momentum_scale = 0.0;                ///< max(‖D p‖, ‖D jc‖) at exit [√J]
  double cost = 0.0;                          ///< ℓ at exit [J]
  int nonmonotonic_iterations =
      0;  ///< non-converged iterates whose cost rose beyond the slop over the last step (logged)
  std::vector<SapIterationStats>
      stats;  ///< one entry per Newton iteration taken (k = 0 … iterations−1)
};

/// ℓ, g = ∇ℓ and the constraint quantities at one v (participating).
struct SapEvaluation {
  double cost = 0.0;    ///< ℓ(v) = ½(v − v*)ᵀA(v − v*) + Σᵢ ℓc,ᵢ(vc,ᵢ) [J] (4.1)
  core::VectorX vc;     ///< stacked vc
  core::VectorX gamma;  ///< stacked γ
  std::vector<ConstraintMatrix> G;  ///< G = −∂γ/∂vc per constraint (its Hessian block)
  core::VectorX g;                  ///< A(v − v*) − Jᵀγ
  core::VectorX jc;                 ///< Jᵀγ
};

/// Evaluates (4.1) on a model at participating v.
SapEvaluation EvaluateSap(const SapModel& model, const core::VectorX& v);

/// H = A + Σ Jᵢᵀ Gᵢ Jᵢ as a dense matrix (participating DOFs).
core::MatrixX AssembleDenseHessian(const SapModel& model, const std::vector<ConstraintMatrix>& G);

/// Solves H x = b with the selected linear solver (H from G at the current iterate).
core::VectorX SolveHessian(const SapModel& model, const std::vector<ConstraintMatrix>& G,
                           const core::VectorX& b, LinearSolverType type);

/// The Newton loop of §4.2 from the full guess v0 (num_problem_velocities() entries) on a built
/// model (Drake's SapSolver::SolveWithGuess on the model its driver built; the scenes build
/// theirs): (4.3) at the top of every iteration, then the monotonicity check, then the Newton
/// step and (4.4). ≤ max_iterations steps. A problem read from a file goes through
/// SolveSapProblem instead.
SapSolverResult SolveSapModel(const SapModel& model, const core::VectorX& v0,
                              const SapSolverParameters& parameters);

/// A problem made ready to solve, once (PrepareSapProblem): validated, its model built (none
/// when it has no constraint) and its start v_guess (default v*). Immutable and independent of
/// the problem it was made from, so it cannot go stale; SolveSapProblem may run on it many times
/// (the `--repeat` timing of `simatlas sap solve`).
class PreparedSapProblem {
 public:
  /// The built model, or nullptr when the problem has no constraint.
  const SapModel* model() const { return model_ ? &*model_ : nullptr; }
  /// The start: v_guess, else v* (full problem velocities).
  const core::VectorX& v0() const { return v0_; }

 private:
  friend PreparedSapProblem PrepareSapProblem(const SapProblem& problem);
  PreparedSapProblem() = default;
  std::optional<SapModel> model_;
  core::VectorX v0_;
};

/// Validates the problem (InputError naming the field) and builds its model if it has a
/// constraint.
PreparedSapProblem PrepareSapProblem(const SapProblem& problem);

/// E3-SAP §4: the SAP solve a student calls. The parameters are checked first (InputError
/// naming the field), then the problem is prepared and solved. With no constraints: v* with
/// success and zero iterations (both criterion flags stay false: no criterion was evaluated);
/// otherwise SolveSapModel from the start. A non-finite answer is a core::NumericalError naming
/// its first bad entry.
SapSolverResult SolveSapProblem(const SapProblem& problem, const SapSolverParameters& parameters);

/// The same on a problem prepared once (the parameters are checked on every call).
SapSolverResult SolveSapProblem(const PreparedSapProblem& prepared,
                                const SapSolverParameters& parameters);

}  // namespace simatlas::sap
