#pragma once
/// @file
/// MJ-solvers §3–§4 (cost of the primal solvers): the constraint Jacobian J (nefc × nv) kept row
/// by row with only its nonzeros (compressed sparse rows). On real models a row touches the DOFs
/// of one or two kinematic chains — a humanoid contact row about 6–12 of the 594 DOFs of 22
/// humanoids — so J a, Jᵀ f and Jᵀ Hc J cost O(nnz) instead of O(nefc · nv). MuJoCo keeps efc_J
/// in this form when mj_isSparse (engine_util_sparse.c: mju_mulMatVecSparse,
/// mju_mulMatTVecSparse; engine_solver.c forms Jᵀ D J from it).

#include <memory>
#include <vector>

#include <Eigen/SparseCore>

#include "reference/core/numeric.h"
#include "reference/mujoco/islands.h"
#include "reference/mujoco/problem.h"
#include "reference/mujoco/spd_factor.h"
#include "reference/mujoco/tree_factor.h"

namespace simatlas::mujoco {

struct DualProblem;  // dual.h

/// J in compressed sparse rows: row r's nonzeros are col/value[start[r] .. start[r+1]), columns
/// ascending.
struct SparseRows {
  int rows = 0;              ///< nefc
  int cols = 0;              ///< nv
  std::vector<int> start;    ///< rows + 1 offsets
  std::vector<int> col;      ///< column of each nonzero
  std::vector<double> value;  ///< value of each nonzero
};

/// The exact nonzeros of a dense J (entries equal to 0 are dropped).
SparseRows MakeSparseRows(const core::MatrixX& J);

/// Newton's H = M + Jᵀ Hc J on its nonzero pattern: M's nonzeros and, per contact (all its
/// rows, which an elliptic cone block couples) or other row, every pair of the DOFs its rows
/// touch. Stored as the upper triangle (column major) of H with the DOFs in reversed order
/// k' = nv − 1 − k, so that a Cholesky in natural order eliminates the leaves first, as MuJoCo
/// 2.2.2 factors H backward from the last DOF (engine_util_solve.c: mju_cholFactorSparse; a
/// parent precedes its children, so M alone creates no fill). Fixed by J's and M's patterns:
/// built once per problem; H's symbolic analysis is reused while a solve's row states change.
struct HessianPattern {
  Eigen::SparseMatrix<double> upper;  ///< nv × nv, the reversed pattern (its values unused)
  /// Position in upper's values of each of M's sparse-row entries on or below the diagonal,
  /// in their order (−1 above the diagonal).
  std::vector<int> m_position;
  /// Row r's pairs (a, b ≤ a) of its nonzeros, in AddRowOuterProduct's order, are at
  /// row_position[row_start[r] ..]: their positions in upper's values.
  std::vector<int> row_start;
  std::vector<int> row_position;  ///< see row_start
};

/// The position of H's entry (row, col), row ≥ col (original DOF order), in pattern.upper's
/// values (−1 if absent).
int PatternPosition(const HessianPattern& pattern, int row, int col);

/// The problem's matrices as sparse rows, built once per problem (PrepareProblem) or once per
/// solve of an unprepared problem: J, and M, whose nonzeros are the DOF pairs on one kinematic
/// chain (block-diagonal over trees: 22 humanoids keep about 2% of M's nv² entries). M x then
/// costs O(nnz(M)) like MuJoCo's mj_mulM (engine_core_smooth.c, along the tree). With the
/// problem's DOF tree also M in its tree layout (tree_factor.h), and on MuJoCo's sparse path
/// (nv ≥ 60, UsesSparsePath) Newton's Hessian pattern.
struct SparseOperators {
  SparseRows J;  ///< nefc × nv
  SparseRows JT;  ///< Jᵀ (nv × nefc): Jᵀ f gathered row by row (MuJoCo's efc_JT)
  SparseRows M;  ///< nv × nv
  bool has_tree = false;     ///< the problem gave dof_parentid: `tree` holds M along it
  MTree tree;                ///< M in the tree layout (when has_tree)
  bool sparse_path = false;  ///< UsesSparsePath: H is assembled and factored sparse
  HessianPattern hessian;    ///< H's pattern (when sparse_path)
  /// Dense path of a prepared problem: v222::AncestorPattern(M), the M pattern of the 2.2.2 kernels
  /// (v222/blas.h), found once at read time; empty otherwise (the 2.2.2 solver then finds it).
  std::vector<std::vector<int>> ancestors;
  /// A prepared problem's islands (FindIslands, §6) and, for each island that is not the whole
  /// problem, its sub-problem copied out and prepared: found once per problem, as MuJoCo finds
  /// its islands before the constraint solve (engine_island.c: mj_island, called from
  /// mj_fwdPosition). Valid for `options`, the options they were copied with.
  std::vector<Island> islands;
  std::vector<Problem> island_problems;  ///< one per island; empty (nv = 0) for the whole problem
  bool islands_found = false;             ///< islands and island_problems are set
  Options options;                        ///< problem.opt when prepared
  /// The dual (A = J M⁻¹ Jᵀ, AR, b; dual.h) of a problem its version solves in one piece (2.2.2;
  /// under 3.15 one island) whose options need it (PGS, NoSlip): formed once, as MuJoCo forms
  /// efc_AR before the constraint solve (engine_core_constraint.c: mj_projectConstraint, from
  /// mj_fwdPosition); null otherwise (under 3.15 a problem of several islands keeps one per
  /// island problem, never the whole one).
  std::shared_ptr<const DualProblem> dual;
  /// M's factor along the DOF tree of a prepared problem that has one (factored once, as MuJoCo
  /// factors M in mj_fwdPosition: mj_factorM); null otherwise.
  std::shared_ptr<const SpdFactor> m_factor;
};
/// J and M of problem as sparse rows (MakeSparseRows of each: exact nonzeros), M's tree and
/// H's pattern as SparseOperators describes. Does not validate.
SparseOperators MakeSparseOperators(const Problem& problem);

/// MuJoCo's choice of the sparse path (engine_support.c: mj_isSparse): opt.jacobian dense or
/// sparse as given; auto (the default) from nv = 60 (kSparseFactorFromNv).
bool UsesSparsePath(const Problem& problem);

/// Validates problem (ValidateProblem, throws InputError) and stores its SparseOperators in
/// problem.prepared: later solves skip validation and reuse the structure. It also checks M
/// positive definite (InputError naming the failing pivot: row by row, or along dof_parentid)
/// and on the dense path finds M's ancestor pattern; the 2.2.2 solver of a prepared problem
/// repeats neither. The islands are found and each is copied out and prepared (SubProblem).
void PrepareProblem(Problem& problem);

/// problem.prepared when it is set and sized for the problem, else freshly built operators
/// (the problem is then validated by the caller, as SolveProblem does).
std::shared_ptr<const SparseOperators> OperatorsOf(const Problem& problem);

/// True when problem.prepared is set, sized for the problem (nefc × nv) and built for its path
/// (UsesSparsePath under the current opt.jacobian): SolveProblem then skips ValidateProblem.
bool IsPrepared(const Problem& problem);

/// True when problem is prepared and its islands were copied out under its current options:
/// the island solves then reuse them (options changed after PrepareProblem are honoured by
/// copying the islands out again on every solve; PrepareProblem again restores the reuse).
bool IslandsPrepared(const Problem& problem);

/// out = J x (out is resized to rows).
void MultiplyRows(const SparseRows& J, const core::VectorX& x, core::VectorX& out);

/// out = M x (out is resized to nv): along M's tree when the problem gave one (MultiplyTree,
/// mj_mulM: each off-diagonal entry read once), else from M's sparse rows.
void MultiplyM(const SparseOperators& ops, const core::VectorX& x, core::VectorX& out);

/// out = Jᵀ f (out is resized to cols).
void MultiplyRowsTransposed(const SparseRows& J, const core::VectorX& f, core::VectorX& out);

/// out = Jᵀ f from the rows of Jᵀ (each DOF gathers its rows in ascending order: the same sums
/// as MultiplyRowsTransposed, MuJoCo's mju_mulMatVecSparse on efc_JT).
void MultiplyJTranspose(const SparseOperators& ops, const core::VectorX& f, core::VectorX& out);

/// H += w J_rᵀ J_r for one row r (a quadratic row's term D Jᵀ J of (3.2)) on the lower
/// triangle of H only: the Hessian is symmetric, its assembler mirrors it once at the end.
void AddRowOuterProduct(const SparseRows& J, int r, double w, core::MatrixX& H);

/// Calls add(i, j, (Hc(p, q) J_pi) J_qj) for every term of J_bᵀ Hc J_b on or below the
/// diagonal (j ≤ i), rows first … first + n − 1, Hc's zeros skipped: the one walk that both the
/// dense and the sparse Hessian assemblers accumulate.
template <class Add>
void ForEachBlockProduct(const SparseRows& J, int first, const core::MatrixX& Hc, Add&& add) {
  const int n = static_cast<int>(Hc.rows());
  // Σ_{p,q} Hc(p, q) J_pᵀ J_q over the block's row pairs.
  for (int p = 0; p < n; ++p) {
    for (int q = 0; q < n; ++q) {
      const double h = Hc(p, q);
      if (h == 0) continue;
      const int rp = first + p, rq = first + q;
      for (int a = J.start[rp]; a < J.start[rp + 1]; ++a) {
        const double ha = h * J.value[a];
        for (int b = J.start[rq]; b < J.start[rq + 1]; ++b) {
          if (J.col[b] <= J.col[a]) add(J.col[a], J.col[b], ha * J.value[b]);
        }
      }
    }
  }
}

/// H += J_bᵀ Hc J_b for the rows first … first + n − 1 and a dense symmetric n × n Hc (an
/// elliptic cone block of (3.2)), lower triangle only as AddRowOuterProduct.
void AddBlockProduct(const SparseRows& J, int first, const core::MatrixX& Hc, core::MatrixX& H);

}  // namespace simatlas::mujoco
