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
/// 4. SapSolver on one clique per tree (blocks of A, v*), warm started from v₀ (§4.1);
/// 5. contacts first in γ: fn = γn/h, f = R_WC γ/h (§4.1, SapDriver::PackContactSolverResults);
/// 6. q_next = q₀ + h N(q₀) v_next (§5, tree.IntegratePositions).
/// The scene's combined stiffness k is split as k_A = k_B = 2k so that MakeDiscretePointPair's
/// series combination gives k and p_WC is the midpoint of the witness points.
/// Equation numbers (N.M) are the formula sheet's (course/FORMULAS.md).

#include <string>
#include <vector>

#include "reference/contact/point_contact.h"
#include "reference/sap/sap_problem.h"
#include "reference/sap/sap_solver.h"
#include "reference/scenes/scene.h"

namespace simatlas::scenes {

/// Stage 2's answer for one point pair: the discrete pair (k_A = k_B = 2k) and its contact
/// Jacobian Jc = R_WCᵀ (J_body − J_A) at p_WC (3 × nv, rows t1, t2, n).
struct AssembledPair {
  int geometry = 0;                 ///< index into Scene::contact_geometry
  int body = 0;                     ///< body B of the pair
  contact::DiscretePointPair pair;  ///< φ₀, fe₀, k, p_WC, R_WC
  core::MatrixX Jc;                 ///< 3 × nv contact Jacobian [rows t1, t2, n]
};

/// Stage 2: every point pair of the scene's geometry at q₀, in geometry order.
std::vector<AssembledPair> AssembleContactPairs(const Scene& scene, const VectorX& q0);

/// Stages 1 and 3: the SAP problem of one step, one clique per tree as Drake makes them
/// (multibody::CalcTreeBlocks: A = M + hD and v* of the free motion under scene.applied cut into
/// its diagonal blocks, v in its own order), one contact constraint per pair in order on the
/// cliques of its two bodies (parameters of the file comment), warm start v₀. InputError for an
/// unknown approximation, h ≤ 0, μ < 0 or a pair of which neither body moves.
sap::SapProblem MakeSapContactProblem(const Scene& scene, const VectorX& q0, const VectorX& v0,
                                      double h, const std::string& approximation, double mu,
                                      const std::vector<AssembledPair>& pairs);

/// One step's answer.
struct ContactStepResult {
  VectorX q_next;  ///< q after the step (nq)
  VectorX v_next;  ///< v after the step (nv): the contact solver's v
  std::vector<ContactResult>
      contacts;               ///< one entry per point pair found at q₀, in constraint order
  int solver_iterations = 0;  ///< 0 when no pair was found (v_next = v*)
  bool cost_criterion_reached = false;  ///< SAP ended on (4.4) rather than (4.3) alone
};

/// The step of the file comment with approximation "sap", "similar" or "lagged" and friction μ.
/// A failed solve throws core::NumericalError naming the step's data. `parameters` are the SAP
/// solver's (Drake's defaults unless given).
ContactStepResult StepWithContact(const Scene& scene, const VectorX& q0, const VectorX& v0,
                                  double h, const std::string& approximation, double mu,
                                  const sap::SapSolverParameters& parameters = {});

}  // namespace simatlas::scenes
