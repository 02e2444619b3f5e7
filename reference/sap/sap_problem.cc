// E3-SAP §4: the problem data and its validation (field names as in formats/sap-problem.md).
#include "reference/sap/sap_problem.h"

#include <cmath>

#include "reference/core/errors.h"

namespace simatlas::sap {

namespace {

std::string Field(const std::string& base, int i) { return base + "[" + std::to_string(i) + "]"; }

void RequireAllFinite(const std::string& name, const core::MatrixX& m) {
  for (int r = 0; r < m.rows(); ++r) {
    for (int c = 0; c < m.cols(); ++c) {
      if (!std::isfinite(m(r, c))) {
        core::ThrowInputError(name + "(" + std::to_string(r) + "," + std::to_string(c) + ")",
                              m(r, c), "", "a finite number");
      }
    }
  }
}

void RequireSize(const std::string& name, long actual, long expected) {
  if (actual != expected) {
    core::ThrowInputError(name, static_cast<double>(actual), "", std::to_string(expected));
  }
}

}  // namespace

int NumEquations(const ConstraintParameters& parameters) {
  if (const auto* limit = std::get_if<LimitParameters>(&parameters)) return CountLimitRows(*limit);
  return 3;
}

int NumVelocities(const SapProblem& problem) {
  int n = 0;
  for (const auto& c : problem.cliques) n += static_cast<int>(c.v_star.size());
  return n;
}

core::VectorX FullVStar(const SapProblem& problem) {
  core::VectorX v(NumVelocities(problem));
  int offset = 0;
  for (const auto& c : problem.cliques) {
    v.segment(offset, c.v_star.size()) = c.v_star;
    offset += static_cast<int>(c.v_star.size());
  }
  return v;
}

void ValidateSapProblem(const SapProblem& problem) {
  core::RequirePositive("time_step", problem.time_step, "s");
  if (problem.cliques.empty()) core::ThrowInputError("cliques size", 0, "", ">= 1");
  // Each clique: A square, symmetric, positive definite; v* of matching size.
  for (int c = 0; c < static_cast<int>(problem.cliques.size()); ++c) {
    const auto& clique = problem.cliques[c];
    const std::string name = Field("cliques", c);
    if (clique.A.rows() == 0) core::ThrowInputError(name + ".A rows", 0, "", ">= 1");
    RequireSize(name + ".A columns", clique.A.cols(), clique.A.rows());
    RequireSize(name + ".v_star size", clique.v_star.size(), clique.A.rows());
    RequireAllFinite(name + ".A", clique.A);
    RequireAllFinite(name + ".v_star", clique.v_star);
    const double asym = (clique.A - clique.A.transpose()).cwiseAbs().maxCoeff();
    if (asym > 1e-12 * clique.A.cwiseAbs().maxCoeff()) {
      core::ThrowInputError(name + ".A asymmetry max|A - A^T|", asym, "kg", "~0 (A symmetric)");
    }
    core::RequirePositiveDefinite(name + ".A", clique.A, "kg");
  }
  if (problem.v_guess) {
    RequireSize("v_guess size", problem.v_guess->size(), NumVelocities(problem));
    RequireAllFinite("v_guess", *problem.v_guess);
  }
  // Each constraint: one or two distinct cliques, J blocks nᵢ × n_c, vb of size nᵢ.
  for (int i = 0; i < static_cast<int>(problem.constraints.size()); ++i) {
    const auto& spec = problem.constraints[i];
    const std::string name = Field("constraints", i);
    const int nc = static_cast<int>(spec.cliques.size());
    if (nc < 1 || nc > 2) core::ThrowInputError(name + ".cliques size", nc, "", "1 or 2");
    if (nc == 2 && spec.cliques[0] == spec.cliques[1]) {
      core::ThrowInputError(name + ".cliques[1]", spec.cliques[1], "", "different from cliques[0]");
    }
    // Kind-specific preconditions first (messages name the parameter): the row count nᵢ the J
    // and vb sizes are checked against is a function of them (a limit's finite bounds).
    try {
      if (const auto* p = std::get_if<FrictionConeParameters>(&spec.parameters)) {
        ValidateFrictionConeParameters(*p);
      } else if (const auto* q = std::get_if<HuntCrossleyParameters>(&spec.parameters)) {
        ValidateHuntCrossleyParameters(*q);
      } else {
        ValidateLimitParameters(std::get<LimitParameters>(spec.parameters));
      }
    } catch (const core::InputError& e) {
      throw core::InputError(name + "." + e.what());
    }
    RequireSize(name + ".J size", static_cast<long>(spec.J.size()), nc);
    const int ni = NumEquations(spec.parameters);
    for (int b = 0; b < nc; ++b) {
      const int clique = spec.cliques[b];
      if (clique < 0 || clique >= static_cast<int>(problem.cliques.size())) {
        core::ThrowInputError(Field(name + ".cliques", b), clique, "",
                              "in [0, " + std::to_string(problem.cliques.size()) + ")");
      }
      RequireSize(Field(name + ".J", b) + " rows", spec.J[b].rows(), ni);
      RequireSize(Field(name + ".J", b) + " columns", spec.J[b].cols(),
                  problem.cliques[clique].A.rows());
      RequireAllFinite(Field(name + ".J", b), spec.J[b]);
    }
    if (spec.vb.size() != 0) {
      RequireSize(name + ".vb size", spec.vb.size(), ni);
      RequireAllFinite(name + ".vb", spec.vb);
    }
  }
}

}  // namespace simatlas::sap
