// MJ-solvers §3–§4 — the primal loop's arithmetic (formula sheet (3.2)): the course's kernels on
// sparse rows and M's tree, and the point evaluation every kernel shares (MuJoCo engine_solver.c:
// CGupdateConstraint and CGupdateGradient at tag 2.2.2, PrimalUpdateConstraint in 3.x).
#include "reference/mujoco/primal_kernels.h"

#include "reference/core/errors.h"

namespace simatlas::mujoco {

namespace {

/// See MakeCourseKernels.
class CourseKernels final : public PrimalKernels {
 public:
  CourseKernels(const SparseOperators& ops, const SpdFactor* m_factor, LineMaker make_line)
      : ops_(ops), m_factor_(m_factor), make_line_(make_line) {}
  double Dot(const core::VectorX& a, const core::VectorX& b) const override { return a.dot(b); }
  double Norm(const core::VectorX& a) const override { return a.norm(); }
  void MultiplyJ(const core::VectorX& x, core::VectorX& out) const override {
    MultiplyRows(ops_.J, x, out);
  }
  void MultiplyJT(const core::VectorX& f, core::VectorX& out) const override {
    MultiplyJTranspose(ops_, f, out);
  }
  void MultiplyM(const core::VectorX& x, core::VectorX& out) const override {
    mujoco::MultiplyM(ops_, x, out);
  }
  void SolveM(const core::VectorX& g, core::VectorX& out) const override {
    if (m_factor_ == nullptr) throw core::InputError("M's factor is required for M^-1 g");
    m_factor_->SolveInto(g, out);
  }
  const core::VectorX* SmoothForce() const override { return nullptr; }
  std::unique_ptr<HessianFactor> NewHessian(const Problem& problem,
                                            const ConstraintRows& rows) const override {
    return MakeCourseHessian(problem, rows, ops_);
  }
  std::unique_ptr<PrimalLineCost> NewLine(const Problem& problem,
                                          const ConstraintRows& rows) const override {
    if (make_line_ != nullptr) return make_line_(problem, rows);
    return std::make_unique<PrimalLine>(problem, rows);
  }

 private:
  const SparseOperators& ops_;
  const SpdFactor* m_factor_;
  LineMaker make_line_;
};

}  // namespace

std::unique_ptr<PrimalKernels> MakeCourseKernels(const SparseOperators& ops,
                                                 const SpdFactor* m_factor, LineMaker make_line) {
  return std::make_unique<CourseKernels>(ops, m_factor, make_line);
}

void EvaluatePoint(const Problem& problem, const ConstraintRows& rows, const PrimalKernels& kernels,
                   const core::VectorX& qacc, PrimalEval& at) {
  at.qacc = qacc;
  // jar = J a − aref.
  kernels.MultiplyJ(qacc, at.jar);
  at.jar -= problem.aref;
  // The Gauss product: M (a − a₀), or MuJoCo's M a (τ subtracted where it is read).
  if (kernels.SmoothForce() != nullptr) {
    kernels.MultiplyM(qacc, at.Mda);
  } else {
    kernels.MultiplyM(qacc - problem.qacc_smooth, at.Mda);
  }
  UpdatePoint(problem, rows, kernels, at);
}

void UpdatePoint(const Problem& problem, const ConstraintRows& rows, const PrimalKernels& kernels,
                 PrimalEval& at) {
  // The row states, forces and cost s at jar (3.1).
  EvaluateConstraints(problem, rows, at.jar, at.constraints);
  // Gauss term ½ (a − a₀)ᵀ M (a − a₀), summed row by row, then the cost.
  const core::VectorX* tau = kernels.SmoothForce();
  at.gauss = 0;
  if (tau != nullptr) {
    for (int i = 0; i < problem.nv; ++i) {
      at.gauss += 0.5 * (at.Mda[i] - (*tau)[i]) * (at.qacc[i] - problem.qacc_smooth[i]);
    }
  } else {
    for (int i = 0; i < problem.nv; ++i) {
      at.gauss += 0.5 * at.Mda[i] * (at.qacc[i] - problem.qacc_smooth[i]);
    }
  }
  at.cost = at.constraints.cost + at.gauss;
  // g = M (a − a₀) − Jᵀ f(a).
  kernels.MultiplyJT(at.constraints.force, at.gradient);
  if (tau != nullptr) {
    at.gradient = (at.Mda - *tau) - at.gradient;
  } else {
    at.gradient = at.Mda - at.gradient;
  }
}

void PrepareLine(const PrimalKernels& kernels, const PrimalEval& at, const core::VectorX& search,
                 core::VectorX& Js, core::VectorX& Ms, PrimalLineCost& line) {
  kernels.MultiplyJ(search, Js);
  kernels.MultiplyM(search, Ms);
  // Gauss: ½ (a − a₀)ᵀM(a − a₀), sᵀM(a − a₀) (MuJoCo: sᵀMa − sᵀτ), ½ sᵀMs.
  double slope = kernels.Dot(search, at.Mda);
  if (const core::VectorX* tau = kernels.SmoothForce()) slope -= kernels.Dot(search, *tau);
  line.Prepare(at.jar, Js, {at.gauss, slope, 0.5 * kernels.Dot(search, Ms)});
}

}  // namespace simatlas::mujoco
