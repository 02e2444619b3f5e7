#pragma once
/// @file
/// E3-SAP §3.2 — the two convex approximations of Hunt–Crossley, Similar and Lagged:
/// per-step invariants n₀, ε (3.5), the impulse n(z), its derivative n'(z) and antiderivative
/// N(z) (3.6), the soft tangential norm s(vt), impulses, costs and Hessian blocks (3.7).
/// Drake: multibody/contact_solvers/sap/sap_hunt_crossley_constraint.cc.
/// Sign convention: z and vn are normal velocities, separation-positive (frame C, §0.2).
/// Equation numbers (N.M) are the formula sheet's (course/FORMULAS.md).

#include <string>

#include "reference/core/numeric.h"
#include "reference/sap/constraint.h"

namespace simatlas::sap {

/// kSimilar = 0, kLagged = 1 (Drake's enum order).
enum class HuntCrossleyApproximation {
  kSimilar = 0,  ///< z = vn − μ s(vt), γt = −μ n(z) t_soft: normal and friction coupled
  kLagged = 1    ///< z = vn, γt = −μ n₀ t_soft: friction bounded by the previous step's n₀
};

/// "similar" or "lagged".
std::string HuntCrossleyApproximationName(HuntCrossleyApproximation a);

/// Parameters of one Similar/Lagged contact.
struct HuntCrossleyParameters {
  HuntCrossleyApproximation approximation = HuntCrossleyApproximation::kLagged;  ///< model
  double mu = 0.0;                                                               ///< μ [1], >= 0
  double stiffness = 0.0;                                                        ///< k [N/m], >= 0
  double dissipation = 0.0;          ///< d [s/m], >= 0 (Hunt–Crossley; τ plays no role here)
  double fe0 = 0.0;                  ///< fe₀ [N], elastic force at the previous state
  double vn0 = 0.0;                  ///< vn₀ [m/s], normal velocity at the previous state
  double stiction_tolerance = 1e-4;  ///< vs [m/s], > 0 (plant default 1e-4)
  double sigma = 1e-3;               ///< σ [1], >= 0
};

/// The per-step invariants of (3.5).
struct HuntCrossleyData {
  double n0 = 0.0;       ///< n₀ = [h fe₀]₊ [1 − d vn₀']₊ [N·s]
  double Rt = 0.0;       ///< σ wt [1/kg]
  double epsilon = 0.0;  ///< ε = max(vs, μ Rt n₀) [m/s]
};

/// Checks μ, k, d, σ ≥ 0, vs > 0, fe₀ and vn₀ finite (InputError naming the law key).
void ValidateHuntCrossleyParameters(const HuntCrossleyParameters& p);

/// (3.5) with vn₀' = vn₀ + vb_z (the bias of the constraint velocity's normal component).
HuntCrossleyData CalcHuntCrossleyData(double h, const core::Vector3& w,
                                      const HuntCrossleyParameters& p, double vb_z = 0.0);

/// The scalar functions of (3.6) for fixed h, k, d, fe₀.
struct HuntCrossleyLaw {
  double h = 0.0;    ///< time step h [s]
  double k = 0.0;    ///< stiffness k [N/m]
  double d = 0.0;    ///< Hunt–Crossley dissipation d [s/m]
  double fe0 = 0.0;  ///< elastic force at the previous state fe₀ [N]
  /// n(z) = h [fe₀ − h k z]₊ [1 − d z]₊ [N·s].
  double n(double z) const;
  /// n'(z) = −h (k h (1 − d z) + d (fe₀ − h k z)) on the active branch, 0 elsewhere [kg].
  double dn(double z) const;
  /// v̂ = min(v_x, v_d): above it n = 0 and N is constant [m/s].
  double vhat() const;
  /// N(z) = h [z̄ (fe₀ + Δf/2) − d z̄²/2 (fe₀ + 2Δf/3)], z̄ = min(z, v̂), Δf = −h k z̄ [J].
  double N(double z) const;
};

/// The Similar or Lagged constraint (3 equations, vc = [vt1, vt2, vn]).
class HuntCrossleyConstraint final : public SapConstraint {
 public:
  /// Makes the per-step data from h [s], w [1/kg], the parameters and the bias vb_z [m/s].
  HuntCrossleyConstraint(const HuntCrossleyParameters& parameters, double h, const core::Vector3& w,
                         double vb_z = 0.0);
  int num_equations() const override { return 3; }
  std::string kind() const override { return "hunt_crossley"; }
  bool is_contact() const override { return true; }
  ConstraintValues Calc(const ConstraintVector& vc) const override;

  /// s(vt) = √(‖vt‖² + ε²) − ε [m/s].
  double SoftNorm(const core::Vector2& vt) const;
  /// z = vn − μ s(vt) (Similar) or vn (Lagged) [m/s].
  double CalcZ(const core::Vector3& vc) const;
  /// The parameters the constraint was made with.
  const HuntCrossleyParameters& parameters() const { return parameters_; }
  /// The per-step invariants n₀, Rt, ε of (3.5).
  const HuntCrossleyData& data() const { return data_; }
  /// n, n', N of (3.6) for this step's h, k, d, fe₀.
  const HuntCrossleyLaw& law() const { return law_; }

 private:
  HuntCrossleyParameters parameters_;
  HuntCrossleyData data_;
  HuntCrossleyLaw law_;
};

}  // namespace simatlas::sap
