// E3-SAP §3.1: kSap regularisation (3.2), analytic cone projection (3.3), cost/impulse/G (3.4).
// Equation numbers (N.M) are the formula sheet's (course/FORMULAS.md).
#include "reference/sap/friction_cone_constraint.h"

#include <algorithm>
#include <cmath>
#include <numbers>

#include "reference/core/errors.h"

namespace simatlas::sap {

using core::Matrix3;
using core::Vector3;

std::string ContactModeName(ContactMode mode) {
  switch (mode) {
    case ContactMode::kStiction: return "stiction";
    case ContactMode::kSliding: return "sliding";
    case ContactMode::kNoContact: return "no_contact";
  }
  return "no_contact";
}

void ValidateFrictionConeParameters(const FrictionConeParameters& p) {
  core::RequireNonNegative("mu", p.mu, "");
  core::RequirePositive("k", p.stiffness, "N/m");
  core::RequireNonNegative("tau", p.relaxation_time, "s");
  core::RequireFinite("phi0", p.phi0, "m");
  core::RequireNonNegative("beta", p.beta, "");
  core::RequirePositive("sigma", p.sigma, "");
}

FrictionConeRegularization CalcFrictionConeRegularization(double h, const Vector3& w,
                                                          const FrictionConeParameters& p) {
  core::RequirePositive("dt", h, "s");
  for (int i = 0; i < 3; ++i)
    core::RequireNonNegative("w[" + std::to_string(i) + "]", w(i), "1/kg");
  ValidateFrictionConeParameters(p);
  FrictionConeRegularization r;
  // RMS lower bound: w_rms = ‖w‖/√3, wt = max(½(w₀ + w₁), w_rms), wn = max(w₂, w_rms).
  // Evaluated as √(‖w‖²/3), which is exact for equal entries (D4: w = 3 gives Rt = σ·3 to
  // ε_machine; ‖w‖/√3 rounds to 3 + 4e-16 and wins the max by one ulp).
  const double w_rms = std::sqrt(w.squaredNorm() / 3.0);
  const double wt = std::max(0.5 * (w(0) + w(1)), w_rms);
  const double wn = std::max(w(2), w_rms);
  // Rn = max(β²/(4π²) wn, 1/(h k (h + τd))): the near-rigid bound caps the stiffness.
  const double near_rigid = p.beta * p.beta / (4.0 * std::numbers::pi * std::numbers::pi) * wn;
  const double compliance = 1.0 / (h * p.stiffness * (h + p.relaxation_time));
  r.Rn = std::max(near_rigid, compliance);
  // Rt = σ wt.
  r.Rt = p.sigma * wt;
  if (!(r.Rt > 0)) core::ThrowInputError("w", w.norm(), "1/kg", "> 0 so that Rt = sigma wt > 0");
  // v̂ = (0, 0, −φ₀/(h + τd)).
  r.vhat_n = -p.phi0 / (h + p.relaxation_time);
  // μ̃ = μ √(Rt/Rn), μ̂ = μ Rt/Rn.
  r.mu_tilde = p.mu * std::sqrt(r.Rt / r.Rn);
  r.mu_hat = p.mu * r.Rt / r.Rn;
  return r;
}

ConeProjection ProjectToFrictionCone(const Vector3& y, double mu,
                                     const FrictionConeRegularization& r) {
  ConeProjection out;
  // yr = √(‖yt‖² + 1e-14) (no −ε), yn = y₂, t̂ = yt/yr.
  const core::Vector2 yt = y.head<2>();
  const double yr = std::sqrt(yt.squaredNorm() + kConeSoftNormSquared);
  const double yn = y(2);
  const core::Vector2 that = yt / yr;
  // Stiction: yr ≤ μ yn → γ = y, ∂P/∂y = I.
  if (yr <= mu * yn) {
    out.mode = ContactMode::kStiction;
    out.gamma = y;
    out.dPdy = Matrix3::Identity();
    return out;
  }
  // Sliding: −μ̂ yr < yn (< yr/μ, implied here) → γn = (yn + μ̂ yr)/(1 + μ̃²), γt = μ γn t̂.
  if (yn > -r.mu_hat * yr) {
    out.mode = ContactMode::kSliding;
    const double f = 1.0 / (1.0 + r.mu_tilde * r.mu_tilde);
    const double gn = (yn + r.mu_hat * yr) * f;
    out.gamma << mu * gn * that, gn;
    // ∂P/∂y of (3.4): [[μ(γn/yr P⊥ + μ̂ f P), μ f t̂], [μ̂ f t̂ᵀ, f]], P = t̂t̂ᵀ, P⊥ = I − P.
    const Eigen::Matrix2d P = that * that.transpose();
    const Eigen::Matrix2d Pperp = Eigen::Matrix2d::Identity() - P;
    out.dPdy.topLeftCorner<2, 2>() = mu * (gn / yr * Pperp + r.mu_hat * f * P);
    out.dPdy.topRightCorner<2, 1>() = mu * f * that;
    out.dPdy.bottomLeftCorner<1, 2>() = r.mu_hat * f * that.transpose();
    out.dPdy(2, 2) = f;
    return out;
  }
  // No contact: yn ≤ −μ̂ yr → γ = 0, ∂P/∂y = 0.
  out.mode = ContactMode::kNoContact;
  out.gamma.setZero();
  out.dPdy.setZero();
  return out;
}

FrictionConeConstraint::FrictionConeConstraint(const FrictionConeParameters& parameters, double h,
                                               const Vector3& w)
    : parameters_(parameters), regularization_(CalcFrictionConeRegularization(h, w, parameters)) {}

Vector3 FrictionConeConstraint::R() const {
  return Vector3(regularization_.Rt, regularization_.Rt, regularization_.Rn);
}

Vector3 FrictionConeConstraint::vhat() const { return Vector3(0.0, 0.0, regularization_.vhat_n); }

Vector3 FrictionConeConstraint::CalcY(const Vector3& vc) const {
  // y = R⁻¹ (v̂ − vc) = −R⁻¹ (vc − v̂).
  return (vhat() - vc).cwiseQuotient(R());
}

ConeProjection FrictionConeConstraint::Project(const Vector3& vc) const {
  return ProjectToFrictionCone(CalcY(vc), parameters_.mu, regularization_);
}

ConstraintValues FrictionConeConstraint::Calc(const ConstraintVector& vc) const {
  const ConeProjection projection = Project(Vector3(vc));
  ConstraintValues out;
  // ℓc = ½ γᵀ R γ.
  out.gamma = projection.gamma;
  out.cost = 0.5 * projection.gamma.dot(R().cwiseProduct(projection.gamma));
  // G = −∂γ/∂vc = (∂P/∂y) R⁻¹ (since ∂y/∂vc = −R⁻¹).
  out.G = projection.dPdy * R().cwiseInverse().asDiagonal();
  return out;
}

}  // namespace simatlas::sap
