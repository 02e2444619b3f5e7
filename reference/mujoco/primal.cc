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

ConeGeometry Geometry(double mu, const double* friction, int size, const double* z) {
  ConeGeometry g;
  g.mu = mu;
  g.N = g.mu * z[0];
  g.nU = size - 1;
  for (int j = 0; j < g.nU; ++j) g.U[j] = friction[j] * z[j + 1];
  g.T = std::sqrt(v222::Dot(g.U.data(), g.U.data(), g.nU));
  return g;
}

ConeGeometry Geometry(const Problem& problem, const Block& block, const double* z) {
  const Contact& c = problem.contacts[block.contact];
  return Geometry(c.mu, c.friction.data(), block.size, z);
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

ConeTerms MiddleZone(double Dm, const double* friction, const ConeGeometry& g) {
  ConeTerms t;
  const double mu = g.mu, N = g.N, T = g.T;
  t.Dm = Dm;
  t.force[0] = -t.Dm * (N - mu * T) * mu;
  // In mj_constraintUpdate's order of operations (the 2.2.2 solver calls this too).
  for (int j = 0; j < g.nU; ++j) t.force[j + 1] = -t.force[0] / T * g.U[j] * friction[j];
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

/// A frictionloss row's cost at x (3.1): ½ D x² inside ±R fl, −½ R fl² ∓ fl x outside.
double FrictionCostAt(const BlockLine& b, double x) {
  if (-b.Rfl < x && x < b.Rfl) return 0.5 * b.D * x * x;
  return x <= -b.Rfl ? b.fl * (-0.5 * b.Rfl - x) : b.fl * (-0.5 * b.Rfl + x);
}

/// Which zone of a frictionloss row x is in: −1 linear negative, 0 quadratic, +1 linear positive.
int FrictionSide(const BlockLine& b, double x) {
  if (-b.Rfl < x && x < b.Rfl) return 0;
  return x <= -b.Rfl ? -1 : 1;
}

/// A frictionloss row's cost change from z₀ to x, factored when both ends share a zone.
double FrictionCostChange(const BlockLine& b, double x) {
  const int side0 = FrictionSide(b, b.z0), side = FrictionSide(b, x);
  if (side0 != side) return FrictionCostAt(b, x) - FrictionCostAt(b, b.z0);
  if (side == 0) return 0.5 * b.D * (x - b.z0) * (x + b.z0);
  return side < 0 ? b.fl * (b.z0 - x) : b.fl * (x - b.z0);
}

/// An elliptic block's cost at residuals z in a given zone (3.1): 0, Σ ½ D z², ½ Dm (N − μT)².
double EllipticCostAt(const BlockLine& b, const double* z, RowState zone) {
  if (zone == RowState::kQuadratic) {
    double cost = 0;
    for (int j = 0; j < b.size; ++j) cost += 0.5 * b.Drow[j] * z[j] * z[j];
    return cost;
  }
  if (zone != RowState::kCone) return 0;
  const ConeGeometry g = Geometry(b.mu, b.friction.data(), b.size, z);
  const double NT = g.N - g.mu * g.T;
  return 0.5 * b.Dm * NT * NT;
}

/// An elliptic block at z₀ + α v: its cost change from α = 0 (factored with the exact increment
/// when the zone is kept: ½ D αv (2z + αv) in the bottom zone; in the middle zone ½ Dm ΔNT
/// (2 NT + ΔNT) with ΔT = (2α U·W + α²‖W‖²)/(T₁ + T₀), W = S v), −f·v and vᵀ Hc v with the
/// middle zone's K = [[1, b Uᵀ], [b U, c U Uᵀ + e I]] (w = S v: w₀² + 2b w₀ (U·w') + c (U·w')² +
/// e ‖w'‖²).
LineTerms EllipticAlongLine(const BlockLine& b, double alpha) {
  LineTerms t;
  std::array<double, 6> z1{};
  for (int j = 0; j < b.size; ++j) z1[j] = b.z[j] + alpha * b.vz[j];
  const ConeGeometry g1 = Geometry(b.mu, b.friction.data(), b.size, z1.data());
  const RowState zone = ConeZone(g1);
  // The cost change.
  if (zone != b.state0) {
    t.cost = EllipticCostAt(b, z1.data(), zone) - EllipticCostAt(b, b.z.data(), b.state0);
  } else if (zone == RowState::kQuadratic) {
    for (int j = 0; j < b.size; ++j) {
      const double dz = alpha * b.vz[j];
      t.cost += 0.5 * b.Drow[j] * dz * (2 * b.z[j] + dz);
    }
  } else if (zone == RowState::kCone) {
    const ConeGeometry g = Geometry(b.mu, b.friction.data(), b.size, b.z.data());
    double UW = 0, WW = 0, T1sq = 0;
    for (int j = 0; j < g.nU; ++j) {
      const double W = b.friction[j] * b.vz[j + 1];
      UW += g.U[j] * W;
      WW += W * W;
      T1sq += (g.U[j] + alpha * W) * (g.U[j] + alpha * W);
    }
    const double T1 = std::sqrt(T1sq);
    const double dT = T1 + g.T > 0 ? (2 * alpha * UW + alpha * alpha * WW) / (T1 + g.T) : 0.0;
    const double dNT = g.mu * alpha * b.vz[0] - g.mu * dT;
    const double NT = g.N - g.mu * g.T;
    t.cost = 0.5 * b.Dm * dNT * (2 * NT + dNT);
  }
  // The slopes at α.
  if (zone == RowState::kQuadratic) {
    for (int j = 0; j < b.size; ++j) {
      t.d1 += b.Drow[j] * z1[j] * b.vz[j];
      t.d2 += b.Drow[j] * b.vz[j] * b.vz[j];
    }
  } else if (zone == RowState::kCone) {
    const ConeTerms k = MiddleZone(b.Dm, b.friction.data(), g1);
    const double w0 = g1.mu * b.vz[0];
    double Uw = 0, ww = 0, fv = k.force[0] * b.vz[0];
    for (int j = 0; j < g1.nU; ++j) {
      const double w = b.friction[j] * b.vz[j + 1];
      Uw += g1.U[j] * w;
      ww += w * w;
      fv += k.force[j + 1] * b.vz[j + 1];
    }
    t.d1 = -fv;
    t.d2 = k.Dm * (w0 * w0 + 2 * k.b * w0 * Uw + k.c * Uw * Uw + k.e * ww);
  }
  return t;
}

/// One block's line from its residuals z (z₀) and v = J s on its rows, written into b (only
/// the fields its kind reads).
void PrepareBlockLine(const Problem& problem, const ConstraintRows& rows, const Block& block,
                      const double* z, const double* v, BlockLine& b) {
  const int i = block.first;
  b.q0 = b.q1 = b.q2 = 0;
  for (int j = 0; j < block.size; ++j) {
    const double Dz = rows.D[i + j] * z[j];
    b.q0 += z[j] * Dz;
    b.q1 += v[j] * Dz;
    b.q2 += v[j] * rows.D[i + j] * v[j];
  }
  b.q0 *= 0.5;
  b.q2 *= 0.5;
  b.z0 = z[0];
  b.v = v[0];
  const RowKind kind = problem.kind[i];
  if (block.elliptic) {
    // The block's residuals, rates and weights, its cone (μ, μ_j, Dm) and its zone at α = 0.
    const Contact& c = problem.contacts[block.contact];
    b.kind = LineKind::kElliptic;
    b.size = block.size;
    for (int j = 0; j < block.size; ++j) {
      b.z[j] = z[j];
      b.vz[j] = v[j];
      b.Drow[j] = rows.D[i + j];
    }
    for (int j = 0; j + 1 < block.size; ++j) b.friction[j] = c.friction[j];
    b.mu = c.mu;
    b.Dm = ConeWeight(rows, block, c.mu);
    b.state0 = ConeZone(Geometry(b.mu, b.friction.data(), b.size, b.z.data()));
  } else if (kind == RowKind::kEquality) {
    b.kind = LineKind::kEquality;
  } else if (IsFriction(kind)) {
    b.kind = LineKind::kFriction;
    b.fl = problem.frictionloss[i];
    b.Rfl = problem.R[i] * b.fl;
    b.D = rows.D[i];
  } else {
    b.kind = LineKind::kInequality;
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
        const ConeTerms t = MiddleZone(ConeWeight(rows, block, g.mu), problem.contacts[block.contact].friction.data(), g);
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
  MultiplyJTranspose(ops, e.constraints.force, e.gradient);
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

void FormSearchImages(const Problem& problem, const ConstraintRows& rows,
                      const SparseOperators& ops, const core::VectorX& jar,
                      const core::VectorX& search, SearchImages& out) {
  MultiplyRows(ops.J, search, out.Js);
  MultiplyM(ops, search, out.Ms);
  out.blocks.resize(rows.blocks.size());
  for (size_t k = 0; k < rows.blocks.size(); ++k) {
    const int i = rows.blocks[k].first;
    PrepareBlockLine(problem, rows, rows.blocks[k], jar.data() + i, out.Js.data() + i,
                     out.blocks[k]);
  }
}

LineTerms CostAlongLine(const std::vector<BlockLine>& blocks, double g1, double g2,
                        double alpha) {
  LineTerms t;
  // The Gauss term and the blocks quadratic at α add their q's here, evaluated once at the end;
  // Q0 holds only the shift of blocks that were not quadratic at α = 0.
  double Q0 = 0, Q1 = g1, Q2 = g2;
  for (const BlockLine& b : blocks) {
    switch (b.kind) {
      case LineKind::kEquality:
        Q1 += b.q1;
        Q2 += b.q2;
        break;
      case LineKind::kFriction: {
        // Quadratic inside ±R fl (f = −D x), linear outside (f = ∓fl).
        const double x = b.z0 + alpha * b.v;
        t.cost += FrictionCostChange(b, x);
        const int side = FrictionSide(b, x);
        if (side == 0) {
          t.d1 += b.D * x * b.v;
          t.d2 += b.D * b.v * b.v;
        } else {
          t.d1 += side * b.fl * b.v;
        }
        break;
      }
      case LineKind::kInequality: {
        // Quadratic when x < 0; the cost at α = 0 (q0 when it was quadratic) is shifted out.
        const double cost0 = b.z0 < 0 ? b.q0 : 0;
        if (b.z0 + alpha * b.v < 0) {
          Q0 += b.q0 - cost0;
          Q1 += b.q1;
          Q2 += b.q2;
        } else {
          t.cost -= cost0;
        }
        break;
      }
      case LineKind::kElliptic: {
        const LineTerms e = EllipticAlongLine(b, alpha);
        t.cost += e.cost;
        t.d1 += e.d1;
        t.d2 += e.d2;
        break;
      }
    }
  }
  t.cost += alpha * alpha * Q2 + alpha * Q1 + Q0;
  t.d1 += 2 * alpha * Q2 + Q1;
  t.d2 += 2 * Q2;
  return t;
}

void StepPrimal(const Problem& problem, const ConstraintRows& rows, const SparseOperators& ops,
                double alpha, const core::VectorX& search, const SearchImages& images,
                PrimalEval& eval) {
  // a, jar = J a − aref and M(a − a₀) move along s, J s and M s.
  eval.qacc += alpha * search;
  eval.jar += alpha * images.Js;
  eval.Mda += alpha * images.Ms;
  // The row states and forces at the new jar (3.1).
  EvaluateConstraints(problem, rows, eval.jar, eval.constraints);
  // Gauss term ½ (a − a₀)ᵀ M (a − a₀), the cost, and g = M (a − a₀) − Jᵀ f(a).
  eval.gauss = 0;
  for (int i = 0; i < problem.nv; ++i) {
    eval.gauss += 0.5 * (eval.qacc[i] - problem.qacc_smooth[i]) * eval.Mda[i];
  }
  eval.cost = eval.gauss + eval.constraints.cost;
  MultiplyJTranspose(ops, eval.constraints.force, eval.gradient);
  eval.gradient = eval.Mda - eval.gradient;
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
