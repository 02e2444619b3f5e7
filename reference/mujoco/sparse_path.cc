// MJ-solvers §4 — the dense and the sparse path of M's and Newton's H factors (formula sheet
// (3.2)); MuJoCo 2.2.2 engine_support.c: mj_isSparse; engine_solver.c: HessianDirect;
// engine_core_smooth.c: mj_factorM. Written from the course's description.
#include "reference/mujoco/sparse_path.h"

namespace simatlas::mujoco {

namespace {

/// value[·] += (w J_ra) J_rb for row r's pairs b ≤ a (AddRowOuterProduct's products and order).
void AddRowPairs(const SparseOperators& ops, int r, double w, double* value) {
  const SparseRows& J = ops.J;
  int k = ops.hessian.row_start[r];
  for (int a = J.start[r]; a < J.start[r + 1]; ++a) {
    const double wa = w * J.value[a];
    for (int b = J.start[r]; b <= a; ++b) value[ops.hessian.row_position[k++]] += wa * J.value[b];
  }
}

/// value[·] += (Hc(p, q) J_pa) J_qb over a cone block's row pairs with col b ≤ col a
/// (AddBlockProduct's products and order).
void AddBlockPairs(const SparseOperators& ops, int first, const core::MatrixX& Hc, double* value) {
  ForEachBlockProduct(ops.J, first, Hc, [&](int i, int j, double v) {
    value[PatternPosition(ops.hessian, i, j)] += v;
  });
}

}  // namespace

void FactorM(const Problem& problem, const SparseOperators& ops, SpdFactor& factor) {
  if (ops.has_tree) {
    factor.FactorTree(ops.tree, "M");
  } else {
    factor.Factor(problem.M, "M");
  }
}

std::shared_ptr<const SpdFactor> MFactorOf(const Problem& problem, const SparseOperators& ops) {
  if (ops.m_factor) return ops.m_factor;
  auto factor = std::make_shared<SpdFactor>();
  FactorM(problem, ops, *factor);
  return factor;
}

void FactorHessian(const Problem& problem, const ConstraintRows& rows,
                   const SparseOperators& ops, const PrimalEval& eval, SpdFactor& factor) {
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
      for (int j = 0; j < block.size; ++j) AddRowPairs(ops, block.first + j, rows.D[block.first + j], value);
    } else if (state == RowState::kCone) {
      AddBlockPairs(ops, block.first, BlockHessian(problem, rows, block, eval.jar, state), value);
    }
  }
  factor.FactorSparse("H");
}

}  // namespace simatlas::mujoco
