// MJ-solvers §4 (CG, Newton) and §5 (termination) — MuJoCo engine_solver.c: mj_solPrimal (3.x),
// mj_solCGNewton (tag 2.2.2). Written from the course's description.
// Equation numbers (N.M) are the formula sheet's (course/FORMULAS.md).
#include "reference/mujoco/primal_solver.h"

#include <memory>
#include <optional>

#include "reference/mujoco/constants.h"
#include "reference/mujoco/primal_rules.h"

namespace simatlas::mujoco {

namespace {

/// The answer at the current point with the loop's exit.
SolveResult Finish(const PrimalIterate& it, ExitReason reason, SolveResult out) {
  out.exit = reason;
  out.qacc = it.eval.qacc;
  out.efc_force = it.eval.constraints.force;
  out.cost = it.eval.cost;
  return out;
}

/// Keeps what the point before the step had, then moves a, J a − aref and the Gauss product
/// along s, J s and M s (mju_addToScl: no new product by J or M) and updates the point: row
/// states, forces, cost and gradient (3.1), (3.2). Reuses before's storage.
void Move(PrimalIterate& it, double alpha, const core::VectorX& Js, const core::VectorX& Ms,
          PrimalPrevious& before) {
  before.state = it.eval.constraints.state;
  before.gradient = it.eval.gradient;
  before.Mgrad = it.Mgrad;
  before.cost = it.eval.cost;
  it.eval.qacc += alpha * it.search;
  it.eval.Mda += alpha * Ms;
  it.eval.jar += alpha * Js;
  UpdatePoint(it.problem, it.rows, it.kernels, it.eval);
}

/// The iteration's MuJoCo statistics before the preconditioner update (§5: nchange, nactive,
/// neval, lineslope = scale · |cost'| / ‖s‖ at the accepted α).
IterationStats StepStatistics(const PrimalIterate& it, const PrimalPrevious& before,
                              const LineSearchResult& ls, double search_norm) {
  IterationStats stats;
  stats.neval = ls.neval;
  stats.nchange = CountChanges(before.state, it.eval.constraints.state);
  stats.nactive = CountActive(it.eval.constraints.state);
  stats.lineslope = it.scale.LineSlope(ls.point.d1, search_norm);
  return stats;
}

/// §5 in-loop exits in the table's order: improvement, gradient, then (3.x Newton) decrement.
std::optional<ExitReason> LoopExit(const PrimalRules& rules, const PrimalIterate& it,
                                   const IterationStats& stats, double tol) {
  if (rules.improvement_stops(stats.improvement, tol)) return ExitReason::kImprovement;
  if (stats.gradient < tol) return ExitReason::kGradient;
  if (rules.decrement_stops(it, tol)) return ExitReason::kDecrement;
  return std::nullopt;
}

}  // namespace

SolveResult SolvePrimal(const PreparedProblem& prepared, const core::VectorX& qacc0,
                        const ExitScale& scale) {
  const Problem& problem = prepared.problem();
  const Options& opt = problem.opt;
  // The solver's and the version's rules, chosen once (the seam: primal_rules.h).
  const PrimalRules rules = MakePrimalRules(opt);

  // Blocks and D = 1/R once per solve; the arithmetic once per problem (prepared); the start
  // point's cost and g (3.2).
  const ConstraintRows rows = MakeConstraintRows(problem);
  PrimalIterate it{problem, rows, prepared.kernels(), scale, {}, nullptr, {}, {}, {}, {}, {}};
  SolveResult out;

  // No constraints: the answer is a₀ (MuJoCo skips the solver).
  if (problem.nefc() == 0) {
    EvaluatePoint(problem, rows, it.kernels, problem.qacc_smooth, it.eval);
    return Finish(it, ExitReason::kNoConstraints, out);
  }
  EvaluatePoint(problem, rows, it.kernels, qacc0, it.eval);

  // Precondition g: M⁻¹g (CG), Newton's H factor and H⁻¹g (3.2).
  rules.precondition_start(it, rules.certificate);

  // §5 rows "CG / Newton before the loop" (3.x certificate, decrement; none in 2.2.2).
  if (const auto exit = rules.pre_loop_exit(it, opt.tolerance)) return Finish(it, *exit, out);

  // The first direction: s = −M⁻¹g (CG) or −H⁻¹g (Newton).
  it.search = -it.precond;
  const std::unique_ptr<PrimalLineCost> line = it.kernels.NewLine(problem, rows);
  core::VectorX Js, Ms;
  PrimalPrevious before;
  while (out.iterations < opt.iterations) {
    // Perform the line search along s (§5 row "line search": α = 0 ends the loop at once; so
    // does an s shorter than mjMINVAL, with nothing evaluated).
    const double search_norm = it.kernels.Norm(it.search);
    LineSearchResult ls;
    if (search_norm >= kMinVal) {
      PrepareLine(it.kernels, it.eval, it.search, Js, Ms, *line);
      ls = PrimalSearch(*line, scale.LineTolerance(opt.tolerance * opt.ls_tolerance, search_norm),
                        opt.ls_iterations, rules.line_search);
    }
    if (ls.point.alpha == 0) return Finish(it, ExitReason::kZeroStep, out);

    // Move to the new point: row states, forces, cost and gradient (3.1), (3.2).
    Move(it, ls.point.alpha, Js, Ms, before);
    IterationStats stats = StepStatistics(it, before, ls, search_norm);

    // Update the preconditioner: M⁻¹g (CG); Newton's Hessian factor, then H⁻¹g (3.2).
    stats.nupdate = rules.precondition_step(it, before, stats.nchange);

    // Improvement and gradient, scaled (5.1); save the statistics.
    stats.improvement = scale.Scaled(rules.improvement(before.cost, it.eval.cost, ls));
    stats.gradient = scale.Scaled(it.kernels.Norm(it.eval.gradient));
    out.stats.push_back(stats);
    ++out.iterations;

    // Termination: §5 rows "CG / Newton in the loop" (2.2.2: its own row).
    if (const auto exit = LoopExit(rules, it, stats, opt.tolerance)) return Finish(it, *exit, out);

    // Update the direction: (4.1) for CG, −H⁻¹g for Newton.
    rules.direction(it, before);
  }
  return Finish(it, ExitReason::kIterations, out);
}

}  // namespace simatlas::mujoco
