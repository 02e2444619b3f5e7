// MJ-solvers §6 — NoSlip (MuJoCo engine_solver.c: mj_solNoSlip), from the course's description.
#include "reference/mujoco/noslip.h"

#include <algorithm>

#include "reference/mujoco/constants.h"
#include "reference/mujoco/pgs.h"

namespace simatlas::mujoco {

namespace {

bool IsFrictionLoss(RowKind kind) {
  return kind == RowKind::kFrictionDof || kind == RowKind::kFrictionTendon;
}

/// Frictionloss row i: 1-D step with 1/max(1e-15, AR_ii − R_i), clipped to ±fl. Returns the
/// cost change ½ A_ii δ² + δ res.
double FrictionLossStep(const Problem& problem, const DualProblem& dual, int i,
                        core::VectorX& f) {
  const core::MatrixX& A = dual.A;
  const double res = A.row(i).dot(f) + dual.b[i];
  const double old = f[i];
  f[i] = std::clamp(f[i] - res / std::max(kMinVal, A(i, i)), -problem.frictionloss[i],
                    problem.frictionloss[i]);
  return 0.5 * A(i, i) * (f[i] - old) * (f[i] - old) + (f[i] - old) * res;
}

/// Elliptic block: the normal fixed, the friction QCQP in A's friction block. Returns the cost
/// change (DualCostChange); 0 without a normal force.
double EllipticStep(const Problem& problem, const DualProblem& dual, const Block& block,
                    core::VectorX& f) {
  const core::MatrixX& A = dual.A;
  const int i = block.first, n = block.size;
  if (f[i] <= 0) return 0;
  const core::VectorX res = A.middleRows(i + 1, n - 1) * f + dual.b.segment(i + 1, n - 1);
  const core::MatrixX Aff = A.block(i + 1, i + 1, n - 1, n - 1);
  const core::VectorX old = f.segment(i + 1, n - 1);
  const core::VectorX c = res - Aff * old;
  const Contact& con = problem.contacts[block.contact];
  core::VectorX mu(n - 1);
  for (int j = 0; j < n - 1; ++j) mu[j] = con.friction[j];
  f.segment(i + 1, n - 1) = SolveFrictionQCQP(Aff, c, mu, f[i]);
  return DualCostChange(A.block(i + 1, i + 1, n - 1, n - 1), f.segment(i + 1, n - 1) - old, res);
}

/// Pyramidal edge row i: with its partner i + 1 (an opposing edge pair (2j, 2j+1) of a
/// contact), a move along (+1, −1) that keeps the pair's sum and both edges ≥ 0. Returns the
/// cost change; the odd row of a pair and a flat pair (curvature < 1e-15) change nothing.
double PyramidPairStep(const Problem& problem, const DualProblem& dual, int i,
                       core::VectorX& f) {
  const core::MatrixX& A = dual.A;
  const Contact& con = problem.contacts[problem.contact[i]];
  if ((i - con.efc_address) % 2 != 0) return 0;  // handled with its partner
  const int p = i, q = i + 1;
  const double res_p = A.row(p).dot(f) + dual.b[p];
  const double res_q = A.row(q).dot(f) + dual.b[q];
  const double curvature = A(p, p) + A(q, q) - 2 * A(p, q);
  if (curvature < kMinVal) return 0;
  // δ = −(res_p − res_q)/curvature, edges kept ≥ 0.
  const double delta = std::clamp(-(res_p - res_q) / curvature, -f[p], f[q]);
  f[p] += delta;
  f[q] -= delta;
  return 0.5 * curvature * delta * delta + delta * (res_p - res_q);
}

/// One NoSlip sweep over the blocks in row order; returns Σ of the cost changes.
double NoSlipSweep(const Problem& problem, const DualProblem& dual,
                   const std::vector<Block>& blocks, core::VectorX& f) {
  double change_sum = 0;
  for (const Block& block : blocks) {
    const int i = block.first;
    const RowKind kind = problem.kind[i];
    if (IsFrictionLoss(kind)) {
      change_sum += FrictionLossStep(problem, dual, i, f);
    } else if (block.elliptic) {
      change_sum += EllipticStep(problem, dual, block, f);
    } else if (kind == RowKind::kContactPyramidal) {
      change_sum += PyramidPairStep(problem, dual, i, f);
    }
  }
  return change_sum;
}

}  // namespace

void RunNoSlip(const Problem& problem, const DualProblem& dual, double scale,
               SolveResult& result) {
  // Off, or nothing to adjust.
  const Options& opt = problem.opt;
  if (opt.noslip_iterations <= 0 || problem.nefc() == 0) return;

  // The blocks in row order; the forces of the main solve are adjusted in place.
  const std::vector<Block> blocks = MakeBlocks(problem);
  core::VectorX& f = result.efc_force;
  for (int iter = 0; iter < opt.noslip_iterations; ++iter) {
    // One sweep over frictionloss and contact-friction rows (§6), its scaled improvement.
    IterationStats stats;
    stats.improvement = -scale * NoSlipSweep(problem, dual, blocks, f);
    stats.nactive = static_cast<int>((f.array() != 0).count());
    result.stats.push_back(stats);
    ++result.noslip_iterations;

    // §5 row "NoSlip": its own improvement below noslip_tolerance.
    if (stats.improvement < opt.noslip_tolerance) break;
  }

  // a = a₀ + M⁻¹Jᵀf with the adjusted forces.
  result.qacc = QaccFromForce(problem, dual, f);
}

}  // namespace simatlas::mujoco
