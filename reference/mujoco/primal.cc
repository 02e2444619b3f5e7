// MJ-solvers §3 — primal cost, gradient and Hessian (formula sheet (3.1), (3.2));
// MuJoCo engine_core_constraint.c: mj_constraintUpdate; engine_solver.c: the Hessian.
#include "reference/mujoco/primal.h"

#include <algorithm>
#include <cmath>

namespace simatlas::mujoco {

namespace {

/// Elliptic block quantities: U₀ = μ z₀, U_j = μ_j z_j, N = U₀, T = ‖U₁:‖.
struct ConeGeometry {
  double mu = 0;
  core::VectorX U;  // tangential part U₁: (size − 1)
  double N = 0, T = 0;
};

ConeGeometry Geometry(const Problem& problem, const Block& block, const core::VectorX& jar) {
  const Contact& c = problem.contacts[block.contact];
  ConeGeometry g;
  g.mu = c.mu;
  g.N = g.mu * jar[block.first];
  g.U.resize(block.size - 1);
  for (int j = 1; j < block.size; ++j) g.U[j - 1] = c.friction[j - 1] * jar[block.first + j];
  g.T = g.U.norm();
  return g;
}

/// Zone of an elliptic block: top (satisfied), bottom (quadratic) or middle (cone).
RowState ConeZone(const ConeGeometry& g) {
  if (g.N >= g.mu * g.T || (g.T <= 0 && g.N >= 0)) return RowState::kSatisfied;
  if (g.mu * g.N + g.T <= 0 || (g.T <= 0 && g.N < 0)) return RowState::kQuadratic;
  return RowState::kCone;
}

bool IsFriction(RowKind kind) {
  return kind == RowKind::kFrictionDof || kind == RowKind::kFrictionTendon;
}

}  // namespace

ConstraintEval EvaluateConstraints(const Problem& problem, const std::vector<Block>& blocks,
                                   const core::VectorX& jar) {
  const int nefc = problem.nefc();
  ConstraintEval out;
  out.force = core::VectorX::Zero(nefc);
  out.state.assign(nefc, RowState::kSatisfied);
  for (const Block& block : blocks) {
    const int i = block.first;
    if (block.elliptic) {
      const ConeGeometry g = Geometry(problem, block, jar);
      const RowState zone = ConeZone(g);
      for (int j = 0; j < block.size; ++j) out.state[i + j] = zone;
      if (zone == RowState::kQuadratic) {
        // Bottom zone: Σ ½ D_j z_j², f = −D z.
        for (int j = 0; j < block.size; ++j) {
          const double D = 1 / problem.R[i + j];
          out.cost += 0.5 * D * jar[i + j] * jar[i + j];
          out.force[i + j] = -D * jar[i + j];
        }
      } else if (zone == RowState::kCone) {
        // Middle zone: ½ Dm (N − μT)², Dm = D₀/(μ²(1 + μ²)).
        const Contact& c = problem.contacts[block.contact];
        const double Dm = 1 / problem.R[i] / (g.mu * g.mu * (1 + g.mu * g.mu));
        const double NT = g.N - g.mu * g.T;
        out.cost += 0.5 * Dm * NT * NT;
        // f₀ = −Dm (N − μT) μ, f_j = −f₀ U_j μ_j / T.
        out.force[i] = -Dm * NT * g.mu;
        for (int j = 1; j < block.size; ++j) {
          out.force[i + j] = -out.force[i] * g.U[j - 1] * c.friction[j - 1] / g.T;
        }
      }
      continue;
    }
    const double z = jar[i], R = problem.R[i], D = 1 / R;
    const RowKind kind = problem.kind[i];
    if (kind == RowKind::kEquality) {
      // Equality: always quadratic.
      out.state[i] = RowState::kQuadratic;
    } else if (IsFriction(kind)) {
      // Frictionloss: linear outside ±R fl, quadratic inside.
      const double fl = problem.frictionloss[i];
      if (z <= -R * fl) {
        out.state[i] = RowState::kLinearNeg;
        out.cost += -0.5 * R * fl * fl - fl * z;
        out.force[i] = fl;
        continue;
      }
      if (z >= R * fl) {
        out.state[i] = RowState::kLinearPos;
        out.cost += -0.5 * R * fl * fl + fl * z;
        out.force[i] = -fl;
        continue;
      }
      out.state[i] = RowState::kQuadratic;
    } else {
      // Limits, frictionless contacts, pyramidal edges: satisfied when z ≥ 0.
      out.state[i] = z >= 0 ? RowState::kSatisfied : RowState::kQuadratic;
    }
    if (out.state[i] == RowState::kQuadratic) {
      out.cost += 0.5 * D * z * z;
      out.force[i] = -D * z;
    }
  }
  return out;
}

core::MatrixX BlockHessian(const Problem& problem, const Block& block, const core::VectorX& jar,
                           RowState state) {
  const int n = block.size, i = block.first;
  core::MatrixX H = core::MatrixX::Zero(n, n);
  if (state == RowState::kQuadratic) {
    for (int j = 0; j < n; ++j) H(j, j) = 1 / problem.R[i + j];
    return H;
  }
  if (state != RowState::kCone) return H;
  // Middle zone: Dm S [[1, −(μ/T)Uᵀ], [−(μ/T)U, (μN/T³)UUᵀ + (μ² − μN/T)I]] S.
  const ConeGeometry g = Geometry(problem, block, jar);
  const Contact& c = problem.contacts[block.contact];
  const double Dm = 1 / problem.R[i] / (g.mu * g.mu * (1 + g.mu * g.mu));
  const double mu = g.mu, N = g.N, T = g.T;
  H(0, 0) = 1;
  for (int j = 1; j < n; ++j) {
    H(0, j) = H(j, 0) = -(mu / T) * g.U[j - 1];
    for (int k = 1; k < n; ++k) {
      H(j, k) = (mu * N / (T * T * T)) * g.U[j - 1] * g.U[k - 1] +
                (j == k ? mu * mu - mu * N / T : 0.0);
    }
  }
  core::VectorX S(n);
  S[0] = mu;
  for (int j = 1; j < n; ++j) S[j] = c.friction[j - 1];
  return Dm * S.asDiagonal() * H * S.asDiagonal();
}

PrimalEval EvaluatePrimal(const Problem& problem, const std::vector<Block>& blocks,
                          const core::VectorX& qacc) {
  PrimalEval e;
  e.qacc = qacc;
  // jar = J a − aref, then the row states and forces.
  e.jar = problem.J * qacc - problem.aref;
  e.constraints = EvaluateConstraints(problem, blocks, e.jar);
  // Gauss term ½ (a − a₀)ᵀ M (a − a₀) and its gradient M (a − a₀).
  const core::VectorX Mda = problem.M * (qacc - problem.qacc_smooth);
  e.gauss = 0.5 * (qacc - problem.qacc_smooth).dot(Mda);
  e.cost = e.gauss + e.constraints.cost;
  // g = M (a − a₀) − Jᵀ f(a).
  e.gradient = Mda - problem.J.transpose() * e.constraints.force;
  return e;
}

core::MatrixX PrimalHessian(const Problem& problem, const std::vector<Block>& blocks,
                            const PrimalEval& eval) {
  // H = M + Jᵀ Hc J, assembled block by block on the DOFs each block touches (J is sparse on
  // real models: a contact row touches one or two kinematic chains).
  core::MatrixX H = problem.M;
  for (const Block& block : blocks) {
    const RowState state = eval.constraints.state[block.first];
    if (state != RowState::kQuadratic && state != RowState::kCone) continue;
    const core::MatrixX Hc = BlockHessian(problem, block, eval.jar, state);
    const auto Jb = problem.J.middleRows(block.first, block.size);
    std::vector<int> cols;
    for (int j = 0; j < problem.nv; ++j) {
      if (Jb.col(j).squaredNorm() != 0) cols.push_back(j);
    }
    const int n = static_cast<int>(cols.size());
    core::MatrixX Js(block.size, n);
    for (int k = 0; k < n; ++k) Js.col(k) = Jb.col(cols[k]);
    const core::MatrixX local = Js.transpose() * Hc * Js;
    for (int a = 0; a < n; ++a) {
      for (int b = 0; b < n; ++b) H(cols[a], cols[b]) += local(a, b);
    }
  }
  return H;
}

double BlockCost(const Problem& problem, const Block& block, const core::VectorX& jar,
                 RowState state) {
  const int i = block.first;
  switch (state) {
    case RowState::kSatisfied: return 0;
    case RowState::kQuadratic: {
      double cost = 0;
      for (int j = 0; j < block.size; ++j) cost += 0.5 * jar[i + j] * jar[i + j] / problem.R[i + j];
      return cost;
    }
    case RowState::kLinearNeg:
      return -0.5 * problem.R[i] * problem.frictionloss[i] * problem.frictionloss[i] -
             problem.frictionloss[i] * jar[i];
    case RowState::kLinearPos:
      return -0.5 * problem.R[i] * problem.frictionloss[i] * problem.frictionloss[i] +
             problem.frictionloss[i] * jar[i];
    case RowState::kCone: {
      const ConeGeometry g = Geometry(problem, block, jar);
      const double Dm = 1 / problem.R[i] / (g.mu * g.mu * (1 + g.mu * g.mu));
      return 0.5 * Dm * (g.N - g.mu * g.T) * (g.N - g.mu * g.T);
    }
  }
  return 0;
}

double BlockCostChange(const Problem& problem, const Block& block, const core::VectorX& jar,
                       const core::VectorX& v, double alpha, RowState state0, RowState state1) {
  const int i = block.first, n = block.size;
  if (state0 != state1) {
    // A state change: subtract the two costs.
    const core::VectorX jar1 = jar.segment(i, n) + alpha * v.segment(i, n);
    core::VectorX full = jar;
    full.segment(i, n) = jar1;
    return BlockCost(problem, block, full, state1) - BlockCost(problem, block, jar, state0);
  }
  switch (state0) {
    case RowState::kSatisfied: return 0;
    case RowState::kQuadratic: {
      // Σ ½ D αv (2z + αv).
      double change = 0;
      for (int j = 0; j < n; ++j) {
        const double dz = alpha * v[i + j];
        change += 0.5 * dz * (2 * jar[i + j] + dz) / problem.R[i + j];
      }
      return change;
    }
    case RowState::kLinearNeg: return -problem.frictionloss[i] * alpha * v[i];
    case RowState::kLinearPos: return problem.frictionloss[i] * alpha * v[i];
    case RowState::kCone: {
      // ½ Dm ΔNT (2 NT + ΔNT), ΔN = μ α v₀, ΔT = (2α U·W + α²‖W‖²)/(T₁ + T₀).
      const ConeGeometry g = Geometry(problem, block, jar);
      const Contact& c = problem.contacts[block.contact];
      core::VectorX W(n - 1);
      for (int j = 1; j < n; ++j) W[j - 1] = c.friction[j - 1] * v[i + j];
      const double T1 = (g.U + alpha * W).norm();
      const double dT = T1 + g.T > 0 ? (2 * alpha * g.U.dot(W) + alpha * alpha * W.squaredNorm()) /
                                           (T1 + g.T)
                                     : 0.0;
      const double dNT = g.mu * alpha * v[i] - g.mu * dT;
      const double NT = g.N - g.mu * g.T;
      const double Dm = 1 / problem.R[i] / (g.mu * g.mu * (1 + g.mu * g.mu));
      return 0.5 * Dm * dNT * (2 * NT + dNT);
    }
  }
  return 0;
}

int CountActive(const std::vector<RowState>& state) {
  return static_cast<int>(std::count_if(state.begin(), state.end(),
                                        [](RowState s) { return s != RowState::kSatisfied; }));
}

}  // namespace simatlas::mujoco
