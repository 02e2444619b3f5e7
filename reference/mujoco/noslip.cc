// MJ-solvers §6 — NoSlip, as MuJoCo's engine_solver.c does it: mj_solNoSlip at tag 2.2.2, and
// solNoSlip (with mj_solNoSlip / mj_solNoSlip_island) at MuJoCo's head (commit a7255075 of
// 2026-08-22, mjVERSION_HEADER 3012001; no 3.15.0 tag was in the snapshot read). The two
// sweeps are the same computation; what the head adds is the per-island call (engine_forward.c:
// mj_fwdConstraint runs NoSlip island by island when islands are on, each island's statistics
// after its own main solve's) and the helpers it factored out (solveQCQP, dualStateChange).
// The live MuJoCo 3.15.0 wheel confirms the port (oracle/mujoco315/noslip_oracle_test.cc).
// Written from reading those functions, in the reference's own terms.
#include "reference/mujoco/noslip.h"

#include <algorithm>

#include "reference/mujoco/constants.h"
#include "reference/mujoco/pgs.h"

namespace simatlas::mujoco {

namespace {

/// MuJoCo's costChange undo threshold (engine_solver.c: costChange): a block update that raises
/// the cost by more than this is undone.
constexpr double kUndoThreshold = 1e-10;
/// extractBlock's floor for a diagonal entry of A = AR − R (engine_solver.c: extractBlock with
/// flg_subR).
constexpr double kBlockDiagonalFloor = 1e-10;

bool IsFrictionLoss(RowKind kind) {
  return kind == RowKind::kFrictionDof || kind == RowKind::kFrictionTendon;
}

/// Rows first … first+n−1 of the residual without R: (AR f + b)_i − R_i f_i (engine_solver.c:
/// residual with flg_subR).
template <int N>
Eigen::Matrix<double, N, 1> ResidualWithoutR(const Problem& problem, const DualProblem& dual,
                                             int first, const core::VectorX& f) {
  Eigen::Matrix<double, N, 1> res;
  for (int j = 0; j < N; ++j) {
    res[j] = DualResidual(dual, first + j, f) - problem.R[first + j] * f[first + j];
  }
  return res;
}

/// AR's diagonal block at rows first … first+N−1 with R taken off its diagonal, each diagonal
/// entry at least 1e-10 (engine_solver.c: extractBlock with flg_subR).
template <int N>
Eigen::Matrix<double, N, N> BlockWithoutR(const Problem& problem, const DualProblem& dual,
                                          int first) {
  Eigen::Matrix<double, N, N> Ac = dual.AR.block<N, N>(first, first);
  for (int j = 0; j < N; ++j) {
    Ac(j, j) = std::max(kBlockDiagonalFloor, Ac(j, j) - problem.R[first + j]);
  }
  return Ac;
}

/// ½ δᵀAc δ + δᵀres for the move old → f of n rows at `first`; a change above 1e-10 puts the
/// old forces back and counts 0 (engine_solver.c: costChange). Returns the change kept.
template <int N>
double KeptCostChange(const Eigen::Matrix<double, N, N>& Ac, const Eigen::Matrix<double, N, 1>& old,
                      const Eigen::Matrix<double, N, 1>& res, int first, core::VectorX& f) {
  const Eigen::Matrix<double, N, 1> delta = f.segment<N>(first) - old;
  const double change = DualCostChange(Ac, delta, res);
  if (change <= kUndoThreshold) return change;
  f.segment<N>(first) = old;
  return 0;
}

/// Frictionloss row i: f_i ← clamp(f_i − res_i / A_ii, ±fl) with A_ii = max(1e-15, AR_ii − R_i)
/// (ARdiaginv with flg_subR); its change ½ δ² A_ii + δ res is counted as it is, never undone
/// (mj_solNoSlip's "dry friction" sweep). Returns the change.
double FrictionLossStep(const Problem& problem, const DualProblem& dual, int i, core::VectorX& f) {
  const double a_inverse = 1 / std::max(kMinVal, dual.AR(i, i) - problem.R[i]);
  const double res = ResidualWithoutR<1>(problem, dual, i, f)[0];
  const double old = f[i];
  f[i] = std::clamp(f[i] - res * a_inverse, -problem.frictionloss[i], problem.frictionloss[i]);
  const double delta = f[i] - old;
  return 0.5 * delta * delta / a_inverse + delta * res;
}

/// Pyramidal edges p = first, q = first + 1 (an opposing pair): their sum 2·mid is kept and
/// f_p = mid + y, f_q = mid − y with y minimising ½ fᵀA f + fᵀ(res − A f_old) over y ∈ [−mid,
/// mid]: y = −K0/K1, K1 = A_pp + A_qq − A_pq − A_qp, K0 = mid (A_pp − A_qq) + c_p − c_q with
/// c = res − A_pair f_old. A flat pair (K1 < 1e-15) gets both edges at mid. Returns the kept
/// cost change (mj_solNoSlip, pyramidal contact).
double PyramidPairStep(const Problem& problem, const DualProblem& dual, int first,
                       core::VectorX& f) {
  const Eigen::Vector2d res = ResidualWithoutR<2>(problem, dual, first, f);
  const Eigen::Vector2d old = f.segment<2>(first);
  const Eigen::Matrix2d Ac = BlockWithoutR<2>(problem, dual, first);
  const Eigen::Vector2d c = res - Ac * old;
  const double mid = 0.5 * (old[0] + old[1]);
  const double K1 = Ac(0, 0) + Ac(1, 1) - Ac(0, 1) - Ac(1, 0);
  const double K0 = mid * (Ac(0, 0) - Ac(1, 1)) + c[0] - c[1];
  if (K1 < kMinVal) {
    f[first] = f[first + 1] = mid;
  } else {
    // The unconstrained y, then its clamp to [−mid, mid] with the ends assigned exactly.
    const double y = -K0 / K1;
    if (y < -mid) {
      f[first] = 0;
      f[first + 1] = 2 * mid;
    } else if (y > mid) {
      f[first] = 2 * mid;
      f[first + 1] = 0;
    } else {
      f[first] = mid + y;
      f[first + 1] = mid - y;
    }
  }
  return KeptCostChange<2>(Ac, old, res, first, f);
}

/// Elliptic contact of N rows at `first`: the normal f₀ held, the friction rows minimise
/// ½ xᵀAc x + xᵀ(res − Ac x_old) over Σ(x_j/μ_j)² ≤ f₀² (SolveFrictionQCQP, put on the
/// ellipse when active, as solveQCQP / 2.2.2's inline copy); no normal force (f₀ < 1e-15): no
/// friction. Returns the kept cost change (mj_solNoSlip, elliptic contact).
template <int N>
double EllipticStep(const Problem& problem, const DualProblem& dual, const Block& block,
                    core::VectorX& f) {
  constexpr int M = N - 1;
  using Friction = Eigen::Matrix<double, M, 1>;
  const int t = block.first + 1;  // the first friction row
  const Friction res = ResidualWithoutR<M>(problem, dual, t, f);
  const Friction old = f.segment<M>(t);
  const Eigen::Matrix<double, M, M> Ac = BlockWithoutR<M>(problem, dual, t);
  if (f[block.first] < kMinVal) {
    f.segment<M>(t).setZero();
  } else {
    const Friction c = res - Ac * old;
    const Friction mu = Eigen::Map<const Friction>(problem.contacts[block.contact].friction.data());
    f.segment<M>(t) = SolveFrictionQCQP<M>(Ac, c, mu, f[block.first]);
  }
  return KeptCostChange<M>(Ac, old, res, t, f);
}

/// One NoSlip sweep: every frictionloss row, then every contact in row order (each opposing
/// pyramid pair, each elliptic block's friction rows). Returns Σ of the changes (≤ 0 but for
/// round-off in the frictionloss rows).
double NoSlipSweep(const Problem& problem, const DualProblem& dual,
                   const std::vector<Block>& blocks, core::VectorX& f) {
  double change_sum = 0;
  for (const Block& block : blocks) {
    if (IsFrictionLoss(problem.kind[block.first])) {
      change_sum += FrictionLossStep(problem, dual, block.first, f);
    }
  }
  for (const Block& block : blocks) {
    const int i = block.first;
    if (block.elliptic) {
      switch (block.size) {
        case 3: change_sum += EllipticStep<3>(problem, dual, block, f); break;
        case 4: change_sum += EllipticStep<4>(problem, dual, block, f); break;
        case 6: change_sum += EllipticStep<6>(problem, dual, block, f); break;
        default: break;  // condim 1 has no friction rows (ValidateProblem allows 3, 4, 6)
      }
    } else if (problem.kind[i] == RowKind::kContactPyramidal &&
               (i - problem.contacts[problem.contact[i]].efc_address) % 2 == 0) {
      change_sum += PyramidPairStep(problem, dual, i, f);  // the pair's odd row goes with it
    }
  }
  return change_sum;
}

}  // namespace

void RunNoSlip(const Problem& problem, const DualProblem& dual, double scale, SolveResult& result) {
  // Off, or nothing to adjust.
  const Options& opt = problem.opt;
  if (opt.noslip_iterations <= 0 || problem.nefc() == 0) return;

  // The blocks in row order and the dual states of the main solve's forces (dualState).
  const std::vector<Block> blocks = MakeBlocks(problem);
  core::VectorX& f = result.efc_force;
  std::vector<RowState> state, before;
  DualStates(problem, blocks, f, state);
  for (int iter = 0; iter < opt.noslip_iterations; ++iter) {
    // The first sweep also counts ½ Σ R_i f_i²: NoSlip's cost drops R, so the main solve's
    // regularisation term is counted as improvement once ("correct for cost change at iter 0").
    double improvement = 0;
    if (iter == 0) {
      for (int i = 0; i < problem.nefc(); ++i) improvement += 0.5 * f[i] * f[i] * problem.R[i];
    }
    improvement -= NoSlipSweep(problem, dual, blocks, f);

    // Statistics: the scaled improvement, the dual states' nactive and nchange
    // (dualStateChange), appended after the main solver's.
    before = state;
    IterationStats stats;
    stats.nactive = DualStates(problem, blocks, f, state);
    for (size_t i = 0; i < state.size(); ++i) stats.nchange += state[i] != before[i] ? 1 : 0;
    stats.improvement = scale * improvement;
    result.stats.push_back(stats);
    ++result.noslip_iterations;

    // §5 row "NoSlip": its own improvement below noslip_tolerance.
    if (stats.improvement < opt.noslip_tolerance) break;
  }

  // a = a₀ + M⁻¹Jᵀf with the adjusted forces (dualFinish).
  result.qacc = QaccFromForce(problem, dual, f);
}

}  // namespace simatlas::mujoco
