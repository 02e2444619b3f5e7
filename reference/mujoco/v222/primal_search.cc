// MJ-solvers §4 "PrimalSearch" — the MuJoCo 2.2.2 line search (engine_solver.c: CGprepare,
// CGeval, CGsearch and updateBracket, read at tag 2.2.2), written from that reading in the
// project's own terms.
#include "reference/mujoco/v222/primal_search.h"

#include <array>
#include <cmath>

#include "reference/mujoco/constants.h"
#include "reference/mujoco/sparse_rows.h"

namespace simatlas::mujoco::v222 {

PrimalLine::PrimalLine(const LineData& data) : data_(data) {
  const Problem& problem = data.problem;
  const std::vector<Block>& blocks = data.rows.blocks;
  const core::VectorX& D = data.rows.D;
  const core::VectorX& jar = data.jar;
  const core::VectorX& Jv = data.Jv;
  terms_.resize(blocks.size());
  for (size_t k = 0; k < blocks.size(); ++k) {
    const Block& b = blocks[k];
    LineRowTerms& t = terms_[k];
    // ½ D z², D z v, ½ D v² summed over the block's rows (D = 1/R).
    for (int j = 0; j < b.size; ++j) {
      const int i = b.first + j;
      const double Dz = D[i] * jar[i];
      t.quad[0] += 0.5 * jar[i] * Dz;
      t.quad[1] += Jv[i] * Dz;
      t.quad[2] += 0.5 * Jv[i] * D[i] * Jv[i];
    }
    if (!b.elliptic) continue;
    // Elliptic: the cone made circular, U = (μ z₀, μ_j z_j), V likewise for v.
    const Contact& c = problem.contacts[b.contact];
    t.U0 = jar[b.first] * c.mu;
    t.V0 = Jv[b.first] * c.mu;
    for (int j = 1; j < b.size; ++j) {
      const double U = jar[b.first + j] * c.friction[j - 1];
      const double V = Jv[b.first + j] * c.friction[j - 1];
      t.UU += U * U;
      t.UV += U * V;
      t.VV += V * V;
    }
    t.Dm = ConeWeight(data.rows, b, c.mu);
  }
}

LinePoint PrimalLine::Evaluate(double alpha) const {
  const Problem& problem = data_.problem;
  const std::vector<Block>& blocks = data_.rows.blocks;
  const core::VectorX& jar = data_.jar;
  const core::VectorX& Js_ = data_.Jv;
  std::array<double, 3> total = data_.gauss;
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
      const double mu = problem.contacts[b.contact].mu;
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
    const double x = jar[i] + alpha * Js_[i];
    switch (ScalarRowState(problem, i, x)) {
      case RowState::kQuadratic: add(t.quad); break;
      case RowState::kLinearNeg: {
        // f = +fl: fl (−½ R fl − z) − fl v α.
        const double fl = problem.frictionloss[i], Rf = problem.R[i] * fl;
        add({fl * (-0.5 * Rf - jar[i]), -fl * Js_[i], 0});
        break;
      }
      case RowState::kLinearPos: {
        const double fl = problem.frictionloss[i], Rf = problem.R[i] * fl;
        add({fl * (-0.5 * Rf + jar[i]), fl * Js_[i], 0});
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

namespace {

/// The 1-D Newton point of p: α − cost'/cost''.
double NewtonAlpha(const LinePoint& p) { return p.alpha - p.d1 / p.d2; }

/// Moves one bracket end to every candidate whose derivative has the end's sign and a smaller
/// magnitude (candidates visited in order), then evaluates the end's new Newton point. Returns
/// whether the end moved.
bool TightenEnd(const PrimalLine& line, const std::array<LinePoint, 3>& candidates,
                LinePoint& end, LinePoint& end_next, int& neval) {
  bool moved = false;
  for (const LinePoint& c : candidates) {
    const bool closer_below = end.d1 < 0 && c.d1 < 0 && end.d1 < c.d1;
    const bool closer_above = end.d1 > 0 && c.d1 > 0 && end.d1 > c.d1;
    if (closer_below || closer_above) {
      end = c;
      moved = true;
    }
  }
  if (moved) {
    end_next = line.Evaluate(NewtonAlpha(end));
    ++neval;
  }
  return moved;
}

}  // namespace

LineSearchResult SearchLine(const PrimalLine& line, double gtol, int budget) {
  LineSearchResult out;
  int& neval = out.neval;
  auto evaluate = [&](double alpha) {
    ++neval;
    return line.Evaluate(alpha);
  };
  const LinePoint p0 = evaluate(0);
  // The accepted point, its cost reported as the change from α = 0.
  auto accept = [&](const LinePoint& p) {
    out.point = p;
    out.point.cost = p.cost - p0.cost;
    return out;
  };
  out.slope0 = p0.d1;
  out.point = p0;
  out.point.cost = 0;
  // One Newton step from 0, replaced by α = 0 when it raised the cost.
  LinePoint p1 = evaluate(NewtonAlpha(p0));
  if (p0.cost < p1.cost) p1 = p0;
  if (std::abs(p1.d1) < gtol) return accept(p1);
  // One-sided Newton steps in the direction the derivative points, keeping the previous point.
  const double dir = p1.d1 < 0 ? 1 : -1;
  LinePoint p2;
  bool p2_set = false;
  while (p1.d1 * dir <= -gtol && neval < budget) {
    p2 = p1;
    p2_set = true;
    p1 = evaluate(NewtonAlpha(p1));
    if (std::abs(p1.d1) < gtol) return accept(p1);
  }
  // Out of budget before bracketing, or no second point: the last point as it is.
  if (neval >= budget || !p2_set) return accept(p1);
  // Bracket [p1, p2], each end with its Newton candidate.
  LinePoint p2_next = p1;
  LinePoint p1_next = evaluate(NewtonAlpha(p1));
  while (neval < budget) {
    const LinePoint mid = evaluate(0.5 * (p1.alpha + p2.alpha));
    const std::array<LinePoint, 3> candidates = {p1_next, p2_next, mid};
    // A converged candidate ends the search: the cheapest of them (first on ties).
    const LinePoint* best = nullptr;
    for (const LinePoint& c : candidates) {
      if (std::abs(c.d1) < gtol && (best == nullptr || c.cost < best->cost)) best = &c;
    }
    if (best != nullptr) return accept(*best);
    const bool moved1 = TightenEnd(line, candidates, p1, p1_next, neval);
    const bool moved2 = TightenEnd(line, candidates, p2, p2_next, neval);
    // Neither end moved: as accurate as doubles allow, the midpoint whatever its cost.
    if (!moved1 && !moved2) return accept(mid);
  }
  // Budget spent inside the bracket: the cheaper end if it lowers the cost, else no step.
  if (p1.cost <= p2.cost && p1.cost < p0.cost) return accept(p1);
  if (p2.cost <= p1.cost && p2.cost < p0.cost) return accept(p2);
  return accept(p0);
}

LineSearchResult PrimalSearch(const LineInputs& in, double search_norm, double scale,
                                 const Options& opt) {
  // A vanishing search vector: no step, nothing evaluated.
  if (search_norm < kMinVal) return {};
  // Gauss: cost at α = 0, sᵀM(a − a₀), ½ sᵀMs (J s and M s from the loop's images).
  const LineData data{in.problem, in.rows, in.at.jar, in.images.Js,
                      {in.at.gauss, in.search.dot(in.at.Mda), 0.5 * in.search.dot(in.images.Ms)}};
  const PrimalLine line(data);
  return SearchLine(line, opt.tolerance * opt.ls_tolerance * search_norm / scale,
                       opt.ls_iterations);
}

}  // namespace simatlas::mujoco::v222
