// MJ-solvers §4 — PGS (formula sheet §4 "PGS"); MuJoCo engine_solver.c: mj_solPGS,
// engine_util_solve.c: mju_QCQP2/3/N. Written from the course's description, not MuJoCo's code.
#include "reference/mujoco/pgs.h"

#include <algorithm>
#include <cmath>

#include "reference/core/errors.h"
#include "reference/mujoco/impedance.h"
#include "reference/mujoco/primal.h"

namespace simatlas::mujoco {

namespace {

constexpr double kUndoThreshold = 1e-10;  // a block update raising the cost more than this is undone
constexpr int kQCQPIterations = 20;
constexpr double kQCQPTolerance = 1e-10;

/// Cost change of moving block rows by delta: ½ δᵀ AR δ + δᵀ res.
double CostChange(const DualProblem& dual, const Block& block, const core::VectorX& delta,
                  const core::VectorX& res) {
  const auto A = dual.AR.block(block.first, block.first, block.size, block.size);
  return 0.5 * delta.dot(A * delta) + delta.dot(res);
}

/// The block's residual (AR f + b) on its rows. AR is symmetric (MakeDual symmetrises it), so
/// row i is read as the contiguous column i; on the sparse path from AR's sparse rows.
core::VectorX BlockResidual(const DualProblem& dual, const Block& block, const core::VectorX& f) {
  if (dual.sparse_rows) {
    core::VectorX res(block.size);
    for (int j = 0; j < block.size; ++j) res[j] = DualResidual(dual, block.first + j, f);
    return res;
  }
  return dual.AR.middleCols(block.first, block.size).transpose() * f +
         dual.b.segment(block.first, block.size);
}

/// One scalar row: f_i ← f_i − (AR f + b)_i / AR_ii, then the projection of its set; an update
/// raising the cost ½ δ² AR_ii + δ res by more than 1e-10 is undone. Returns the cost change.
/// O(nefc) and nothing allocated (MuJoCo engine_solver.c: mj_solPGS, scalar rows).
double UpdateScalar(const Problem& problem, const DualProblem& dual, const Block& block,
                    core::VectorX& f) {
  const int i = block.first;
  const double res = DualResidual(dual, i, f);
  const double old = f[i];
  f[i] -= res / dual.AR(i, i);
  ProjectBlock(problem, block, f);
  const double delta = f[i] - old;
  const double change = 0.5 * delta * delta * dual.AR(i, i) + delta * res;
  if (change > kUndoThreshold) {
    f[i] = old;
    return 0;
  }
  return change;
}

/// One elliptic block: ray update (or normal alone when f₀ < 1e-15), then the friction QCQP
/// with the normal fixed.
void UpdateElliptic(const Problem& problem, const DualProblem& dual, const Block& block,
                    core::VectorX& f) {
  const int i = block.first, n = block.size;
  const auto A = dual.AR.block(i, i, n, n);
  const core::VectorX res = BlockResidual(dual, block, f);
  const core::VectorX old = f.segment(i, n);
  if (f[i] < kMinVal) {
    // Tiny normal: update the normal alone, friction zero.
    f[i] = std::max(0.0, f[i] - res[0] / A(0, 0));
    f.segment(i + 1, n - 1).setZero();
  } else {
    // Ray update along v = current block force: x = −vᵀres / vᵀAv, kept ≥ −1 (normal ≥ 0).
    const core::VectorX& v = old;
    const double denom = v.dot(A * v);
    if (denom >= kMinVal) {
      const double x = std::max(-1.0, -v.dot(res) / denom);
      f.segment(i, n) = old + x * v;
    }
  }
  // Friction QCQP with the normal fixed: min ½ xᵀA_ff x + xᵀ c, Σ (x_j/μ_j)² ≤ f₀².
  if (f[i] < kMinVal) {
    f.segment(i + 1, n - 1).setZero();
    return;
  }
  const core::VectorX res_now = res + A * (f.segment(i, n) - old);
  const core::MatrixX Aff = A.bottomRightCorner(n - 1, n - 1);
  const core::VectorX c = res_now.tail(n - 1) - Aff * f.segment(i + 1, n - 1);
  const Contact& con = problem.contacts[block.contact];
  core::VectorX mu(n - 1);
  for (int j = 0; j < n - 1; ++j) mu[j] = con.friction[j];
  f.segment(i + 1, n - 1) = SolveFrictionQCQP(Aff, c, mu, f[i]);
}

/// One sweep over the blocks in the given order; returns Σ of block cost changes (≤ 0).
double Sweep(const Problem& problem, const DualProblem& dual, const std::vector<Block>& blocks,
             const std::vector<int>& order, core::VectorX& f) {
  double change_sum = 0;
  for (const int k : order) {
    const Block& block = blocks[k];
    if (!block.elliptic) {
      change_sum += UpdateScalar(problem, dual, block, f);
      continue;
    }
    const core::VectorX old = f.segment(block.first, block.size);
    const core::VectorX res = BlockResidual(dual, block, f);
    UpdateElliptic(problem, dual, block, f);
    const core::VectorX delta = f.segment(block.first, block.size) - old;
    const double change = CostChange(dual, block, delta, res);
    // Undo an update that raises the cost by more than 1e-10.
    if (change > kUndoThreshold) {
      f.segment(block.first, block.size) = old;
      continue;
    }
    change_sum += change;
  }
  return change_sum;
}

/// MuJoCo's dual row states of the forces f (2.2.2 and 3.3.8 engine_solver.c: dualState) and
/// their nactive: equality rows quadratic; frictionloss rows linear at either bound (the
/// primal's signs swapped), else quadratic; scalar limit/contact rows satisfied at f ≤ 0, else
/// quadratic; an elliptic block, with N = f₀/μ and T = ‖(f_j/μ_j)‖, satisfied when μN ≥ T,
/// quadratic when N + μT ≤ 0, else in the cone state, the same state on all its rows. Active:
/// every equality and frictionloss row, each quadratic scalar row, every row of a non-satisfied
/// elliptic block.
int DualStates(const Problem& problem, const std::vector<Block>& blocks, const core::VectorX& f,
               std::vector<RowState>& state) {
  state.assign(f.size(), RowState::kSatisfied);
  int nactive = 0;
  for (const Block& block : blocks) {
    const int i = block.first;
    if (block.elliptic) {
      const Contact& con = problem.contacts[block.contact];
      const double N = f[i] / con.mu;
      double T2 = 0;
      for (int j = 1; j < block.size; ++j) T2 += std::pow(f[i + j] / con.friction[j - 1], 2);
      const double T = std::sqrt(T2);
      RowState s = RowState::kCone;
      if (con.mu * N >= T) s = RowState::kSatisfied;
      else if (N + con.mu * T <= 0) s = RowState::kQuadratic;
      for (int j = 0; j < block.size; ++j) state[i + j] = s;
      nactive += s == RowState::kSatisfied ? 0 : block.size;
      continue;
    }
    const RowKind kind = problem.kind[i];
    if (kind == RowKind::kEquality) {
      state[i] = RowState::kQuadratic;
    } else if (kind == RowKind::kFrictionDof || kind == RowKind::kFrictionTendon) {
      const double fl = problem.frictionloss[i];
      state[i] = f[i] <= -fl  ? RowState::kLinearPos
                 : f[i] >= fl ? RowState::kLinearNeg
                              : RowState::kQuadratic;
    } else {
      state[i] = f[i] <= 0 ? RowState::kSatisfied : RowState::kQuadratic;
      if (state[i] == RowState::kSatisfied) continue;
    }
    ++nactive;
  }
  return nactive;
}

}  // namespace

core::VectorX SolveFrictionQCQP(const core::MatrixX& A, const core::VectorX& b,
                                const core::VectorX& d, double r) {
  const int n = static_cast<int>(b.size());
  // Scaled variables y = x/d: min ½ yᵀ A' y + yᵀ b', ‖y‖ ≤ r, A' = D A D, b' = D b.
  const core::MatrixX As = d.asDiagonal() * A * d.asDiagonal();
  const core::VectorX bs = d.asDiagonal() * b;
  double lambda = 0;
  core::VectorX y(n);
  bool active = false;
  // Newton on φ(λ) = ‖y(λ)‖² − r², y(λ) = −(A' + λI)⁻¹ b', from λ = 0.
  for (int iter = 0; iter < kQCQPIterations; ++iter) {
    const core::MatrixX K = As + lambda * core::MatrixX::Identity(n, n);
    const Eigen::LLT<core::MatrixX> llt(K);
    y = -llt.solve(bs);
    const double phi = y.squaredNorm() - r * r;
    if (phi < kQCQPTolerance) break;
    active = true;  // the unconstrained minimum is outside: the constraint is active
    const double dphi = -2 * y.dot(llt.solve(y));
    const double step = -phi / dphi;
    if (step < kQCQPTolerance) break;
    lambda += step;
  }
  // Active constraint: put y exactly on the ellipse, since Newton on λ is approximate.
  const double norm = y.norm();
  if (active && norm > 0) y *= r / norm;
  return d.asDiagonal() * y;
}

std::uint32_t Pcg32::Next() {
  const std::uint64_t old = state_;
  state_ = old * 6364136223846793005ULL + (inc_ | 1);
  const auto xorshifted = static_cast<std::uint32_t>(((old >> 18u) ^ old) >> 27u);
  const auto rot = static_cast<std::uint32_t>(old >> 59u);
  return (xorshifted >> rot) | (xorshifted << ((32u - rot) & 31u));
}

std::vector<int> Pcg32::Permutation(int n) {
  std::vector<int> order(n);
  for (int i = 0; i < n; ++i) order[i] = i;
  for (int i = n - 1; i > 0; --i) std::swap(order[i], order[Next() % (i + 1)]);
  return order;
}

SolveResult SolvePGS(const Problem& problem, const DualProblem& dual, const core::VectorX& force0,
                     double scale) {
  const std::vector<Block> blocks = MakeBlocks(problem);
  SolveResult out;
  core::VectorX f = force0;
  if (problem.nefc() == 0) {
    out.exit = ExitReason::kNoConstraints;
    out.efc_force = f;
    out.qacc = QaccFromForce(problem, dual, f);
    return out;
  }
  const Options& opt = problem.opt;
  std::vector<int> order(blocks.size());
  for (int k = 0; k < static_cast<int>(blocks.size()); ++k) order[k] = k;
  // One generator per call: the same shuffled sequence every call (fixed seed).
  Pcg32 rng;
  core::VectorX f_prev = f;
  int momentum_k = 0;
  // MuJoCo's dual row states of the start forces: nchange counts changes from them.
  std::vector<RowState> state, old_state;
  DualStates(problem, blocks, f, state);
  out.exit = ExitReason::kIterations;
  while (out.iterations < opt.iterations) {
    // The cost before the sweep: only momentum's restart test needs it (O(nefc²)).
    const double cost_before = opt.pgs_momentum ? DualCost(dual, f) : 0.0;
    const core::VectorX f_old = f;
    // 3.15: visit the blocks in a PCG32-shuffled order.
    if (opt.pgs_shuffle) order = rng.Permutation(static_cast<int>(blocks.size()));
    core::VectorX f_ex = f;
    if (opt.pgs_momentum) {
      // 3.15: Nesterov extrapolation f + β (f − f_prev), β = (k − 1)/(k + 2), then projection.
      const double beta = (momentum_k - 1.0) / (momentum_k + 2.0);
      if (momentum_k > 0) f_ex = f + beta * (f - f_prev);
      for (const Block& block : blocks) ProjectBlock(problem, block, f_ex);
    }
    core::VectorX f_new = f_ex;
    const double sweep_change = Sweep(problem, dual, blocks, order, f_new);
    double improvement = -scale * sweep_change;
    if (opt.pgs_momentum) {
      // O'Donoghue–Candès restart when (f_new − f_ex)·(f_ex − f_prev) < 0.
      const double restart_test = (f_new - f_ex).dot(f_ex - f);
      improvement = scale * (cost_before - DualCost(dual, f_new));
      if (restart_test < 0 || improvement < 0) {
        momentum_k = 0;
      } else {
        ++momentum_k;
      }
      // A momentum sweep that raised the cost is replaced by a plain sweep from f (our rule;
      // the 3.15 source is not available to check this detail).
      if (improvement < 0) {
        f_new = f;
        improvement = -scale * Sweep(problem, dual, blocks, order, f_new);
      }
    }
    f_prev = f_old;
    f = f_new;
    ++out.iterations;
    IterationStats stats;
    stats.improvement = improvement;
    // MuJoCo's nactive and nchange: the dual row states after the sweep and how many changed.
    old_state.swap(state);
    stats.nactive = DualStates(problem, blocks, f, state);
    for (size_t i = 0; i < state.size(); ++i) stats.nchange += state[i] != old_state[i] ? 1 : 0;
    out.stats.push_back(stats);
    // Stop after a sweep whose scaled improvement is below the tolerance.
    if (improvement < opt.tolerance) {
      out.exit = ExitReason::kImprovement;
      break;
    }
  }
  out.efc_force = f;
  out.qacc = QaccFromForce(problem, dual, f);
  out.cost = DualCost(dual, f);
  return out;
}

}  // namespace simatlas::mujoco
