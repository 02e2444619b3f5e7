// MJ-solvers §4 (CG, Newton, PrimalSearch) and §5 (termination) — MuJoCo engine_solver.c:
// mj_solCG, mj_solNewton, mj_solPrimal, PrimalSearch. Written from the course's description.
#include "reference/mujoco/primal_solver.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <memory>
#include <optional>

#include "reference/core/errors.h"
#include "reference/mujoco/constants.h"
#include "reference/mujoco/primal_rules.h"
#include "reference/mujoco/sparse_path.h"
#include "reference/mujoco/sparse_rows.h"

namespace simatlas::mujoco {

PrimalLine::PrimalLine(const PrimalEval& at, const core::VectorX& search,
                       const SearchImages& images)
    : blocks_(images.blocks) {
  // Gauss term along s: α sᵀM(a − a₀) + α² ½ sᵀMs (relative to α = 0).
  gauss1_ = search.dot(at.Mda);
  gauss2_ = 0.5 * search.dot(images.Ms);
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

LineSearchResult PrimalSearch(const LineFunction& line, double search_norm, double scale,
                              const Options& opt) {
  // MuJoCo's PrimalSearch and updateBracket (engine_solver.c; read at commit a7255075b of
  // google-deepmind/mujoco, 3.12.1-dev, the newest source at hand; checked against the 3.15.0
  // wheel by oracle/mujoco315): a Newton step, one-sided Newton steps until cost' changes sign,
  // then a bracket [p1, p2] shrunk by the best of three candidates (each end's Newton point and
  // the midpoint). Every Evaluate is one neval; the cap is ls_iterations.
  LineSearchResult out;
  const double tol = opt.tolerance * opt.ls_tolerance;
  const int cap = std::max(1, opt.ls_iterations);
  // A search direction shorter than mjMINVAL: no step, nothing evaluated.
  if (search_norm < kMinVal) return out;
  const double gtol = tol * search_norm / scale;
  auto eval = [&](double alpha) {
    ++out.neval;
    return line.Evaluate(alpha);
  };
  auto newton = [](const LinePoint& p) { return p.alpha - p.d1 / p.d2; };
  auto accept = [&](const LinePoint& p) {
    out.point = p;
    return out;
  };
  const LinePoint p0 = eval(0);
  out.slope0 = p0.d1;
  // Always one Newton step from α = 0; converged there (or not moving at all): done.
  LinePoint p1 = eval(newton(p0));
  if (std::abs(p1.d1) < gtol && (p1.alpha == 0 || p1.cost < 0)) return accept(p1);
  // One-sided Newton steps in the direction that lowers the cost while cost' keeps its sign.
  const double dir = p1.d1 < 0 ? 1 : -1;
  LinePoint p2 = p0;
  while (p1.d1 * dir <= -gtol && out.neval < cap) {
    p2 = p1;
    p1 = eval(newton(p1));
    if (std::abs(p1.d1) < gtol && p1.cost < 0) return accept(p1);
  }
  // Out of evaluations before a bracket: the last Newton point, whatever its cost.
  if (out.neval >= cap) return accept(p1);
  // Bracket [p1, p2] and each end's Newton point.
  LinePoint p2next = p1;
  LinePoint p1next = eval(newton(p1));
  // An end moves to the candidate with the same sign of cost' and a smaller |cost'|.
  auto update = [&](LinePoint& end, const LinePoint (&candidates)[3], LinePoint& next) {
    bool moved = false;
    for (const LinePoint& c : candidates) {
      if ((end.d1 < 0 && c.d1 < 0 && end.d1 < c.d1) || (end.d1 > 0 && c.d1 > 0 && end.d1 > c.d1)) {
        end = c;
        moved = true;
      }
    }
    if (moved) next = eval(newton(end));
    return moved;
  };
  while (out.neval < cap) {
    const LinePoint pmid = eval(0.5 * (p1.alpha + p2.alpha));
    const LinePoint candidates[3] = {p1next, p2next, pmid};
    // The converged candidate of least cost, in this order on ties.
    int best = -1;
    for (int i = 0; i < 3; ++i) {
      if (std::abs(candidates[i].d1) < gtol && (best < 0 || candidates[i].cost < candidates[best].cost)) {
        best = i;
      }
    }
    if (best >= 0) return accept(candidates[best]);
    const bool moved1 = update(p1, candidates, p1next);
    const bool moved2 = update(p2, candidates, p2next);
    // Neither end moved: as accurate as doubles allow; the midpoint.
    if (!moved1 && !moved2) return accept(pmid);
  }
  // Cap reached: the bracket end of lower (negative) cost, else no step.
  if (p1.cost <= p2.cost && p1.cost < 0) return accept(p1);
  if (p2.cost <= p1.cost && p2.cost < 0) return accept(p2);
  out.point = p0;
  return out;
}

LineSearchResult PrimalSearchAlong(const LineInputs& in, double search_norm, double scale,
                                   const Options& opt) {
  const PrimalLine line(in.at, in.search, in.images);
  return PrimalSearch(line, search_norm, scale, opt);
}

namespace {

/// The answer at the current point with the loop's exit.
SolveResult Finish(const PrimalIterate& it, ExitReason reason, SolveResult out) {
  out.exit = reason;
  out.qacc = it.eval.qacc;
  out.efc_force = it.eval.constraints.force;
  out.cost = it.eval.cost;
  return out;
}

/// Keeps what the point before the step had, then moves to a + α s along the direction's
/// images: new row states, forces, cost and gradient (3.1), (3.2). Reuses before's storage.
void Move(PrimalIterate& it, double alpha, const SearchImages& images, PrimalPrevious& before) {
  before.state = it.eval.constraints.state;
  before.gradient = it.eval.gradient;
  before.Mgrad = it.Mgrad;
  before.cost = it.eval.cost;
  StepPrimal(it.problem, it.rows, it.ops, alpha, it.search, images, it.eval);
}

/// The iteration's MuJoCo statistics before the preconditioner update (§5: nchange, nactive,
/// neval, lineslope = scale · |cost'| / ‖s‖ at the accepted α).
IterationStats StepStatistics(const PrimalIterate& it, const PrimalPrevious& before,
                              const LineSearchResult& ls, double search_norm) {
  IterationStats stats;
  stats.neval = ls.neval;
  stats.nchange = CountChanges(before.state, it.eval.constraints.state);
  stats.nactive = CountActive(it.eval.constraints.state);
  stats.lineslope = it.scale * std::abs(ls.point.d1) / search_norm;
  return stats;
}

/// §5 in-loop exits in the table's order: improvement, gradient, then (3.15 Newton) decrement.
std::optional<ExitReason> LoopExit(const PrimalRules& rules, const PrimalIterate& it,
                                   const IterationStats& stats, double tol) {
  if (rules.improvement_stops(stats.improvement, tol)) return ExitReason::kImprovement;
  if (stats.gradient < tol) return ExitReason::kGradient;
  if (rules.decrement_stops(it, tol)) return ExitReason::kDecrement;
  return std::nullopt;
}

}  // namespace

SolveResult SolvePrimal(const Problem& problem, const core::VectorX& qacc0, double scale) {
  // The solver's and the version's rules, chosen once (§4 directions, §5 exit-table columns).
  const Options& opt = problem.opt;
  const PrimalRules rules = MakePrimalRules(opt);

  // Blocks and D = 1/R once per solve, J's and M's nonzeros once per problem (prepared, else
  // built here); the start point's cost and g (3.2).
  const ConstraintRows rows = MakeConstraintRows(problem);
  const std::shared_ptr<const SparseOperators> shared_ops = OperatorsOf(problem);
  const SparseOperators& ops = *shared_ops;
  PrimalIterate it{problem, rows, ops, scale, EvaluatePrimal(problem, rows, ops, qacc0),
                   nullptr, SpdFactor(), {}, {}, {}};
  SolveResult out;

  // No constraints: the answer is a₀ (MuJoCo skips the solver).
  if (problem.nefc() == 0) {
    it.eval = EvaluatePrimal(problem, rows, ops, problem.qacc_smooth);
    return Finish(it, ExitReason::kNoConstraints, out);
  }

  // M's factor (the prepared one, else factored here, which checks M positive definite);
  // precondition g: M⁻¹g, Newton's H⁻¹g (3.2).
  it.m_factor = MFactorOf(problem, ops);
  rules.precondition_start(it);

  // §5 rows "CG / Newton before the loop" (3.15 certificate, decrement; none in 2.2.2).
  if (const auto exit = rules.pre_loop_exit(it, opt.tolerance)) return Finish(it, *exit, out);

  // The first direction: s = −M⁻¹g (CG) or −H⁻¹g (Newton).
  it.search = -it.precond;
  SearchImages images;
  PrimalPrevious before;
  while (out.iterations < opt.iterations) {
    // The direction's images J s, M s and each block's line, once per direction.
    FormSearchImages(problem, rows, ops, it.eval.jar, it.search, images);

    // §5 row "line search": α = 0 ends the loop at once.
    const double search_norm = it.search.norm();
    const LineSearchResult ls = rules.line_search(
        {problem, rows, ops, it.eval, it.search, images}, search_norm, scale, opt);
    if (ls.point.alpha == 0) return Finish(it, ExitReason::kZeroStep, out);

    // Move: new row states, forces, cost and gradient (3.1), (3.2); count the state changes.
    Move(it, ls.point.alpha, images, before);
    IterationStats stats = StepStatistics(it, before, ls, search_norm);

    // Update the preconditioner: M⁻¹g (CG); Newton's Hessian factor, then H⁻¹g (3.2).
    stats.nupdate = rules.precondition_step(it, before, stats.nchange);

    // Improvement and gradient, scaled (5.1); save the statistics.
    stats.improvement = rules.improvement(scale, before.cost, it.eval.cost, ls);
    stats.gradient = scale * it.eval.gradient.norm();
    out.stats.push_back(stats);
    ++out.iterations;

    // §5 row "CG / Newton in the loop" (2.2.2: its own row): improvement, gradient, decrement.
    if (const auto exit = LoopExit(rules, it, stats, opt.tolerance)) return Finish(it, *exit, out);

    // The next direction: (4.1) for CG, −H⁻¹g for Newton.
    rules.direction(it, before);
  }
  return Finish(it, ExitReason::kIterations, out);
}

}  // namespace simatlas::mujoco
