#pragma once
/// @file
/// E3-SAP §4.1 — the SAP model: cliques (blocks of A), constraint clusters (constraints coupling
/// the same one or two cliques), participating DOFs and their permutation, the Delassus diagonal
/// estimate Wᵢ = Σ_c Jᵢc diag(A_c)⁻¹ Jᵢcᵀ with wᵢ = ‖Wᵢ‖_F/nᵢ (4.2), and the constraint objects
/// built with that estimate. Drake: multibody/contact_solvers/sap/sap_model.cc
/// (CalcDelassusDiagonalApproximation; its comment says "rms norm", the code uses ‖Wᵢ‖_F/nᵢ).

#include <memory>
#include <vector>

#include "reference/core/numeric.h"
#include "reference/sap/constraint.h"
#include "reference/sap/sap_problem.h"

namespace simatlas::sap {

/// Constraints coupling the same clique(s); clique_b = −1 for a single-clique cluster.
/// Clique indices here are participating-clique indices.
struct ConstraintCluster {
  int clique_a = -1;              ///< the first (or only) participating clique
  int clique_b = -1;              ///< the second participating clique, −1 if none
  std::vector<int> constraints;   ///< indices into SapModel::constraints(), in problem order
};

/// One constraint as the solver sees it: its participating cliques, J blocks, vb and object.
struct ModelConstraint {
  std::vector<int> cliques;        ///< participating-clique indices
  std::vector<core::MatrixX> J;    ///< blocks matching cliques
  core::VectorX vb;                ///< bias (nᵢ)
  core::MatrixX W;                 ///< Delassus block Wᵢ (nᵢ × nᵢ) [1/kg]
  core::VectorX w;                 ///< estimate wᵢ: every entry ‖Wᵢ‖_F/nᵢ [1/kg]
  std::unique_ptr<SapConstraint> constraint;  ///< the kind-specific object (γ, ℓc, G of vc)
};

/// The model of §4.1 over the participating DOFs.
class SapModel {
 public:
  /// Validates the problem and builds the model (constraints get h and their wᵢ).
  explicit SapModel(const SapProblem& problem);

  /// Σ n_c over all cliques.
  int num_velocities() const { return num_velocities_; }
  /// Σ n_c over participating cliques (those referenced by a constraint).
  int num_participating_velocities() const { return static_cast<int>(v_star_.size()); }
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
  /// diag(A) of the participating DOFs.
  core::VectorX A_diagonal() const;
  /// Constraints grouped by the clique pair they couple (the off-diagonal blocks of H).
  const std::vector<ConstraintCluster>& clusters() const { return clusters_; }
  /// Every constraint in problem order, with its participating J blocks, vb, W and w.
  const std::vector<ModelConstraint>& constraints() const { return constraints_; }
  /// Σ nᵢ.
  int num_constraint_equations() const { return num_equations_; }
  /// Offset of constraint i in stacked constraint vectors.
  int equation_offset(int i) const { return equation_offsets_[i]; }
  /// The original problem's full v*.
  const core::VectorX& full_v_star() const { return full_v_star_; }

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
  int num_velocities_ = 0;
  int num_equations_ = 0;
  std::vector<int> participating_cliques_;
  std::vector<int> permutation_;
  std::vector<int> sizes_;
  std::vector<int> offsets_;
  std::vector<core::MatrixX> A_;
  core::VectorX v_star_;
  core::VectorX full_v_star_;
  std::vector<ConstraintCluster> clusters_;
  std::vector<ModelConstraint> constraints_;
  std::vector<int> equation_offsets_;
};

}  // namespace simatlas::sap
