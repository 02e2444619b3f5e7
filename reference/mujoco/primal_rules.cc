// MJ-solvers §4–§5 — the CG/Newton loop's rules chosen once per solve: CG's and Newton's
// preconditioner and direction (§4, (4.1), (3.2)) and the exit table's two columns (2.2.2 and
// the course's 3.15). 2.2.2: engine_solver.c mj_solCGNewton, HessianIncremental (tag 2.2.2);
// 3.15: the course's table.
#include "reference/mujoco/primal_rules.h"

#include <algorithm>
#include <cmath>

#include "reference/core/errors.h"
#include "reference/mujoco/constants.h"
#include "reference/mujoco/v222/primal_search.h"
#include "reference/mujoco/sparse_path.h"

namespace simatlas::mujoco {

namespace {

// ---- §4: the preconditioner, Newton's Hessian update and the direction ----

bool AnyCone(const std::vector<RowState>& state) {
  return std::any_of(state.begin(), state.end(), [](RowState s) { return s == RowState::kCone; });
}

/// Newton's H = M + Σ_quadratic D_i J_iᵀJ_i after a step changed some row states, by rank-one
/// updates +D_i J_iᵀJ_i for rows entering the quadratic state and downdates for rows leaving it
/// (MuJoCo 2.2.2 mj_solNewton with mju_cholUpdate). Only without cone blocks (their Hessian
/// block moves with every step) and while the updates, O(nv²) each, are cheaper than a fresh
/// O(nv³/3) factor (our rule: fewer than nv/3 changed rows). Returns false when the caller must
/// factor H afresh (also after a failed downdate, reported through `downdate_failed`).
bool UpdateHessianByRows(const PrimalIterate& it, const std::vector<RowState>& before,
                         int nchange, SpdFactor& h, bool& downdate_failed) {
  const Problem& problem = it.problem;
  const std::vector<RowState>& after = it.eval.constraints.state;
  if (AnyCone(before) || AnyCone(after) || 3 * nchange >= problem.nv) return false;
  for (int i = 0; i < problem.nefc(); ++i) {
    const bool was = before[i] == RowState::kQuadratic, is = after[i] == RowState::kQuadratic;
    if (was == is) continue;
    const core::VectorX v = std::sqrt(it.rows.D[i]) * problem.J.row(i).transpose();
    if (!h.RankOneUpdate(v, is ? 1.0 : -1.0)) {
      downdate_failed = true;
      return false;
    }
  }
  return true;
}

/// How Newton's factor of H was brought up to date.
enum class HessianUpdate { kRankOne, kRefactor, kForcedRefactor };

/// Brings it.h_factor up to date with the row states: rank-one updates when
/// UpdateHessianByRows can, else a fresh factor (kForcedRefactor when a downdate failed, as
/// MuJoCo refactors then).
HessianUpdate UpdateHessian(PrimalIterate& it, const std::vector<RowState>& before, int nchange) {
  bool downdate_failed = false;
  if (UpdateHessianByRows(it, before, nchange, it.h_factor, downdate_failed)) {
    return HessianUpdate::kRankOne;
  }
  FactorHessian(it.problem, it.rows, it.ops, it.eval, it.h_factor);
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

void CgStart(PrimalIterate& it) {
  it.m_factor->SolveInto(it.eval.gradient, it.Mgrad);
  it.precond = it.Mgrad;
}

void NewtonStart(PrimalIterate& it) {
  FactorHessian(it.problem, it.rows, it.ops, it.eval, it.h_factor);
  it.m_factor->SolveInto(it.eval.gradient, it.Mgrad);
  it.h_factor.SolveInto(it.eval.gradient, it.precond);
}

int CgStep(PrimalIterate& it, const PrimalPrevious&, int) {
  CgStart(it);
  return 0;
}

// Newton: H changes with the row states (cone blocks with every step): rank-one updates for a
// few changed rows, else a fresh factor. nupdate counts as MuJoCo's incremental update does
// (one per row entering or leaving the quadratic state plus the cone rows; nefc after a
// refactor forced by a failed downdate).
int NewtonStep(PrimalIterate& it, const PrimalPrevious& before, int nchange) {
  const std::vector<RowState>& after = it.eval.constraints.state;
  const bool changed = nchange > 0 || AnyCone(after);
  const HessianUpdate update =
      changed ? UpdateHessian(it, before.state, nchange) : HessianUpdate::kRankOne;
  it.h_factor.SolveInto(it.eval.gradient, it.precond);
  return update == HessianUpdate::kForcedRefactor ? it.problem.nefc()
                                                  : MujocoHessianUpdates(before.state, after);
}

void NewtonDirection(PrimalIterate& it, const PrimalPrevious&) { it.search = -it.precond; }

// (4.1) PR+: β = max(0, gᵀ(M⁻¹g − M⁻¹g_old)/max(1e-15, g_oldᵀM⁻¹g_old)).
void PolakRibiereDirection(PrimalIterate& it, const PrimalPrevious& before) {
  const double beta =
      std::max(0.0, it.eval.gradient.dot(it.Mgrad - before.Mgrad) /
                        std::max(kMinVal, before.gradient.dot(before.Mgrad)));
  it.search = -it.Mgrad + beta * it.search;
}

// (4.1) Hager–Zhang with restart (dᵀy < 1e-15) and the lower bound η_k.
void HagerZhangDirection(PrimalIterate& it, const PrimalPrevious& before) {
  const core::VectorX& g = it.eval.gradient;
  const auto y = g - before.gradient;  // y = g − g_old, never stored
  const core::VectorX& d = it.search;
  const double dy = d.dot(y);
  double beta = 0;
  if (dy >= kMinVal) {
    const auto My = it.Mgrad - before.Mgrad;
    const double beta_hz = (y.dot(it.Mgrad) - 2 * (y.dot(My) / dy) * d.dot(g)) / dy;
    const double eta = -1 / std::max(kMinVal, d.norm() * std::min(0.01, g.norm()));
    beta = std::max(eta, beta_hz);
  }
  it.search = -it.Mgrad + beta * it.search;
}

// ---- §5: the version's improvement and exits ----

// 2.2.2: improvement = scale · (cost before the step − cost after it), both full costs.
double CostDifference(double scale, double old_cost, double new_cost, const LineSearchResult&) {
  return scale * (old_cost - new_cost);
}

// 3.15: improvement = scale · the line search's cancellation-free decrease at the accepted α.
double LineSearchDecrease(double scale, double, double, const LineSearchResult& search) {
  return -scale * search.point.cost;
}

bool BelowTolerance(double improvement, double tolerance) { return improvement < tolerance; }

bool PositiveBelowTolerance(double improvement, double tolerance) {
  return improvement > 0 && improvement < tolerance;
}

std::optional<ExitReason> NoPreLoopExit(const PrimalIterate&, double) { return std::nullopt; }

// 3.15 certificate gap = max(0, ½·scale·gᵀM⁻¹g).
double CertificateGap(const PrimalIterate& it) {
  return std::max(0.0, 0.5 * it.scale * it.eval.gradient.dot(it.Mgrad));
}

// 3.15 Newton's decrement test: ½·scale·gᵀH⁻¹g < tol.
bool DecrementBelowTolerance(const PrimalIterate& it, double tolerance) {
  return NewtonDecrement(it.scale, it.eval.gradient, it.precond) < tolerance;
}

bool NoDecrementTest(const PrimalIterate&, double) { return false; }

// 3.15 CG before the loop: exit on the certificate gap.
std::optional<ExitReason> CertificateExit(const PrimalIterate& it, double tolerance) {
  if (CertificateGap(it) < tolerance) return ExitReason::kCertificate;
  return std::nullopt;
}

// 3.15 Newton before the loop: the gap with the gradient gate, else the gradient with the
// decrement.
std::optional<ExitReason> NewtonPreLoopExit(const PrimalIterate& it, double tolerance) {
  const double gradient = it.scale * it.eval.gradient.norm();
  if (CertificateGap(it) < tolerance && gradient < tolerance) return ExitReason::kCertificate;
  if (gradient < tolerance && DecrementBelowTolerance(it, tolerance)) {
    return ExitReason::kDecrement;
  }
  return std::nullopt;
}

}  // namespace

double NewtonDecrement(double scale, const core::VectorX& g, const core::VectorX& H_inv_g) {
  return std::max(0.0, 0.5 * scale * g.dot(H_inv_g));
}

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
  rules.direction = newton                                           ? NewtonDirection
                    : opt.cg_update == CGUpdate::kPolakRibierePlus ? PolakRibiereDirection
                                                                     : HagerZhangDirection;
  // §5: the version's column of the exit table (2.2.2: no certificate, no decrement).
  const bool classic = opt.version == Version::kMuJoCo222;
  rules.line_search = classic ? v222::PrimalSearch : PrimalSearchAlong;
  rules.improvement = classic ? CostDifference : LineSearchDecrease;
  rules.improvement_stops = classic ? BelowTolerance : PositiveBelowTolerance;
  rules.pre_loop_exit = classic ? NoPreLoopExit : newton ? NewtonPreLoopExit : CertificateExit;
  rules.decrement_stops = !classic && newton ? DecrementBelowTolerance : NoDecrementTest;
  return rules;
}

}  // namespace simatlas::mujoco
