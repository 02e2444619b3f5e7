#pragma once
/// @file
/// MJ-solvers §3: the primal problem in acceleration. Row residual z = jar = J a − aref; each
/// row or block contributes sᵢ(z) = max_{f ∈ Ωᵢ} (−fᵀz − ½ fᵀ Rᵢ f) with the row states of
/// (3.1); cost(a) = ½ (a − a₀)ᵀ M (a − a₀) + s(J a − aref); g = M(a − a₀) − Jᵀ f(a);
/// H = M + Jᵀ Hc J (3.2) with the elliptic middle-zone block.
/// Equation numbers (N.M) are the formula sheet's (course/FORMULAS.md).

#include <array>
#include <cmath>
#include <vector>

#include "reference/core/numeric.h"
#include "reference/mujoco/dot.h"
#include "reference/mujoco/problem.h"
#include "reference/mujoco/operators.h"

namespace simatlas::mujoco {

/// Row states of mj_constraintUpdate.
enum class RowState {
  kSatisfied,  ///< f = 0, no cost
  kQuadratic,  ///< ½ D z², f = −D z
  kLinearNeg,  ///< frictionloss, f = +fl
  kLinearPos,  ///< frictionloss, f = −fl
  kCone,       ///< elliptic middle zone
};

/// The rows of one solve, built once: the blocks of Ω and MuJoCo's efc_D = 1/R, the weight of
/// every quadratic row (3.1).
struct ConstraintRows {
  std::vector<Block> blocks;  ///< MakeBlocks of the problem
  core::VectorX D;            ///< efc_D = 1/R per row (nefc) [kg]
};

/// The blocks and D = 1/R of problem (O(nefc)); the solvers build it once per solve.
ConstraintRows MakeConstraintRows(const Problem& problem);

/// The constraint part at one jar: forces f(a), states, cost s.
struct ConstraintEval {
  core::VectorX force;          ///< f(a) = −∂s/∂z per row (nefc)
  std::vector<RowState> state;  ///< the zone of (3.1) each row is in (nefc)
  double cost = 0;              ///< s(jar), the constraint part of the primal cost
};

/// The state of scalar row i at residual z (3.1): equality always quadratic; frictionloss
/// linear outside ±R fl, quadratic inside; limits and contact rows satisfied when z ≥ 0.
RowState ScalarRowState(const Problem& problem, int i, double z);

/// (3.1) for every block at the residual jar.
ConstraintEval EvaluateConstraints(const Problem& problem, const ConstraintRows& rows,
                                   const core::VectorX& jar);
/// The same into out, reusing its storage.
void EvaluateConstraints(const Problem& problem, const ConstraintRows& rows,
                         const core::VectorX& jar, ConstraintEval& out);

/// An elliptic block's cone at its residuals z (z[0] normal, z[1..] tangential), the cone made
/// circular (3.1): U₀ = μ z₀, U_j = μ_j z_j, N = U₀, T = ‖U₁:‖ (mju_norm's sum, dot.h).
/// Fixed-size (dim ≤ 6): the line search evaluates it in its inner loop, where nothing is
/// allocated.
struct ConeGeometry {
  double mu = 0;              ///< the cone's μ
  std::array<double, 5> U{};  ///< tangential part U₁: (nU used)
  int nU = 0;                 ///< dim − 1
  double N = 0;               ///< μ z₀
  double T = 0;               ///< ‖U₁:‖
};

/// The middle zone's force f = −∂s/∂z (3.1) and the coefficients of its Hessian block
/// Hc = Dm S K S, K = [[1, b Uᵀ], [b U, c U Uᵀ + e I]] (b = −μ/T, c = μN/T³, e = μ² − μN/T;
/// formula sheet §3), at one block's residuals.
struct ConeTerms {
  double Dm = 0;                  ///< the middle zone's weight D₀/(μ²(1 + μ²))
  std::array<double, 6> force{};  ///< f₀ = −Dm (N − μT) μ, f_j = −f₀/T · U_j μ_j (dim used)
  double b = 0;                   ///< K's −μ/T
  double c = 0;                   ///< K's μN/T³
  double e = 0;                   ///< K's μ² − μN/T
};

/// The cone geometry of a block with coefficients μ and μ_j (friction) at residuals z (inline:
/// the line search evaluates it in its inner loop).
inline ConeGeometry MakeConeGeometry(double mu, const double* friction, int size, const double* z) {
  ConeGeometry g;
  g.mu = mu;
  g.N = g.mu * z[0];
  g.nU = size - 1;
  for (int j = 0; j < g.nU; ++j) g.U[j] = friction[j] * z[j + 1];
  g.T = std::sqrt(MujocoDot(g.U.data(), g.U.data(), g.nU));
  return g;
}

/// Zone of an elliptic block (3.1): top (satisfied), bottom (quadratic) or middle (cone).
inline RowState ConeZone(const ConeGeometry& g) {
  if (g.N >= g.mu * g.T || (g.T <= 0 && g.N >= 0)) return RowState::kSatisfied;
  if (g.mu * g.N + g.T <= 0 || (g.T <= 0 && g.N < 0)) return RowState::kQuadratic;
  return RowState::kCone;
}

/// ConeTerms of a block in the middle zone with weight Dm, coefficients μ_j and geometry g, in
/// mj_constraintUpdate's order of operations.
inline ConeTerms MiddleZone(double Dm, const double* friction, const ConeGeometry& g) {
  ConeTerms t;
  const double mu = g.mu, N = g.N, T = g.T;
  t.Dm = Dm;
  t.force[0] = -t.Dm * (N - mu * T) * mu;
  // In mj_constraintUpdate's order of operations (MuJoCo 2.2.2's arithmetic calls this too).
  for (int j = 0; j < g.nU; ++j) t.force[j + 1] = -t.force[0] / T * g.U[j] * friction[j];
  t.b = -(mu / T);
  t.c = mu * N / (T * T * T);
  t.e = mu * mu - mu * N / T;
  return t;
}

/// The block's Hessian Hc of s at jar (size × size): diag(D) on quadratic rows, the cone block
/// Dm S [[1, −(μ/T)Uᵀ], [−(μ/T)U, (μN/T³)UUᵀ + (μ² − μN/T)I]] S in the middle zone, 0 elsewhere.
core::MatrixX BlockHessian(const Problem& problem, const ConstraintRows& rows, const Block& block,
                           const core::VectorX& jar, RowState state);

/// Cost, gradient and forces at one acceleration.
struct PrimalEval {
  core::VectorX qacc;          ///< the acceleration a evaluated (nv)
  core::VectorX jar;           ///< z = J a − aref (nefc)
  ConstraintEval constraints;  ///< forces, states and cost s at jar
  /// The Gauss term's gradient M (a − a₀) (nv), reused by the line search; under MuJoCo's own
  /// arithmetic (PrimalKernels::SmoothForce: 2.2.2) M a, with τ = qfrc_smooth subtracted where
  /// it is read, as mj_solCGNewton keeps Ma
  core::VectorX Mda;
  double gauss = 0;        ///< ½ (a − a₀)ᵀ M (a − a₀)
  double cost = 0;         ///< constraints.cost + gauss
  core::VectorX gradient;  ///< M (a − a₀) − Jᵀ f(a)
};

/// Evaluates (3.2)'s cost and gradient at qacc (J and M as sparse rows: J a, Jᵀ f,
/// M(a − a₀) in O(nnz)).
PrimalEval EvaluatePrimal(const Problem& problem, const ConstraintRows& rows,
                          const SparseOperators& ops, const core::VectorX& qacc);
/// The same building the rows and sparse operators for this one evaluation.
PrimalEval EvaluatePrimal(const Problem& problem, const core::VectorX& qacc);

/// The middle zone's weight Dm = D₀/(μ²(1 + μ²)) of an elliptic block (3.1).
double ConeWeight(const ConstraintRows& rows, const Block& block, double mu);

/// Rows that are not satisfied (MuJoCo's nactive).
int CountActive(const std::vector<RowState>& state);

/// Rows whose state differs between before and after (same length; MuJoCo's nchange).
int CountChanges(const std::vector<RowState>& before, const std::vector<RowState>& after);

}  // namespace simatlas::mujoco
