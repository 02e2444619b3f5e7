// MJ-solvers §3 — primal cost, forces, row states and the constraint Hessian blocks (formula
// sheet (3.1), (3.2)); MuJoCo engine_core_constraint.c: mj_constraintUpdate.
#include "reference/mujoco/primal.h"

#include <algorithm>
#include <array>
#include <cmath>

#include "reference/mujoco/primal_kernels.h"

namespace simatlas::mujoco {

namespace {

/// The cone geometry of an elliptic block of the problem at residuals z.
ConeGeometry Geometry(const Problem& problem, const Block& block, const double* z) {
  const Contact& c = problem.contacts[block.contact];
  return MakeConeGeometry(c.mu, c.friction.data(), block.size, z);
}

bool IsFriction(RowKind kind) {
  return kind == RowKind::kFrictionDof || kind == RowKind::kFrictionTendon;
}

/// The cone block's cost ½ Dm (N − μT)² in the middle zone (3.1).
double ConeCost(const ConstraintRows& rows, const Block& block, const ConeGeometry& g) {
  const double NT = g.N - g.mu * g.T;
  return 0.5 * ConeWeight(rows, block, g.mu) * NT * NT;
}

/// A frictionloss row in a linear state: −½ R fl² ∓ fl z (3.1, LINEARNEG / LINEARPOS).
double LinearCost(const Problem& problem, int i, double z, RowState state) {
  const double R = problem.R[i], fl = problem.frictionloss[i];
  return state == RowState::kLinearNeg ? -0.5 * R * fl * fl - fl * z : -0.5 * R * fl * fl + fl * z;
}

/// A quadratic row's s = ½ D z² (3.1), with efc_D as mj_constraintUpdate forms it.
double QuadraticCost(const ConstraintRows& rows, int i, double z) {
  return 0.5 * rows.D[i] * z * z;
}

}  // namespace

RowState ScalarRowState(const Problem& problem, int i, double z) {
  const RowKind kind = problem.kind[i];
  // Equality: always quadratic.
  if (kind == RowKind::kEquality) return RowState::kQuadratic;
  if (IsFriction(kind)) {
    // Frictionloss: linear outside ±R fl, quadratic inside.
    const double Rfl = problem.R[i] * problem.frictionloss[i];
    if (z <= -Rfl) return RowState::kLinearNeg;
    if (z >= Rfl) return RowState::kLinearPos;
    return RowState::kQuadratic;
  }
  // Limits, frictionless contacts, pyramidal edges: satisfied when z ≥ 0.
  return z >= 0 ? RowState::kSatisfied : RowState::kQuadratic;
}

ConstraintRows MakeConstraintRows(const Problem& problem) {
  ConstraintRows rows;
  rows.blocks = MakeBlocks(problem);
  // MuJoCo's efc_D: the inverse regulariser, once per row.
  rows.D = problem.R.cwiseInverse();
  return rows;
}

double ConeWeight(const ConstraintRows& rows, const Block& block, double mu) {
  return rows.D[block.first] / (mu * mu * (1 + mu * mu));
}

ConstraintEval EvaluateConstraints(const Problem& problem, const ConstraintRows& rows,
                                   const core::VectorX& jar) {
  ConstraintEval out;
  EvaluateConstraints(problem, rows, jar, out);
  return out;
}

void EvaluateConstraints(const Problem& problem, const ConstraintRows& rows,
                         const core::VectorX& jar, ConstraintEval& out) {
  const int nefc = problem.nefc();
  out.cost = 0;
  out.force.setZero(nefc);
  out.state.assign(nefc, RowState::kSatisfied);
  for (const Block& block : rows.blocks) {
    const int i = block.first;
    if (block.elliptic) {
      const ConeGeometry g = Geometry(problem, block, jar.data() + i);
      const RowState zone = ConeZone(g);
      for (int j = 0; j < block.size; ++j) out.state[i + j] = zone;
      if (zone == RowState::kQuadratic) {
        // Bottom zone: Σ ½ D_j z_j², f = −D z.
        for (int j = 0; j < block.size; ++j) {
          out.cost += QuadraticCost(rows, i + j, jar[i + j]);
          out.force[i + j] = -rows.D[i + j] * jar[i + j];
        }
      } else if (zone == RowState::kCone) {
        // Middle zone: ½ Dm (N − μT)² and the cone force.
        out.cost += ConeCost(rows, block, g);
        const ConeTerms t = MiddleZone(ConeWeight(rows, block, g.mu),
                                       problem.contacts[block.contact].friction.data(), g);
        for (int j = 0; j < block.size; ++j) out.force[i + j] = t.force[j];
      }
      continue;
    }
    // Scalar rows: the state of (3.1), then cost and force −∂s/∂z.
    const double z = jar[i];
    const RowState state = ScalarRowState(problem, i, z);
    out.state[i] = state;
    switch (state) {
      case RowState::kQuadratic:
        out.cost += QuadraticCost(rows, i, z);
        out.force[i] = -rows.D[i] * z;
        break;
      case RowState::kLinearNeg:
        out.cost += LinearCost(problem, i, z, state);
        out.force[i] = problem.frictionloss[i];
        break;
      case RowState::kLinearPos:
        out.cost += LinearCost(problem, i, z, state);
        out.force[i] = -problem.frictionloss[i];
        break;
      default: break;
    }
  }
}

core::MatrixX BlockHessian(const Problem& problem, const ConstraintRows& rows, const Block& block,
                           const core::VectorX& jar, RowState state) {
  const int n = block.size, i = block.first;
  core::MatrixX H = core::MatrixX::Zero(n, n);
  if (state == RowState::kQuadratic) {
    for (int j = 0; j < n; ++j) H(j, j) = rows.D[i + j];
    return H;
  }
  if (state != RowState::kCone) return H;
  // Middle zone: Dm S K S with K = [[1, b Uᵀ], [b U, c U Uᵀ + e I]] (MiddleZone's
  // coefficients), S = diag(μ, μ_j); the upper triangle in mj_constraintUpdate's order, then
  // mirrored (the 2.2.2 solver's HessianCone factors this block too).
  const ConeGeometry g = Geometry(problem, block, jar.data() + i);
  const Contact& c = problem.contacts[block.contact];
  const ConeTerms t = MiddleZone(ConeWeight(rows, block, g.mu), c.friction.data(), g);
  H(0, 0) = 1;
  for (int j = 1; j < n; ++j) H(0, j) = t.b * g.U[j - 1];
  for (int k = 1; k < n; ++k) {
    for (int j = k; j < n; ++j) H(k, j) = t.c * g.U[j - 1] * g.U[k - 1];
    H(k, k) += t.e;
  }
  auto S = [&](int j) { return j == 0 ? g.mu : c.friction[j - 1]; };
  for (int k = 0; k < n; ++k) {
    const double scale = t.Dm * S(k);
    for (int j = k; j < n; ++j) H(k, j) *= scale * S(j);
  }
  for (int k = 0; k < n; ++k) {
    for (int j = k + 1; j < n; ++j) H(j, k) = H(k, j);
  }
  return H;
}

PrimalEval EvaluatePrimal(const Problem& problem, const ConstraintRows& rows,
                          const SparseOperators& ops, const core::VectorX& qacc) {
  // The course's arithmetic: J, Jᵀ and M from their sparse rows (no M factor is read).
  PrimalEval e;
  EvaluatePoint(problem, rows, *MakeCourseKernels(ops, nullptr), qacc, e);
  return e;
}

PrimalEval EvaluatePrimal(const Problem& problem, const core::VectorX& qacc) {
  return EvaluatePrimal(problem, MakeConstraintRows(problem), MakeSparseOperators(problem), qacc);
}

int CountChanges(const std::vector<RowState>& before, const std::vector<RowState>& after) {
  int n = 0;
  for (size_t i = 0; i < before.size(); ++i) n += before[i] != after[i] ? 1 : 0;
  return n;
}

int CountActive(const std::vector<RowState>& state) {
  return static_cast<int>(std::count_if(state.begin(), state.end(),
                                        [](RowState s) { return s != RowState::kSatisfied; }));
}

}  // namespace simatlas::mujoco
