#pragma once
/// @file
/// MJ-solvers §4 (cost of the solvers' M⁻¹ products): M of a kinematic tree factored along the
/// DOF tree as MuJoCo does (engine_core_smooth.c: mj_factorI/mj_factorM, mj_solveLD/mj_solveM).
/// M(i, j) ≠ 0 only when j is i or one of i's ancestors, so row k keeps M(k, k) followed by
/// M(k, parent(k)), M(k, parent(parent(k))), … (MuJoCo's qM layout). Eliminating the DOFs from
/// the last (leaves, since a parent precedes its children) to the first gives M = Lᵀ D L with
/// L unit lower triangular on the same pattern: no fill, O(Σ depth²) to factor and O(Σ depth)
/// per solve.

#include <vector>

#include "reference/core/numeric.h"

namespace simatlas::mujoco {

/// M on its tree pattern in MuJoCo's qM layout.
struct MTree {
  int nv = 0;                ///< number of DOFs
  std::vector<int> parent;   ///< parent DOF of each DOF (−1 for a tree's root), parent < DOF
  std::vector<int> address;  ///< nv + 1 offsets: row k is value[address[k] .. address[k+1])
  /// Row k: M(k, k), then M(k, a) for the ancestors a of k from the parent up to the root.
  std::vector<double> value;
};

/// True when `parent` is a DOF forest in MuJoCo's order: nv entries, parent[i] ∈ [−1, i).
bool IsDofForest(const std::vector<int>& parent, int nv);

/// True when every nonzero M(i, j), j < i, lies on the tree (j an ancestor of i); otherwise
/// false with the first such (i, j) in `row`, `col` when given. Requires
/// IsDofForest(parent, M.rows()).
bool MatchesTree(const core::MatrixX& M, const std::vector<int>& parent, int* row = nullptr,
                 int* col = nullptr);

/// M's tree entries (requires IsDofForest; entries off the tree are not read).
MTree MakeMTree(const core::MatrixX& M, const std::vector<int>& parent);

/// out = M x along the tree (MuJoCo 2.2.2 engine_support.c: mj_mulM): each stored entry
/// M(k, a), a an ancestor of k, read once for both of its products, out_k += M(k, a) x_a and
/// out_a += M(k, a) x_k. x and out hold nv entries and must not overlap. O(Σ depth).
void MultiplyTree(const MTree& tree, const double* x, double* out);

/// M = Lᵀ D L along the tree (mj_factorI) and its solves (mj_solveLD).
class TreeFactor {
 public:
  /// Factors `tree` (kept by reference: it must outlive the factor). Throws core::NumericalError
  /// naming `what` and the DOF when a pivot D_k is not > 0 (M not positive definite; MuJoCo
  /// instead clamps the pivot to mjMINVAL and warns).
  void Factor(const MTree& tree, const char* what);
  /// x ← M⁻¹ x in place: x ← L⁻ᵀ x, x ← D⁻¹ x, x ← L⁻¹ x (x has nv entries).
  void SolveInPlace(double* x) const;
  /// x ← D^{-1/2} L⁻ᵀ x on the DOFs `dofs` only (descending, and holding every ancestor of each
  /// of them; x is zero elsewhere and stays so): half of M⁻¹ = (D^{-1/2}L⁻ᵀ)ᵀ(D^{-1/2}L⁻ᵀ), so
  /// J M⁻¹ Jᵀ = B Bᵀ with B's rows D^{-1/2} L⁻ᵀ J_rᵀ (MuJoCo engine_core_smooth.c: mj_solveM2,
  /// used by mj_projectConstraint). O(Σ depth) over `dofs`.
  void HalfSolveOn(const std::vector<int>& dofs, double* x) const;

 private:
  const MTree* tree_ = nullptr;
  std::vector<double> ld_;         // L below the diagonal, D on it, in the tree's layout
  std::vector<double> inverse_d_;  // 1 / D_k
};

}  // namespace simatlas::mujoco
