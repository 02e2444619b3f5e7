#pragma once
/// @file
/// MJ-solvers §2b: the dual problem (2.4). A = J M⁻¹ Jᵀ, b = J a₀ − aref, AR = A + R,
/// f* = argmin_{f ∈ Ω} ½ fᵀ AR f + fᵀ b, qacc = a₀ + M⁻¹ Jᵀ f*.
/// Equation numbers (N.M) are the formula sheet's (course/FORMULAS.md).

#include <memory>

#include "reference/core/numeric.h"
#include "reference/mujoco/problem.h"
#include "reference/mujoco/operators.h"
#include "reference/mujoco/sparse_rows.h"
#include "reference/mujoco/spd_factor.h"

namespace simatlas::mujoco {

/// The dual data of one problem: A and AR dense, and on the sparse path (UsesSparsePath) AR's
/// nonzeros as sparse rows too, which the PGS residuals read (MuJoCo 2.2.2 keeps efc_AR
/// row-sparse then: engine_core_constraint.c, mj_projectConstraint; engine_solver.c, residual).
struct DualProblem {
  core::MatrixX A;                             ///< J M⁻¹ Jᵀ (nefc × nefc)
  core::MatrixX AR;                            ///< A + diag(R)
  core::VectorX b;                             ///< efc_b = J a₀ − aref
  bool sparse_rows = false;                    ///< AR_rows holds AR (the sparse path)
  SparseRows AR_rows;                          ///< AR's nonzeros by rows (when sparse_rows)
  std::shared_ptr<const SparseOperators> ops;  ///< J's sparse rows (for Jᵀ f)
  std::shared_ptr<const SpdFactor> m_factor;   ///< M's factor (for M⁻¹ Jᵀ f); null when nv = 0
};

/// Builds A, AR, b from a validated problem, its operators and M's factor (FactorM; kept by the
/// dual). With the DOF tree, A = B Bᵀ from the sparse rows B_r = D^{-1/2} L⁻ᵀ J_rᵀ
/// (TreeFactor::HalfSolveOn), formed only for row pairs that share a kinematic tree (A's other
/// entries are 0: M⁻¹ couples no two trees); otherwise A = J (M⁻¹ Jᵀ) column by column.
DualProblem MakeDual(const Problem& problem, std::shared_ptr<const SparseOperators> ops,
                     std::shared_ptr<const SpdFactor> m_factor);
/// The same building the operators and M's factor here (M must be positive definite:
/// core::NumericalError otherwise).
DualProblem MakeDual(const Problem& problem);

/// Whether a solve of problem needs the dense dual: PGS works on it and NoSlip sweeps it; CG and
/// Newton never form it.
bool NeedsDual(const Problem& problem);

/// ½ fᵀ AR f + fᵀ b.
double DualCost(const DualProblem& dual, const core::VectorX& force);

/// (AR f + b)_i, from AR's sparse row on the sparse path, else its dense column (AR is
/// symmetric). Inline: PGS evaluates it once per row and sweep.
inline double DualResidual(const DualProblem& dual, int i, const core::VectorX& force) {
  if (!dual.sparse_rows) return dual.AR.col(i).dot(force) + dual.b[i];
  const SparseRows& AR = dual.AR_rows;
  double sum = 0;
  for (int k = AR.start[i]; k < AR.start[i + 1]; ++k) sum += AR.value[k] * force[AR.col[k]];
  return sum + dual.b[i];
}

/// qacc = a₀ + M⁻¹ Jᵀ f.
core::VectorX QaccFromForce(const Problem& problem, const DualProblem& dual,
                            const core::VectorX& force);

/// Largest violation of Ω by f (0 when feasible): equality free, frictionloss |f| ≤ fl,
/// limits/frictionless/pyramidal f ≥ 0, elliptic f₀ ≥ 0 and √Σ(f_j/μ_j)² ≤ f₀.
double OmegaViolation(const Problem& problem, const core::VectorX& force);

/// Projection of one block onto its set in Ω (scalar rows by clamping; elliptic blocks onto the
/// cone Σ(f_j/μ_j)² ≤ f₀² in the metric that makes it circular).
void ProjectBlock(const Problem& problem, const Block& block, core::VectorX& force);

}  // namespace simatlas::mujoco
