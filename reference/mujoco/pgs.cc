// MJ-solvers §4 — PGS (formula sheet §4 "PGS"); MuJoCo engine_solver.c: mj_solPGS,
// engine_util_solve.c: mju_QCQP2/3/N. Written from the course's description, not MuJoCo's code.
#include "reference/mujoco/pgs.h"

#include <algorithm>
#include <cmath>

#include "reference/core/errors.h"
#include "reference/mujoco/constants.h"
#include "reference/mujoco/primal.h"

namespace simatlas::mujoco {

namespace {

constexpr double kUndoThreshold =
    1e-10;  // a block update raising the cost more than this is undone
constexpr int kQCQPIterations = 20;
constexpr double kQCQPTolerance = 1e-10;

/// MuJoCo's undo (2.2.2 engine_solver.c: costChange): a block update that raised the cost by
/// more than 1e-10 is undone — the block's forces go back to old — and counts 0. Returns the
/// change kept.
double KeepOrUndo(double change, const Block& block, const double* old, core::VectorX& f) {
  if (change <= kUndoThreshold) return change;
  std::copy(old, old + block.size, f.data() + block.first);
  return 0;
}

/// What a sweep reads: the problem, its dual, its blocks and MuJoCo's inverse diagonal of AR.
struct SweepRows {
  const Problem& problem;            // the problem
  const DualProblem& dual;           // AR, b
  const std::vector<Block>& blocks;  // its blocks
  /// 1/AR_ii, once per solve (2.2.2 engine_solver.c: ARdiaginv into ARinv): a row's step
  /// multiplies by it, so no division waits in the chain of row updates.
  core::VectorX ar_inverse;
};

/// One scalar row: f_i ← f_i − (AR f + b)_i · ARinv_i, then the projection of its set; the cost
/// change ½ δ² AR_ii + δ res with AR_ii = 1/ARinv_i as mj_solPGS has it, kept or undone
/// (KeepOrUndo). Returns the change kept. O(nnz of AR's row) and nothing allocated (MuJoCo
/// engine_solver.c: mj_solPGS, scalar rows).
double UpdateScalar(const SweepRows& rows, const Block& block, core::VectorX& f) {
  const int i = block.first;
  const double res = DualResidual(rows.dual, i, f);
  const double old = f[i];
  f[i] -= res * rows.ar_inverse[i];
  ProjectBlock(rows.problem, block, f);
  const double delta = f[i] - old;
  const double a = 1 / rows.ar_inverse[i];
  return KeepOrUndo(0.5 * delta * delta * a + delta * res, block, &old, f);
}

/// One elliptic block of N rows (N = 3, 4, 6) from its residual res = AR f + b (computed once,
/// here): ray update (or normal alone when f₀ < 1e-15), then the friction QCQP with the normal
/// fixed; the cost change ½ δᵀ AR δ + δᵀ res, kept or undone (KeepOrUndo). Returns the change
/// kept. Fixed-size vectors and matrices on the stack, nothing allocated, as mj_solPGS works in
/// its v[6], Athis[36], Ac[25], bc[5].
template <int N>
double UpdateElliptic(const SweepRows& rows, const Block& block, core::VectorX& f) {
  const DualProblem& dual = rows.dual;
  constexpr int M = N - 1;
  using Vector = Eigen::Matrix<double, N, 1>;
  using Friction = Eigen::Matrix<double, M, 1>;
  const int i = block.first;
  // AR's diagonal block (MuJoCo's extractBlock into Athis).
  const Eigen::Matrix<double, N, N> A = dual.AR.block<N, N>(i, i);
  // The block's residual: on the sparse path from AR's sparse rows, else from AR, which is
  // symmetric (MakeDual symmetrises it), so row i is read as the contiguous column i.
  Vector res;
  if (dual.sparse_rows) {
    for (int j = 0; j < N; ++j) res[j] = DualResidual(dual, i + j, f);
  } else {
    res = dual.AR.middleCols<N>(i).transpose() * f + dual.b.segment<N>(i);
  }
  const Vector old = f.segment<N>(i);
  if (f[i] < kMinVal) {
    // Tiny normal: update the normal alone, friction zero.
    f[i] = std::max(0.0, f[i] - res[0] * rows.ar_inverse[i]);
    f.segment<M>(i + 1).setZero();
  } else {
    // Ray update along v = current block force: x = −vᵀres / vᵀAv, kept ≥ −1 (normal ≥ 0).
    const Vector& v = old;
    const double denom = v.dot(A * v);
    if (denom >= kMinVal) {
      const double x = std::max(-1.0, -v.dot(res) / denom);
      f.segment<N>(i) = old + x * v;
    }
  }
  if (f[i] < kMinVal) {
    // No normal force: no friction.
    f.segment<M>(i + 1).setZero();
  } else {
    // Friction QCQP with the normal fixed: min ½ xᵀA_ff x + xᵀ c, Σ (x_j/μ_j)² ≤ f₀².
    const Vector res_now = res + A * (f.segment<N>(i) - old);
    const Eigen::Matrix<double, M, M> Aff = A.template bottomRightCorner<M, M>();
    const Friction c = res_now.template tail<M>() - Aff * f.segment<M>(i + 1);
    const Friction mu =
        Eigen::Map<const Friction>(rows.problem.contacts[block.contact].friction.data());
    f.segment<M>(i + 1) = SolveFrictionQCQP<M>(Aff, c, mu, f[i]);
  }
  return KeepOrUndo(DualCostChange(A, f.segment<N>(i) - old, res), block, old.data(), f);
}

/// One sweep over the blocks in the given order; returns Σ of block cost changes (≤ 0).
double Sweep(const SweepRows& rows, const std::vector<int>& order, core::VectorX& f) {
  double change_sum = 0;
  for (const int k : order) {
    const Block& block = rows.blocks[k];
    // Scalar rows, or the elliptic block of the contact's condim (3, 4, 6: ValidateProblem).
    switch (block.elliptic ? block.size : 1) {
      case 1: change_sum += UpdateScalar(rows, block, f); break;
      case 3: change_sum += UpdateElliptic<3>(rows, block, f); break;
      case 4: change_sum += UpdateElliptic<4>(rows, block, f); break;
      case 6: change_sum += UpdateElliptic<6>(rows, block, f); break;
      default: core::ThrowInputError("elliptic block size", block.size, "1", "3, 4 or 6");
    }
  }
  return change_sum;
}

/// The PGS loop's state between sweeps.
struct PgsIterate {
  const SweepRows& rows;   // problem, dual, blocks, ARinv
  double scale = 0;        // termination scale (5.1)
  core::VectorX f;         // the forces
  core::VectorX f_prev;    // the forces before the last sweep (momentum)
  int momentum_k = 0;      // momentum counter k
  std::vector<int> order;  // the block order of the next sweep
  Pcg32 rng;               // one generator per solve: the same shuffle every call
};

/// How one PGS solve sweeps, chosen once from the options.
struct PgsRules {
  void (*order)(PgsIterate& it) = nullptr;    // row order, or 3.9+ PCG32-shuffled
  double (*sweep)(PgsIterate& it) = nullptr;  // plain, or 3.11+ momentum; returns improvement
};

void KeepOrder(PgsIterate&) {}

// 3.9+: the blocks in a PCG32-shuffled order; each sweep reshuffles the previous sweep's order
// (MuJoCo's solPGS keeps one blockstart array and shuffles it in place every sweep).
void ShuffleOrder(PgsIterate& it) { it.rng.Shuffle(it.order); }

// One sweep from f: improvement = −scale · Σ block cost changes.
double PlainSweep(PgsIterate& it) {
  it.f_prev = it.f;
  return -it.scale * Sweep(it.rows, it.order, it.f);
}

// 3.11+ (engine_solver.c solPGS at MuJoCo's head, "Nesterov momentum"; formula sheet §4 PGS):
// β = (k − 1)/(k + 2); when β > 0 the extrapolation f_ex = f + β (f − f_prev), projected onto
// the bounds and cones (else f_ex = f); one sweep from f_ex, whose improvement is −scale · Σ block
// cost changes as in a plain sweep (measured from f_ex, not from f); O'Donoghue–Candès restart
// k ← 0 when (f_new − f_ex)·(f_ex − f_prev) < 0, else k ← k + 1. f_prev is the force before the
// extrapolation, so without one the test is 0 and never restarts.
double MomentumSweep(PgsIterate& it) {
  const double beta = (it.momentum_k - 1.0) / (it.momentum_k + 2.0);
  core::VectorX f_ex = it.f;
  if (beta > 0) {
    f_ex += beta * (it.f - it.f_prev);
    for (const Block& block : it.rows.blocks) ProjectBlock(it.rows.problem, block, f_ex);
  }
  it.f_prev = it.f;
  it.f = f_ex;
  const double improvement = -it.scale * Sweep(it.rows, it.order, it.f);
  const double restart_test = (it.f - f_ex).dot(f_ex - it.f_prev);
  it.momentum_k = restart_test < 0 ? 0 : it.momentum_k + 1;
  return improvement;
}

PgsRules MakePgsRules(const Options& opt) {
  return {.order = opt.pgs_shuffle ? ShuffleOrder : KeepOrder,
          .sweep = opt.pgs_momentum ? MomentumSweep : PlainSweep};
}

/// The answer at the forces f with the loop's exit: a = a₀ + M⁻¹Jᵀf and the dual cost.
SolveResult Finish(const PgsIterate& it, ExitReason reason, SolveResult out) {
  out.exit = reason;
  out.efc_force = it.f;
  out.qacc = QaccFromForce(it.rows.problem, it.rows.dual, it.f);
  if (reason != ExitReason::kNoConstraints) out.cost = DualCost(it.rows.dual, it.f);
  return out;
}

}  // namespace

// MuJoCo's dualState (pgs.h): the states row by row, nactive counted as it goes.
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
      if (con.mu * N >= T)
        s = RowState::kSatisfied;
      else if (N + con.mu * T <= 0)
        s = RowState::kQuadratic;
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

template <int M>
Eigen::Matrix<double, M, 1> SolveFrictionQCQP(const Eigen::Matrix<double, M, M>& A,
                                              const Eigen::Matrix<double, M, 1>& b,
                                              const Eigen::Matrix<double, M, 1>& d, double r) {
  using Vector = Eigen::Matrix<double, M, 1>;
  using Matrix = Eigen::Matrix<double, M, M>;
  // Scaled variables y = x/d: min ½ yᵀ A' y + yᵀ b', ‖y‖ ≤ r, A' = D A D, b' = D b.
  const Matrix As = d.asDiagonal() * A * d.asDiagonal();
  const Vector bs = d.asDiagonal() * b;
  double lambda = 0;
  Vector y;
  bool active = false;
  // Newton on φ(λ) = ‖y(λ)‖² − r², y(λ) = −(A' + λI)⁻¹ b', from λ = 0.
  for (int iter = 0; iter < kQCQPIterations; ++iter) {
    const Eigen::LLT<Matrix> llt(As + lambda * Matrix::Identity());
    y = -llt.solve(bs);
    const double phi = y.squaredNorm() - r * r;
    if (phi < kQCQPTolerance) break;
    active = true;  // the unconstrained minimum is outside: the constraint is active
    const double dphi = -2 * y.dot(llt.solve(y));
    const double step = -phi / dphi;
    if (step < kQCQPTolerance) break;
    lambda += step;
  }
  Vector x = d.asDiagonal() * y;
  // Active constraint: x scaled onto the ellipse Σ (x_j/d_j)² = r², since Newton on λ is
  // approximate; in mj_solPGS's order (s = Σ x_j²/d_j², x ← x √(r²/s)), so that the dual state's
  // test μN ≥ T on the cone's surface rounds as MuJoCo's does.
  if (active) {
    double sum = 0;
    for (int j = 0; j < M; ++j) sum += x[j] * x[j] / (d[j] * d[j]);
    if (sum > 0) x *= std::sqrt(r * r / sum);
  }
  return x;
}

template Eigen::Matrix<double, 2, 1> SolveFrictionQCQP<2>(const Eigen::Matrix<double, 2, 2>&,
                                                          const Eigen::Matrix<double, 2, 1>&,
                                                          const Eigen::Matrix<double, 2, 1>&,
                                                          double);
template Eigen::Matrix<double, 3, 1> SolveFrictionQCQP<3>(const Eigen::Matrix<double, 3, 3>&,
                                                          const Eigen::Matrix<double, 3, 1>&,
                                                          const Eigen::Matrix<double, 3, 1>&,
                                                          double);
template Eigen::Matrix<double, 5, 1> SolveFrictionQCQP<5>(const Eigen::Matrix<double, 5, 5>&,
                                                          const Eigen::Matrix<double, 5, 1>&,
                                                          const Eigen::Matrix<double, 5, 1>&,
                                                          double);

core::VectorX SolveFrictionQCQP(const core::MatrixX& A, const core::VectorX& b,
                                const core::VectorX& d, double r) {
  switch (b.size()) {
    case 2: return SolveFrictionQCQP<2>(A, b, d, r);
    case 3: return SolveFrictionQCQP<3>(A, b, d, r);
    case 5: return SolveFrictionQCQP<5>(A, b, d, r);
    default:
      core::ThrowInputError("friction directions", static_cast<double>(b.size()), "1",
                            "2, 3 or 5 (condim 3, 4, 6)");
  }
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
  Shuffle(order);
  return order;
}

void Pcg32::Shuffle(std::vector<int>& order) {
  for (int i = static_cast<int>(order.size()) - 1; i > 0; --i) {
    std::swap(order[i], order[Next() % static_cast<std::uint32_t>(i + 1)]);
  }
}

SolveResult SolvePGS(const Problem& problem, const DualProblem& dual, const core::VectorX& force0,
                     double scale) {
  // The block order and the sweep (plain, or 3.15 momentum) chosen once from the options.
  const Options& opt = problem.opt;
  const PgsRules rules = MakePgsRules(opt);

  // The blocks in row order, the start forces (already feasible or projected by the caller).
  const std::vector<Block> blocks = MakeBlocks(problem);
  const SweepRows rows{problem, dual, blocks, dual.AR.diagonal().cwiseInverse()};
  PgsIterate it{rows, scale, force0, force0, 0, {}, Pcg32()};
  for (int k = 0; k < static_cast<int>(blocks.size()); ++k) it.order.push_back(k);
  // MuJoCo's solPGS seeds PCG32 with state 0, increment 1 and draws once before the first sweep.
  if (opt.pgs_shuffle) it.rng.Next();
  SolveResult out;

  // No constraints: nothing to sweep.
  if (problem.nefc() == 0) return Finish(it, ExitReason::kNoConstraints, out);

  // MuJoCo's dual row states of the start forces: nchange counts changes from them.
  std::vector<RowState> state, old_state;
  DualStates(problem, blocks, it.f, state);
  while (out.iterations < opt.iterations) {
    // One sweep in the rules' order (§4 PGS): its scaled improvement.
    rules.order(it);
    IterationStats stats;
    stats.improvement = rules.sweep(it);
    ++out.iterations;

    // MuJoCo's nactive and nchange: the dual row states after the sweep and how many changed.
    old_state.swap(state);
    stats.nactive = DualStates(problem, blocks, it.f, state);
    stats.nchange = CountChanges(old_state, state);
    out.stats.push_back(stats);

    // §5 row "PGS, each sweep": the scaled improvement below the tolerance.
    if (stats.improvement < opt.tolerance) return Finish(it, ExitReason::kImprovement, out);
  }
  return Finish(it, ExitReason::kIterations, out);
}

}  // namespace simatlas::mujoco
