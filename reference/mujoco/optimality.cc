// MJ-solvers §2b (2.4), §3 (3.1)–(3.2), §5 (5.1): optimality of a claimed (efc_force, qacc) —
// feasibility in Ω, momentum, row-state consistency f = f(a) and the primal gradient, all in
// MuJoCo's scaled units.
// Equation numbers (N.M) are the formula sheet's (course/FORMULAS.md).
#include "reference/mujoco/optimality.h"

#include <algorithm>
#include <cmath>
#include <sstream>

#include "reference/core/errors.h"
#include "reference/mujoco/dual.h"
#include "reference/mujoco/solver_result.h"

namespace simatlas::mujoco {

using core::VectorX;

namespace {

// Size and finiteness of one claimed vector.
void RequireVector(const std::string& name, const VectorX& x, int size) {
  if (x.size() != size)
    core::ThrowInputError(name + " size", x.size(), "", "= " + std::to_string(size));
  for (int i = 0; i < x.size(); ++i)
    core::RequireFinite(name + "[" + std::to_string(i) + "]", x(i), "");
}

std::string StateName(RowState s) {
  switch (s) {
    case RowState::kSatisfied: return "satisfied";
    case RowState::kQuadratic: return "quadratic";
    case RowState::kLinearNeg: return "linear_neg";
    case RowState::kLinearPos: return "linear_pos";
    case RowState::kCone: return "cone";
  }
  return "?";
}

}  // namespace

MujocoOptimality EvaluateMujocoOptimality(const Problem& problem, const VectorX& efc_force,
                                          const VectorX& qacc) {
  ValidateProblem(problem);
  RequireVector("efc_force", efc_force, problem.nefc());
  RequireVector("qacc", qacc, problem.nv);
  MujocoOptimality out;
  // scale = 1/(meaninertia · max(1, nv)) (5.1).
  out.scale = MonolithicScale(problem);
  // f(a) and g(a) = M(a − a₀) − Jᵀ f(a) from the row states at jar = J a − aref (3.1)–(3.2).
  const PrimalEval e = EvaluatePrimal(problem, qacc);
  out.force_at_qacc = e.constraints.force;
  out.state = e.constraints.state;
  out.gradient = out.scale * e.gradient.norm();
  // Momentum with the claimed forces: M(a − a₀) − Jᵀ f_claimed.
  const VectorX Mda = problem.M * (qacc - problem.qacc_smooth);
  out.momentum_residual = out.scale * (Mda - problem.J.transpose() * efc_force).norm();
  // The claimed forces against the row laws at a, row by row.
  for (int i = 0; i < problem.nefc(); ++i) {
    const double error = std::abs(efc_force(i) - out.force_at_qacc(i));
    if (out.worst_row < 0 || error > out.force_error) {
      out.force_error = error;
      out.worst_row = i;
    }
  }
  out.force_error *= out.scale;
  // f_claimed ∈ Ω.
  out.infeasibility = out.scale * OmegaViolation(problem, efc_force);
  // The size of the balance: max(‖M(a − a₀)‖, ‖Jᵀ f(a)‖).
  out.magnitude =
      out.scale * std::max(Mda.norm(), (problem.J.transpose() * out.force_at_qacc).norm());
  return out;
}

std::string MujocoOptimalityViolation(const MujocoOptimality& m,
                                      const MujocoOptimalityTolerance& t) {
  const double allowed = t.abs_tolerance + t.rel_tolerance * m.magnitude;
  auto fail = [&](const std::string& what, double value) {
    std::ostringstream why;
    why << what << " = " << core::FormatNumber(value) << " > " << core::FormatNumber(allowed)
        << " = " << core::FormatNumber(t.abs_tolerance) << " + "
        << core::FormatNumber(t.rel_tolerance) << " * scaled magnitude "
        << core::FormatNumber(m.magnitude)
        << " (scale = 1/(meaninertia max(1, nv)) = " << core::FormatNumber(m.scale) << ")";
    return why.str();
  };
  // Feasibility first: a force outside Ω is wrong whatever else holds.
  if (!(m.infeasibility <= allowed))
    return fail("feasibility: scale * violation of Omega by efc_force", m.infeasibility);
  if (!(m.momentum_residual <= allowed)) {
    return fail("momentum: scale * |M (qacc - qacc_smooth) - J^T efc_force|", m.momentum_residual);
  }
  if (m.worst_row >= 0 && !(m.force_error <= allowed)) {
    return fail("row law at qacc: scale * |efc_force[" + std::to_string(m.worst_row) +
                    "] - f(qacc)| (row state " + StateName(m.state[m.worst_row]) +
                    ", f(qacc) = " + core::FormatNumber(m.force_at_qacc(m.worst_row)) + " N)",
                m.force_error);
  }
  if (!(m.gradient <= allowed))
    return fail("primal gradient: scale * |M (qacc - qacc_smooth) - J^T f(qacc)|", m.gradient);
  return "";
}

}  // namespace simatlas::mujoco
