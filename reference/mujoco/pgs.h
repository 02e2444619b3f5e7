#pragma once
/// @file
/// MJ-solvers §4 PGS: projected Gauss–Seidel on the dual (2.4). Scalar rows: an exact 1-D
/// step then the projection; elliptic blocks: a ray update along the current block force, then
/// the friction QCQP with the normal fixed. A block update that raises the cost by more than
/// 1e-10 is undone. A block whose normal force is 0 only gets the normal update, so PGS stalls
/// at the cone apex when ρ₀ ≥ 0 although ρ ∉ K* (MuJoCo does the same; see the property test
/// MujocoSolvers.PgsCgNewtonAgree). 3.15 additions, each switchable in Options: Nesterov momentum with
/// adaptive restart and the PCG32-shuffled block order.
/// Equation numbers (N.M) are the formula sheet's (course/FORMULAS.md).

#include <cstdint>
#include <vector>

#include "reference/core/numeric.h"
#include "reference/mujoco/dual.h"
#include "reference/mujoco/primal.h"
#include "reference/mujoco/problem.h"
#include "reference/mujoco/solver_result.h"

namespace simatlas::mujoco {

/// min ½ xᵀ A x + xᵀ b  s.t.  Σ (x_j/d_j)² ≤ r², by Newton on the multiplier of the scaled
/// problem (≤ 20 iterations, tolerance 1e-10); when the constraint is active the answer is put
/// exactly on the ellipse (mju_QCQP* and its caller in mj_solPGS). M friction directions, M = 2,
/// 3 or 5 (contacts of condim 3, 4, 6; instantiated for those): fixed-size, nothing allocated.
template <int M>
Eigen::Matrix<double, M, 1> SolveFrictionQCQP(const Eigen::Matrix<double, M, M>& A,
                                              const Eigen::Matrix<double, M, 1>& b,
                                              const Eigen::Matrix<double, M, 1>& d, double r);

/// SolveFrictionQCQP for sizes known at run time (NoSlip): the fixed-size one of b.size() = 2,
/// 3 or 5; throws InputError for another size.
core::VectorX SolveFrictionQCQP(const core::MatrixX& A, const core::VectorX& b,
                                const core::VectorX& d, double r);

/// ½ δᵀ A_bb δ + δᵀ res: the change of the dual cost ½ fᵀA f + fᵀb when a block's rows move by
/// δ from forces whose residual there is res, A_bb the block's diagonal block of A (AR for PGS,
/// A without R for NoSlip; MuJoCo 2.2.2 engine_solver.c: costChange).
template <class Block, class Delta, class Res>
double DualCostChange(const Eigen::MatrixBase<Block>& A_bb, const Eigen::MatrixBase<Delta>& delta,
                      const Eigen::MatrixBase<Res>& res) {
  return 0.5 * delta.dot(A_bb * delta) + delta.dot(res);
}

/// MuJoCo's dual row states of the forces f (engine_solver.c: dualState, the same at tag 2.2.2
/// and at MuJoCo's head) written into `state` (nefc), and their nactive. Equality rows
/// quadratic; frictionloss rows linear at either bound (the primal's signs swapped), else
/// quadratic; scalar limit/contact rows satisfied at f ≤ 0, else quadratic; an elliptic block,
/// with N = f₀/μ and T = ‖(f_j/μ_j)‖, satisfied when μN ≥ T, quadratic when N + μT ≤ 0, else in
/// the cone state, on all its rows. Active: every equality and frictionloss row, each quadratic
/// scalar row, every row of a non-satisfied elliptic block. PGS and NoSlip count with it.
int DualStates(const Problem& problem, const std::vector<Block>& blocks, const core::VectorX& f,
               std::vector<RowState>& state);

/// PCG32 (O'Neill) with the fixed seed state 0, increment 1.
class Pcg32 {
 public:
  /// Next 32-bit output (PCG-XSH-RR: advance the 64-bit LCG, output the rotated xorshift of the
  /// old state).
  std::uint32_t Next();
  /// Fisher–Yates shuffle of 0 … n−1 with this generator.
  std::vector<int> Permutation(int n);
  /// Fisher–Yates shuffle of `order` in place (last index first, j = Next() mod (i + 1)), as
  /// MuJoCo's shuffle_int (engine_solver.c) reshuffles the previous sweep's order.
  void Shuffle(std::vector<int>& order);

 private:
  std::uint64_t state_ = 0;
  std::uint64_t inc_ = 1;
};

/// Runs PGS from force0 (already feasible or projected by the caller's warmstart rule).
/// scale is the termination scale (MonolithicScale for PGS).
SolveResult SolvePGS(const Problem& problem, const DualProblem& dual, const core::VectorX& force0,
                     double scale);

}  // namespace simatlas::mujoco
