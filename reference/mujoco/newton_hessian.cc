// MJ-solvers §4 "Newton" — H = M + Jᵀ Hc J and its factor (formula sheet (3.2)); MuJoCo
// engine_solver.c: HessianDirect, HessianIncremental (tag 2.2.2), MakeHessian (3.x). Written from
// the course's description.
#include "reference/mujoco/newton_hessian.h"

#include <algorithm>
#include <cmath>

namespace simatlas::mujoco {

namespace {

bool AnyCone(const std::vector<RowState>& state) {
  return std::any_of(state.begin(), state.end(), [](RowState s) { return s == RowState::kCone; });
}

/// value[·] += (w J_ra) J_rb for row r's pairs b ≤ a (AddRowOuterProduct's products and order).
void AddRowPairs(const SparseOperators& ops, int r, double w, double* value) {
  const SparseRows& J = ops.J;
  int k = ops.hessian.row_start[r];
  for (int a = J.start[r]; a < J.start[r + 1]; ++a) {
    const double wa = w * J.value[a];
    for (int b = J.start[r]; b <= a; ++b) value[ops.hessian.row_position[k++]] += wa * J.value[b];
  }
}

/// value[·] += J_bᵀ Hc J_b of a cone block at the positions its pattern holds (lower triangle).
void AddBlockPairs(const SparseOperators& ops, int first, const core::MatrixX& Hc, double* value) {
  const HessianPattern::Cone& cone = ops.hessian.cones[ops.hessian.cone_of_row[first]];
  const core::MatrixX P = BlockProduct(ops.J, first, Hc, cone.columns);
  int k = 0;
  for (int a = 0; a < P.rows(); ++a) {
    for (int b = 0; b <= a; ++b) value[cone.position[k++]] += P(a, b);
  }
}

/// The course's factor of H (see MakeCourseHessian).
class CourseHessian final : public HessianFactor {
 public:
  CourseHessian(const Problem& problem, const ConstraintRows& rows, const SparseOperators& ops)
      : problem_(problem), rows_(rows), ops_(ops) {}

  void Factor(const PrimalEval& at) override { FactorHessian(problem_, rows_, ops_, at, factor_); }

  bool UpdatesByRows(const std::vector<RowState>& before, const std::vector<RowState>& after,
                     int nchange) const override {
    // Cone blocks move with every step; many changed rows cost more than a fresh factor.
    return !AnyCone(before) && !AnyCone(after) && 3 * nchange < problem_.nv;
  }

  bool RankOne(int row, bool add) override {
    const core::VectorX v = std::sqrt(rows_.D[row]) * problem_.J.row(row).transpose();
    return factor_.RankOneUpdate(v, add ? 1.0 : -1.0);
  }

  // Rank-one updates run only without cone blocks (UpdatesByRows): nothing to add.
  void AddCones(const PrimalEval&) override {}

  void Solve(const core::VectorX& g, core::VectorX& x) const override { factor_.SolveInto(g, x); }

 private:
  const Problem& problem_;
  const ConstraintRows& rows_;
  const SparseOperators& ops_;
  SpdFactor factor_;
};

}  // namespace

bool UpdateQuadraticRows(const std::vector<RowState>& before, const std::vector<RowState>& after,
                         HessianFactor& hessian) {
  for (size_t i = 0; i < after.size(); ++i) {
    const bool was = before[i] == RowState::kQuadratic, is = after[i] == RowState::kQuadratic;
    if (was != is && !hessian.RankOne(static_cast<int>(i), is)) return false;
  }
  return true;
}

int MujocoHessianUpdates(const std::vector<RowState>& before, const std::vector<RowState>& after) {
  int n = 0;
  for (size_t i = 0; i < after.size(); ++i) {
    n += (before[i] == RowState::kQuadratic) != (after[i] == RowState::kQuadratic) ? 1 : 0;
    n += after[i] == RowState::kCone ? 1 : 0;
  }
  return n;
}

void AddRowOuterProduct(const SparseRows& J, int r, double w, core::MatrixX& H) {
  // Lower triangle only: a row's columns are ascending, so b ≤ a gives column ≤ row.
  for (int a = J.start[r]; a < J.start[r + 1]; ++a) {
    const double wa = w * J.value[a];
    double* Hrow = &H(J.col[a], 0);
    for (int b = J.start[r]; b <= a; ++b) Hrow[J.col[b] * H.rows()] += wa * J.value[b];
  }
}

void AddBlockProduct(const SparseRows& J, int first, const core::MatrixX& Hc, core::MatrixX& H) {
  const std::vector<int> columns = BlockColumns(J, first, static_cast<int>(Hc.rows()));
  const core::MatrixX P = BlockProduct(J, first, Hc, columns);
  for (size_t a = 0; a < columns.size(); ++a) {
    for (size_t b = 0; b <= a; ++b) H(columns[a], columns[b]) += P(a, b);
  }
}

core::MatrixX PrimalHessian(const Problem& problem, const ConstraintRows& rows,
                            const SparseOperators& ops, const PrimalEval& eval) {
  const SparseRows& J = ops.J;
  // H = M + Jᵀ Hc J, accumulated row by row on the nonzeros of J (a contact row touches one or
  // two kinematic chains): D_i J_iᵀ J_i for a quadratic row, J_bᵀ Hc J_b for a cone block.
  core::MatrixX H = problem.M;
  for (const Block& block : rows.blocks) {
    const RowState state = eval.constraints.state[block.first];
    if (state == RowState::kQuadratic) {
      for (int j = 0; j < block.size; ++j) {
        AddRowOuterProduct(J, block.first + j, rows.D[block.first + j], H);
      }
    } else if (state == RowState::kCone) {
      AddBlockProduct(J, block.first, BlockHessian(problem, rows, block, eval.jar, state), H);
    }
  }
  // The products above filled the lower triangle: mirror it.
  for (int c = 0; c < problem.nv; ++c) {
    for (int r = c + 1; r < problem.nv; ++r) H(c, r) = H(r, c);
  }
  return H;
}

void FactorHessian(const Problem& problem, const ConstraintRows& rows, const SparseOperators& ops,
                   const PrimalEval& eval, SpdFactor& factor) {
  if (!ops.sparse_path) {
    factor.Factor(PrimalHessian(problem, rows, ops, eval), "H");
    return;
  }
  // H = M + Σ D_i J_iᵀJ_i + Σ J_bᵀ Hc J_b on the pattern's values, M first.
  double* value = factor.BeginSparse(ops.hessian.upper);
  for (size_t k = 0; k < ops.hessian.m_position.size(); ++k) {
    if (ops.hessian.m_position[k] >= 0) value[ops.hessian.m_position[k]] += ops.M.value[k];
  }
  for (const Block& block : rows.blocks) {
    const RowState state = eval.constraints.state[block.first];
    if (state == RowState::kQuadratic) {
      for (int j = 0; j < block.size; ++j)
        AddRowPairs(ops, block.first + j, rows.D[block.first + j], value);
    } else if (state == RowState::kCone) {
      AddBlockPairs(ops, block.first, BlockHessian(problem, rows, block, eval.jar, state), value);
    }
  }
  factor.FactorSparse("H");
}

std::unique_ptr<HessianFactor> MakeCourseHessian(const Problem& problem, const ConstraintRows& rows,
                                                 const SparseOperators& ops) {
  return std::make_unique<CourseHessian>(problem, rows, ops);
}

}  // namespace simatlas::mujoco
