// E3-SAP §4 (4.1) and §4.2 (4.3): optimality of a claimed SAP answer — momentum balance in the
// scaled norm D = diag(A)^(−1/2) (sap/stopping_criteria.h, participating DOFs as in Drake, the
// free cliques apart) and the impulses' agreement with the constraint laws at v.
// Equation numbers (N.M) are the formula sheet's (course/FORMULAS.md).
#include "reference/sap/optimality.h"

#include <algorithm>
#include <cmath>
#include <sstream>

#include "reference/core/errors.h"
#include "reference/sap/sap_model.h"
#include "reference/sap/sap_solver.h"
#include "reference/sap/stopping_criteria.h"

namespace simatlas::sap {

using core::VectorX;

namespace {

// Every entry finite; the name is the answer's key ("v", "gamma[2]").
void RequireFiniteVector(const std::string& name, const VectorX& x) {
  for (int i = 0; i < x.size(); ++i) {
    core::RequireFinite(name + "[" + std::to_string(i) + "]", x(i), "");
  }
}

// D, g = A(v − v*) and p = A v stacked over the cliques no constraint references.
struct FreeCliques {
  VectorX inv_sqrt_A, g, p;
};

FreeCliques GatherFreeCliques(const SapProblem& problem, const SapModel& model, const VectorX& v) {
  FreeCliques out;
  int offset = 0;
  for (size_t c = 0; c < problem.cliques.size(); ++c) {
    const Clique& q = problem.cliques[c];
    const int n = static_cast<int>(q.v_star.size());
    if (n > 0 && model.velocity_permutation()[offset] < 0) {
      const VectorX vq = v.segment(offset, n);
      const int m = static_cast<int>(out.g.size());
      out.inv_sqrt_A.conservativeResize(m + n);
      out.g.conservativeResize(m + n);
      out.p.conservativeResize(m + n);
      out.inv_sqrt_A.segment(m, n) = InvSqrtDiagonal(q.A);
      out.g.segment(m, n) = q.A * (vq - q.v_star);
      out.p.segment(m, n) = q.A * vq;
    }
    offset += n;
  }
  return out;
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
    core::ThrowInputError("gamma size", gamma.size(), "",
                          "= " + std::to_string(nc) + " (constraints)");
  }
  for (int i = 0; i < nc; ++i) {
    const int ni = NumEquations(problem.constraints[i].parameters);
    const std::string name = "gamma[" + std::to_string(i) + "]";
    if (gamma[i].size() != ni)
      core::ThrowInputError(name + " size", gamma[i].size(), "", "= " + std::to_string(ni));
    RequireFiniteVector(name, gamma[i]);
  }
  SapOptimality out;
  // γᵢ(v) at vc = J v + vb from the reference constraint objects (their h and Delassus wᵢ).
  const SapModel model(problem);
  const VectorX vp = model.Reduce(v);
  const SapEvaluation e = EvaluateSap(model, vp);
  for (int i = 0; i < nc; ++i) {
    const VectorX gi = e.gamma.segment(model.equation_offset(i), gamma[i].size());
    out.gamma.push_back(gi);
    // The claimed impulse against the law at v.
    const double error = (gamma[i] - gi).norm();
    if (out.worst_constraint < 0 || error > out.impulse_error) {
      out.impulse_error = error;
      out.worst_constraint = i;
    }
    out.impulse_scale = std::max(out.impulse_scale, gi.norm());
  }
  // (4.3)'s r and s over the participating DOFs, as the solver measures them.
  const StoppingCriteriaResidual r =
      CalcStoppingCriteriaResidual(model.inv_sqrt_A(), e.g, model.MultiplyByA(vp), e.jc);
  out.momentum_residual = r.momentum_residual;
  out.momentum_scale = r.momentum_scale;
  // The same residual on the cliques no constraint references: g = A(v − v*), jc = 0 there.
  const FreeCliques free = GatherFreeCliques(problem, model, v);
  const StoppingCriteriaResidual rf =
      CalcStoppingCriteriaResidual(free.inv_sqrt_A, free.g, free.p, VectorX::Zero(free.g.size()));
  out.free_momentum_residual = rf.momentum_residual;
  out.free_momentum_scale = rf.momentum_scale;
  return out;
}

std::string SapOptimalityViolation(const SapOptimality& m, const SapOptimalityTolerance& t) {
  std::ostringstream why;
  // (4.3) with the check's tolerances: r ≤ εa + εr s.
  const double allowed = t.abs_tolerance + t.rel_tolerance * m.momentum_scale;
  if (!OptimalityCriterionReached({m.momentum_residual, m.momentum_scale}, t.abs_tolerance,
                                  t.rel_tolerance)) {
    why << "momentum balance A(v - v*) = J^T gamma(v): |D g| = "
        << core::FormatNumber(m.momentum_residual) << " sqrt(J) > " << core::FormatNumber(allowed)
        << " = " << core::FormatNumber(t.abs_tolerance) << " + "
        << core::FormatNumber(t.rel_tolerance) << " * scale "
        << core::FormatNumber(m.momentum_scale) << " (D = diag(A)^(-1/2))";
    return why.str();
  }
  // (4.3) on the cliques no constraint references: there the answer is v = v*.
  const double allowed_free = t.abs_tolerance + t.rel_tolerance * m.free_momentum_scale;
  if (!OptimalityCriterionReached({m.free_momentum_residual, m.free_momentum_scale},
                                  t.abs_tolerance, t.rel_tolerance)) {
    why << "non-participating cliques keep v* (A(v - v*) = 0 where no constraint acts): |D g| = "
        << core::FormatNumber(m.free_momentum_residual) << " sqrt(J) > "
        << core::FormatNumber(allowed_free) << " = " << core::FormatNumber(t.abs_tolerance) << " + "
        << core::FormatNumber(t.rel_tolerance) << " * scale "
        << core::FormatNumber(m.free_momentum_scale) << " (D = diag(A)^(-1/2))";
    return why.str();
  }
  // γ_claimed = P(y(v)) per constraint, relative to the largest impulse.
  const double allowed_impulse = t.impulse_rel_tolerance * m.impulse_scale;
  if (m.worst_constraint >= 0 && !(m.impulse_error <= allowed_impulse)) {
    why << "impulse law gamma = P(y), y = -R^-1 (vc - vhat): |gamma[" << m.worst_constraint
        << "] - gamma(v)| = " << core::FormatNumber(m.impulse_error) << " N*s > "
        << core::FormatNumber(allowed_impulse) << " = "
        << core::FormatNumber(t.impulse_rel_tolerance) << " * max|gamma(v)| "
        << core::FormatNumber(m.impulse_scale);
    return why.str();
  }
  return "";
}

}  // namespace simatlas::sap
