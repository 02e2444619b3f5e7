// MJ-solvers §3 — primal cost, gradient and Hessian (formula sheet (3.1), (3.2));
// MuJoCo engine_core_constraint.c: mj_constraintUpdate; engine_solver.c: the Hessian and the
// line-search evaluation (MuJoCo 3.x names: MakeHessian, PrimalEval).
#include "reference/mujoco/primal.h"

#include <algorithm>
#include <array>
#include <cmath>

namespace simatlas::mujoco {

namespace {

/// Elliptic block quantities at the block's residuals z (z[0] normal, z[1..] tangential):
/// U₀ = μ z₀, U_j = μ_j z_j, N = U₀, T = ‖U₁:‖. Fixed-size (dim ≤ 6): evaluated in the line
/// search's inner loop, where nothing is allocated.
struct ConeGeometry {
  double mu = 0;
  std::array<double, 5> U{};  // tangential part U₁: (size − 1 used)
  int nU = 0;
  double N = 0, T = 0;
};

ConeGeometry Geometry(const Problem& problem, const Block& block, const double* z) {
  const Contact& c = problem.contacts[block.contact];
  ConeGeometry g;
  g.mu = c.mu;
  g.N = g.mu * z[0];
  g.nU = block.size - 1;
  double t2 = 0;
  for (int j = 0; j < g.nU; ++j) {
    g.U[j] = c.friction[j] * z[j + 1];
    t2 += g.U[j] * g.U[j];
  }
  g.T = std::sqrt(t2);
  return g;
}

/// Dm = D₀/(μ²(1 + μ²)), the middle zone's weight.
double ConeWeight(const Problem& problem, const Block& block, double mu) {
  return 1 / problem.R[block.first] / (mu * mu * (1 + mu * mu));
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

/// The cone block's cost ½ Dm (N − μT)² in the middle zone (3.1).
double ConeCost(const Problem& problem, const Block& block, const ConeGeometry& g) {
  const double NT = g.N - g.mu * g.T;
  return 0.5 * ConeWeight(problem, block, g.mu) * NT * NT;
}

/// s_b at the block's residuals z in the given state (3.1).
double BlockCostAt(const Problem& problem, const Block& block, const double* z, RowState state) {
  const int i = block.first;
  switch (state) {
    case RowState::kSatisfied: return 0;
    case RowState::kQuadratic: {
      double cost = 0;
      for (int j = 0; j < block.size; ++j) cost += 0.5 * z[j] * z[j] / problem.R[i + j];
      return cost;
    }
    case RowState::kLinearNeg:
    case RowState::kLinearPos: return ScalarRowCost(problem, i, z[0], state);
    case RowState::kCone: return ConeCost(problem, block, Geometry(problem, block, z));
  }
  return 0;
}

/// s_b(z + αv) − s_b(z) without cancellation when the state is the same at both ends: the
/// difference is factored with the exact increment αv (e.g. ½ D αv (2z + αv)); a state change
/// subtracts the two costs.
double BlockCostChangeAt(const Problem& problem, const Block& block, const double* z,
                         const double* v, double alpha, RowState state0, RowState state1) {
  const int i = block.first, n = block.size;
  if (state0 != state1) {
    // A state change: subtract the two costs.
    std::array<double, 6> z1{};
    for (int j = 0; j < n; ++j) z1[j] = z[j] + alpha * v[j];
    return BlockCostAt(problem, block, z1.data(), state1) - BlockCostAt(problem, block, z, state0);
  }
  switch (state0) {
    case RowState::kSatisfied: return 0;
    case RowState::kQuadratic: {
      // Σ ½ D αv (2z + αv).
      double change = 0;
      for (int j = 0; j < n; ++j) {
        const double dz = alpha * v[j];
        change += 0.5 * dz * (2 * z[j] + dz) / problem.R[i + j];
      }
      return change;
    }
    case RowState::kLinearNeg: return -problem.frictionloss[i] * alpha * v[0];
    case RowState::kLinearPos: return problem.frictionloss[i] * alpha * v[0];
    case RowState::kCone: {
      // ½ Dm ΔNT (2 NT + ΔNT), ΔN = μ α v₀, ΔT = (2α U·W + α²‖W‖²)/(T₁ + T₀).
      const ConeGeometry g = Geometry(problem, block, z);
      const Contact& c = problem.contacts[block.contact];
      double UW = 0, WW = 0, T1sq = 0;
      for (int j = 0; j < g.nU; ++j) {
        const double W = c.friction[j] * v[j + 1];
        UW += g.U[j] * W;
        WW += W * W;
        T1sq += (g.U[j] + alpha * W) * (g.U[j] + alpha * W);
      }
      const double T1 = std::sqrt(T1sq);
      const double dT = T1 + g.T > 0 ? (2 * alpha * UW + alpha * alpha * WW) / (T1 + g.T) : 0.0;
      const double dNT = g.mu * alpha * v[0] - g.mu * dT;
      const double NT = g.N - g.mu * g.T;
      return 0.5 * ConeWeight(problem, block, g.mu) * dNT * (2 * NT + dNT);
    }
  }
  return 0;
}

/// d s_b/dα = −f(z)·v and d² s_b/dα² = vᵀ Hc(z) v of one block at the residuals z along v.
void BlockSlopes(const Problem& problem, const Block& block, const double* z, const double* v,
                 RowState state, double& d1, double& d2) {
  const int i = block.first;
  d1 = d2 = 0;
  switch (state) {
    case RowState::kSatisfied: return;
    case RowState::kQuadratic:
      // f = −D z, Hc = D.
      for (int j = 0; j < block.size; ++j) {
        const double D = 1 / problem.R[i + j];
        d1 += D * z[j] * v[j];
        d2 += D * v[j] * v[j];
      }
      return;
    case RowState::kLinearNeg: d1 = -problem.frictionloss[i] * v[0]; return;  // f = +fl
    case RowState::kLinearPos: d1 = problem.frictionloss[i] * v[0]; return;   // f = −fl
    case RowState::kCone: {
      // f₀ = −Dm (N − μT) μ, f_j = −f₀ U_j μ_j / T; vᵀHc v = Dm wᵀ K w with w = S v (see
      // BlockHessian for K): w₀² − 2(μ/T) w₀ (U·w') + (μN/T³)(U·w')² + (μ² − μN/T)‖w'‖².
      const ConeGeometry g = Geometry(problem, block, z);
      const Contact& c = problem.contacts[block.contact];
      const double Dm = ConeWeight(problem, block, g.mu);
      const double mu = g.mu, N = g.N, T = g.T;
      const double f0 = -Dm * (N - mu * T) * mu;
      const double w0 = mu * v[0];
      double Uw = 0, ww = 0, fv = f0 * v[0];
      for (int j = 0; j < g.nU; ++j) {
        const double w = c.friction[j] * v[j + 1];
        Uw += g.U[j] * w;
        ww += w * w;
        fv += -f0 * g.U[j] * c.friction[j] / T * v[j + 1];
      }
      d1 = -fv;
      d2 = Dm * (w0 * w0 - 2 * (mu / T) * w0 * Uw + (mu * N / (T * T * T)) * Uw * Uw +
                 (mu * mu - mu * N / T) * ww);
      return;
    }
  }
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

double ScalarRowCost(const Problem& problem, int i, double z, RowState state) {
  const double R = problem.R[i], fl = problem.frictionloss[i];
  switch (state) {
    case RowState::kQuadratic: return 0.5 * z * z / R;
    case RowState::kLinearNeg: return -0.5 * R * fl * fl - fl * z;
    case RowState::kLinearPos: return -0.5 * R * fl * fl + fl * z;
    default: return 0;
  }
}

ConstraintEval EvaluateConstraints(const Problem& problem, const std::vector<Block>& blocks,
                                   const core::VectorX& jar) {
  const int nefc = problem.nefc();
  ConstraintEval out;
  out.force = core::VectorX::Zero(nefc);
  out.state.assign(nefc, RowState::kSatisfied);
  for (const Block& block : blocks) {
    const int i = block.first;
    if (block.elliptic) {
      const ConeGeometry g = Geometry(problem, block, jar.data() + i);
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
        const double Dm = ConeWeight(problem, block, g.mu);
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
    // Scalar rows: the state of (3.1), then cost and force −∂s/∂z.
    const double z = jar[i];
    const RowState state = ScalarRowState(problem, i, z);
    out.state[i] = state;
    out.cost += ScalarRowCost(problem, i, z, state);
    switch (state) {
      case RowState::kQuadratic: out.force[i] = -z / problem.R[i]; break;
      case RowState::kLinearNeg: out.force[i] = problem.frictionloss[i]; break;
      case RowState::kLinearPos: out.force[i] = -problem.frictionloss[i]; break;
      default: break;
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
  const ConeGeometry g = Geometry(problem, block, jar.data() + i);
  const Contact& c = problem.contacts[block.contact];
  const double Dm = ConeWeight(problem, block, g.mu);
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
                          const SparseOperators& ops, const core::VectorX& qacc) {
  PrimalEval e;
  e.qacc = qacc;
  // jar = J a − aref, then the row states and forces.
  MultiplyRows(ops.J, qacc, e.jar);
  e.jar -= problem.aref;
  e.constraints = EvaluateConstraints(problem, blocks, e.jar);
  // Gauss term ½ (a − a₀)ᵀ M (a − a₀) and its gradient M (a − a₀).
  const core::VectorX da = qacc - problem.qacc_smooth;
  MultiplyRows(ops.M, da, e.Mda);
  e.gauss = 0.5 * da.dot(e.Mda);
  e.cost = e.gauss + e.constraints.cost;
  // g = M (a − a₀) − Jᵀ f(a).
  MultiplyRowsTransposed(ops.J, e.constraints.force, e.gradient);
  e.gradient = e.Mda - e.gradient;
  return e;
}

PrimalEval EvaluatePrimal(const Problem& problem, const std::vector<Block>& blocks,
                          const core::VectorX& qacc) {
  return EvaluatePrimal(problem, blocks, *OperatorsOf(problem), qacc);
}

core::MatrixX PrimalHessian(const Problem& problem, const std::vector<Block>& blocks,
                            const SparseOperators& ops, const PrimalEval& eval) {
  const SparseRows& J = ops.J;
  // H = M + Jᵀ Hc J, accumulated row by row on the nonzeros of J (a contact row touches one or
  // two kinematic chains): D_i J_iᵀ J_i for a quadratic row, J_bᵀ Hc J_b for a cone block.
  core::MatrixX H = problem.M;
  for (const Block& block : blocks) {
    const RowState state = eval.constraints.state[block.first];
    if (state == RowState::kQuadratic) {
      for (int j = 0; j < block.size; ++j) {
        AddRowOuterProduct(J, block.first + j, 1 / problem.R[block.first + j], H);
      }
    } else if (state == RowState::kCone) {
      AddBlockProduct(J, block.first, BlockHessian(problem, block, eval.jar, state), H);
    }
  }
  // The products above filled the lower triangle: mirror it.
  for (int c = 0; c < problem.nv; ++c) {
    for (int r = c + 1; r < problem.nv; ++r) H(c, r) = H(r, c);
  }
  return H;
}

core::MatrixX PrimalHessian(const Problem& problem, const std::vector<Block>& blocks,
                            const PrimalEval& eval) {
  return PrimalHessian(problem, blocks, *OperatorsOf(problem), eval);
}

double BlockCost(const Problem& problem, const Block& block, const core::VectorX& jar,
                 RowState state) {
  return BlockCostAt(problem, block, jar.data() + block.first, state);
}

double BlockCostChange(const Problem& problem, const Block& block, const core::VectorX& jar,
                       const core::VectorX& v, double alpha, RowState state0, RowState state1) {
  return BlockCostChangeAt(problem, block, jar.data() + block.first, v.data() + block.first, alpha,
                           state0, state1);
}

BlockLineTerms BlockAlongLine(const Problem& problem, const Block& block, const core::VectorX& jar,
                              const core::VectorX& v, double alpha, RowState state0) {
  const int i = block.first, n = block.size;
  // z(α) = jar + α v on the block's rows (dim ≤ 6), and its state.
  std::array<double, 6> z1{};
  for (int j = 0; j < n; ++j) z1[j] = jar[i + j] + alpha * v[i + j];
  BlockLineTerms t;
  t.state = block.elliptic ? ConeZone(Geometry(problem, block, z1.data()))
                           : ScalarRowState(problem, i, z1[0]);
  t.cost = BlockCostChangeAt(problem, block, jar.data() + i, v.data() + i, alpha, state0, t.state);
  BlockSlopes(problem, block, z1.data(), v.data() + i, t.state, t.d1, t.d2);
  return t;
}

int CountActive(const std::vector<RowState>& state) {
  return static_cast<int>(std::count_if(state.begin(), state.end(),
                                        [](RowState s) { return s != RowState::kSatisfied; }));
}

}  // namespace simatlas::mujoco
