#pragma once
/// @file
/// E3-SAP §3.1 — the kSap approximation: linear compliance with relaxation time, the
/// regulariser R = diag(Rt, Rt, Rn) (3.2), the analytic projection onto the friction cone (3.3)
/// and the constraint's cost, impulse and Hessian block (3.4).
/// Drake: multibody/contact_solvers/sap/sap_friction_cone_constraint.cc (DoMakeData,
/// DoCalcData, ProjectImpulse, CalcContactMode).
/// Equation numbers (N.M) are the formula sheet's (course/FORMULAS.md).

#include <string>

#include "reference/core/numeric.h"
#include "reference/sap/constraint.h"

namespace simatlas::sap {

/// Parameters of one kSap contact (formula sheet (3.1)–(3.2); driver constants σ, β).
struct FrictionConeParameters {
  double mu = 0.0;               ///< μ [1], combined dynamic friction, >= 0
  double stiffness = 0.0;        ///< k [N/m], > 0
  double relaxation_time = 0.0;  ///< τd [s], the SUM of the two sides' relaxation times, >= 0
  double phi0 = 0.0;             ///< φ₀ [m], signed distance at the previous state (< 0 inside)
  double beta = 1.0;             ///< β [1], near-rigid threshold (plant default 1.0), >= 0
  double sigma = 1e-3;           ///< σ [1], tangential regularisation (driver constexpr 1e-3), > 0
};

/// The per-step invariants of (3.2).
struct FrictionConeRegularization {
  double Rt = 0.0;        ///< tangential regulariser [1/kg]
  double Rn = 0.0;        ///< normal regulariser [1/kg]
  double vhat_n = 0.0;    ///< normal bias velocity v̂n = −φ₀/(h + τd) [m/s]
  double mu_tilde = 0.0;  ///< μ̃ = μ √(Rt/Rn) [1]
  double mu_hat = 0.0;    ///< μ̂ = μ Rt/Rn [1]
};

/// Region of the analytic projection (3.3).
enum class ContactMode {
  kStiction,  ///< yr ≤ μ yn (y inside F_μ): γ = y, G = R⁻¹
  kSliding,   ///< −μ̂ yr < yn < yr/μ: γ on the cone's surface, γt = μ γn t̂
  kNoContact  ///< yn ≤ −μ̂ yr: γ = 0, G = 0
};

/// "stiction", "sliding" or "no_contact".
std::string ContactModeName(ContactMode mode);

/// The projection γ = P_F(y) with its region and Jacobian ∂P/∂y.
struct ConeProjection {
  core::Vector3 gamma;                         ///< projected impulse [N·s]
  ContactMode mode = ContactMode::kNoContact;  ///< which region of (3.3) y fell in
  core::Matrix3 dPdy;                          ///< ∂P/∂y [1]
};

/// Soft-norm floor of the cone: ‖yt‖ is evaluated as √(‖yt‖² + 1e-14), i.e. ε = 1e-7 N·s with
/// NO "−ε" offset (unlike the Hunt–Crossley soft norm s(vt)).
inline constexpr double kConeSoftNormSquared = 1e-14;

/// Checks the preconditions μ ≥ 0, k > 0, τd ≥ 0, β ≥ 0, σ > 0 (InputError naming the key).
void ValidateFrictionConeParameters(const FrictionConeParameters& p);

/// (3.2): wt, wn from the Delassus estimate w (with the RMS lower bound), Rn with the
/// near-rigid bound, Rt = σ wt, v̂n, μ̃, μ̂. h [s] > 0; w [1/kg] has three entries >= 0.
FrictionConeRegularization CalcFrictionConeRegularization(double h, const core::Vector3& w,
                                                          const FrictionConeParameters& p);

/// (3.3): γ = argmin over F_μ of ½ (z − y)ᵀ R (z − y), analytically, with ∂P/∂y of (3.4).
ConeProjection ProjectToFrictionCone(const core::Vector3& y, double mu,
                                     const FrictionConeRegularization& r);

/// The kSap contact constraint: y = −R⁻¹(vc − v̂), γ = P(y), ℓc = ½ γᵀRγ, G = (∂P/∂y) R⁻¹.
class FrictionConeConstraint final : public SapConstraint {
 public:
  /// Makes the per-step data from h [s], the Delassus estimate w [1/kg] and the parameters.
  FrictionConeConstraint(const FrictionConeParameters& parameters, double h,
                         const core::Vector3& w);
  int num_equations() const override { return 3; }
  std::string kind() const override { return "friction_cone"; }
  bool is_contact() const override { return true; }
  ConstraintValues Calc(const ConstraintVector& vc) const override;

  /// The un-projected impulse y = R⁻¹(v̂ − vc) [N·s].
  core::Vector3 CalcY(const core::Vector3& vc) const;
  /// The projection at vc (γ, region, ∂P/∂y).
  ConeProjection Project(const core::Vector3& vc) const;
  /// The parameters the constraint was made with (μ, k, τd, β, σ, φ₀).
  const FrictionConeParameters& parameters() const { return parameters_; }
  /// The per-step regularization of (3.2): Rt, Rn, v̂n, μ̃, μ̂.
  const FrictionConeRegularization& regularization() const { return regularization_; }
  /// R = diag(Rt, Rt, Rn) as a vector [1/kg].
  core::Vector3 R() const;
  /// v̂ = (0, 0, v̂n) [m/s].
  core::Vector3 vhat() const;

 private:
  FrictionConeParameters parameters_;
  FrictionConeRegularization regularization_;
};

}  // namespace simatlas::sap
