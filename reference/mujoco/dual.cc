// MJ-solvers §2b — the dual problem (formula sheet (2.4)).
#include "reference/mujoco/dual.h"

#include <algorithm>
#include <cmath>

#include "reference/core/errors.h"
#include "reference/mujoco/sparse_rows.h"
#include "reference/mujoco/spd_factor.h"

namespace simatlas::mujoco {

DualProblem MakeDual(const Problem& problem) {
  DualProblem dual;
  const int nefc = problem.nefc();
  if (problem.nv == 0) {
    dual.MinvJt = core::MatrixX(0, nefc);
    dual.A = dual.AR = core::MatrixX::Zero(nefc, nefc);
    dual.AR.diagonal() += problem.R;
    dual.b = -problem.aref;
    return dual;
  }
  // M⁻¹ Jᵀ by the Cholesky of M (sparse along the trees from nv = 60, see SpdFactor; MuJoCo
  // engine_core_constraint.c: mj_projectConstraint solves with M's tree factor, mj_solveM).
  SpdFactor m_factor;
  m_factor.Factor(problem.M, "M");
  dual.MinvJt = m_factor.SolveColumns(problem.J.transpose());
  // A = J M⁻¹ Jᵀ column by column with J's nonzeros only, symmetrised; AR = A + R.
  const SparseRows J = MakeSparseRows(problem.J);
  dual.A.resize(nefc, nefc);
  core::VectorX column;
  for (int c = 0; c < nefc; ++c) {
    MultiplyRows(J, dual.MinvJt.col(c), column);
    dual.A.col(c) = column;
  }
  // Symmetrised exactly (through a copy: A + Aᵀ written into A itself would alias).
  const core::MatrixX At = dual.A.transpose();
  dual.A = 0.5 * (dual.A + At);
  dual.AR = dual.A;
  dual.AR.diagonal() += problem.R;
  // b = J a₀ − aref (efc_b).
  MultiplyRows(J, problem.qacc_smooth, dual.b);
  dual.b -= problem.aref;
  return dual;
}

double DualCost(const DualProblem& dual, const core::VectorX& force) {
  return 0.5 * force.dot(dual.AR * force) + force.dot(dual.b);
}

core::VectorX QaccFromForce(const Problem& problem, const DualProblem& dual,
                            const core::VectorX& force) {
  return problem.qacc_smooth + dual.MinvJt * force;
}

double OmegaViolation(const Problem& problem, const core::VectorX& f) {
  double violation = 0;
  for (const Block& block : MakeBlocks(problem)) {
    const int i = block.first;
    if (block.elliptic) {
      // f₀ ≥ 0 and ‖(f_j/μ_j)‖ ≤ f₀.
      const Contact& c = problem.contacts[block.contact];
      double t2 = 0;
      for (int j = 1; j < block.size; ++j) t2 += std::pow(f[i + j] / c.friction[j - 1], 2);
      violation = std::max({violation, -f[i], std::sqrt(t2) - std::max(0.0, f[i])});
      continue;
    }
    switch (problem.kind[i]) {
      case RowKind::kEquality: break;
      case RowKind::kFrictionDof:
      case RowKind::kFrictionTendon:
        violation = std::max(violation, std::abs(f[i]) - problem.frictionloss[i]);
        break;
      default: violation = std::max(violation, -f[i]); break;
    }
  }
  return violation;
}

void ProjectBlock(const Problem& problem, const Block& block, core::VectorX& f) {
  const int i = block.first;
  if (!block.elliptic) {
    switch (problem.kind[i]) {
      case RowKind::kEquality: return;
      case RowKind::kFrictionDof:
      case RowKind::kFrictionTendon:
        f[i] = std::clamp(f[i], -problem.frictionloss[i], problem.frictionloss[i]);
        return;
      default: f[i] = std::max(0.0, f[i]); return;
    }
  }
  // Elliptic: in u_j = f_j/μ_j the cone is circular ‖u‖ ≤ f₀; project (f₀, u) there.
  const Contact& c = problem.contacts[block.contact];
  core::VectorX u(block.size - 1);
  for (int j = 1; j < block.size; ++j) u[j - 1] = f[i + j] / c.friction[j - 1];
  const double n = f[i], t = u.norm();
  if (t <= n) return;             // inside
  if (t <= -n) {                  // polar cone: the apex
    f.segment(i, block.size).setZero();
    return;
  }
  const double n_new = 0.5 * (n + t);  // onto the surface ‖u‖ = f₀
  f[i] = n_new;
  for (int j = 1; j < block.size; ++j) f[i + j] = u[j - 1] * (n_new / t) * c.friction[j - 1];
}

}  // namespace simatlas::mujoco
