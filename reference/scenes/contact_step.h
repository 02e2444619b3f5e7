#pragma once
/// @file
/// E3-SAP §2, §2.2, §4.1 and §5: one discrete step with contact against the ground,
///   geometry → contact pairs → constraints → SAP solve → v_next → q_next = q₀ + h N(q₀) v_next
/// 1. free motion (§2.1): A = M(q₀) + hD, v* from A (v* − v₀) = h k(x₀);
/// 2. point pairs of every geometry at q₀ (halfspace_queries.h), each made a discrete pair
///    (§2.2: φ₀ = −x, fe₀ = k x, frame C with z from the ground into the body);
/// 3. one contact constraint per pair with Jc = R_WCᵀ (J_body − J_A) at p_WC (A: the ground or
///    the body carrying the half-space):
///    sap → FrictionConeParameters{μ, k, τd, φ₀, β = 1, σ = 1e-3};
///    similar | lagged → HuntCrossleyParameters{μ, k, d, fe₀, vn₀ = (Jc v₀)_n, vs, σ = 1e-3};
/// 4. SapSolver on one clique (the whole tree, A, v*), warm started from v₀ (§4.1);
/// 5. contacts first in γ: fn = γn/h, f = R_WC γ/h (§4.1, SapDriver::PackContactSolverResults);
/// 6. q_next = q₀ + h N(q₀) v_next (§5, tree.IntegratePositions).
/// The scene's combined stiffness k is split as k_A = k_B = 2k so that MakeDiscretePointPair's
/// series combination gives k and p_WC is the midpoint of the witness points.

#include <string>
#include <vector>

#include "reference/scenes/scene.h"

namespace simatlas::scenes {

/// One step's answer.
struct ContactStepResult {
  VectorX q_next;                       ///< q after the step (nq)
  VectorX v_next;                       ///< v after the step (nv): the contact solver's v
  std::vector<ContactResult> contacts;  ///< one entry per point pair found at q₀, in constraint order
  int solver_iterations = 0;  ///< 0 when no pair was found (v_next = v*)
};

/// The step of the file comment with approximation "sap", "similar" or "lagged" and friction μ.
/// A failed solve throws core::NumericalError naming the step's data.
ContactStepResult StepWithContact(const Scene& scene, const VectorX& q0, const VectorX& v0,
                                  double h, const std::string& approximation, double mu);

}  // namespace simatlas::scenes
