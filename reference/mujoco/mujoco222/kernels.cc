// MJ-solvers §3–§5, 2.2.2 column — the primal loop's arithmetic as MuJoCo 2.2.2 runs it on a dense
// Jacobian, written from a reading of tag 2.2.2: engine_solver.c (CGupdateConstraint,
// CGupdateGradient, HessianDirect, HessianIncremental, HessianCone), engine_support.c (mj_mulM,
// mj_solveM).
#include "reference/mujoco/mujoco222/kernels.h"

#include <cmath>
#include <vector>

#include "reference/mujoco/constants.h"
#include "reference/mujoco/dot.h"
#include "reference/mujoco/mujoco222/blas.h"
#include "reference/mujoco/mujoco222/line.h"

namespace simatlas::mujoco::mujoco222 {

namespace {

/// What 2.2.2's products read: J row by row, M and its ancestor pattern, τs.
struct Matrices {
  const Problem& problem;
  RowMatrix J;
  std::vector<std::vector<int>> pattern;  // M's ancestors (AncestorPattern)
  core::VectorX tau;                      // qfrc_smooth

  explicit Matrices(const Problem& p) : problem(p), J(p.J), pattern(AncestorPattern(p.M)) {
    tau = p.qfrc_smooth.size() == p.nv ? p.qfrc_smooth : MulM(p.M, pattern, p.qacc_smooth);
  }
};

/// Newton's H as 2.2.2 keeps it: H of the quadratic rows factored in place (HessianDirect),
/// rank-one updates and downdates as rows enter or leave the quadratic state
/// (HessianIncremental), and with cone blocks a copy Hcone = H plus, per middle-zone contact,
/// the rows of LᵀJ_b (L the Cholesky factor of its cone block) as rank-one updates
/// (HessianCone).
class Hessian final : public HessianFactor {
 public:
  Hessian(const Matrices& m, const ConstraintRows& rows) : m_(m), rows_(rows) {}

  void Factor(const PrimalEval& at) override {
    const int nefc = m_.problem.nefc();
    const std::vector<RowState>& state = at.constraints.state;
    core::VectorX Dq = core::VectorX::Zero(nefc);
    for (int i = 0; i < nefc; ++i) {
      if (state[i] == RowState::kQuadratic) Dq[i] = rows_.D[i];
    }
    H_ = HessianDirect(m_.J, Dq, m_.problem.M, m_.pattern);
    CholFactor(H_, kMinVal);
    AddCones(at);
  }

  // HessianIncremental follows every step.
  bool UpdatesByRows(const std::vector<RowState>&, const std::vector<RowState>&,
                     int) const override {
    return true;
  }

  bool RankOne(int row, bool add) override {
    const core::VectorX v = m_.J.row(row).transpose() * std::sqrt(rows_.D[row]);
    return CholUpdate(H_, v, add) == m_.problem.nv;
  }

  void AddCones(const PrimalEval& at) override {
    const int nv = m_.problem.nv;
    cones_ = false;
    for (const Block& block : rows_.blocks) {
      if (at.constraints.state[block.first] != RowState::kCone) continue;
      if (!cones_) Hcone_ = H_;
      cones_ = true;
      // The cone block's Cholesky factor L, then the rows of LᵀJ_b.
      const int dim = block.size;
      RowMatrix local = BlockHessian(m_.problem, rows_, block, at.jar, RowState::kCone);
      CholFactor(local, kMinVal);
      RowMatrix LTJ = RowMatrix::Zero(dim, nv);
      for (int r = 0; r < dim; ++r) {
        for (int col = 0; col <= r; ++col) {
          for (int k = 0; k < nv; ++k) LTJ(col, k) += m_.J(block.first + r, k) * local(r, col);
        }
      }
      for (int r = 0; r < dim; ++r) CholUpdate(Hcone_, LTJ.row(r).transpose(), true);
    }
  }

  void Solve(const core::VectorX& g, core::VectorX& x) const override {
    x = CholSolve(cones_ ? Hcone_ : H_, g);
  }

 private:
  const Matrices& m_;
  const ConstraintRows& rows_;
  RowMatrix H_, Hcone_;
  bool cones_ = false;  // Hcone_ holds the current cone blocks
};

/// See MakeKernels.
class Kernels final : public PrimalKernels {
 public:
  explicit Kernels(const Problem& problem) : m_(problem), m_factor_(problem.M, m_.pattern) {}
  double Dot(const core::VectorX& a, const core::VectorX& b) const override {
    return MujocoDot(a.data(), b.data(), static_cast<int>(a.size()));
  }
  double Norm(const core::VectorX& a) const override { return std::sqrt(Dot(a, a)); }
  void MultiplyJ(const core::VectorX& x, core::VectorX& out) const override {
    out = MulMatVec(m_.J, x);
  }
  void MultiplyJT(const core::VectorX& f, core::VectorX& out) const override {
    out = MulMatTVec(m_.J, f);
  }
  void MultiplyM(const core::VectorX& x, core::VectorX& out) const override {
    out = MulM(m_.problem.M, m_.pattern, x);
  }
  void SolveM(const core::VectorX& g, core::VectorX& out) const override {
    out = m_factor_.Solve(g);
  }
  const core::VectorX* SmoothForce() const override { return &m_.tau; }
  std::unique_ptr<HessianFactor> NewHessian(const Problem&,
                                            const ConstraintRows& rows) const override {
    return std::make_unique<Hessian>(m_, rows);
  }
  std::unique_ptr<PrimalLineCost> NewLine(const Problem& problem,
                                          const ConstraintRows& rows) const override {
    return MakeLine(problem, rows);
  }

 private:
  Matrices m_;
  FactorM m_factor_;  // mj_factorM's LDLᵀ (refers to m_.pattern)
};

}  // namespace

std::unique_ptr<PrimalKernels> MakeKernels(const Problem& problem) {
  return std::make_unique<Kernels>(problem);
}

}  // namespace simatlas::mujoco::mujoco222
