#pragma once
/// @file
/// E3-SAP §4.1 — the SAP model: cliques (blocks of A), participating DOFs and their permutation,
/// the scaling D = diag(A)^(−1/2) of the stopping criterion (4.3), the Delassus diagonal
/// estimate Wᵢ = Σ_c Jᵢc diag(A_c)⁻¹ Jᵢcᵀ with wᵢ = ‖Wᵢ‖_F/nᵢ (4.2), and the constraint objects
/// built with that estimate. Drake: multibody/contact_solvers/sap/sap_model.cc
/// (CalcDelassusDiagonalApproximation; its comment says "rms norm", the code uses ‖Wᵢ‖_F/nᵢ).
/// Counts follow Drake's SapModel: num_velocities() and v_star() are the participating DOFs,
/// num_problem_velocities() and problem_v_star() those of the whole problem.
/// Equation numbers (N.M) are the formula sheet's (course/FORMULAS.md).

#include <memory>
#include <vector>

#include "reference/core/numeric.h"
#include "reference/sap/constraint.h"
#include "reference/sap/sap_problem.h"

namespace simatlas::sap {

/// diag(A)^(−1/2) of one SPD block A (n × n) [kg^(−1/2) or (kg·m²)^(−1/2)]: the scaling D of the
/// stopping criterion (4.3) (Drake: SapModel's constructor, `inv_sqrt_A`).
core::VectorX InvSqrtDiagonal(const core::MatrixX& A);

/// One constraint as the solver sees it: its participating cliques, J blocks, vb and object.
struct ModelConstraint {
  std::vector<int> cliques;      ///< participating-clique indices
  std::vector<core::MatrixX> J;  ///< blocks matching cliques
  core::VectorX vb;              ///< bias (nᵢ)
  core::MatrixX W;               ///< Delassus block Wᵢ (nᵢ × nᵢ) [1/kg]
  core::VectorX w;               ///< estimate wᵢ: every entry ‖Wᵢ‖_F/nᵢ [1/kg]
  std::unique_ptr<SapConstraint> constraint;  ///< the kind-specific object (γ, ℓc, G of vc)
};

/// The model of §4.1 over the participating DOFs.
class SapModel {
 public:
  /// Validates the problem and builds the model (constraints get h and their wᵢ).
  explicit SapModel(const SapProblem& problem);

  /// Σ n_c over participating cliques (those referenced by a constraint); Drake's
  /// SapModel::num_velocities().
  int num_velocities() const { return static_cast<int>(v_star_.size()); }
  /// Σ n_c over all cliques of the problem (Drake: SapModel::problem().num_velocities()).
  int num_problem_velocities() const { return num_problem_velocities_; }
  /// Original clique index of each participating clique, in order.
  const std::vector<int>& participating_cliques() const { return participating_cliques_; }
  /// For each original DOF: its participating index, or −1 (it then keeps v*).
  const std::vector<int>& velocity_permutation() const { return permutation_; }
  /// Size n_c of each participating clique, in participating order.
  const std::vector<int>& clique_sizes() const { return sizes_; }
  /// Offset of each participating clique in the participating velocity vector.
  const std::vector<int>& clique_offsets() const { return offsets_; }
  /// The A block (n_c × n_c, SPD) of each participating clique.
  const std::vector<core::MatrixX>& A_blocks() const { return A_; }
  /// v* restricted to the participating DOFs (the free-motion velocities the cost pulls toward).
  const core::VectorX& v_star() const { return v_star_; }
  /// diag(A) of the participating DOFs [kg or kg·m²].
  core::VectorX A_diagonal() const;
  /// D = diag(A)^(−1/2) of the participating DOFs [kg^(−1/2) or (kg·m²)^(−1/2)], computed once
  /// at construction: the scaling of the stopping criterion (4.3), so that D·g has units √J for
  /// every DOF type (Drake: SapModel::inv_sqrt_dynamics_matrix()).
  const core::VectorX& inv_sqrt_A() const { return inv_sqrt_A_; }
  /// Every constraint in problem order, with its participating J blocks, vb, W and w.
  const std::vector<ModelConstraint>& constraints() const { return constraints_; }
  /// Σ nᵢ.
  int num_constraint_equations() const { return num_equations_; }
  /// Offset of constraint i in stacked constraint vectors.
  int equation_offset(int i) const { return equation_offsets_[i]; }
  /// v* of every DOF of the problem (the non-participating ones keep it).
  const core::VectorX& problem_v_star() const { return problem_v_star_; }

  /// v (participating) from a full v.
  core::VectorX Reduce(const core::VectorX& full_v) const;
  /// Full v: participating entries from v, the others v*.
  core::VectorX Expand(const core::VectorX& v) const;
  /// A v (participating).
  core::VectorX MultiplyByA(const core::VectorX& v) const;
  /// Stacked vc = J v + vb.
  core::VectorX CalcConstraintVelocities(const core::VectorX& v) const;
  /// Stacked J dv (no bias).
  core::VectorX MultiplyByJ(const core::VectorX& dv) const;
  /// Jᵀ γ for stacked γ.
  core::VectorX MultiplyByJTranspose(const core::VectorX& gamma) const;

 private:
  int num_problem_velocities_ = 0;
  int num_equations_ = 0;
  std::vector<int> participating_cliques_;
  std::vector<int> permutation_;
  std::vector<int> sizes_;
  std::vector<int> offsets_;
  std::vector<core::MatrixX> A_;
  core::VectorX v_star_;
  core::VectorX problem_v_star_;
  core::VectorX inv_sqrt_A_;
  std::vector<ModelConstraint> constraints_;
  std::vector<int> equation_offsets_;
};

}  // namespace simatlas::sap
