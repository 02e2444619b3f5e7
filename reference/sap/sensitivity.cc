// E3-SAP §5.1: sensitivities by (5.2).
// Equation numbers (N.M) are the formula sheet's (course/FORMULAS.md).
#include "reference/sap/sensitivity.h"

#include <cmath>

#include "reference/core/errors.h"
#include "reference/sap/sap_solver.h"

namespace simatlas::sap {

using core::Vector3;
using core::VectorX;

core::Vector3 CalcConeImpulseDerivative(const FrictionConeConstraint& c, double h,
                                        const Vector3& vc, ConeParameter parameter) {
  const auto& r = c.regularization();
  const auto& p = c.parameters();
  const ConeProjection projection = c.Project(vc);
  if (projection.mode == ContactMode::kNoContact) return Vector3::Zero();
  const Vector3 y = c.CalcY(vc);
  const double yr = std::sqrt(y.head<2>().squaredNorm() + kConeSoftNormSquared);
  const core::Vector2 that = y.head<2>() / yr;
  const double f = 1.0 / (1.0 + r.mu_tilde * r.mu_tilde);
  const double gn = projection.gamma(2);
  switch (parameter) {
    case ConeParameter::kPhi0: {
      // ∂γ/∂φ₀ = (∂P/∂y) ∂y/∂φ₀, ∂y/∂φ₀ = (0, 0, −1/((h + τ) Rn)).
      const Vector3 dy(0.0, 0.0, -1.0 / ((h + p.relaxation_time) * r.Rn));
      return projection.dPdy * dy;
    }
    case ConeParameter::kFriction: {
      // Stiction: γ = y does not depend on μ. Sliding: γn = f (yn + μ̂ yr) with μ̂ = μ Rt/Rn,
      // μ̃² = μ² Rt/Rn: ∂γn/∂μ = f (Rt/Rn)(yr − 2 μ γn); γt = μ γn t̂.
      if (projection.mode == ContactMode::kStiction) return Vector3::Zero();
      const double ratio = r.Rt / r.Rn;
      const double dgn = f * ratio * (yr - 2.0 * p.mu * gn);
      Vector3 d;
      d << (gn + p.mu * dgn) * that, dgn;
      return d;
    }
    case ConeParameter::kStiffness: {
      // Only the compliance branch of Rn = max(β² wn/(4π²), 1/(h k (h + τ))) depends on k.
      const double compliance = 1.0 / (h * p.stiffness * (h + p.relaxation_time));
      if (!(compliance >= r.Rn)) return Vector3::Zero();
      const double k = p.stiffness;
      // Stiction: γ = y, ∂yn/∂k = yn/k. Sliding: ∂γn/∂k = f γn/k, γt = μ γn t̂.
      if (projection.mode == ContactMode::kStiction) return Vector3(0.0, 0.0, y(2) / k);
      const double dgn = f * gn / k;
      Vector3 d;
      d << p.mu * dgn * that, dgn;
      return d;
    }
  }
  return Vector3::Zero();
}

core::MatrixX CalcVelocitySensitivityToVStar(const SapModel& model, const VectorX& v) {
  const int nv = model.num_problem_velocities();
  core::MatrixX dv = core::MatrixX::Identity(nv, nv);
  const SapEvaluation e = EvaluateSap(model, model.Reduce(v));
  const core::MatrixX H = AssembleDenseHessian(model, e.G);
  const Eigen::LLT<core::MatrixX> llt(H);
  // ∂g/∂v* = −A on the participating block → ∂v/∂v* = H⁻¹ A.
  const auto& perm = model.velocity_permutation();
  const int np = model.num_velocities();
  core::MatrixX A = core::MatrixX::Zero(np, np);
  for (size_t b = 0; b < model.A_blocks().size(); ++b) {
    A.block(model.clique_offsets()[b], model.clique_offsets()[b], model.clique_sizes()[b],
            model.clique_sizes()[b]) = model.A_blocks()[b];
  }
  const core::MatrixX block = llt.solve(A);
  for (int i = 0; i < nv; ++i) {
    for (int j = 0; j < nv; ++j) {
      if (perm[i] >= 0 && perm[j] >= 0) dv(i, j) = block(perm[i], perm[j]);
    }
  }
  return dv;
}

VectorX CalcVelocitySensitivity(const SapModel& model, double h, const VectorX& v, int index,
                                ConeParameter parameter) {
  if (index < 0 || index >= static_cast<int>(model.constraints().size())) {
    core::ThrowInputError("constraint index", index, "", "a valid constraint index");
  }
  const auto* cone =
      dynamic_cast<const FrictionConeConstraint*>(model.constraints()[index].constraint.get());
  if (cone == nullptr) {
    core::ThrowInputError("constraint index", index, "", "a friction_cone constraint");
  }
  const VectorX vr = model.Reduce(v);
  const SapEvaluation e = EvaluateSap(model, vr);
  const int n = 3;
  const Vector3 vc = e.vc.segment(model.equation_offset(index), n);
  // −∂g/∂θ = Jᵢᵀ ∂γᵢ/∂θ (A and v* do not depend on θ).
  VectorX dgamma = VectorX::Zero(model.num_constraint_equations());
  dgamma.segment(model.equation_offset(index), n) =
      CalcConeImpulseDerivative(*cone, h, vc, parameter);
  const VectorX rhs = model.MultiplyByJTranspose(dgamma);
  const Eigen::LLT<core::MatrixX> llt(AssembleDenseHessian(model, e.G));
  const VectorX dv = llt.solve(rhs);
  // Non-participating DOFs keep v*: zero sensitivity.
  VectorX full = VectorX::Zero(model.num_problem_velocities());
  const auto& perm = model.velocity_permutation();
  for (int k = 0; k < model.num_problem_velocities(); ++k) {
    if (perm[k] >= 0) full(k) = dv(perm[k]);
  }
  return full;
}

}  // namespace simatlas::sap
