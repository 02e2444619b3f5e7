// E3-SAP §4, §4.2: the SAP Newton solver and its termination (4.3), (4.4).
// Equation numbers (N.M) are the formula sheet's (course/FORMULAS.md).
#include "reference/sap/sap_solver.h"

#include <cmath>

#include "reference/core/errors.h"
#include "reference/sap/block_sparse_cholesky.h"
#include "reference/sap/stopping_criteria.h"

namespace simatlas::sap {

using core::MatrixX;
using core::VectorX;

std::string LineSearchTypeName(LineSearchType type) {
  return type == LineSearchType::kExact ? "exact" : "backtracking";
}

std::string LinearSolverTypeName(LinearSolverType type) {
  return type == LinearSolverType::kDense ? "dense" : "block_sparse_cholesky";
}

void ValidateSapSolverParameters(const SapSolverParameters& p) {
  core::RequireNonNegative("abs_tolerance", p.abs_tolerance, "sqrt(J)");
  core::RequireNonNegative("rel_tolerance", p.rel_tolerance, "");
  core::RequireNonNegative("cost_abs_tolerance", p.cost_abs_tolerance, "J");
  core::RequireNonNegative("cost_rel_tolerance", p.cost_rel_tolerance, "");
  if (p.max_iterations < 0) core::ThrowInputError("max_iterations", p.max_iterations, "", ">= 0");
  // A negative slop would call a constant cost a rise (CostRoseBeyondSlop).
  core::RequireNonNegative("relative_slop", p.relative_slop, "");
}

SapEvaluation EvaluateSap(const SapModel& model, const VectorX& v) {
  SapEvaluation e;
  // Momentum part ½ (v − v*)ᵀ A (v − v*).
  const VectorX dv = v - model.v_star();
  const VectorX Adv = model.MultiplyByA(dv);
  e.cost = 0.5 * dv.dot(Adv);
  // Constraint parts ℓc,i(vc,i), γᵢ, Gᵢ.
  e.vc = model.CalcConstraintVelocities(v);
  e.gamma.resize(model.num_constraint_equations());
  const auto& constraints = model.constraints();
  e.G.reserve(constraints.size());
  for (size_t i = 0; i < constraints.size(); ++i) {
    const int n = static_cast<int>(constraints[i].w.size());
    const int offset = model.equation_offset(static_cast<int>(i));
    ConstraintValues values =
        constraints[i].constraint->Calc(ConstraintVector(e.vc.segment(offset, n)));
    e.cost += values.cost;
    e.gamma.segment(offset, n) = values.gamma;
    e.G.push_back(std::move(values.G));
  }
  // g = A (v − v*) − Jᵀ γ.
  e.jc = model.MultiplyByJTranspose(e.gamma);
  e.g = Adv - e.jc;
  return e;
}

namespace {

// Adds Jᵢᵀ Gᵢ Jᵢ of every constraint into `add(a, b, block)` for clique blocks a ≥ b.
template <typename AddBlock>
void ForEachHessianBlock(const SapModel& model, const std::vector<ConstraintMatrix>& G,
                         AddBlock add) {
  for (size_t b = 0; b < model.A_blocks().size(); ++b) {
    add(static_cast<int>(b), static_cast<int>(b), model.A_blocks()[b]);
  }
  const auto& constraints = model.constraints();
  for (size_t i = 0; i < constraints.size(); ++i) {
    const auto& mc = constraints[i];
    for (size_t p = 0; p < mc.cliques.size(); ++p) {
      for (size_t q = 0; q < mc.cliques.size(); ++q) {
        const int a = mc.cliques[p], b = mc.cliques[q];
        if (a < b) continue;
        add(a, b, MatrixX(mc.J[p].transpose() * G[i] * mc.J[q]));
      }
    }
  }
}

}  // namespace

MatrixX AssembleDenseHessian(const SapModel& model, const std::vector<ConstraintMatrix>& G) {
  const int n = model.num_velocities();
  MatrixX H = MatrixX::Zero(n, n);
  const auto& off = model.clique_offsets();
  const auto& size = model.clique_sizes();
  ForEachHessianBlock(model, G, [&](int a, int b, const MatrixX& block) {
    H.block(off[a], off[b], size[a], size[b]) += block;
    if (a != b) H.block(off[b], off[a], size[b], size[a]) += block.transpose();
  });
  return H;
}

VectorX SolveHessian(const SapModel& model, const std::vector<ConstraintMatrix>& G,
                     const VectorX& b, LinearSolverType type) {
  if (type == LinearSolverType::kDense) {
    // Dense Cholesky of the assembled H.
    const Eigen::LLT<MatrixX> llt(AssembleDenseHessian(model, G));
    if (llt.info() != Eigen::Success) {
      throw core::NumericalError(
          "SAP Hessian H = A + J^T G J is not positive definite "
          "(dense Cholesky failed)");
    }
    return llt.solve(b);
  }
  // Block-sparse (supernodal over cliques) Cholesky.
  BlockSparseSymmetricMatrix H(model.clique_sizes());
  ForEachHessianBlock(model, G,
                      [&](int a, int c, const MatrixX& block) { H.AddToBlock(a, c, block); });
  return BlockSparseCholesky(H).Solve(b);
}

namespace {

// Stacked γ and vc split per constraint.
std::vector<VectorX> SplitPerConstraint(const SapModel& model, const VectorX& stacked) {
  std::vector<VectorX> out;
  for (size_t i = 0; i < model.constraints().size(); ++i) {
    out.push_back(stacked.segment(model.equation_offset(static_cast<int>(i)),
                                  model.constraints()[i].w.size()));
  }
  return out;
}

// ℓ(α) along v + αΔv with ℓ'(α) and ℓ''(α) (4.1).
class CostLine {
 public:
  CostLine(const SapModel& model, const VectorX& v, const VectorX& dv)
      : model_(model),
        r0_(v - model.v_star()),
        dv_(dv),
        Adv_(model.MultiplyByA(dv)),
        vc0_(model.CalcConstraintVelocities(v)),
        dvc_(model.MultiplyByJ(dv)) {
    const VectorX Ar0 = model.MultiplyByA(r0_);
    a0_ = 0.5 * r0_.dot(Ar0);
    a1_ = dv_.dot(Ar0);
    a2_ = dv_.dot(Adv_);
  }

  double operator()(double alpha, double* dell, double* d2ell) const {
    // Momentum part: ½ (r0 + αΔv)ᵀ A (r0 + αΔv) = a0 + α a1 + ½ α² a2.
    double ell = a0_ + alpha * a1_ + 0.5 * alpha * alpha * a2_;
    double d1 = a1_ + alpha * a2_;
    double d2 = a2_;
    // Constraint parts at vc(α) = vc0 + α Δvc: ℓ' −= γᵀΔvc, ℓ'' += Δvcᵀ G Δvc.
    const auto& constraints = model_.constraints();
    for (size_t i = 0; i < constraints.size(); ++i) {
      const int n = static_cast<int>(constraints[i].w.size());
      const int offset = model_.equation_offset(static_cast<int>(i));
      const ConstraintVector dvc = dvc_.segment(offset, n);
      const ConstraintValues c =
          constraints[i].constraint->Calc(ConstraintVector(vc0_.segment(offset, n) + alpha * dvc));
      ell += c.cost;
      d1 -= c.gamma.dot(dvc);
      d2 += dvc.dot(c.G * dvc);
    }
    if (dell) *dell = d1;
    if (d2ell) *d2ell = d2;
    return ell;
  }

 private:
  const SapModel& model_;
  VectorX r0_, dv_, Adv_, vc0_, dvc_;
  double a0_ = 0, a1_ = 0, a2_ = 0;
};

}  // namespace

namespace {

// The line search the parameters select along v + αΔv, from ℓ(v) and ℓ'(0) = g·Δv.
LineSearchResult SearchLine(const SapModel& model, const VectorX& v, const VectorX& dv,
                            const SapEvaluation& e, const SapSolverParameters& parameters) {
  const CostLine line(model, v, dv);
  const double dell0 = e.g.dot(dv);
  if (parameters.line_search == LineSearchType::kExact) {
    return PerformExactLineSearch(line, dell0, parameters.exact_line_search,
                                  parameters.cost_abs_tolerance, parameters.cost_rel_tolerance);
  }
  return PerformBacktrackingLineSearch(line, e.cost, dell0, parameters.backtracking_line_search,
                                       parameters.relative_slop);
}

// A rise of ℓ over the last step beyond the slop: counted (Drake logs it), thrown if asked for.
void CheckMonotonicity(double ell_previous, double ell, int k,
                       const SapSolverParameters& parameters, SapSolverResult* result) {
  if (!CostRoseBeyondSlop(ell_previous, ell, parameters.relative_slop)) return;
  ++result->nonmonotonic_iterations;
  if (parameters.nonmonotonic_convergence_is_error) {
    throw core::NumericalError("SAP cost increased from " + core::FormatNumber(ell_previous) +
                               " J to " + core::FormatNumber(ell) + " J in the step of iteration " +
                               std::to_string(k - 1));
  }
}

// The Newton loop on parameters already checked (SolveSapModel and SolveSapProblem check them
// once, each at its entry).
SapSolverResult RunNewton(const SapModel& model, const VectorX& v0,
                          const SapSolverParameters& parameters) {
  if (v0.size() != model.num_problem_velocities()) {
    core::ThrowInputError("v_guess size", v0.size(), "",
                          std::to_string(model.num_problem_velocities()));
  }
  SapSolverResult result;
  VectorX v = model.Reduce(v0);
  SapEvaluation e = EvaluateSap(model, v);
  double ell_previous = e.cost;
  int k = 0;
  for (;; ++k) {
    // (4.3) at the top of iteration k: ‖D g‖ ≤ εa + εr max(‖D p‖, ‖D jc‖), p = A v.
    const StoppingCriteriaResidual r =
        CalcStoppingCriteriaResidual(model.inv_sqrt_A(), e.g, model.MultiplyByA(v), e.jc);
    result.momentum_residual = r.momentum_residual;
    result.momentum_scale = r.momentum_scale;
    result.optimality_criterion_reached =
        OptimalityCriterionReached(r, parameters.abs_tolerance, parameters.rel_tolerance);

    // Success when (4.3) or (4.4) holds, with no factorization at k = 0 for a good guess.
    if (result.optimality_criterion_reached || result.cost_criterion_reached) break;

    // Monotonicity of the last step, checked only now, after the convergence test: Drake places
    // it there on purpose, so that round-off in ℓ near convergence (g almost zero) is no alarm.
    CheckMonotonicity(ell_previous, e.cost, k, parameters, &result);

    // The budget is spent: failure (the last iterate's criteria were checked above).
    if (k == parameters.max_iterations) break;

    // (4.1) Newton direction: H Δv = −g with H = A + JᵀGJ.
    const VectorX dv = SolveHessian(model, e.G, -e.g, parameters.linear_solver);

    // (4.1) Step length α along v + αΔv, then the step.
    const LineSearchResult ls = SearchLine(model, v, dv, e, parameters);
    result.stats.push_back(
        {e.cost, r.momentum_residual, r.momentum_scale, ls.alpha, ls.iterations});
    ell_previous = e.cost;
    v += ls.alpha * dv;
    e = EvaluateSap(model, v);

    // (4.4) after the step: the cost change below its tolerance with α > 0.5. A short step
    // changes ℓ little far from the optimum too; requiring α near 1 keeps that small change
    // from passing for convergence (E3-SAP §4.2: a false stagnation of a small line-search step).
    result.cost_criterion_reached =
        CostCriterionReached(ell_previous, e.cost, ls.alpha, parameters.cost_abs_tolerance,
                             parameters.cost_rel_tolerance);
  }

  // num_iters = k at exit; the answer on every DOF (the others keep v*).
  result.success = result.optimality_criterion_reached || result.cost_criterion_reached;
  result.iterations = k;
  result.cost = e.cost;
  result.v = model.Expand(v);
  result.gamma = SplitPerConstraint(model, e.gamma);
  result.vc = SplitPerConstraint(model, e.vc);
  return result;
}

// Never a NaN or ±inf answer passed on silently: the first non-finite entry is named.
void RequireFiniteAnswer(const SapSolverResult& r) {
  const auto check = [](const std::string& name, const VectorX& x, const char* unit) {
    for (Eigen::Index i = 0; i < x.size(); ++i) {
      if (!std::isfinite(x(i))) {
        throw core::NumericalError(name + "[" + std::to_string(i) +
                                   "] = " + core::FormatNumber(x(i)) + " " + unit +
                                   " is not finite after the SAP solve");
      }
    }
  };
  check("v", r.v, "m/s or rad/s");
  for (std::size_t i = 0; i < r.gamma.size(); ++i) {
    check("constraints[" + std::to_string(i) + "] gamma", r.gamma[i], "N*s");
  }
}

}  // namespace

SapSolverResult SolveSapModel(const SapModel& model, const VectorX& v0,
                              const SapSolverParameters& parameters) {
  ValidateSapSolverParameters(parameters);
  return RunNewton(model, v0, parameters);
}

PreparedSapProblem PrepareSapProblem(const SapProblem& problem) {
  PreparedSapProblem prepared;
  // No constraints: no model (Drake's SolveWithGuess returns v* before building one).
  if (problem.constraints.empty()) {
    ValidateSapProblem(problem);
    prepared.v0_ = FullVStar(problem);
    return prepared;
  }
  prepared.model_.emplace(problem);
  prepared.v0_ = problem.v_guess ? *problem.v_guess : prepared.model_->problem_v_star();
  return prepared;
}

namespace {

// A prepared problem solved on checked parameters.
SapSolverResult SolvePrepared(const PreparedSapProblem& prepared,
                              const SapSolverParameters& parameters) {
  // No constraints: v = v*, success, zero iterations.
  if (prepared.model() == nullptr) {
    SapSolverResult result;
    result.success = true;
    result.v = prepared.v0();
    return result;
  }
  SapSolverResult result = RunNewton(*prepared.model(), prepared.v0(), parameters);
  RequireFiniteAnswer(result);
  return result;
}

}  // namespace

SapSolverResult SolveSapProblem(const SapProblem& problem, const SapSolverParameters& parameters) {
  // The parameters first, before the problem is assembled (sap_solver_input_order_test).
  ValidateSapSolverParameters(parameters);
  return SolvePrepared(PrepareSapProblem(problem), parameters);
}

SapSolverResult SolveSapProblem(const PreparedSapProblem& prepared,
                                const SapSolverParameters& parameters) {
  ValidateSapSolverParameters(parameters);
  return SolvePrepared(prepared, parameters);
}

}  // namespace simatlas::sap
