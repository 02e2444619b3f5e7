// E3-SAP §4, §4.2: the SAP Newton solver and its termination.
#include "reference/sap/sap_solver.h"

#include <cmath>

#include "reference/core/errors.h"
#include "reference/sap/block_sparse_cholesky.h"

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
  const int n = model.num_participating_velocities();
  MatrixX H = MatrixX::Zero(n, n);
  const auto& off = model.clique_offsets();
  const auto& size = model.clique_sizes();
  ForEachHessianBlock(model, G, [&](int a, int b, const MatrixX& block) {
    H.block(off[a], off[b], size[a], size[b]) += block;
    if (a != b) H.block(off[b], off[a], size[b], size[a]) += block.transpose();
  });
  return H;
}

VectorX SolveHessian(const SapModel& model, const std::vector<ConstraintMatrix>& G, const VectorX& b,
                     LinearSolverType type) {
  if (type == LinearSolverType::kDense) {
    // Dense Cholesky of the assembled H.
    const Eigen::LLT<MatrixX> llt(AssembleDenseHessian(model, G));
    if (llt.info() != Eigen::Success) {
      throw core::NumericalError("SAP Hessian H = A + J^T G J is not positive definite "
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

SapSolverResult SolveSapModel(const SapModel& model, const VectorX& v0,
                              const SapSolverParameters& parameters) {
  ValidateSapSolverParameters(parameters);
  if (v0.size() != model.num_velocities()) {
    core::ThrowInputError("v_guess size", v0.size(), "", std::to_string(model.num_velocities()));
  }
  SapSolverResult result;
  // D = diag(A)^(−1/2) [kg^(−1/2)]: D·g has units √J for every DOF type.
  const VectorX D = model.A_diagonal().cwiseSqrt().cwiseInverse();
  VectorX v = model.Reduce(v0);
  SapEvaluation e = EvaluateSap(model, v);
  bool cost_criterion = false;
  int k = 0;
  for (;; ++k) {
    // (4.3) at the top of iteration k: r = ‖D g‖ ≤ εa + εr max(‖D p‖, ‖D jc‖), p = A v.
    const double r = D.cwiseProduct(e.g).norm();
    const double s = std::max(D.cwiseProduct(model.MultiplyByA(v)).norm(),
                              D.cwiseProduct(e.jc).norm());
    const bool optimality = r <= parameters.abs_tolerance + parameters.rel_tolerance * s;
    result.momentum_residual = r;
    result.momentum_scale = s;
    result.optimality_criterion_reached = optimality;
    result.cost_criterion_reached = cost_criterion;
    // Success if either flag is set; failure when the budget is spent.
    if (optimality || cost_criterion) {
      result.success = true;
      break;
    }
    if (k == parameters.max_iterations) {
      result.success = false;
      break;
    }
    // Newton direction H Δv = −g.
    const VectorX dv = SolveHessian(model, e.G, -e.g, parameters.linear_solver);
    // Line search along v + αΔv.
    const CostLine line(model, v, dv);
    const double dell0 = e.g.dot(dv);
    const LineSearchResult ls =
        parameters.line_search == LineSearchType::kExact
            ? PerformExactLineSearch(line, dell0, parameters.exact_line_search,
                                     parameters.cost_abs_tolerance, parameters.cost_rel_tolerance)
            : PerformBacktrackingLineSearch(line, e.cost, dell0,
                                            parameters.backtracking_line_search,
                                            parameters.relative_slop);
    result.stats.push_back({e.cost, r, s, ls.alpha, ls.iterations});
    const double ell_prev = e.cost;
    v += ls.alpha * dv;
    e = EvaluateSap(model, v);
    const double ell = e.cost;
    // Monotonicity: a rise beyond the slop is logged (counted), an error only if asked for.
    const double slop =
        parameters.relative_slop * std::max(1.0, 0.5 * (std::abs(ell) + std::abs(ell_prev)));
    if (ell > ell_prev + slop) {
      ++result.nonmonotonic_iterations;
      if (parameters.nonmonotonic_convergence_is_error) {
        throw core::NumericalError("SAP cost increased from " + core::FormatNumber(ell_prev) +
                                   " J to " + core::FormatNumber(ell) + " J at iteration " +
                                   std::to_string(k));
      }
    }
    // (4.4): |ℓ_m − ℓ_{m−1}| < εca + εcr (|ℓ_m| + |ℓ_{m−1}|)/2 and α > 0.5.
    cost_criterion = std::abs(ell - ell_prev) <
                         parameters.cost_abs_tolerance +
                             parameters.cost_rel_tolerance * 0.5 * (std::abs(ell) + std::abs(ell_prev)) &&
                     ls.alpha > 0.5;
  }
  // num_iters = k at exit.
  result.iterations = k;
  result.cost = e.cost;
  result.v = model.Expand(v);
  result.gamma = SplitPerConstraint(model, e.gamma);
  result.vc = SplitPerConstraint(model, e.vc);
  return result;
}

namespace {

// Never a NaN or ±inf answer passed on silently: the first non-finite entry is named.
void RequireFiniteAnswer(const SapSolverResult& r) {
  const auto check = [](const std::string& name, const VectorX& x, const char* unit) {
    for (Eigen::Index i = 0; i < x.size(); ++i) {
      if (!std::isfinite(x(i))) {
        throw core::NumericalError(name + "[" + std::to_string(i) + "] = " +
                                   core::FormatNumber(x(i)) + " " + unit +
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

SapSolverResult SolveSapProblem(const SapProblem& problem, const SapSolverParameters& parameters) {
  ValidateSapSolverParameters(parameters);
  // No constraints: v = v*, success, zero iterations, no model built.
  if (problem.constraints.empty()) {
    ValidateSapProblem(problem);
    SapSolverResult result;
    result.success = true;
    result.v = FullVStar(problem);
    return result;
  }
  const SapModel model(problem);
  const VectorX v0 = problem.v_guess ? *problem.v_guess : model.full_v_star();
  SapSolverResult result = SolveSapModel(model, v0, parameters);
  RequireFiniteAnswer(result);
  return result;
}

}  // namespace simatlas::sap
