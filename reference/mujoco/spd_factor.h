#pragma once
/// @file
/// MJ-solvers §4: the Cholesky factor of the SPD matrices the primal solvers invert — M (CG's
/// preconditioner M⁻¹g and the certificate ½ gᵀM⁻¹g) and Newton's H = M + Jᵀ Hc J (3.2).
/// Below nv = 60 a dense LLᵀ, as MuJoCo 2.2.2 factors H (engine_util_solve.c: mju_cholFactor).
/// From nv = 60 on — MuJoCo's own switch to sparse Jacobians (engine_support.c: mj_isSparse,
/// jacobian = "auto") — a sparse LLᵀ with a fill-reducing (AMD) ordering. MuJoCo factors M along
/// the DOF tree (engine_core_smooth.c: mj_factorM, mj_solveM), which creates no fill: with the
/// problem's dof_parentid FactorTree does the same (tree_factor.h) at any nv; without it AMD on
/// M's own nonzero pattern eliminates leaves first and finds the same no-fill order. H of
/// several trees coupled by a few contacts stays sparse the same way (22 humanoids: nv = 594, a
/// dense factor would cost nv³/3 ≈ 7·10⁷ flops); FactorSparse factors it on its pattern in
/// reversed DOF order (leaves first, MuJoCo's order) with the symbolic analysis of the first
/// call reused while the pattern stays.
/// Equation numbers (N.M) are the formula sheet's (course/FORMULAS.md).

#include <Eigen/Cholesky>
#include <Eigen/SparseCholesky>

#include "reference/core/numeric.h"
#include "reference/mujoco/tree_factor.h"

namespace simatlas::mujoco {

/// nv from which SpdFactor switches to the sparse factor (MuJoCo's mj_isSparse threshold).
constexpr int kSparseFactorFromNv = 60;

/// LLᵀ of a symmetric positive definite matrix, dense or sparse by its size.
class SpdFactor {
 public:
  /// Factors A (symmetric; only its lower triangle is read by the sparse factor). Throws
  /// core::NumericalError naming `what` when A is not positive definite.
  void Factor(const core::MatrixX& A, const char* what);
  /// Factors M along its DOF tree (TreeFactor; `tree` must outlive this factor). Throws
  /// core::NumericalError naming `what` when a pivot is not > 0.
  void FactorTree(const MTree& tree, const char* what);
  /// The value array of this factor's copy of a sparse `pattern` (column major,
  /// pattern.nonZeros() entries, zeroed), to fill before FactorSparse: the upper triangle of
  /// the matrix with its indices reversed (HessianPattern), factored in that natural order (no
  /// fill-reducing ordering: the reversal already eliminates the tree's leaves first). The copy
  /// and its symbolic analysis (elimination tree, column counts) are made when `pattern` is not
  /// the object of the previous call, so a solve that keeps one pattern analyses it once; the
  /// pattern must stay alive and unchanged while this factor uses it. Solve and SolveColumns
  /// take and return vectors in the original order.
  double* BeginSparse(const Eigen::SparseMatrix<double>& pattern);
  /// Factors the matrix filled through BeginSparse (numeric phase only). Throws
  /// core::NumericalError naming `what` when it is not positive definite.
  void FactorSparse(const char* what);
  /// A⁻¹ b.
  core::VectorX Solve(const core::VectorX& b) const;
  /// x = A⁻¹ b into x's storage (the primal loop's M⁻¹g and H⁻¹g, once per iteration).
  void SolveInto(const core::VectorX& b, core::VectorX& x) const;
  /// A⁻¹ B, column by column (the dual's M⁻¹ Jᵀ).
  core::MatrixX SolveColumns(const core::MatrixX& B) const;
  /// A ← A + σ v vᵀ (σ = ±1) on the dense factor in O(n²), as MuJoCo 2.2.2's Newton updates H
  /// when a few rows change state (engine_util_solve.c: mju_cholUpdate). Returns false — the
  /// caller then factors afresh — for the sparse factor or when a downdate fails.
  bool RankOneUpdate(const core::VectorX& v, double sigma);
  /// The tree factor after FactorTree, else nullptr.
  const TreeFactor* Tree() const { return kind_ == Kind::kTree ? &tree_ : nullptr; }

 private:
  enum class Kind { kDense, kSparse, kReversed, kTree };
  Kind kind_ = Kind::kDense;
  Eigen::LLT<core::MatrixX> dense_;
  Eigen::SimplicialLLT<Eigen::SparseMatrix<double>> sparse_llt_;
  Eigen::SimplicialLLT<Eigen::SparseMatrix<double>, Eigen::Upper, Eigen::NaturalOrdering<int>>
      reversed_llt_;
  TreeFactor tree_;
  const Eigen::SparseMatrix<double>* pattern_ = nullptr;  // the analysed pattern (or none)
  Eigen::SparseMatrix<double> work_;                      // its copy holding the values to factor
};

}  // namespace simatlas::mujoco
