#pragma once
/// @file
/// MJ-solvers §3–§4: the arithmetic the primal loop runs on — the products J x, Jᵀ f, M x, the
/// solve M⁻¹ g, dot products, Newton's factored H and the cost along a search line — as one object,
/// chosen once per prepared problem by the version seam (MakePrimalKernels, primal_rules.h): the
/// course's kernels on J's and M's nonzeros and M's tree (MakeCourseKernels), or MuJoCo 2.2.2's
/// dense kernels in its own summation order (mujoco222/kernels.h). The loop (primal_solver.h)
/// reaches J, M and the factors only through these, so one loop serves both.
/// Equation numbers (N.M) are the formula sheet's (course/FORMULAS.md).

#include <memory>

#include "reference/core/numeric.h"
#include "reference/mujoco/newton_hessian.h"
#include "reference/mujoco/operators.h"
#include "reference/mujoco/primal.h"
#include "reference/mujoco/primal_line.h"
#include "reference/mujoco/problem.h"
#include "reference/mujoco/spd_factor.h"

namespace simatlas::mujoco {

/// The products, factors and lines of one problem's primal solves. Immutable; the per-solve
/// objects (H's factor, a line) are made fresh by NewHessian and NewLine.
class PrimalKernels {
 public:
  virtual ~PrimalKernels() = default;
  /// aᵀb (nv-vectors: search directions, gradients).
  virtual double Dot(const core::VectorX& a, const core::VectorX& b) const = 0;
  /// ‖a‖.
  virtual double Norm(const core::VectorX& a) const = 0;
  /// out = J x (nefc).
  virtual void MultiplyJ(const core::VectorX& x, core::VectorX& out) const = 0;
  /// out = Jᵀ f (nv).
  virtual void MultiplyJT(const core::VectorX& f, core::VectorX& out) const = 0;
  /// out = M x (nv).
  virtual void MultiplyM(const core::VectorX& x, core::VectorX& out) const = 0;
  /// out = M⁻¹ g (nv; CG's preconditioner and the certificate). Throws core::InputError when
  /// these kernels were made without M's factor.
  virtual void SolveM(const core::VectorX& g, core::VectorX& out) const = 0;
  /// τ = qfrc_smooth when the Gauss term is carried as MuJoCo carries it — PrimalEval::Mda then
  /// holds M a and the Gauss gradient is M a − τ (mj_solCGNewton's Ma) — else null: Mda is
  /// M (a − a₀), as the course writes the Gauss term.
  virtual const core::VectorX* SmoothForce() const = 0;
  /// A fresh factor of Newton's H for one solve (keeps references to problem and rows).
  virtual std::unique_ptr<HessianFactor> NewHessian(const Problem& problem,
                                                    const ConstraintRows& rows) const = 0;
  /// A fresh line of the primal cost for one solve (keeps references to problem and rows).
  virtual std::unique_ptr<PrimalLineCost> NewLine(const Problem& problem,
                                                  const ConstraintRows& rows) const = 0;
};

/// How a PrimalKernels makes its line (the course's PrimalLine, or MuJoCo 2.2.2's sums).
using LineMaker = std::unique_ptr<PrimalLineCost> (*)(const Problem& problem,
                                                      const ConstraintRows& rows);

/// The course's kernels: Eigen's dot products and norm, J, Jᵀ and M from ops (sparse rows, M
/// along its tree), M⁻¹ by m_factor (may be null when no solve needs it), MakeCourseHessian, and
/// lines by make_line (null: PrimalLine). Keeps references to ops and m_factor, which must
/// outlive the kernels.
std::unique_ptr<PrimalKernels> MakeCourseKernels(const SparseOperators& ops,
                                                 const SpdFactor* m_factor,
                                                 LineMaker make_line = nullptr);

/// The point a under `kernels` (3.2): jar = J a − aref, the Gauss product (PrimalEval::Mda) and
/// then UpdatePoint.
void EvaluatePoint(const Problem& problem, const ConstraintRows& rows, const PrimalKernels& kernels,
                   const core::VectorX& qacc, PrimalEval& at);

/// The rest of a point whose qacc, jar and Mda are set (at the start, or moved along a search
/// line): (3.1) at jar, gauss = Σ ½ (Mda − τ)_i (a − a₀)_i, cost = s + gauss and
/// g = (Mda − τ) − Jᵀ f(a) (τ = kernels.SmoothForce(), absent: 0), as mj_solCGNewton's
/// CGupdateConstraint and CGupdateGradient order them. Reuses at's storage.
void UpdatePoint(const Problem& problem, const ConstraintRows& rows, const PrimalKernels& kernels,
                 PrimalEval& at);

/// The line through the point `at` along `search` (MuJoCo's PrimalPrepare / CGprepare, once per
/// direction): Js = J s, Ms = M s, then line.Prepare with the Gauss polynomial ½ (a − a₀)ᵀM(a −
/// a₀), sᵀM(a − a₀) (MuJoCo's sᵀMa − sᵀτ under its arithmetic) and ½ sᵀMs.
void PrepareLine(const PrimalKernels& kernels, const PrimalEval& at, const core::VectorX& search,
                 core::VectorX& Js, core::VectorX& Ms, PrimalLineCost& line);

}  // namespace simatlas::mujoco
