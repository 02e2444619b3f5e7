// MJ-solvers §3 — primal cost, gradient and Hessian (formula sheet (3.1), (3.2));
// MuJoCo engine_core_constraint.c: mj_constraintUpdate; engine_solver.c: the Hessian and the
// line-search evaluation (MuJoCo 3.x names: MakeHessian, PrimalEval).
#include "reference/mujoco/primal.h"

#include <algorithm>
#include <array>
#include <cmath>

#include "reference/mujoco/v222/blas.h"

namespace simatlas::mujoco {

namespace {

/// Elliptic block quantities at the block's residuals z (z[0] normal, z[1..] tangential):
/// U₀ = μ z₀, U_j = μ_j z_j, N = U₀, T = ‖U₁:‖ (mju_norm's sum, v222/blas.h). Fixed-size
/// (dim ≤ 6): evaluated in the line search's inner loop, where nothing is allocated.
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
  for (int j = 0; j < g.nU; ++j) g.U[j] = c.friction[j] * z[j + 1];
  g.T = std::sqrt(v222::Dot(g.U.data(), g.U.data(), g.nU));
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

/// The cone block's cost ½ Dm (N − μT)² in the middle zone (3.1).
double ConeCost(const ConstraintRows& rows, const Block& block, const ConeGeometry& g) {
  const double NT = g.N - g.mu * g.T;
  return 0.5 * ConeWeight(rows, block, g.mu) * NT * NT;
}

/// The middle zone's force f = −∂s/∂z (3.1) and the coefficients of its Hessian block
/// Hc = Dm S K S, K = [[1, b Uᵀ], [b U, c U Uᵀ + e I]] (b = −μ/T, c = μN/T³, e = μ² − μN/T;
/// formula sheet §3), at one block's residuals.
struct ConeTerms {
  double Dm = 0;                  // the middle zone's weight
  std::array<double, 6> force{};  // f₀ = −Dm (N − μT) μ, f_j = −f₀/T · U_j μ_j (size used)
  double b = 0, c = 0, e = 0;     // K's coefficients
};

ConeTerms MiddleZone(const ConstraintRows& rows, const Block& block, const Contact& contact,
               const ConeGeometry& g) {
  ConeTerms t;
  const double mu = g.mu, N = g.N, T = g.T;
  t.Dm = ConeWeight(rows, block, mu);
  t.force[0] = -t.Dm * (N - mu * T) * mu;
  // In mj_constraintUpdate's order of operations (the 2.2.2 solver calls this too).
  for (int j = 0; j < g.nU; ++j) t.force[j + 1] = -t.force[0] / T * g.U[j] * contact.friction[j];
  t.b = -(mu / T);
  t.c = mu * N / (T * T * T);
  t.e = mu * mu - mu * N / T;
  return t;
}

/// A frictionloss row in a linear state: −½ R fl² ∓ fl z (3.1, LINEARNEG / LINEARPOS).
double LinearCost(const Problem& problem, int i, double z, RowState state) {
  const double R = problem.R[i], fl = problem.frictionloss[i];
  return state == RowState::kLinearNeg ? -0.5 * R * fl * fl - fl * z
                                       : -0.5 * R * fl * fl + fl * z;
}

/// A quadratic row's s = ½ D z² (3.1), with efc_D as mj_constraintUpdate forms it.
double QuadraticCost(const ConstraintRows& rows, int i, double z) {
  return 0.5 * rows.D[i] * z * z;
}

/// s_b at the block's residuals z in the given state (3.1).
double BlockCostAt(const Problem& problem, const ConstraintRows& rows, const Block& block,
                   const double* z, RowState state) {
  const int i = block.first;
  switch (state) {
    case RowState::kSatisfied: return 0;
    case RowState::kQuadratic: {
      double cost = 0;
      for (int j = 0; j < block.size; ++j) cost += QuadraticCost(rows, i + j, z[j]);
      return cost;
    }
    case RowState::kLinearNeg:
    case RowState::kLinearPos: return LinearCost(problem, i, z[0], state);
    case RowState::kCone: return ConeCost(rows, block, Geometry(problem, block, z));
  }
  return 0;
}

/// s_b(z + αv) − s_b(z) without cancellation when the state is the same at both ends: the
/// difference is factored with the exact increment αv (e.g. ½ D αv (2z + αv)); a state change
/// subtracts the two costs.
double BlockCostChangeAt(const Problem& problem, const ConstraintRows& rows, const Block& block,
                         const double* z, const double* v, double alpha, RowState state0,
                         RowState state1) {
  const int i = block.first, n = block.size;
  if (state0 != state1) {
    // A state change: subtract the two costs.
    std::array<double, 6> z1{};
    for (int j = 0; j < n; ++j) z1[j] = z[j] + alpha * v[j];
    return BlockCostAt(problem, rows, block, z1.data(), state1) -
           BlockCostAt(problem, rows, block, z, state0);
  }
  switch (state0) {
    case RowState::kSatisfied: return 0;
    case RowState::kQuadratic: {
      // Σ ½ D αv (2z + αv).
      double change = 0;
      for (int j = 0; j < n; ++j) {
        const double dz = alpha * v[j];
        change += 0.5 * rows.D[i + j] * dz * (2 * z[j] + dz);
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
      return 0.5 * ConeWeight(rows, block, g.mu) * dNT * (2 * NT + dNT);
    }
  }
  return 0;
}

/// d s_b/dα = −f(z)·v and d² s_b/dα² = vᵀ Hc(z) v of one block at the residuals z along v.
void BlockSlopes(const Problem& problem, const ConstraintRows& rows, const Block& block,
                 const double* z, const double* v, RowState state, double& d1, double& d2) {
  const int i = block.first;
  d1 = d2 = 0;
  switch (state) {
    case RowState::kSatisfied: return;
    case RowState::kQuadratic:
      // f = −D z, Hc = D.
      for (int j = 0; j < block.size; ++j) {
        const double D = rows.D[i + j];
        d1 += D * z[j] * v[j];
        d2 += D * v[j] * v[j];
      }
      return;
    case RowState::kLinearNeg: d1 = -problem.frictionloss[i] * v[0]; return;  // f = +fl
    case RowState::kLinearPos: d1 = problem.frictionloss[i] * v[0]; return;   // f = −fl
    case RowState::kCone: {
      // −f·v with the cone force, and vᵀHc v = Dm wᵀ K w with w = S v:
      // w₀² + 2b w₀ (U·w') + c (U·w')² + e ‖w'‖².
      const ConeGeometry g = Geometry(problem, block, z);
      const Contact& c = problem.contacts[block.contact];
      const ConeTerms t = MiddleZone(rows, block, c, g);
      const double w0 = g.mu * v[0];
      double Uw = 0, ww = 0, fv = t.force[0] * v[0];
      for (int j = 0; j < g.nU; ++j) {
        const double w = c.friction[j] * v[j + 1];
        Uw += g.U[j] * w;
        ww += w * w;
        fv += t.force[j + 1] * v[j + 1];
      }
      d1 = -fv;
      d2 = t.Dm * (w0 * w0 + 2 * t.b * w0 * Uw + t.c * Uw * Uw + t.e * ww);
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
  const int nefc = problem.nefc();
  ConstraintEval out;
  out.force = core::VectorX::Zero(nefc);
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
        const ConeTerms t = MiddleZone(rows, block, problem.contacts[block.contact], g);
        for (int j = 0; j < block.size; ++j) out.force[i + j] = t.force[j];
      }
      continue;
    }
    // Scalar rows: the state of (3.1), then cost and force −∂s/∂z.
    const double z = jar[i];
    const RowState state = ScalarRowState(problem, i, z);
    out.state[i] = state;
    out.cost += BlockCostAt(problem, rows, block, &z, state);
    switch (state) {
      case RowState::kQuadratic: out.force[i] = -rows.D[i] * z; break;
      case RowState::kLinearNeg: out.force[i] = problem.frictionloss[i]; break;
      case RowState::kLinearPos: out.force[i] = -problem.frictionloss[i]; break;
      default: break;
    }
  }
  return out;
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
  const ConeTerms t = MiddleZone(rows, block, c, g);
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
  PrimalEval e;
  e.qacc = qacc;
  // jar = J a − aref, then the row states and forces.
  MultiplyRows(ops.J, qacc, e.jar);
  e.jar -= problem.aref;
  e.constraints = EvaluateConstraints(problem, rows, e.jar);
  // Gauss term ½ (a − a₀)ᵀ M (a − a₀) and its gradient M (a − a₀).
  const core::VectorX da = qacc - problem.qacc_smooth;
  MultiplyM(ops, da, e.Mda);
  e.gauss = 0.5 * da.dot(e.Mda);
  e.cost = e.gauss + e.constraints.cost;
  // g = M (a − a₀) − Jᵀ f(a).
  MultiplyRowsTransposed(ops.J, e.constraints.force, e.gradient);
  e.gradient = e.Mda - e.gradient;
  return e;
}

PrimalEval EvaluatePrimal(const Problem& problem, const core::VectorX& qacc) {
  return EvaluatePrimal(problem, MakeConstraintRows(problem), *OperatorsOf(problem), qacc);
}

core::MatrixX PrimalHessian(const Problem& problem, const ConstraintRows& rows,
                            const SparseOperators& ops, const PrimalEval& eval) {
  const SparseRows& J = ops.J;
  // H = M + Jᵀ Hc J, accumulated row by row on the nonzeros of J (a contact row touches one or
  // two kinematic chains): D_i J_iᵀ J_i for a quadratic row, J_bᵀ Hc J_b for a cone block.
  core::MatrixX H = problem.M;
  for (const Block& block : rows.blocks) {
    const RowState state = eval.constraints.state[block.first];
    if (state == RowState::kQuadratic) {
      for (int j = 0; j < block.size; ++j) {
        AddRowOuterProduct(J, block.first + j, rows.D[block.first + j], H);
      }
    } else if (state == RowState::kCone) {
      AddBlockProduct(J, block.first, BlockHessian(problem, rows, block, eval.jar, state), H);
    }
  }
  // The products above filled the lower triangle: mirror it.
  for (int c = 0; c < problem.nv; ++c) {
    for (int r = c + 1; r < problem.nv; ++r) H(c, r) = H(r, c);
  }
  return H;
}

BlockLineTerms BlockAlongLine(const Problem& problem, const ConstraintRows& rows, const Block& block,
                              const core::VectorX& jar, const core::VectorX& v, double alpha,
                              RowState state0) {
  const int i = block.first, n = block.size;
  // z(α) = jar + α v on the block's rows (dim ≤ 6), and its state.
  std::array<double, 6> z1{};
  for (int j = 0; j < n; ++j) z1[j] = jar[i + j] + alpha * v[i + j];
  BlockLineTerms t;
  t.state = block.elliptic ? ConeZone(Geometry(problem, block, z1.data()))
                           : ScalarRowState(problem, i, z1[0]);
  t.cost = BlockCostChangeAt(problem, rows, block, jar.data() + i, v.data() + i, alpha, state0,
                             t.state);
  BlockSlopes(problem, rows, block, z1.data(), v.data() + i, t.state, t.d1, t.d2);
  return t;
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
