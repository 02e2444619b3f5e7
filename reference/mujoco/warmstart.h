#pragma once
/// @file
/// MJ-solvers §6: warmstart. The stored state is qacc_warmstart. Primal solvers start from it
/// unless qacc_smooth has a strictly lower full cost; dual solvers start from the forces
/// f(qacc_warmstart) of the primal force map, zeroed if their dual cost is > 0.

#include <optional>
#include <string>

#include "reference/core/numeric.h"
#include "reference/mujoco/dual.h"
#include "reference/mujoco/prepare.h"
#include "reference/mujoco/problem.h"

namespace simatlas::mujoco {

/// Checks a warmstart: nv entries, all finite (m/s² or rad/s²). Throws InputError naming
/// `origin` (where the vector came from: "qacc_warmstart", "warmstart file F") and the entry.
void RequireWarmstart(int nv, const core::VectorX& qacc,
                      const std::string& origin = "qacc_warmstart");

/// MuJoCo's choice between the two starts (engine_forward.c warmstart): qacc_smooth only when
/// its cost is strictly lower than the warmstart's; a tie keeps the warmstart.
bool SmoothStartWins(double smooth_cost, double warm_cost);

/// Start of CG/Newton: qacc_warmstart, or qacc_smooth if cost(smooth) < cost(warm); without a
/// warmstart, qacc_smooth. Both costs as MuJoCo's warmstart forms them (engine_forward.c): the
/// constraint cost at J a − aref, and for the warm start each Gauss term added to it, with the
/// problem's primal kernels (2.2.2's sums under its arithmetic).
core::VectorX PrimalStart(const PreparedProblem& prepared,
                          const std::optional<core::VectorX>& qacc_warmstart);
/// The same preparing the problem here (without islands).
core::VectorX PrimalStart(const Problem& problem,
                          const std::optional<core::VectorX>& qacc_warmstart);

/// Start of PGS: f(qacc_warmstart), or 0 if ½ fᵀAR f + fᵀb > 0; without a warmstart, 0.
core::VectorX DualStart(const Problem& problem, const DualProblem& dual,
                        const std::optional<core::VectorX>& qacc_warmstart);

}  // namespace simatlas::mujoco
