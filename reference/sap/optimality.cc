// E3-SAP §4 (4.1) and §4.2 (4.3): optimality of a claimed SAP answer — momentum balance in the
// scaled norm D = diag(A)^(−1/2) and the impulses' agreement with the constraint laws at v.
#include "reference/sap/optimality.h"

#include <algorithm>
#include <cmath>
#include <sstream>

#include "reference/core/errors.h"
#include "reference/sap/sap_model.h"

namespace simatlas::sap {

using core::VectorX;

namespace {

// Every entry finite; the name is the answer's key ("v", "gamma[2]").
void RequireFiniteVector(const std::string& name, const VectorX& x) {
  for (int i = 0; i < x.size(); ++i) {
    core::RequireFinite(name + "[" + std::to_string(i) + "]", x(i), "");
  }
}

}  // namespace

SapOptimality EvaluateSapOptimality(const SapProblem& problem, const VectorX& v,
                                    const std::vector<VectorX>& gamma) {
  ValidateSapProblem(problem);
  const int nv = NumVelocities(problem);
  if (v.size() != nv) core::ThrowInputError("v size", v.size(), "", "= " + std::to_string(nv));
  RequireFiniteVector("v", v);
  const int nc = static_cast<int>(problem.constraints.size());
  if (static_cast<int>(gamma.size()) != nc) {
    core::ThrowInputError("gamma size", gamma.size(), "", "= " + std::to_string(nc) + " (constraints)");
  }
  for (int i = 0; i < nc; ++i) {
    const int ni = NumEquations(problem.constraints[i].parameters);
    const std::string name = "gamma[" + std::to_string(i) + "]";
    if (gamma[i].size() != ni) core::ThrowInputError(name + " size", gamma[i].size(), "", "= " + std::to_string(ni));
    RequireFiniteVector(name, gamma[i]);
  }
  SapOptimality out;
  // No constraints: ℓ = ½‖v − v*‖²_A, optimal iff v = v*; D per DOF of every clique.
  VectorX full_residual = VectorX::Zero(nv);
  VectorX full_D(nv);
  std::vector<int> offset(problem.cliques.size() + 1, 0);
  for (size_t c = 0; c < problem.cliques.size(); ++c) {
    const auto& q = problem.cliques[c];
    const int n = static_cast<int>(q.v_star.size());
    offset[c + 1] = offset[c] + n;
    // D = diag(A)^(−1/2) and the momentum A(v − v*) of this clique.
    full_D.segment(offset[c], n) = q.A.diagonal().cwiseSqrt().cwiseInverse();
    full_residual.segment(offset[c], n) = q.A * (v.segment(offset[c], n) - q.v_star);
  }
  if (nc == 0) {
    out.momentum_residual = full_D.cwiseProduct(full_residual).norm();
    VectorX p(nv);
    for (size_t c = 0; c < problem.cliques.size(); ++c) {
      const int n = offset[c + 1] - offset[c];
      p.segment(offset[c], n) = problem.cliques[c].A * v.segment(offset[c], n);
    }
    out.momentum_scale = full_D.cwiseProduct(p).norm();
    return out;
  }
  // γᵢ(v) at vc = J v + vb from the reference constraint objects (their h and Delassus wᵢ).
  const SapModel model(problem);
  const VectorX vp = model.Reduce(v);
  const VectorX vc = model.CalcConstraintVelocities(vp);
  VectorX gamma_v(model.num_constraint_equations());
  for (int i = 0; i < nc; ++i) {
    const int o = model.equation_offset(i);
    const int ni = static_cast<int>(gamma[i].size());
    const VectorX gi = model.constraints()[i].constraint->Calc(ConstraintVector(vc.segment(o, ni))).gamma;
    gamma_v.segment(o, ni) = gi;
    out.gamma.push_back(gi);
    // The claimed impulse against the law at v.
    const double error = (gamma[i] - gi).norm();
    if (out.worst_constraint < 0 || error > out.impulse_error) {
      out.impulse_error = error;
      out.worst_constraint = i;
    }
    out.impulse_scale = std::max(out.impulse_scale, gi.norm());
  }
  // g = A(v − v*) − Jᵀγ(v) on the participating DOFs; the others keep A(v − v*).
  const VectorX jc = model.MultiplyByJTranspose(gamma_v);
  const auto& permutation = model.velocity_permutation();
  for (int k = 0; k < nv; ++k) {
    if (permutation[k] >= 0) full_residual(k) -= jc(permutation[k]);
  }
  out.momentum_residual = full_D.cwiseProduct(full_residual).norm();
  // s = max(‖D p‖, ‖D jc‖), p = A v, participating DOFs (as the solver's (4.3)).
  const VectorX Dp = model.A_diagonal().cwiseSqrt().cwiseInverse();
  out.momentum_scale = std::max(Dp.cwiseProduct(model.MultiplyByA(vp)).norm(), Dp.cwiseProduct(jc).norm());
  return out;
}

std::string SapOptimalityViolation(const SapOptimality& m, const SapOptimalityTolerance& t) {
  std::ostringstream why;
  // (4.3) with the check's tolerances: r ≤ εa + εr s.
  const double allowed = t.abs_tolerance + t.rel_tolerance * m.momentum_scale;
  if (!(m.momentum_residual <= allowed)) {
    why << "momentum balance A(v - v*) = J^T gamma(v): |D g| = " << core::FormatNumber(m.momentum_residual)
        << " sqrt(J) > " << core::FormatNumber(allowed) << " = " << core::FormatNumber(t.abs_tolerance)
        << " + " << core::FormatNumber(t.rel_tolerance) << " * scale " << core::FormatNumber(m.momentum_scale)
        << " (D = diag(A)^(-1/2))";
    return why.str();
  }
  // γ_claimed = P(y(v)) per constraint, relative to the largest impulse.
  const double allowed_impulse = t.impulse_rel_tolerance * m.impulse_scale;
  if (m.worst_constraint >= 0 && !(m.impulse_error <= allowed_impulse)) {
    why << "impulse law gamma = P(y), y = -R^-1 (vc - vhat): |gamma[" << m.worst_constraint
        << "] - gamma(v)| = " << core::FormatNumber(m.impulse_error) << " N*s > "
        << core::FormatNumber(allowed_impulse) << " = " << core::FormatNumber(t.impulse_rel_tolerance)
        << " * max|gamma(v)| " << core::FormatNumber(m.impulse_scale);
    return why.str();
  }
  return "";
}

}  // namespace simatlas::sap
