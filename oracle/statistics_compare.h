#pragma once
/// @file
/// MJ-solvers §5 statistics against a live MuJoCo (2.2.2 or 3.15.0): the round-off floors of
/// the real statistics and the iteration-by-iteration comparison the statistics oracles use.

#include <cstddef>
#include <string>
#include <vector>

#include "reference/core/numeric.h"
#include "reference/mujoco/problem.h"
#include "reference/mujoco/solver_result.h"

namespace simatlas::oracle {

/// Round-off floors (absolute) of the real statistics of one solve. A sum of n terms has an
/// error of at most n·ε·Σ|terms| (the a-priori bound γ_n), n = nv + nefc. The row residual
/// z = J a − aref carries n·ε·(|J||a| + |aref|) =: n·ε·Z, so a row force −D z carries n·ε·D·Z
/// and a row cost ½ D z² carries n·ε·D·|z|·Z. Improvement is a difference of two costs, each a
/// sum of non-negative terms (Gauss and row costs; for PGS the dual cost's ½|f|ᵀ|AR||f| +
/// |f|ᵀ|b|): floor 2·n·ε·scale·(C + Σ D|z|Z), C the larger cost magnitude at the start and the
/// answer. gradient and lineslope are scaled sums g = M(a − a₀) − Jᵀf (lineslope is sᵀg/‖s‖,
/// Cauchy–Schwarz): floor n·ε·scale·G, G = ‖|M||a| + |M||a₀| + |Jᵀ|(|f| + D·Z)‖, the larger of
/// the start and the answer.
struct RoundOff {
  double improvement = 0;  ///< floor of improvement [1]
  double gradient = 0;     ///< floor of gradient and lineslope [1]
};

/// The floors of the solve `answer` of problem p started at qacc0, with termination scale.
RoundOff StatisticsFloors(const mujoco::Problem& p, const mujoco::SolveResult& answer, double scale,
                          const core::VectorX& qacc0);

/// Compares two runs field by field with ==, reals included (for a run that repeats MuJoCo's
/// arithmetic). Returns one message per mismatch, a different length as one more; empty when
/// all are equal.
std::vector<std::string> CompareIterationsExactly(
    const std::vector<mujoco::IterationStats>& ours,
    const std::vector<mujoco::IterationStats>& theirs);

/// |ours − theirs| ≤ 1e-6·max(|ours|, |theirs|) + floor.
bool RealsAgree(double ours, double theirs, double floor);

/// Compares the first `count` iterations: integers exactly, improvement and lineslope (when
/// compare_lineslope) to 1e-6 relative above the floors, gradient to 1e-6 relative to the
/// larger of g_k and the first iteration's g_0 above the floor (a relative difference δ of the
/// iterates moves g(a_k) by about δ·‖H‖‖a_0 − a*‖ ≈ δ·g_0). Returns one message per mismatch
/// ("iteration 3: neval 5 vs 4"), empty when all agree.
std::vector<std::string> CompareIterations(const std::vector<mujoco::IterationStats>& ours,
                                           const std::vector<mujoco::IterationStats>& theirs,
                                           std::size_t count, const RoundOff& floor,
                                           bool compare_lineslope);

/// Both tables side by side, one line per iteration (for failure messages).
std::string StatisticsTable(const std::vector<mujoco::IterationStats>& ours,
                            const std::vector<mujoco::IterationStats>& theirs);

}  // namespace simatlas::oracle
