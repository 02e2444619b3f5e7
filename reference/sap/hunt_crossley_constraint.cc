// E3-SAP §3.2: Similar and Lagged, (3.5)–(3.7).
// Equation numbers (N.M) are the formula sheet's (course/FORMULAS.md).
#include "reference/sap/hunt_crossley_constraint.h"

#include <algorithm>
#include <cmath>

#include "reference/core/errors.h"

namespace simatlas::sap {

using core::PositivePart;
using core::Vector2;
using core::Vector3;

std::string HuntCrossleyApproximationName(HuntCrossleyApproximation a) {
  return a == HuntCrossleyApproximation::kSimilar ? "similar" : "lagged";
}

void ValidateHuntCrossleyParameters(const HuntCrossleyParameters& p) {
  core::RequireNonNegative("mu", p.mu, "");
  core::RequireNonNegative("k", p.stiffness, "N/m");
  core::RequireNonNegative("d", p.dissipation, "s/m");
  core::RequireFinite("fe0", p.fe0, "N");
  core::RequireFinite("vn0", p.vn0, "m/s");
  core::RequirePositive("vs", p.stiction_tolerance, "m/s");
  core::RequireNonNegative("sigma", p.sigma, "");
}

HuntCrossleyData CalcHuntCrossleyData(double h, const Vector3& w, const HuntCrossleyParameters& p,
                                      double vb_z) {
  core::RequirePositive("dt", h, "s");
  for (int i = 0; i < 3; ++i)
    core::RequireNonNegative("w[" + std::to_string(i) + "]", w(i), "1/kg");
  ValidateHuntCrossleyParameters(p);
  core::RequireFinite("vb_z", vb_z, "m/s");
  HuntCrossleyData data;
  // vn₀' = vn₀ + vb_z;  n₀ = [h fe₀]₊ [1 − d vn₀']₊ (previous state, not a Newton iterate).
  const double vn0_prime = p.vn0 + vb_z;
  data.n0 = PositivePart(h * p.fe0) * PositivePart(1.0 - p.dissipation * vn0_prime);
  // Rt = σ wt with wt = max(½(w₀ + w₁), ‖w‖/√3) as in (3.2).
  const double wt = std::max(0.5 * (w(0) + w(1)), std::sqrt(w.squaredNorm() / 3.0));
  data.Rt = p.sigma * wt;
  // ε = max(vs, μ Rt n₀): σ > 0 can make ε exceed the user's vs during impacts.
  data.epsilon = std::max(p.stiction_tolerance, p.mu * data.Rt * data.n0);
  return data;
}

double HuntCrossleyLaw::n(double z) const {
  return h * PositivePart(fe0 - h * k * z) * PositivePart(1.0 - d * z);
}

double HuntCrossleyLaw::dn(double z) const {
  // Active branch: both brackets positive.
  const double elastic = fe0 - h * k * z;
  const double damping = 1.0 - d * z;
  if (!(elastic > 0.0 && damping > 0.0)) return 0.0;
  return -h * (k * h * damping + d * elastic);
}

double HuntCrossleyLaw::vhat() const {
  // v_d = 1/(d + 1e-20), v_x = fe₀/h/(k + 1e-20): the tiny constants keep v̂ large for d or k = 0.
  const double v_d = 1.0 / (d + 1e-20);
  const double v_x = fe0 / h / (k + 1e-20);
  return std::min(v_x, v_d);
}

double HuntCrossleyLaw::N(double z) const {
  // z̄ = min(z, v̂), Δf = −h k z̄ (N is constant above v̂).
  const double zbar = std::min(z, vhat());
  const double df = -h * k * zbar;
  return h * (zbar * (fe0 + 0.5 * df) - 0.5 * d * zbar * zbar * (fe0 + 2.0 * df / 3.0));
}

HuntCrossleyConstraint::HuntCrossleyConstraint(const HuntCrossleyParameters& parameters, double h,
                                               const Vector3& w, double vb_z)
    : parameters_(parameters),
      data_(CalcHuntCrossleyData(h, w, parameters, vb_z)),
      law_{h, parameters.stiffness, parameters.dissipation, parameters.fe0} {}

double HuntCrossleyConstraint::SoftNorm(const Vector2& vt) const {
  // s(vt) = √(‖vt‖² + ε²) − ε.
  return core::SoftNorm(vt, data_.epsilon);
}

double HuntCrossleyConstraint::CalcZ(const Vector3& vc) const {
  // Similar: z = vn − μ s(vt); Lagged: z = vn.
  if (parameters_.approximation == HuntCrossleyApproximation::kSimilar) {
    return vc(2) - parameters_.mu * SoftNorm(vc.head<2>());
  }
  return vc(2);
}

ConstraintValues HuntCrossleyConstraint::Calc(const ConstraintVector& vc_in) const {
  const Vector3 vc(vc_in);
  const double mu = parameters_.mu;
  const double eps = data_.epsilon;
  const Vector2 vt = vc.head<2>();
  // Soft norm s and t_soft = vt/(s + ε); P = t tᵀ, P⊥ = I − P.
  const double s = SoftNorm(vt);
  const Vector2 t = vt / (s + eps);
  const Eigen::Matrix2d P = t * t.transpose();
  const Eigen::Matrix2d Pperp = Eigen::Matrix2d::Identity() - P;
  const double z = CalcZ(vc);
  const double nz = law_.n(z);
  const double dnz = law_.dn(z);

  ConstraintValues out;
  out.gamma.resize(3);
  out.G = ConstraintMatrix::Zero(3, 3);
  if (parameters_.approximation == HuntCrossleyApproximation::kSimilar) {
    // Similar: γn = n(z), γt = −μ n(z) t_soft, ℓc = −N(z).
    out.gamma << -mu * nz * t, nz;
    out.cost = -law_.N(z);
    // Gt = −μ² n'(z) P + μ n(z) P⊥/(s + ε), Gtn = μ n'(z) t_soft, Gnn = −n'(z).
    out.G.topLeftCorner<2, 2>() = -mu * mu * dnz * P + mu * nz * Pperp / (s + eps);
    out.G.topRightCorner<2, 1>() = mu * dnz * t;
    out.G.bottomLeftCorner<1, 2>() = mu * dnz * t.transpose();
    out.G(2, 2) = -dnz;
  } else {
    // Lagged: γn = n(vn), γt = −μ n₀ t_soft, ℓc = −N(vn) + μ n₀ s(vt).
    const double n0 = data_.n0;
    out.gamma << -mu * n0 * t, nz;
    out.cost = -law_.N(z) + mu * n0 * s;
    // Gt = μ n₀ P⊥/(s + ε), Gtn = 0, Gnn = −n'(vn).
    out.G.topLeftCorner<2, 2>() = mu * n0 * Pperp / (s + eps);
    out.G(2, 2) = -dnz;
  }
  return out;
}

}  // namespace simatlas::sap
