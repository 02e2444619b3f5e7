// MJ-solvers §6 — NoSlip (MuJoCo engine_solver.c: mj_solNoSlip), from the course's description.
#include "reference/mujoco/noslip.h"

#include <algorithm>

#include "reference/mujoco/impedance.h"
#include "reference/mujoco/pgs.h"

namespace simatlas::mujoco {

namespace {

/// ½ δᵀ A δ + δᵀ res for rows [i, i + n) (A without R).
double Change(const core::MatrixX& A, int i, int n, const core::VectorX& delta,
              const core::VectorX& res) {
  return 0.5 * delta.dot(A.block(i, i, n, n) * delta) + delta.dot(res);
}

}  // namespace

void RunNoSlip(const Problem& problem, const DualProblem& dual, double scale,
               SolveResult& result) {
  const Options& opt = problem.opt;
  if (opt.noslip_iterations <= 0 || problem.nefc() == 0) return;
  const core::MatrixX& A = dual.A;  // the residual without R
  core::VectorX& f = result.efc_force;
  const std::vector<Block> blocks = MakeBlocks(problem);
  for (int iter = 0; iter < opt.noslip_iterations; ++iter) {
    double change_sum = 0;
    for (const Block& block : blocks) {
      const int i = block.first;
      const RowKind kind = problem.kind[i];
      if (kind == RowKind::kFrictionDof || kind == RowKind::kFrictionTendon) {
        // Frictionloss row: 1-D step with 1/max(1e-15, AR_ii − R_i), clip to ±fl.
        const double res = A.row(i).dot(f) + dual.b[i];
        const double old = f[i];
        f[i] = std::clamp(f[i] - res / std::max(kMinVal, A(i, i)), -problem.frictionloss[i],
                          problem.frictionloss[i]);
        change_sum += 0.5 * A(i, i) * (f[i] - old) * (f[i] - old) + (f[i] - old) * res;
      } else if (block.elliptic) {
        // Elliptic: normal fixed, friction QCQP in A's friction block.
        const int n = block.size;
        if (f[i] <= 0) continue;
        const core::VectorX res = A.middleRows(i + 1, n - 1) * f + dual.b.segment(i + 1, n - 1);
        const core::MatrixX Aff = A.block(i + 1, i + 1, n - 1, n - 1);
        const core::VectorX old = f.segment(i + 1, n - 1);
        const core::VectorX c = res - Aff * old;
        const Contact& con = problem.contacts[block.contact];
        core::VectorX mu(n - 1);
        for (int j = 0; j < n - 1; ++j) mu[j] = con.friction[j];
        f.segment(i + 1, n - 1) = SolveFrictionQCQP(Aff, c, mu, f[i]);
        change_sum += Change(A, i + 1, n - 1, f.segment(i + 1, n - 1) - old, res);
      } else if (kind == RowKind::kContactPyramidal) {
        // Pyramidal: each opposing edge pair (2j, 2j+1) of a contact, sum kept.
        const Contact& con = problem.contacts[problem.contact[i]];
        const int local = i - con.efc_address;
        if (local % 2 != 0) continue;  // handled with its partner
        const int p = i, q = i + 1;
        const double res_p = A.row(p).dot(f) + dual.b[p];
        const double res_q = A.row(q).dot(f) + dual.b[q];
        const double curvature = A(p, p) + A(q, q) - 2 * A(p, q);
        if (curvature < kMinVal) continue;
        // Move along (+1, −1): δ = −(res_p − res_q)/curvature, edges kept ≥ 0.
        const double delta = std::clamp(-(res_p - res_q) / curvature, -f[p], f[q]);
        f[p] += delta;
        f[q] -= delta;
        change_sum += 0.5 * curvature * delta * delta + delta * (res_p - res_q);
      }
    }
    IterationStats stats;
    stats.improvement = -scale * change_sum;
    stats.nactive = static_cast<int>((f.array() != 0).count());
    result.stats.push_back(stats);
    ++result.noslip_iterations;
    if (stats.improvement < opt.noslip_tolerance) break;
  }
  result.qacc = QaccFromForce(problem, dual, f);
}

}  // namespace simatlas::mujoco
