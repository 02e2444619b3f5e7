#pragma once
/// @file
/// E3-SAP §4.2 — SAP's termination, each formula once: the scaled momentum residual and scale of
/// the optimality criterion (4.3), the cost criterion (4.4) and the monotonicity slop. Drake:
/// multibody/contact_solvers/sap/sap_solver.cc (SapSolver::CalcStoppingCriteriaResidual, the
/// checks in SolveWithGuess).
///
/// The DOFs are the participating ones, as in Drake: SapModel holds only the velocities of the
/// cliques some constraint references (its num_velocities()), CalcStoppingCriteriaResidual works
/// on them with the model's cached inv_sqrt_dynamics_matrix(), and the other DOFs are set to v*
/// when the results are packed, never iterated. The solver, the optimality check of a claimed
/// answer (sap/optimality.h) and the property tests call these functions with the model's
/// SapModel::inv_sqrt_A(); the optimality check applies the same residual separately to the
/// non-participating cliques (where the answer must be v*).
/// Equation numbers (N.M) are the formula sheet's (course/FORMULAS.md).

#include "reference/core/numeric.h"

namespace simatlas::sap {

/// The two numbers of (4.3).
struct StoppingCriteriaResidual {
  double momentum_residual = 0.0;  ///< r = ‖D g‖₂ [√J]
  double momentum_scale = 0.0;     ///< s = max(‖D p‖₂, ‖D jc‖₂) [√J]
};

/// (4.3)'s r and s from D = diag(A)^(−1/2) (`inv_sqrt_A`, the model's SapModel::inv_sqrt_A()),
/// the gradient g = A(v − v*) − Jᵀγ [N·s], the momentum p = A v [N·s] and the generalized
/// impulse jc = Jᵀγ [N·s], all over the same DOFs. Scaling by D gives every entry the unit √J,
/// so translations and rotations are weighed alike.
StoppingCriteriaResidual CalcStoppingCriteriaResidual(const core::VectorX& inv_sqrt_A,
                                                      const core::VectorX& g,
                                                      const core::VectorX& p,
                                                      const core::VectorX& jc);

/// (4.3)'s right-hand side, the threshold the residual r must reach: εa + εr s [√J]
/// (`abs_tolerance` εa [√J], `rel_tolerance` εr [1]). OptimalityCriterionReached compares with it.
double OptimalityThreshold(const StoppingCriteriaResidual& residual, double abs_tolerance,
                           double rel_tolerance);

/// (4.3): r ≤ εa + εr s (OptimalityThreshold).
bool OptimalityCriterionReached(const StoppingCriteriaResidual& residual, double abs_tolerance,
                                double rel_tolerance);

/// (4.4)'s threshold for the cost change of one step: εca + εcr (|ℓ_m| + |ℓ_{m−1}|)/2 [J]
/// (`cost_abs_tolerance` εca [J], `cost_rel_tolerance` εcr [1], costs in J).
/// CostCriterionReached compares with it.
double CostCriterionThreshold(double ell_previous, double ell, double cost_abs_tolerance,
                              double cost_rel_tolerance);

/// (4.4) after the step of iteration m with step length α:
/// |ℓ_m − ℓ_{m−1}| < CostCriterionThreshold and α > 0.5 (costs in J).
bool CostCriterionReached(double ell_previous, double ell, double alpha, double cost_abs_tolerance,
                          double cost_rel_tolerance);

/// The rise of the cost that counts as non-monotonic: ℓ > ℓ_prev + slop with
/// slop = relative_slop · max(1, (|ℓ| + |ℓ_prev|)/2) (costs in J).
bool CostRoseBeyondSlop(double ell_previous, double ell, double relative_slop);

}  // namespace simatlas::sap
