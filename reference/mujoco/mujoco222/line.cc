// MJ-solvers §4 "PrimalSearch", 2.2.2 column — the line's cost in MuJoCo 2.2.2's sums
// (engine_solver.c: CGprepare and CGeval, read at tag 2.2.2), written from that reading in the
// project's own terms.
#include "reference/mujoco/mujoco222/line.h"

#include <cmath>

#include "reference/mujoco/constants.h"

namespace simatlas::mujoco::mujoco222 {

Line::Line(const Problem& problem, const ConstraintRows& rows) : problem_(problem), rows_(rows) {}

void Line::Prepare(const core::VectorX& jar, const core::VectorX& Js, const GaussLine& gauss) {
  gauss_ = gauss;
  const std::vector<Block>& blocks = rows_.blocks;
  const core::VectorX& D = rows_.D;
  terms_.assign(blocks.size(), LineRowTerms{});
  for (size_t k = 0; k < blocks.size(); ++k) {
    const Block& b = blocks[k];
    LineRowTerms& t = terms_[k];
    t.z0 = jar[b.first];
    t.v = Js[b.first];
    // ½ D z², D z v, ½ D v² summed over the block's rows (D = 1/R).
    for (int j = 0; j < b.size; ++j) {
      const int i = b.first + j;
      const double Dz = D[i] * jar[i];
      t.quad[0] += 0.5 * jar[i] * Dz;
      t.quad[1] += Js[i] * Dz;
      t.quad[2] += 0.5 * Js[i] * D[i] * Js[i];
    }
    if (!b.elliptic) continue;
    // Elliptic: the cone made circular, U = (μ z₀, μ_j z_j), V likewise for v.
    const Contact& c = problem_.contacts[b.contact];
    t.U0 = jar[b.first] * c.mu;
    t.V0 = Js[b.first] * c.mu;
    for (int j = 1; j < b.size; ++j) {
      const double U = jar[b.first + j] * c.friction[j - 1];
      const double V = Js[b.first + j] * c.friction[j - 1];
      t.UU += U * U;
      t.UV += U * V;
      t.VV += V * V;
    }
    t.Dm = ConeWeight(rows_, b, c.mu);
  }
}

LinePoint Line::Evaluate(double alpha) const {
  const std::vector<Block>& blocks = rows_.blocks;
  std::array<double, 3> total = gauss_;
  auto add = [&total](const std::array<double, 3>& q) {
    for (int k = 0; k < 3; ++k) total[k] += q[k];
  };
  double cost = 0, d1 = 0, d2 = 0;
  for (size_t k = 0; k < blocks.size(); ++k) {
    const Block& b = blocks[k];
    const LineRowTerms& t = terms_[k];
    const int i = b.first;
    if (b.elliptic) {
      // Zones from N = U₀ + αV₀ and T² = UU + α(2UV + αVV): top adds nothing, bottom its
      // polynomial, middle ½ Dm (N − μT)² and its derivatives.
      const double mu = problem_.contacts[b.contact].mu;
      const double N = t.U0 + alpha * t.V0;
      const double T2 = t.UU + alpha * (2 * t.UV + alpha * t.VV);
      if (T2 <= 0) {
        if (N < 0) add(t.quad);
        continue;
      }
      const double T = std::sqrt(T2);
      if (N >= mu * T) continue;
      if (mu * N + T <= 0) {
        add(t.quad);
        continue;
      }
      const double N1 = t.V0, T1 = (t.UV + alpha * t.VV) / T;
      const double T_2 = t.VV / T - (t.UV + alpha * t.VV) * T1 / (T * T);
      const double NT = N - mu * T, NT1 = N1 - mu * T1;
      cost += 0.5 * t.Dm * NT * NT;
      d1 += t.Dm * NT * NT1;
      d2 += t.Dm * (NT1 * NT1 + NT * (-mu * T_2));
      continue;
    }
    const double x = t.z0 + alpha * t.v;
    switch (ScalarRowState(problem_, i, x)) {
      case RowState::kQuadratic: add(t.quad); break;
      case RowState::kLinearNeg: {
        // f = +fl: fl (−½ R fl − z) − fl v α.
        const double fl = problem_.frictionloss[i], Rf = problem_.R[i] * fl;
        add({fl * (-0.5 * Rf - t.z0), -fl * t.v, 0});
        break;
      }
      case RowState::kLinearPos: {
        const double fl = problem_.frictionloss[i], Rf = problem_.R[i] * fl;
        add({fl * (-0.5 * Rf + t.z0), fl * t.v, 0});
        break;
      }
      default: break;
    }
  }
  LinePoint p;
  p.alpha = alpha;
  // CGeval's order: the middle-zone sums plus the whole polynomial at α.
  p.cost = cost + (alpha * alpha * total[2] + alpha * total[1] + total[0]);
  p.d1 = d1 + (2 * alpha * total[2] + total[1]);
  p.d2 = d2 + 2 * total[2];
  if (p.d2 <= 0) p.d2 = kMinVal;
  return p;
}

std::unique_ptr<PrimalLineCost> MakeLine(const Problem& problem, const ConstraintRows& rows) {
  return std::make_unique<Line>(problem, rows);
}

}  // namespace simatlas::mujoco::mujoco222
