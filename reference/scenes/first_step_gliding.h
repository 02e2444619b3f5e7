#pragma once
/// @file
/// E3-SAP §3.1–§3.2 — why a sliding body hops on its first step: the step reduced to a point
/// mass. A body of mass m sliding on N contacts is replaced by its translation u (3 DOF) under
/// the very constraints the step makes (their Delassus w, regularisation, bias and law: the
/// SapModel of the first step), u* the step's free motion:
///   min_u ½ m ‖u − u*‖² + Σᵢ ℓc,i(Jᵢ u),   Jᵢ = R_WCᵢᵀ (the translation's part of Jc),
/// solved by Newton with backtracking. kSap's sliding branch (3.3) gives
///   γn = (v̂n − vn + μ ‖vt‖)/(Rn (1 + μ̃²))  (μ̂ yr = μ ‖vt‖/Rn),
/// Similar's law evaluates n(z) at z = vn − μ s(vt) (3.2): both push a sliding contact until it
/// separates at vn ≈ μ ‖vt‖ ("gliding"), so the body leaves the ground at vz = Γ/m − g h and
/// flies for about 2 vz/g before it lands. Lagged evaluates n(vn) (3.2) and carries m g h.
/// The reduction ignores the step's rotation (the friction below the centre tips the body).
/// Equation numbers (N.M) are the formula sheet's (course/FORMULAS.md).

#include <string>

#include "reference/scenes/scene.h"

namespace simatlas::scenes {

/// The reduced first step's answer.
struct FirstStepPrediction {
  int contacts = 0;             ///< N: the contact pairs at q₀
  double normal_impulse = 0.0;  ///< Γ = Σ γn [N·s]
  double normal_force = 0.0;    ///< Γ/h [N]
  double liftoff_speed =
      0.0;  ///< the translation's velocity along the ground normal after the step [m/s]
  double slip_speed = 0.0;   ///< its tangential speed after the step [m/s]
  double flight_time = 0.0;  ///< 2 vz/g when vz > 0, else 0 [s]
};

/// The first step of scene (whose body `body` is a free body, v = (ω, v), resting on the ground
/// z = 0 with contacts at q₀) under approximation and friction μ, reduced to a point mass as the
/// file comment states. InputError when the body has no contact at q₀ or is not free; the step's
/// own errors as StepWithContact.
FirstStepPrediction PredictFirstStepAsPointMass(const Scene& scene, double h,
                                                const std::string& approximation, double mu,
                                                int body = 1);

}  // namespace simatlas::scenes
