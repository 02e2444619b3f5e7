// E3-SAP §2 / §4.1: the joint-limit constraint (limit_constraint.h).
// Joint-limit constraint (see limit_constraint.h for the course references).
#include "reference/sap/limit_constraint.h"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <vector>

#include "reference/core/errors.h"

namespace simatlas::sap {

void ValidateLimitParameters(const LimitParameters& p) {
  core::RequireFinite("q0", p.q0, "");
  if (std::isnan(p.lower) || p.lower == core::kInfinity) {
    core::ThrowInputError("lower", p.lower, "", "a number or -inf");
  }
  if (std::isnan(p.upper) || p.upper == -core::kInfinity) {
    core::ThrowInputError("upper", p.upper, "", "a number or inf");
  }
  if (p.lower > p.upper) core::ThrowInputError("lower", p.lower, "", "<= upper");
  if (CountLimitRows(p) == 0) {
    core::ThrowInputError("lower", p.lower, "", "finite, or upper finite (a limit needs a bound)");
  }
  core::RequirePositiveOrInfinite("stiffness", p.stiffness, "N/m");
  core::RequireNonNegative("relaxation_time", p.relaxation_time, "s");
  core::RequireNonNegative("beta", p.beta, "");
}

int CountLimitRows(const LimitParameters& p) {
  return (std::isfinite(p.lower) ? 1 : 0) + (std::isfinite(p.upper) ? 1 : 0);
}

core::MatrixX MakeLimitJacobian(const LimitParameters& p, int clique_size, int dof) {
  if (dof < 0 || dof >= clique_size) {
    core::ThrowInputError("dof", dof, "", "in [0, " + std::to_string(clique_size) + ")");
  }
  core::MatrixX J = core::MatrixX::Zero(CountLimitRows(p), clique_size);
  int row = 0;
  // Lower row: vc = +v; upper row: vc = −v (both rows separate when vc > 0).
  if (std::isfinite(p.lower)) J(row++, dof) = 1.0;
  if (std::isfinite(p.upper)) J(row++, dof) = -1.0;
  return J;
}

LimitConstraint::LimitConstraint(const LimitParameters& parameters, double h,
                                 const core::VectorX& w)
    : parameters_(parameters) {
  core::RequirePositive("dt", h, "s");
  ValidateLimitParameters(parameters);
  std::vector<double> phi;
  if (std::isfinite(parameters.lower)) phi.push_back(parameters.q0 - parameters.lower);
  if (std::isfinite(parameters.upper)) phi.push_back(parameters.upper - parameters.q0);
  const int n = static_cast<int>(phi.size());
  if (w.size() != n) core::ThrowInputError("w size", w.size(), "", std::to_string(n));
  R_.resize(n);
  vhat_.resize(n);
  const double tau = parameters.relaxation_time;
  for (int i = 0; i < n; ++i) {
    core::RequireNonNegative("w", w(i), "1/kg");
    // R = max(β²/(4π²) w, 1/(h k (h + τ))); a rigid limit (k = inf) keeps only the first term.
    const double near_rigid =
        parameters.beta * parameters.beta / (4.0 * std::numbers::pi * std::numbers::pi) * w(i);
    const double compliance = 1.0 / (h * parameters.stiffness * (h + tau));
    R_(i) = std::max(near_rigid, compliance);
    // R = 0 (no compliance at all) comes from β = 0 or from w = 0 (J A⁻¹ Jᵀ zero): name which.
    if (!(R_(i) > 0)) {
      if (!(parameters.beta > 0)) {
        core::ThrowInputError("beta", parameters.beta, "", "> 0 for a rigid limit (R would be 0)");
      }
      core::ThrowInputError("w", w(i), "1/kg",
                            "> 0 for a rigid limit (the Delassus estimate of J A^-1 J^T; R = "
                            "beta^2 w/(4 pi^2) would be 0)");
    }
    // v̂ = −φ/(h + τ).
    vhat_(i) = -phi[i] / (h + tau);
  }
}

ConstraintValues LimitConstraint::Calc(const ConstraintVector& vc) const {
  const int n = num_equations();
  ConstraintValues out;
  out.gamma = ConstraintVector::Zero(n);
  out.G = ConstraintMatrix::Zero(n, n);
  for (int i = 0; i < n; ++i) {
    // y = −(vc − v̂)/R, γ = [y]₊, ℓc = ½ R γ², G = 1/R on the active side.
    const double y = -(vc(i) - vhat_(i)) / R_(i);
    if (y > 0.0) {
      out.gamma(i) = y;
      out.G(i, i) = 1.0 / R_(i);
      out.cost += 0.5 * R_(i) * y * y;
    }
  }
  return out;
}

}  // namespace simatlas::sap
