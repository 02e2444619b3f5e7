#pragma once
/// @file
/// MJ-solvers §4: the Cholesky factor of the SPD matrices the primal solvers invert — M (CG's
/// preconditioner M⁻¹g and the certificate ½ gᵀM⁻¹g) and Newton's H = M + Jᵀ Hc J (3.2).
/// Below nv = 60 a dense LLᵀ, as MuJoCo 2.2.2 factors H (engine_util_solve.c: mju_cholFactor).
/// From nv = 60 on — MuJoCo's own switch to sparse Jacobians (engine_support.c: mj_isSparse,
/// jacobian = "auto") — a sparse LLᵀ with a fill-reducing (AMD) ordering. MuJoCo factors M along
/// the DOF tree (engine_core_smooth.c: mj_factorM, mj_solveM), which creates no fill; the problem
/// file has M but no dof_parentid, and AMD on M's own nonzero pattern eliminates leaves first
/// and finds the same no-fill order. H of several trees coupled by a few contacts stays sparse
/// the same way (22 humanoids: nv = 594, a dense factor would cost nv³/3 ≈ 7·10⁷ flops).

#include <Eigen/Cholesky>
#include <Eigen/SparseCholesky>

#include "reference/core/numeric.h"

namespace simatlas::mujoco {

/// nv from which SpdFactor switches to the sparse factor (MuJoCo's mj_isSparse threshold).
constexpr int kSparseFactorFromNv = 60;

/// LLᵀ of a symmetric positive definite matrix, dense or sparse by its size.
class SpdFactor {
 public:
  /// Factors A (symmetric; only its lower triangle is read by the sparse factor). Throws
  /// core::NumericalError naming `what` when A is not positive definite.
  void Factor(const core::MatrixX& A, const char* what);
  /// A⁻¹ b.
  core::VectorX Solve(const core::VectorX& b) const;
  /// A⁻¹ B, column by column (the dual's M⁻¹ Jᵀ).
  core::MatrixX SolveColumns(const core::MatrixX& B) const;
  /// A ← A + σ v vᵀ (σ = ±1) on the dense factor in O(n²), as MuJoCo 2.2.2's Newton updates H
  /// when a few rows change state (engine_util_solve.c: mju_cholUpdate). Returns false — the
  /// caller then factors afresh — for the sparse factor or when a downdate fails.
  bool RankOneUpdate(const core::VectorX& v, double sigma);

 private:
  bool sparse_ = false;
  Eigen::LLT<core::MatrixX> dense_;
  Eigen::SimplicialLLT<Eigen::SparseMatrix<double>> sparse_llt_;
};

}  // namespace simatlas::mujoco
