// MJ-solvers §3–§4 — the primal cost along a search line (formula sheet (3.1), (3.2)); MuJoCo
// 3.x engine_solver.c: PrimalPrepare, PrimalEval, frictionCostDif. Written from the course's
// description.
#include "reference/mujoco/primal_line.h"

#include <array>
#include <cmath>

#include "reference/mujoco/constants.h"

namespace simatlas::mujoco {

namespace {

bool IsFriction(RowKind kind) {
  return kind == RowKind::kFrictionDof || kind == RowKind::kFrictionTendon;
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
  const ConeGeometry g = MakeConeGeometry(b.mu, b.friction.data(), b.size, z);
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
  const ConeGeometry g1 = MakeConeGeometry(b.mu, b.friction.data(), b.size, z1.data());
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
    const ConeGeometry g = MakeConeGeometry(b.mu, b.friction.data(), b.size, b.z.data());
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
    b.state0 = ConeZone(MakeConeGeometry(b.mu, b.friction.data(), b.size, b.z.data()));
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

void PrepareBlockLines(const Problem& problem, const ConstraintRows& rows, const core::VectorX& jar,
                       const core::VectorX& Js, std::vector<BlockLine>& out) {
  out.resize(rows.blocks.size());
  for (size_t k = 0; k < rows.blocks.size(); ++k) {
    const int i = rows.blocks[k].first;
    PrepareBlockLine(problem, rows, rows.blocks[k], jar.data() + i, Js.data() + i, out[k]);
  }
}

LineTerms CostAlongLine(const std::vector<BlockLine>& blocks, double g1, double g2, double alpha) {
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

PrimalLine::PrimalLine(const Problem& problem, const ConstraintRows& rows)
    : problem_(problem), rows_(rows) {}

void PrimalLine::Prepare(const core::VectorX& jar, const core::VectorX& Js,
                         const GaussLine& gauss) {
  // The Gauss term along s relative to α = 0: α sᵀM(a − a₀) + α² ½ sᵀMs.
  gauss1_ = gauss[1];
  gauss2_ = gauss[2];
  PrepareBlockLines(problem_, rows_, jar, Js, blocks_);
}

LinePoint PrimalLine::Evaluate(double alpha) const {
  LinePoint p;
  p.alpha = alpha;
  // The Gauss part and each block by its state at α (MuJoCo 3.x engine_solver.c: PrimalEval).
  const LineTerms c = CostAlongLine(blocks_, gauss1_, gauss2_, alpha);
  p.cost = c.cost;
  p.d1 = c.d1;
  p.d2 = c.d2;
  if (p.d2 <= 0) p.d2 = kMinVal;
  return p;
}

}  // namespace simatlas::mujoco
