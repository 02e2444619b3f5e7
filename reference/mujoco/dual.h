#pragma once
/// @file
/// MJ-solvers §2b: the dual problem (2.4). A = J M⁻¹ Jᵀ, b = J a₀ − aref, AR = A + R,
/// f* = argmin_{f ∈ Ω} ½ fᵀ AR f + fᵀ b, qacc = a₀ + M⁻¹ Jᵀ f*.

#include "reference/core/numeric.h"
#include "reference/mujoco/problem.h"

namespace simatlas::mujoco {

/// The dense dual data of one problem.
struct DualProblem {
  core::MatrixX A;   ///< J M⁻¹ Jᵀ (nefc × nefc)
  core::MatrixX AR;  ///< A + diag(R)
  core::VectorX b;   ///< efc_b = J a₀ − aref
  core::MatrixX MinvJt;  ///< M⁻¹ Jᵀ (nv × nefc), maps forces to accelerations
};

/// Builds A, AR, b from a validated problem (Cholesky of M).
DualProblem MakeDual(const Problem& problem);

/// ½ fᵀ AR f + fᵀ b.
double DualCost(const DualProblem& dual, const core::VectorX& force);

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
