// MJ-solvers §3–§5, 2.2.2 column — CG and Newton as MuJoCo 2.2.2 runs them on a dense Jacobian,
// written from a reading of tag 2.2.2: engine_solver.c (mj_solCGNewton, CGupdateConstraint,
// CGupdateGradient, CGprepare, CGsearch, HessianDirect, HessianIncremental, HessianCone),
// engine_core_constraint.c (mj_constraintUpdate), engine_forward.c (warmstart).
#include "reference/mujoco/v222/primal.h"

#include <algorithm>
#include <cmath>
#include <optional>
#include <string>
#include <vector>

#include "reference/core/errors.h"
#include "reference/mujoco/v222/blas.h"
#include "reference/mujoco/constants.h"
#include "reference/mujoco/primal.h"
#include "reference/mujoco/primal_rules.h"
#include "reference/mujoco/v222/primal_search.h"
#include "reference/mujoco/sparse_rows.h"
#include "reference/mujoco/spd_factor.h"
#include "reference/mujoco/warmstart.h"

namespace simatlas::mujoco::v222 {

namespace {

/// M's ancestor pattern found when the problem was prepared, or null.
const std::vector<std::vector<int>>* PreparedAncestors(const Problem& p) {
  if (!IsPrepared(p) || p.prepared->ancestors.size() != static_cast<size_t>(p.nv)) return nullptr;
  return &p.prepared->ancestors;
}

/// The fixed data of one 2.2.2 solve: J row by row, the blocks and D = 1/R (efc_D), τs, M's
/// tree pattern.
struct Data {
  const Problem& problem;
  ConstraintRows rows;
  RowMatrix J;
  std::vector<std::vector<int>> own_pattern;         // found here when the problem is unprepared
  const std::vector<std::vector<int>>& pattern;      // M's ancestors (AncestorPattern)
  core::VectorX tau;       // qfrc_smooth
  double denominator = 1;  // rescale: meaninertia · max(1, nv)

  Data(const Data&) = delete;  // pattern may refer to own_pattern
  explicit Data(const Problem& p)
      : problem(p), rows(MakeConstraintRows(p)), J(p.J),
        own_pattern(PreparedAncestors(p) ? std::vector<std::vector<int>>() : AncestorPattern(p.M)),
        pattern(PreparedAncestors(p) ? *PreparedAncestors(p) : own_pattern),
        denominator(p.opt.meaninertia * std::max(1, p.nv)) {
    if (p.qfrc_smooth.size() == p.nv) {
      tau = p.qfrc_smooth;
    } else if (p.qfrc_smooth.size() == 0) {
      tau = MulM(p.M, pattern, p.qacc_smooth);
    } else {
      core::ThrowInputError("qfrc_smooth length", static_cast<double>(p.qfrc_smooth.size()), "1",
                            "0 (absent) or nv = " + std::to_string(p.nv));
    }
    for (int i = 0; i < tau.size(); ++i) {
      core::RequireFinite("qfrc_smooth[" + std::to_string(i) + "]", tau[i], "N or N m");
    }
  }
};

/// What mj_constraintUpdate leaves: forces, states, cost s (EvaluateConstraints, whose per-row
/// arithmetic is MuJoCo's), Jᵀf in 2.2.2's sums, and (Newton) the cone Hessian of every block
/// in the middle zone.
struct Constraints {
  core::VectorX force;
  std::vector<RowState> state;
  double cost = 0;
  core::VectorX qfrc;
  std::vector<RowMatrix> cone_hessian;  // per block; set for cone blocks when asked
  int nactive = 0;
  int ncone = 0;  // rows in the cone state
};

/// mj_constraintUpdate at jar: the states, forces and cost of (3.1) (rows in MuJoCo's order),
/// then qfrc = Jᵀf with mju_mulMatTVec's sums and, when asked, the cone Hessians (BlockHessian).
Constraints UpdateConstraints(const Data& data, const core::VectorX& jar,
                                    bool cone_hessian) {
  const Problem& p = data.problem;
  ConstraintEval eval = EvaluateConstraints(p, data.rows, jar);
  Constraints out;
  out.force = std::move(eval.force);
  out.state = std::move(eval.state);
  out.cost = eval.cost;
  out.qfrc = MulMatTVec(data.J, out.force);
  if (cone_hessian) {
    out.cone_hessian.resize(data.rows.blocks.size());
    for (size_t b = 0; b < data.rows.blocks.size(); ++b) {
      const Block& block = data.rows.blocks[b];
      if (block.elliptic && out.state[block.first] == RowState::kCone) {
        out.cone_hessian[b] = BlockHessian(p, data.rows, block, jar, RowState::kCone);
      }
    }
  }
  for (RowState st : out.state) {
    out.nactive += st != RowState::kSatisfied ? 1 : 0;
    out.ncone += st == RowState::kCone ? 1 : 0;
  }
  return out;
}

/// J a − aref (mj_mulJacVec, then mju_subFrom).
core::VectorX Residual(const Data& data, const core::VectorX& qacc) {
  core::VectorX jar = MulMatVec(data.J, qacc);
  for (int i = 0; i < jar.size(); ++i) jar[i] -= data.problem.aref[i];
  return jar;
}

/// Newton's factor of H = M + Jᵀ D_quadratic J and, with cone blocks, Hcone (HessianDirect,
/// HessianIncremental, HessianCone) with MuJoCo's count of rank-one updates.
class Hessian {
 public:
  explicit Hessian(const Data& data) : data_(data) {}

  /// HessianDirect: a fresh factor at the states of c; nupdate = nefc.
  void Direct(const Constraints& c) {
    const int nefc = data_.problem.nefc();
    core::VectorX Dq = core::VectorX::Zero(nefc);
    for (int i = 0; i < nefc; ++i) {
      if (c.state[i] == RowState::kQuadratic) Dq[i] = data_.rows.D[i];
    }
    H_ = HessianDirect(data_.J, Dq, data_.problem.M, data_.pattern);
    CholFactor(H_, kMinVal);
    if (c.ncone > 0) Cone(c);
    nupdate_ = nefc;
  }

  /// HessianIncremental: ± J_iᵀ D_i J_i for rows entering or leaving the quadratic state, a
  /// fresh factor when a downdate loses rank, then the cones.
  void Incremental(const Constraints& c, const std::vector<RowState>& old_state) {
    const int nv = data_.problem.nv;
    nupdate_ = 0;
    for (int i = 0; i < data_.problem.nefc(); ++i) {
      const bool was = old_state[i] == RowState::kQuadratic;
      const bool is = c.state[i] == RowState::kQuadratic;
      if (was == is) continue;
      const core::VectorX v = data_.J.row(i).transpose() * std::sqrt(data_.rows.D[i]);
      ++nupdate_;
      if (CholUpdate(H_, v, is) < nv) {
        Direct(c);
        return;
      }
    }
    if (c.ncone > 0) Cone(c);
  }

  /// Mgrad = H⁻¹ g (Hcone when some row is in the cone state).
  core::VectorX Solve(const Constraints& c, const core::VectorX& g) const {
    return CholSolve(c.ncone > 0 ? Hcone_ : H_, g);
  }

  /// Rank-one updates of the last Direct or Incremental.
  int nupdate() const { return nupdate_; }

 private:
  /// HessianCone: Hcone = H plus, per middle-zone contact, the rows of LᵀJ_b (L the Cholesky
  /// factor of the contact's cone Hessian) as rank-one updates; nupdate += dim per contact.
  void Cone(const Constraints& c) {
    const int nv = data_.problem.nv;
    Hcone_ = H_;
    for (size_t b = 0; b < data_.rows.blocks.size(); ++b) {
      const Block& block = data_.rows.blocks[b];
      if (c.state[block.first] != RowState::kCone) continue;
      const int dim = block.size;
      RowMatrix local = c.cone_hessian[b];
      CholFactor(local, kMinVal);
      RowMatrix LTJ = RowMatrix::Zero(dim, nv);
      for (int r = 0; r < dim; ++r) {
        for (int col = 0; col <= r; ++col) {
          for (int k = 0; k < nv; ++k) LTJ(col, k) += data_.J(block.first + r, k) * local(r, col);
        }
      }
      for (int r = 0; r < dim; ++r) CholUpdate(Hcone_, LTJ.row(r).transpose(), true);
      nupdate_ += dim;
    }
  }

  const Data& data_;
  RowMatrix H_, Hcone_;
  int nupdate_ = 0;
};

/// The iterate and MuJoCo's running products (CGupdateConstraint, CGupdateGradient).
struct Point {
  core::VectorX qacc, Ma, jar;  // a, M a, J a − aref
  Constraints c;
  double gauss = 0, cost = 0;
  core::VectorX grad;

  /// Constraints at jar, Gauss Σ ½(Ma − τ)(a − a₀) and the full cost.
  void Update(const Data& data, bool newton) {
    c = UpdateConstraints(data, jar, newton);
    gauss = 0;
    for (int i = 0; i < qacc.size(); ++i) {
      gauss += 0.5 * (Ma[i] - data.tau[i]) * (qacc[i] - data.problem.qacc_smooth[i]);
    }
    cost = c.cost + gauss;
    grad.resize(qacc.size());
    for (int i = 0; i < qacc.size(); ++i) grad[i] = Ma[i] - data.tau[i] - c.qfrc[i];
  }
};

}  // namespace

core::VectorX PrimalStart(const Problem& problem,
                             const std::optional<core::VectorX>& qacc_warmstart) {
  if (!qacc_warmstart) return problem.qacc_smooth;
  RequireWarmstart(problem.nv, *qacc_warmstart);
  const Data data(problem);
  const core::VectorX& w = *qacc_warmstart;
  // cost(warm): constraint cost, then each Gauss term added to it; cost(smooth): constraints.
  double warm = UpdateConstraints(data, Residual(data, w), false).cost;
  const core::VectorX Ma = MulM(problem.M, data.pattern, w);
  for (int i = 0; i < problem.nv; ++i) {
    warm += 0.5 * (Ma[i] - data.tau[i]) * (w[i] - problem.qacc_smooth[i]);
  }
  const double smooth =
      UpdateConstraints(data, Residual(data, problem.qacc_smooth), false).cost;
  return SmoothStartWins(smooth, warm) ? problem.qacc_smooth : w;
}

namespace {

/// The preconditioner of the loop, chosen once by the solver: Newton's H (HessianDirect, then
/// HessianIncremental) or CG's M (mj_solveM); Solve gives H⁻¹g or M⁻¹g.
class Preconditioner {
 public:
  Preconditioner(const Problem& problem, const Data& data)
      : newton_(problem.opt.solver == SolverKind::kNewton), hessian_(data) {
    // CG's M factor (mj_factorM); Newton never solves with M alone.
    if (!newton_) m_factor_.emplace(problem.M, data.pattern);
  }
  bool newton() const { return newton_; }
  void Start(const Point& at) {
    if (newton_) hessian_.Direct(at.c);
  }
  void Step(const Point& at, const std::vector<RowState>& old_state) {
    if (newton_) hessian_.Incremental(at.c, old_state);
  }
  core::VectorX Solve(const Point& at) const {
    return newton_ ? hessian_.Solve(at.c, at.grad) : m_factor_->Solve(at.grad);
  }
  int nupdate() const { return newton_ ? hessian_.nupdate() : 0; }

 private:
  bool newton_;
  std::optional<FactorM> m_factor_;
  Hessian hessian_;
};

/// One CGsearch: the line's M s and J s, its slope scale and the search's result.
struct Line {
  core::VectorX Mv;        ///< M s
  core::VectorX Jv;        ///< J s
  double slopescl = 0;     ///< 1/(‖s‖ · meaninertia · max(1, nv))
  LineSearchResult ls;     ///< the accepted point
};

/// CGsearch: ‖s‖, gtol and the slope scale in MuJoCo's order, then the line search; nullopt
/// when ‖s‖ < mjMINVAL.
std::optional<Line> Search(const Problem& problem, const Data& data, const Point& at,
                                 const core::VectorX& search) {
  const Options& opt = problem.opt;
  const int nv = problem.nv;
  const double snorm = std::sqrt(Dot(search.data(), search.data(), nv));
  if (snorm < kMinVal) return std::nullopt;
  const double gtol = opt.tolerance * opt.ls_tolerance * snorm * opt.meaninertia * std::max(1, nv);
  Line line;
  line.slopescl = 1 / (snorm * opt.meaninertia * std::max(1, nv));
  line.Mv = MulM(problem.M, data.pattern, search);
  line.Jv = MulMatVec(data.J, search);
  const LineData line_data{
      problem, data.rows, at.jar, line.Jv,
      {at.gauss, Dot(search.data(), at.Ma.data(), nv) - Dot(search.data(), data.tau.data(), nv),
       0.5 * Dot(search.data(), line.Mv.data(), nv)}};
  line.ls = SearchLine(PrimalLine(line_data), gtol, opt.ls_iterations);
  return line;
}

/// Moves a, M a and J a − aref by α along the line (mju_addToScl), then updates the constraints.
void Move(const Data& data, bool newton, const core::VectorX& search, const Line& line,
             Point& at) {
  const double alpha = line.ls.point.alpha;
  for (int i = 0; i < at.qacc.size(); ++i) {
    at.qacc[i] += search[i] * alpha;
    at.Ma[i] += line.Mv[i] * alpha;
  }
  for (int i = 0; i < at.jar.size(); ++i) at.jar[i] += line.Jv[i] * alpha;
  at.Update(data, newton);
}

/// saveStats: improvement and gradient divided by meaninertia · max(1, nv) (rescale).
IterationStats Statistics(const Data& data, const Point& at, double old_cost,
                             const std::vector<RowState>& old_state, const Line& line,
                             int nupdate) {
  IterationStats stats;
  stats.improvement = (old_cost - at.cost) / data.denominator;
  stats.gradient = std::sqrt(Dot(at.grad.data(), at.grad.data(), at.grad.size())) / data.denominator;
  stats.lineslope = std::abs(line.ls.point.d1) * line.slopescl;
  stats.nactive = at.c.nactive;
  for (size_t i = 0; i < old_state.size(); ++i) stats.nchange += at.c.state[i] != old_state[i];
  stats.neval = line.ls.neval;
  stats.nupdate = nupdate;
  return stats;
}

/// 2.2.2's in-loop exits, improvement reported first: improvement < tol, gradient < tol.
std::optional<ExitReason> Exit(const IterationStats& stats, double tolerance) {
  if (stats.improvement < tolerance) return ExitReason::kImprovement;
  if (stats.gradient < tolerance) return ExitReason::kGradient;
  return std::nullopt;
}

/// Polak–Ribière+: s ← −M⁻¹g + β s, β = max(0, gᵀ(M⁻¹g − M⁻¹g_old)/max(1e-15, g_oldᵀM⁻¹g_old)).
void PolakRibiere(const core::VectorX& grad, const core::VectorX& Mgrad,
                     const core::VectorX& old_grad, const core::VectorX& old_Mgrad,
                     core::VectorX& search) {
  const int nv = static_cast<int>(grad.size());
  const core::VectorX Mgraddif = Mgrad - old_Mgrad;
  double beta = Dot(grad.data(), Mgraddif.data(), nv) /
                std::max(kMinVal, Dot(old_grad.data(), old_Mgrad.data(), nv));
  if (beta < 0) beta = 0;
  for (int i = 0; i < nv; ++i) search[i] = -Mgrad[i] + beta * search[i];
}

/// No constraint rows: qacc = a₀, no forces, no iterations.
SolveResult NoConstraints(const Problem& problem) {
  SolveResult out;
  out.qacc = problem.qacc_smooth;
  out.efc_force = core::VectorX::Zero(0);
  out.exit = ExitReason::kNoConstraints;
  return out;
}

/// The answer at the current point with the loop's exit.
SolveResult Finish(const Point& at, ExitReason exit, SolveResult out) {
  out.exit = exit;
  out.qacc = at.qacc;
  out.efc_force = at.c.force;
  out.cost = at.cost;
  return out;
}

}  // namespace

SolveResult SolvePrimal(const Problem& problem, const core::VectorX& qacc0) {
  const Options& opt = problem.opt;
  RequirePrimalSolver(opt);
  SolveResult out;

  // No constraints: the answer is a₀ (MuJoCo skips the solver).
  if (problem.nefc() == 0) return NoConstraints(problem);

  // M must be positive definite (the same check and message as SolvePrimal's; a prepared
  // problem's M was checked when it was prepared); the data and the solver's preconditioner,
  // chosen once (§4: H for Newton, M for CG).
  if (!PreparedAncestors(problem)) SpdFactor().Factor(problem.M, "M");
  const Data data(problem);
  Preconditioner precondition(problem, data);

  // Start: M a, J a − aref from scratch, then constraints (3.1), gradient (3.2), s = −M⁻¹g or −H⁻¹g.
  Point at;
  at.qacc = qacc0;
  at.Ma = MulM(problem.M, data.pattern, qacc0);
  at.jar = Residual(data, qacc0);
  at.Update(data, precondition.newton());
  precondition.Start(at);
  core::VectorX Mgrad = precondition.Solve(at);
  core::VectorX search = -Mgrad;

  while (out.iterations < opt.iterations) {
    // §5 row "α = 0": the line search along s (CGsearch) found no step.
    const std::optional<Line> line = Search(problem, data, at, search);
    if (!line || line->ls.point.alpha == 0) return Finish(at, ExitReason::kZeroStep, out);

    // Step to a + α s, update constraints, gradient and preconditioner.
    const core::VectorX old_grad = at.grad, old_Mgrad = Mgrad;
    const std::vector<RowState> old_state = at.c.state;
    const double old_cost = at.cost;
    Move(data, precondition.newton(), search, *line, at);
    precondition.Step(at, old_state);
    Mgrad = precondition.Solve(at);

    // MuJoCo's statistics of the iteration (§5).
    out.stats.push_back(Statistics(data, at, old_cost, old_state, *line, precondition.nupdate()));
    ++out.iterations;

    // §5 rows "improvement" and "gradient" (2.2.2: no positivity test, no decrement).
    if (const auto exit = Exit(out.stats.back(), opt.tolerance)) return Finish(at, *exit, out);

    // The next direction (4.1): Newton −H⁻¹g, CG Polak–Ribière+.
    if (precondition.newton()) {
      search = -Mgrad;
    } else {
      PolakRibiere(at.grad, Mgrad, old_grad, old_Mgrad, search);
    }
  }

  // §5 row "iteration cap".
  return Finish(at, ExitReason::kIterations, out);
}

}  // namespace simatlas::mujoco::v222
