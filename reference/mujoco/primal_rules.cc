// MJ-solvers §4–§5 — the version seam of the primal loop: CG's and Newton's preconditioner and
// direction (§4, (4.1), (3.2)), the line search's bracketing and the exit table's two columns
// (2.2.2 and the course's 3.15), and the arithmetic, each chosen once from the options. 2.2.2:
// engine_solver.c mj_solCGNewton, CGsearch, HessianIncremental (tag 2.2.2); 3.x: mj_solPrimal,
// PrimalSearch and the course's table.
// Equation numbers (N.M) are the formula sheet's (course/FORMULAS.md).
#include "reference/mujoco/primal_rules.h"

#include <algorithm>
#include <cmath>

#include "reference/core/errors.h"
#include "reference/mujoco/constants.h"
#include "reference/mujoco/mujoco222/kernels.h"
#include "reference/mujoco/mujoco222/line.h"
#include "reference/mujoco/newton_hessian.h"

namespace simatlas::mujoco {

namespace {

// ---- §4: the preconditioner, Newton's Hessian update and the direction ----

bool AnyCone(const std::vector<RowState>& state) {
  return std::any_of(state.begin(), state.end(), [](RowState s) { return s == RowState::kCone; });
}

void CgStart(PrimalIterate& it, bool) {
  it.kernels.SolveM(it.eval.gradient, it.Mgrad);
  it.precond = it.Mgrad;
}

// Newton: H factored at the start point; M⁻¹g only for the certificate.
void NewtonStart(PrimalIterate& it, bool certificate) {
  it.hessian = it.kernels.NewHessian(it.problem, it.rows);
  it.hessian->Factor(it.eval);
  if (certificate) it.kernels.SolveM(it.eval.gradient, it.Mgrad);
  it.hessian->Solve(it.eval.gradient, it.precond);
}

int CgStep(PrimalIterate& it, const PrimalPrevious&, int) {
  CgStart(it, false);
  return 0;
}

// Newton: H changes with the row states (cone blocks with every step): rank-one updates for the
// rows entering or leaving the quadratic state when the factor takes them (HessianIncremental),
// else a fresh factor. nupdate counts as MuJoCo's incremental update does (one per row entering
// or leaving the quadratic state plus the cone rows; nefc after a fresh factor forced by a
// failed update).
int NewtonStep(PrimalIterate& it, const PrimalPrevious& before, int nchange) {
  const std::vector<RowState>& after = it.eval.constraints.state;
  bool forced = false;
  if (nchange > 0 || AnyCone(after)) {
    if (it.hessian->UpdatesByRows(before.state, after, nchange)) {
      forced = !UpdateQuadraticRows(before.state, after, *it.hessian);
      if (forced) {
        it.hessian->Factor(it.eval);
      } else {
        it.hessian->AddCones(it.eval);
      }
    } else {
      it.hessian->Factor(it.eval);
    }
  }
  it.hessian->Solve(it.eval.gradient, it.precond);
  return forced ? it.problem.nefc() : MujocoHessianUpdates(before.state, after);
}

void NewtonDirection(PrimalIterate& it, const PrimalPrevious&) { it.search = -it.precond; }

// s ← −M⁻¹g + β s.
void ConjugateStep(PrimalIterate& it, double beta) { it.search = -it.Mgrad + beta * it.search; }

// (4.1) PR+: β = max(0, gᵀ(M⁻¹g − M⁻¹g_old)/max(1e-15, g_oldᵀM⁻¹g_old)).
void PolakRibiereDirection(PrimalIterate& it, const PrimalPrevious& before) {
  it.My = it.Mgrad - before.Mgrad;
  double beta = it.kernels.Dot(it.eval.gradient, it.My) /
                std::max(kMinVal, it.kernels.Dot(before.gradient, before.Mgrad));
  if (beta < 0) beta = 0;
  ConjugateStep(it, beta);
}

// (4.1) Hager–Zhang with restart (dᵀy < 1e-15) and the lower bound η_k.
void HagerZhangDirection(PrimalIterate& it, const PrimalPrevious& before) {
  const PrimalKernels& k = it.kernels;
  const core::VectorX& g = it.eval.gradient;
  const core::VectorX& d = it.search;
  it.y = g - before.gradient;
  const double dy = k.Dot(d, it.y);
  double beta = 0;
  if (dy >= kMinVal) {
    it.My = it.Mgrad - before.Mgrad;
    const double beta_hz =
        (k.Dot(it.y, it.Mgrad) - 2 * (k.Dot(it.y, it.My) / dy) * k.Dot(d, g)) / dy;
    const double eta = -1 / std::max(kMinVal, k.Norm(d) * std::min(0.01, k.Norm(g)));
    beta = std::max(eta, beta_hz);
  }
  ConjugateStep(it, beta);
}

// ---- §5: the version's improvement and exits ----

// 2.2.2: improvement = cost before the step − cost after it, both full costs.
double CostDifference(double old_cost, double new_cost, const LineSearchResult&) {
  return old_cost - new_cost;
}

// 3.x: improvement = the line search's cancellation-free decrease at the accepted α.
double LineSearchDecrease(double, double, const LineSearchResult& search) {
  return -search.point.cost;
}

bool BelowTolerance(double improvement, double tolerance) { return improvement < tolerance; }

bool PositiveBelowTolerance(double improvement, double tolerance) {
  return improvement > 0 && improvement < tolerance;
}

std::optional<ExitReason> NoPreLoopExit(const PrimalIterate&, double) { return std::nullopt; }

// 3.x certificate gap = max(0, ½·scale·gᵀM⁻¹g).
double CertificateGap(const PrimalIterate& it) {
  return std::max(0.0, 0.5 * it.scale.scale * it.kernels.Dot(it.eval.gradient, it.Mgrad));
}

// 3.x Newton's decrement test: max(0, ½·scale·gᵀH⁻¹g) < tol.
bool DecrementBelowTolerance(const PrimalIterate& it, double tolerance) {
  return std::max(0.0, 0.5 * it.scale.scale * it.kernels.Dot(it.eval.gradient, it.precond)) <
         tolerance;
}

bool NoDecrementTest(const PrimalIterate&, double) { return false; }

// 3.x CG before the loop: exit on the certificate gap.
std::optional<ExitReason> CertificateExit(const PrimalIterate& it, double tolerance) {
  if (CertificateGap(it) < tolerance) return ExitReason::kCertificate;
  return std::nullopt;
}

// 3.x Newton before the loop: the gap with the gradient gate, else the gradient with the
// decrement.
std::optional<ExitReason> NewtonPreLoopExit(const PrimalIterate& it, double tolerance) {
  const double gradient = it.scale.Scaled(it.kernels.Norm(it.eval.gradient));
  if (CertificateGap(it) < tolerance && gradient < tolerance) return ExitReason::kCertificate;
  if (gradient < tolerance && DecrementBelowTolerance(it, tolerance)) {
    return ExitReason::kDecrement;
  }
  return std::nullopt;
}

}  // namespace

void RequirePrimalSolver(const Options& opt) {
  if (opt.solver == SolverKind::kPGS) {
    throw core::InputError("solver = PGS must be CG or Newton for the primal loop");
  }
}

PrimalRules MakePrimalRules(const Options& opt) {
  RequirePrimalSolver(opt);
  const bool newton = opt.solver == SolverKind::kNewton;
  PrimalRules rules;
  // §4: the solver's preconditioner and direction.
  rules.precondition_start = newton ? NewtonStart : CgStart;
  rules.precondition_step = newton ? NewtonStep : CgStep;
  rules.direction = newton                                         ? NewtonDirection
                    : opt.cg_update == CGUpdate::kPolakRibierePlus ? PolakRibiereDirection
                                                                   : HagerZhangDirection;
  // §4: the line search's bracketing (2.2.2's CGsearch or 3.x's PrimalSearch).
  const bool cgsearch = opt.line_search == LineSearch::kMuJoCo222;
  rules.line_search.drop_rising_first_step = cgsearch;
  rules.line_search.converged_must_descend = !cgsearch;
  rules.line_search.bracket_with_start = !cgsearch;
  // §5: the exit table's column (2.2.2: no certificate, no decrement).
  const bool classic = opt.exit_rules == ExitRules::kMuJoCo222;
  rules.improvement = classic ? CostDifference : LineSearchDecrease;
  rules.improvement_stops = classic ? BelowTolerance : PositiveBelowTolerance;
  rules.certificate = !classic;
  rules.pre_loop_exit = classic ? NoPreLoopExit : newton ? NewtonPreLoopExit : CertificateExit;
  rules.decrement_stops = !classic && newton ? DecrementBelowTolerance : NoDecrementTest;
  return rules;
}

bool UsesMujoco222Arithmetic(const Problem& problem) {
  return problem.opt.arithmetic == Arithmetic::kMuJoCo222 && !UsesSparsePath(problem);
}

std::unique_ptr<PrimalKernels> MakePrimalKernels(const Problem& problem, const SparseOperators& ops,
                                                 const SpdFactor* m_factor) {
  // 2.2.2's dense kernels; on the sparse path the course's products with 2.2.2's line sums
  // (CGeval is the same on both of 2.2.2's paths).
  if (UsesMujoco222Arithmetic(problem)) return mujoco222::MakeKernels(problem);
  const bool line222 = problem.opt.arithmetic == Arithmetic::kMuJoCo222;
  return MakeCourseKernels(ops, m_factor, line222 ? mujoco222::MakeLine : nullptr);
}

double TerminationScale(const Problem& whole, const Problem& piece, bool island, ScaledLoop loop) {
  // ≥ 3.17: the trace of the current M of what is solved (5.1).
  if (piece.opt.exit_scale == ExitScaleRule::kTrace) return IslandScale(island ? piece : whole);
  // ≤ 3.16: meaninertia, except the primal loop on an island.
  const bool primal = piece.opt.solver != SolverKind::kPGS && loop == ScaledLoop::kMain;
  return island && primal ? IslandScale(piece) : MonolithicScale(whole);
}

ExitScale MakeExitScale(const Problem& piece, double scale) {
  return {scale, UsesMujoco222Arithmetic(piece), piece.opt.meaninertia, piece.nv};
}

}  // namespace simatlas::mujoco
