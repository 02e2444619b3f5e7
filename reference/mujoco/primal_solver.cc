// MJ-solvers §4 (CG, Newton, PrimalSearch) and §5 (termination) — MuJoCo engine_solver.c:
// mj_solCG, mj_solNewton, mj_solPrimal, PrimalSearch. Written from the course's description.
#include "reference/mujoco/primal_solver.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <memory>
#include <optional>

#include "reference/core/errors.h"
#include "reference/mujoco/impedance.h"
#include "reference/mujoco/primal_rules.h"
#include "reference/mujoco/sparse_path.h"
#include "reference/mujoco/spd_factor.h"
#include "reference/mujoco/sparse_rows.h"

namespace simatlas::mujoco {

PrimalLine::PrimalLine(const Problem& problem, const std::vector<Block>& blocks,
                       const SparseOperators& ops, const PrimalEval& at,
                       const core::VectorX& search)
    : problem_(problem), blocks_(blocks), jar_(at.jar), state0_(at.constraints.state) {
  // The residual direction J s, once per line (sparse rows: O(nnz)).
  MultiplyRows(ops.J, search, Js_);
  // Gauss term along s: α sᵀM(a − a₀) + ½ α² sᵀMs (relative to α = 0).
  core::VectorX Ms;
  MultiplyRows(ops.M, search, Ms);
  gauss1_ = search.dot(at.Mda);
  gauss2_ = search.dot(Ms);
}

PrimalLine::PrimalLine(const Problem& problem, const std::vector<Block>& blocks,
                       const PrimalEval& at, const core::VectorX& search)
    : PrimalLine(problem, blocks, *OperatorsOf(problem), at, search) {}

LinePoint PrimalLine::Evaluate(double alpha) const {
  LinePoint p;
  p.alpha = alpha;
  p.cost = alpha * gauss1_ + 0.5 * alpha * alpha * gauss2_;
  p.d1 = gauss1_ + alpha * gauss2_;
  p.d2 = gauss2_;
  // Constraint part block by block at jar + α Js, each block by its state at α: cost change,
  // d/dα = −fᵀ Js, d²/dα² = Jsᵀ Hc Js. O(nefc), nothing allocated.
  for (const Block& block : blocks_) {
    const BlockLineTerms t =
        BlockAlongLine(problem_, block, jar_, Js_, alpha, state0_[block.first]);
    p.cost += t.cost;
    p.d1 += t.d1;
    p.d2 += t.d2;
  }
  if (p.d2 <= 0) p.d2 = kMinVal;
  return p;
}

LineSearchResult PrimalSearch(const PrimalLine& line, double search_norm, double scale,
                              const Options& opt) {
  LineSearchResult out;
  const double tol = opt.tolerance * opt.ls_tolerance;
  const double gtol = tol * search_norm / scale;
  const LinePoint p0 = line.Evaluate(0);
  out.neval = 1;
  out.slope0 = p0.d1;
  out.point = p0;
  // Not a descent direction: no step.
  if (p0.d1 >= 0) return out;
  LinePoint best = p0;
  auto consider = [&](const LinePoint& p) {
    if (p.cost < best.cost) best = p;
  };
  auto budget_left = [&] { return out.neval < std::max(1, opt.ls_iterations); };
  auto newton = [](const LinePoint& p) { return p.alpha - p.d1 / p.d2; };
  // 1-D Newton step from α = 0.
  LinePoint lo = p0, hi;
  bool bracketed = false;
  LinePoint p = p0;
  while (budget_left()) {
    // One-sided Newton steps while the derivative stays negative.
    const LinePoint next = line.Evaluate(newton(p));
    ++out.neval;
    consider(next);
    if (std::abs(next.d1) < gtol) {
      out.point = next;
      return out;
    }
    if (next.d1 > 0) {
      hi = next;
      bracketed = true;
      break;
    }
    lo = next;
    p = next;
  }
  // Bracketed [lo, hi] (cost' < 0 at lo, > 0 at hi): Newton candidates inside, else midpoint;
  // a Newton step that did not halve the bracket is followed by a midpoint step (safeguard
  // against one-sided creeping when the curvature jumps between pieces).
  bool bisect = false;
  while (bracketed && budget_left()) {
    const double width = hi.alpha - lo.alpha;
    double alpha = newton(lo);
    if (!(alpha > lo.alpha && alpha < hi.alpha)) alpha = newton(hi);
    if (bisect || !(alpha > lo.alpha && alpha < hi.alpha)) alpha = 0.5 * (lo.alpha + hi.alpha);
    const LinePoint next = line.Evaluate(alpha);
    ++out.neval;
    consider(next);
    if (std::abs(next.d1) < gtol) {
      out.point = next;
      return out;
    }
    if (next.d1 < 0) {
      lo = next;
    } else {
      hi = next;
    }
    bisect = hi.alpha - lo.alpha > 0.5 * width;
    // A bracket that no longer shrinks is as small as doubles allow.
    if (hi.alpha - lo.alpha <= std::numeric_limits<double>::epsilon() * hi.alpha) break;
  }
  // Budget spent: the best evaluated point, or α = 0 if none lowered the cost.
  out.point = best.cost < p0.cost ? best : p0;
  return out;
}

LineSearchResult PrimalSearchAlong(const LineInputs& in, double search_norm, double scale,
                                   const Options& opt) {
  const PrimalLine line(in.problem, in.blocks, in.ops, in.at, in.search);
  return PrimalSearch(line, search_norm, scale, opt);
}

namespace {

int CountChanges(const std::vector<RowState>& a, const std::vector<RowState>& b) {
  int n = 0;
  for (size_t i = 0; i < a.size(); ++i) n += a[i] != b[i] ? 1 : 0;
  return n;
}

bool AnyCone(const std::vector<RowState>& state) {
  return std::any_of(state.begin(), state.end(), [](RowState s) { return s == RowState::kCone; });
}

/// Newton's H = M + Σ_quadratic D_i J_iᵀJ_i after a step changed some row states, by rank-one
/// updates +D_i J_iᵀJ_i for rows entering the quadratic state and downdates for rows leaving it
/// (MuJoCo 2.2.2 mj_solNewton with mju_cholUpdate). Only without cone blocks (their Hessian
/// block moves with every step) and while the updates, O(nv²) each, are cheaper than a fresh
/// O(nv³/3) factor (our rule: fewer than nv/3 changed rows). Returns false when the caller must
/// factor H afresh (also after a failed downdate, reported through `downdate_failed`).
bool UpdateHessianByRows(const Problem& problem, const std::vector<RowState>& before,
                         const std::vector<RowState>& after, int nchange, SpdFactor& h,
                         bool& downdate_failed) {
  if (AnyCone(before) || AnyCone(after) || 3 * nchange >= problem.nv) return false;
  for (int i = 0; i < problem.nefc(); ++i) {
    const bool was = before[i] == RowState::kQuadratic, is = after[i] == RowState::kQuadratic;
    if (was == is) continue;
    const core::VectorX v = std::sqrt(1 / problem.R[i]) * problem.J.row(i).transpose();
    if (!h.RankOneUpdate(v, is ? 1.0 : -1.0)) {
      downdate_failed = true;
      return false;
    }
  }
  return true;
}

/// How Newton's factor of H was brought up to date.
enum class HessianUpdate { kRankOne, kRefactor, kForcedRefactor };

/// Brings h up to date with eval's row states: rank-one updates when UpdateHessianByRows can,
/// else a fresh factor (kForcedRefactor when a downdate failed, as MuJoCo refactors then).
HessianUpdate UpdateHessian(const Problem& problem, const std::vector<Block>& blocks,
                            const SparseOperators& ops, const PrimalEval& eval,
                            const std::vector<RowState>& before, int nchange, SpdFactor& h) {
  bool downdate_failed = false;
  if (UpdateHessianByRows(problem, before, eval.constraints.state, nchange, h, downdate_failed)) {
    return HessianUpdate::kRankOne;
  }
  FactorHessian(problem, blocks, ops, eval, h);
  return downdate_failed ? HessianUpdate::kForcedRefactor : HessianUpdate::kRefactor;
}

/// MuJoCo's nupdate of one incremental Hessian update (2.2.2 and 3.3.8 engine_solver.c:
/// HessianIncremental, HessianCone): one per row entering or leaving the quadratic state, plus
/// one per row of each contact in the cone state.
int MujocoHessianUpdates(const std::vector<RowState>& before, const std::vector<RowState>& after) {
  int n = 0;
  for (size_t i = 0; i < after.size(); ++i) {
    n += (before[i] == RowState::kQuadratic) != (after[i] == RowState::kQuadratic) ? 1 : 0;
    n += after[i] == RowState::kCone ? 1 : 0;
  }
  return n;
}

}  // namespace

SolveResult SolvePrimal(const Problem& problem, const core::VectorX& qacc0, double scale) {
  const Options& opt = problem.opt;
  if (opt.solver == SolverKind::kPGS) {
    throw core::InputError("solver = PGS must be CG or Newton for the primal loop");
  }
  const bool newton = opt.solver == SolverKind::kNewton;
  const double tol = opt.tolerance;
  // The version's line search, improvement and exit tests, chosen once.
  const PrimalRules rules = MakePrimalRules(opt);
  const std::vector<Block> blocks = MakeBlocks(problem);
  // J's and M's nonzeros (prepared once per problem, else built here): every J a, Jᵀ f, J s,
  // M a and Jᵀ Hc J below works on them.
  const std::shared_ptr<const SparseOperators> shared_ops = OperatorsOf(problem);
  const SparseOperators& ops = *shared_ops;
  SolveResult out;
  PrimalEval eval = EvaluatePrimal(problem, blocks, ops, qacc0);
  auto finish = [&](ExitReason reason) {
    out.exit = reason;
    out.qacc = eval.qacc;
    out.efc_force = eval.constraints.force;
    out.cost = eval.cost;
    return out;
  };
  // No constraints: the answer is a₀ (MuJoCo skips the solver).
  if (problem.nefc() == 0) {
    eval = EvaluatePrimal(problem, blocks, ops, problem.qacc_smooth);
    return finish(ExitReason::kNoConstraints);
  }
  // The metric M (CG preconditioner, certificate; factored for every solver, which checks M
  // is positive definite) and, for Newton, H = M + JᵀHcJ.
  SpdFactor m_factor, h_factor;
  FactorM(problem, ops, m_factor);
  if (newton) FactorHessian(problem, blocks, ops, eval, h_factor);
  // M⁻¹ g (CG's direction, the certificate) and the preconditioned gradient (H⁻¹ g for Newton).
  core::VectorX Mgrad = m_factor.Solve(eval.gradient);
  core::VectorX precond = newton ? h_factor.Solve(eval.gradient) : Mgrad;
  // Pre-loop exits (3.15 certificate, Newton's decrement gate; none in 2.2.2).
  const PreLoopPoint start{newton, scale, tol, &eval.gradient, &Mgrad, &precond};
  if (const std::optional<ExitReason> exit = rules.pre_loop_exit(start)) return finish(*exit);
  core::VectorX search = -precond;
  out.exit = ExitReason::kIterations;
  while (out.iterations < opt.iterations) {
    // Line search along s; α = 0 ends the loop at once.
    const double search_norm = search.norm();
    const LineSearchResult ls =
        rules.line_search({problem, blocks, ops, eval, search}, search_norm, scale, opt);
    if (ls.point.alpha == 0) {
      out.exit = ExitReason::kZeroStep;
      break;
    }
    // Move, then new states, forces, cost and gradient.
    const std::vector<RowState> old_state = eval.constraints.state;
    const core::VectorX old_grad = eval.gradient, old_Mgrad = Mgrad;
    const double old_cost = eval.cost;
    eval = EvaluatePrimal(problem, blocks, ops, eval.qacc + ls.point.alpha * search);
    IterationStats stats;
    stats.neval = ls.neval;
    stats.nchange = CountChanges(old_state, eval.constraints.state);
    stats.nactive = CountActive(eval.constraints.state);
    // MuJoCo's lineslope: scale · |cost'| / ‖s‖ at the accepted α.
    stats.lineslope = scale * std::abs(ls.point.d1) / search_norm;
    if (!newton) Mgrad = m_factor.Solve(eval.gradient);
    if (newton) {
      // Newton: H changes with the row states (cone blocks with every step): rank-one updates
      // for a few changed rows, else a fresh factor. nupdate counts as MuJoCo's incremental
      // update does (one per row entering or leaving the quadratic state plus the cone rows;
      // nefc after a refactor forced by a failed downdate).
      const bool changed = stats.nchange > 0 || AnyCone(eval.constraints.state);
      const HessianUpdate update =
          changed ? UpdateHessian(problem, blocks, ops, eval, old_state, stats.nchange, h_factor)
                  : HessianUpdate::kRankOne;
      stats.nupdate = update == HessianUpdate::kForcedRefactor
                          ? problem.nefc()
                          : MujocoHessianUpdates(old_state, eval.constraints.state);
    }
    precond = newton ? h_factor.Solve(eval.gradient) : Mgrad;
    stats.improvement = rules.improvement(scale, old_cost, eval.cost, ls);
    stats.gradient = scale * eval.gradient.norm();
    out.stats.push_back(stats);
    ++out.iterations;
    // §5 exits in the table's order: improvement, gradient, then (3.15 Newton) decrement.
    if (rules.improvement_stops(stats.improvement, tol)) {
      out.exit = ExitReason::kImprovement;
      break;
    }
    if (stats.gradient < tol) {
      out.exit = ExitReason::kGradient;
      break;
    }
    if (newton && rules.decrement_stops(scale, eval.gradient, precond, tol)) {
      out.exit = ExitReason::kDecrement;
      break;
    }
    if (newton) {
      search = -precond;
      continue;
    }
    // CG direction (4.1).
    const core::VectorX y = eval.gradient - old_grad;
    double beta = 0;
    if (opt.cg_update == CGUpdate::kPolakRibierePlus) {
      // PR+: β = max(0, gᵀ(M⁻¹g − M⁻¹g_old)/max(1e-15, g_oldᵀM⁻¹g_old)).
      beta = std::max(0.0, eval.gradient.dot(Mgrad - old_Mgrad) /
                               std::max(kMinVal, old_grad.dot(old_Mgrad)));
    } else {
      // Hager–Zhang with restart (dᵀy < 1e-15) and the lower bound η_k.
      const core::VectorX& d = search;
      const double dy = d.dot(y);
      if (dy >= kMinVal) {
        const core::VectorX My = Mgrad - old_Mgrad;
        const double beta_hz = (y.dot(Mgrad) - 2 * (y.dot(My) / dy) * d.dot(eval.gradient)) / dy;
        const double eta =
            -1 / std::max(kMinVal, d.norm() * std::min(0.01, eval.gradient.norm()));
        beta = std::max(eta, beta_hz);
      }
    }
    search = -Mgrad + beta * search;
  }
  return finish(out.exit);
}

}  // namespace simatlas::mujoco
