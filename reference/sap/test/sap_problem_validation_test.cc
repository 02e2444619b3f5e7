// E3-SAP §4 — the SAP problem's and solver's input checks: every rule of
// ValidateSapProblem, ValidateSapSolverParameters and the limit parameters on a two-clique
// problem, each by its exact message (quantity, value, unit where there is one, rule); the
// names of the options; the dense Hessian's and the block Cholesky's refusals.
#include <gtest/gtest.h>

#include <functional>
#include <limits>
#include <string>

#include "reference/core/test/error_of.h"
#include "reference/sap/block_sparse_cholesky.h"
#include "reference/sap/hunt_crossley_constraint.h"
#include "reference/sap/sap_model.h"
#include "reference/sap/sap_problem.h"
#include "reference/sap/sap_solver.h"
#include "reference/sap/test/limit_spec.h"

namespace simatlas::sap {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();

using core::InputErrorOf;
using core::NumericalErrorOf;

// A valid problem: clique 0 with A = [[4, 1], [1, 1]] (SPD: det 3), clique 1 with A = [3];
// constraint 0 a friction cone on clique 0, constraint 1 a cone between cliques 0 and 1 with a
// bias, constraint 2 a two-sided limit on clique 1 (two rows).
SapProblem Valid() {
  SapProblem p;
  p.time_step = 0.01;
  Clique c0;
  c0.A.resize(2, 2);
  c0.A << 4, 1, 1, 1;
  c0.v_star = core::Vector2(0, -0.1);
  Clique c1;
  c1.A = core::MatrixX::Constant(1, 1, 3);
  c1.v_star = core::VectorX::Constant(1, 0.2);
  p.cliques = {c0, c1};
  FrictionConeParameters cone;
  cone.mu = 0.5;
  cone.stiffness = 1e4;
  cone.relaxation_time = 0.01;
  cone.phi0 = -1e-3;
  ConstraintSpec s0;
  s0.cliques = {0};
  s0.J = {core::MatrixX::Identity(3, 2)};
  s0.parameters = cone;
  ConstraintSpec s1;
  s1.cliques = {0, 1};
  s1.J = {core::MatrixX::Identity(3, 2), core::MatrixX::Ones(3, 1)};
  s1.vb = core::Vector3(0, 0, 0.01);
  s1.parameters = cone;
  p.constraints = {s0, s1, testing::TwoSidedLimit(1, -1, 1)};
  return p;
}

std::string ErrorAfter(const std::function<void(SapProblem&)>& edit) {
  SapProblem p = Valid();
  edit(p);
  return InputErrorOf([&] { ValidateSapProblem(p); });
}

TEST(SapProblemValidation, TheBaseProblemIsValid) {
  EXPECT_EQ(ErrorAfter([](SapProblem&) {}), "");
}

// Time step and cliques: A square, finite, symmetric (relative 1e-12), positive definite.
TEST(SapProblemValidation, CliqueRules) {
  EXPECT_EQ(ErrorAfter([](SapProblem& p) { p.time_step = 0; }), "time_step = 0 s must be > 0");
  EXPECT_EQ(ErrorAfter([](SapProblem& p) { p.cliques.clear(); }), "cliques size = 0 must be >= 1");
  EXPECT_EQ(ErrorAfter([](SapProblem& p) { p.cliques[1].A.resize(0, 0); }),
            "cliques[1].A rows = 0 must be >= 1");
  EXPECT_EQ(ErrorAfter([](SapProblem& p) { p.cliques[0].A.conservativeResize(2, 3); }),
            "cliques[0].A columns = 3 must be 2");
  EXPECT_EQ(ErrorAfter([](SapProblem& p) { p.cliques[0].v_star = core::Vector3(0, 0, 0); }),
            "cliques[0].v_star size = 3 must be 2");
  EXPECT_EQ(ErrorAfter([](SapProblem& p) { p.cliques[0].A(1, 0) = kNaN; }),
            "cliques[0].A(1,0) = nan must be a finite number");
  EXPECT_EQ(ErrorAfter([](SapProblem& p) { p.cliques[1].v_star[0] = kInf; }),
            "cliques[1].v_star(0,0) = inf must be a finite number");
  // |1 − 0.75| = 0.25 > 1e-12 · max|A| = 4e-12.
  EXPECT_EQ(ErrorAfter([](SapProblem& p) { p.cliques[0].A(1, 0) = 0.75; }),
            "cliques[0].A asymmetry max|A - A^T| = 0.25 kg must be ~0 (A symmetric)");
  // [[4, 1], [1, 0.125]]: L₀₀ = 2, L₁₀ = 1/2, pivot of row 1 = 0.125 − 0.25 = −0.125 (exact).
  EXPECT_EQ(ErrorAfter([](SapProblem& p) { p.cliques[0].A(1, 1) = 0.125; }),
            "cliques[0].A Cholesky pivot of row 1 = -0.125 kg must be > 0 (the leading block "
            "cliques[0].A[0..1][0..1] is not positive definite)");
  EXPECT_EQ(ErrorAfter([](SapProblem& p) { p.v_guess = core::Vector2(0, 0); }),
            "v_guess size = 2 must be 3");
  EXPECT_EQ(ErrorAfter([](SapProblem& p) { p.v_guess = core::Vector3(0, kNaN, 0); }),
            "v_guess(1,0) = nan must be a finite number");
  EXPECT_EQ(ErrorAfter([](SapProblem& p) { p.v_guess = core::Vector3(0, 1, 0); }), "");
}

// Constraints: one or two distinct cliques in range, J blocks nᵢ × n_c and finite, vb of nᵢ,
// and the kind's own parameters under the constraint's name.
TEST(SapProblemValidation, ConstraintRules) {
  EXPECT_EQ(ErrorAfter([](SapProblem& p) { p.constraints[0].cliques.clear(); }),
            "constraints[0].cliques size = 0 must be 1 or 2");
  EXPECT_EQ(ErrorAfter([](SapProblem& p) {
              p.constraints[1].cliques = {0, 1, 1};
            }),
            "constraints[1].cliques size = 3 must be 1 or 2");
  EXPECT_EQ(ErrorAfter([](SapProblem& p) {
              p.constraints[1].cliques = {1, 1};
            }),
            "constraints[1].cliques[1] = 1 must be different from cliques[0]");
  EXPECT_EQ(ErrorAfter([](SapProblem& p) { p.constraints[1].J.pop_back(); }),
            "constraints[1].J size = 1 must be 2");
  EXPECT_EQ(ErrorAfter([](SapProblem& p) { p.constraints[0].cliques = {2}; }),
            "constraints[0].cliques[0] = 2 must be in [0, 2)");
  EXPECT_EQ(ErrorAfter([](SapProblem& p) {
              p.constraints[1].cliques = {0, -1};
            }),
            "constraints[1].cliques[1] = -1 must be in [0, 2)");
  EXPECT_EQ(ErrorAfter([](SapProblem& p) { p.constraints[0].J[0] = core::MatrixX::Zero(2, 2); }),
            "constraints[0].J[0] rows = 2 must be 3");
  EXPECT_EQ(ErrorAfter([](SapProblem& p) { p.constraints[1].J[1] = core::MatrixX::Zero(3, 2); }),
            "constraints[1].J[1] columns = 2 must be 1");
  EXPECT_EQ(ErrorAfter([](SapProblem& p) { p.constraints[2].J[0](1, 0) = -kInf; }),
            "constraints[2].J[0](1,0) = -inf must be a finite number");
  EXPECT_EQ(ErrorAfter([](SapProblem& p) { p.constraints[1].vb = core::Vector2(0, 0); }),
            "constraints[1].vb size = 2 must be 3");
  EXPECT_EQ(ErrorAfter([](SapProblem& p) { p.constraints[1].vb[2] = kNaN; }),
            "constraints[1].vb(2,0) = nan must be a finite number");
  EXPECT_EQ(ErrorAfter([](SapProblem& p) {
              std::get<FrictionConeParameters>(p.constraints[0].parameters).mu = -1;
            }),
            "constraints[0].mu = -1 must be >= 0");
  HuntCrossleyParameters hc;
  hc.stiffness = -1;
  EXPECT_EQ(ErrorAfter([&](SapProblem& p) { p.constraints[1].parameters = hc; }),
            "constraints[1].k = -1 N/m must be >= 0");
}

// The limit's own rules (under the constraint's name), one per check of
// ValidateLimitParameters; with the row count unchanged (two finite bounds) where it can be.
TEST(SapProblemValidation, LimitRules) {
  const auto with = [](const std::function<void(LimitParameters&)>& edit) {
    return ErrorAfter(
        [&](SapProblem& p) { edit(std::get<LimitParameters>(p.constraints[2].parameters)); });
  };
  EXPECT_EQ(with([](LimitParameters& l) { l.q0 = kNaN; }),
            "constraints[2].q0 = nan must be a finite number");
  // A NaN bound is named as the bound (the parameters are checked before the J size they
  // decide: a NaN bound would count no row, and J's 2 rows would be reported for 1).
  EXPECT_EQ(with([](LimitParameters& l) { l.lower = kNaN; }),
            "constraints[2].lower = nan must be a number or -inf");
  EXPECT_EQ(with([](LimitParameters& l) { l.upper = kNaN; }),
            "constraints[2].upper = nan must be a number or inf");
  EXPECT_EQ(with([](LimitParameters& l) { l.lower = 2; }),
            "constraints[2].lower = 2 must be <= upper");
  EXPECT_EQ(with([](LimitParameters& l) { l.stiffness = 0; }),
            "constraints[2].stiffness = 0 N/m must be > 0 (inf allowed for a rigid side)");
  EXPECT_EQ(with([](LimitParameters& l) { l.relaxation_time = -1; }),
            "constraints[2].relaxation_time = -1 s must be >= 0");
  EXPECT_EQ(with([](LimitParameters& l) { l.beta = -0.1; }),
            "constraints[2].beta = -0.1 must be >= 0");
  // NaN bounds, +inf as the lower bound or −inf as the upper one: no bound of a real joint.
  LimitParameters l;
  l.lower = kNaN;
  EXPECT_EQ(InputErrorOf([&] { ValidateLimitParameters(l); }),
            "lower = nan must be a number or -inf");
  l.lower = -1;
  l.upper = kNaN;
  EXPECT_EQ(InputErrorOf([&] { ValidateLimitParameters(l); }),
            "upper = nan must be a number or inf");
  l.upper = kInf;
  l.lower = kInf;
  EXPECT_EQ(InputErrorOf([&] { ValidateLimitParameters(l); }),
            "lower = inf must be a number or -inf");
  l.lower = -1;
  l.upper = -kInf;
  EXPECT_EQ(InputErrorOf([&] { ValidateLimitParameters(l); }),
            "upper = -inf must be a number or inf");
  EXPECT_EQ(InputErrorOf([] { MakeLimitJacobian(LimitParameters{}, 2, 2); }),
            "dof = 2 must be in [0, 2)");
  EXPECT_EQ(InputErrorOf([] { MakeLimitJacobian(LimitParameters{}, 2, -1); }),
            "dof = -1 must be in [0, 2)");
}

// Solver parameters: each tolerance ≥ 0 with its unit, the iteration budget ≥ 0, and a guess
// of the problem's size.
TEST(SapSolverValidation, ParameterRules) {
  const auto with = [](const std::function<void(SapSolverParameters&)>& edit) {
    SapSolverParameters s;
    edit(s);
    return InputErrorOf([&] { SolveSapProblem(Valid(), s); });
  };
  EXPECT_EQ(with([](SapSolverParameters&) {}), "");
  EXPECT_EQ(with([](SapSolverParameters& s) { s.abs_tolerance = -1; }),
            "abs_tolerance = -1 sqrt(J) must be >= 0");
  EXPECT_EQ(with([](SapSolverParameters& s) { s.rel_tolerance = kNaN; }),
            "rel_tolerance = nan must be a finite number");
  EXPECT_EQ(with([](SapSolverParameters& s) { s.cost_abs_tolerance = -1e-3; }),
            "cost_abs_tolerance = -0.001 J must be >= 0");
  EXPECT_EQ(with([](SapSolverParameters& s) { s.cost_rel_tolerance = -2; }),
            "cost_rel_tolerance = -2 must be >= 0");
  EXPECT_EQ(with([](SapSolverParameters& s) { s.max_iterations = -1; }),
            "max_iterations = -1 must be >= 0");
  EXPECT_EQ(with([](SapSolverParameters& s) { s.relative_slop = -1e-3; }),
            "relative_slop = -0.001 must be >= 0");
  EXPECT_EQ(with([](SapSolverParameters& s) { s.relative_slop = 0; }), "");
  const SapModel model(Valid());
  EXPECT_EQ(InputErrorOf([&] { SolveSapModel(model, core::Vector2(0, 0), SapSolverParameters{}); }),
            "v_guess size = 2 must be 3");
}

// The option names as the problem files and statistics spell them.
TEST(SapSolverNames, OptionNames) {
  EXPECT_EQ(LineSearchTypeName(LineSearchType::kExact), "exact");
  EXPECT_EQ(LineSearchTypeName(LineSearchType::kBacktracking), "backtracking");
  EXPECT_EQ(LinearSolverTypeName(LinearSolverType::kDense), "dense");
  EXPECT_EQ(LinearSolverTypeName(LinearSolverType::kBlockSparseCholesky), "block_sparse_cholesky");
  EXPECT_EQ(HuntCrossleyApproximationName(HuntCrossleyApproximation::kSimilar), "similar");
  EXPECT_EQ(HuntCrossleyApproximationName(HuntCrossleyApproximation::kLagged), "lagged");
}

// H = A + Jᵀ G J with G = −10 I on constraint 0 (not a constraint's G: G ⪰ 0 always) makes
// clique 0's H = A − 10 JᵀJ = [[−6, 1], [1, −9]] indefinite: the dense route refuses it, as
// the block Cholesky does on that diagonal block. A missing diagonal block is named too.
TEST(SapHessian, IndefiniteOrMissingBlocksAreRefused) {
  const SapModel model(Valid());
  std::vector<ConstraintMatrix> G(3);
  G[0] = -10 * ConstraintMatrix::Identity(3, 3);
  G[1] = ConstraintMatrix::Zero(3, 3);
  G[2] = ConstraintMatrix::Zero(2, 2);
  const core::VectorX b = core::VectorX::Ones(3);
  EXPECT_EQ(NumericalErrorOf([&] { SolveHessian(model, G, b, LinearSolverType::kDense); }),
            "SAP Hessian H = A + J^T G J is not positive definite (dense Cholesky failed)");
  EXPECT_EQ(
      NumericalErrorOf([&] { SolveHessian(model, G, b, LinearSolverType::kBlockSparseCholesky); }),
      "Hessian block (0,0) is not positive definite (Cholesky failed)");
  BlockSparseSymmetricMatrix H({1, 1});
  H.AddToBlock(0, 0, core::MatrixX::Identity(1, 1));
  EXPECT_EQ(NumericalErrorOf([&] { BlockSparseCholesky factor(H); }),
            "Hessian block (1,1) is missing (H must be SPD)");
  EXPECT_THROW(H.AddToBlock(0, 1, core::MatrixX::Identity(1, 1)), std::logic_error);
}

}  // namespace
}  // namespace simatlas::sap
