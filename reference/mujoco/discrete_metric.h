#pragma once
/// @file
/// MJ-solvers §8: the discrete integrator's effective metric M̂ = M + hD + h²K and force shift
/// τ̂s = τs − hKv (8.1), the implicit constraint row R̃ = R/c, ãref = aref_s/c with the implicit
/// row factor c = 1 + hB + h²KI (8.2), refsafe for over-stiff rows, and the support-boundary
/// table of §8 as explicit errors.
/// Equation numbers (N.M) are the formula sheet's (course/FORMULAS.md).

#include <string>

#include "reference/core/numeric.h"

namespace simatlas::mujoco {

/// (8.1) M̂ = M + h D + h² K. D, K: positive-semidefinite damping and stiffness of the
/// linearised smooth forces (D = −∂F/∂v, K = −∂F/∂q), square and the size of M.
core::MatrixX EffectiveMetric(const core::MatrixX& M, const core::MatrixX& D,
                              const core::MatrixX& K, double h);

/// (8.1) τ̂s = τs − h K v.
core::VectorX ShiftedForce(const core::VectorX& tau_s, const core::MatrixX& K,
                           const core::VectorX& v, double h);

/// One constraint row's spring–damper, evaluated at the end of the step (8.2).
struct ImplicitRow {
  double c = 1;       ///< implicit row factor 1 + hB + h²KI
  double R = 0;       ///< R̃ = R / c
  double aref_s = 0;  ///< −(B + hKI) vel − KI (r − margin)
  double aref = 0;    ///< ãref = aref_s / c
};

/// (8.2) with K_row = K, B_row = B, impedance I from (2.1)–(2.2), regulariser R, row position r,
/// margin and row velocity vel.
ImplicitRow MakeImplicitRow(double K, double B, double imp, double R, double r, double margin,
                            double vel, double h);

/// refsafe under discrete (§8, standard-format contact and limit rows only).
struct RefsafeRow {
  double K = 0;           ///< row stiffness after the rule [1/s²]
  double B = 0;           ///< row damping after the rule [1/s]
  bool replaced = false;  ///< h² K I > 1 fired
};

/// If h²·K·I > 1: K ← 1/(h² I) and B ← 2√K = 2/(h√I), "the stiffest zero-restitution row".
/// The course leaves MuJoCo's B rule unsettled; this is the critically damped choice that (8.2)
/// makes non-oscillatory (B² ≥ 4K) — not checked against MuJoCo ≥ 3.13 (no oracle here).
/// A row with standard_format = false (direct solref, negative) is returned unchanged: the
/// direct format has no floor.
RefsafeRow DiscreteRefsafe(double K, double B, double imp, double h, bool standard_format);

/// The option combinations of §8's support table.
struct DiscreteOptions {
  std::string integrator = "discrete";   ///< euler, implicit, implicitfast, rk4, discrete
  std::string solver = "newton";         ///< pgs, cg, newton
  bool noslip = false;                   ///< noslip_iterations > 0
  bool flex_metric = false;              ///< a flex contributes to the effective metric
  bool flex_elasticity = false;          ///< any flex has elasticity
  bool general_flex_attachment = false;  ///< general attachments / non-assemblable nodes
  bool sleep = false;                    ///< the sleep feature is enabled
  bool islands = true;                   ///< island splitting is enabled
  bool ipc = false;     ///< the IPC contact pipeline is enabled (requires discrete + CG)
  bool fwdinv = false;  ///< the forward/inverse comparison flag is enabled
};

/// Throws core::InputError for the combinations §8 rejects at run time, naming the rule:
/// discrete + flex metric + PGS or NoSlip; discrete + flex + Newton with general attachments;
/// discrete + sleep without islands or with a flex metric; implicit/implicitfast + flex
/// elasticity without discrete; IPC without discrete + CG, or with fwdinv or sleep.
/// The accepted-with-limits rows (discrete + PGS, discrete + primal + NoSlip) pass.
void CheckDiscreteSupport(const DiscreteOptions& options);

}  // namespace simatlas::mujoco
