#pragma once
/// @file
/// MJ-solvers §2–§5, the course's view of one settled MuJoCo state (`simatlas mujoco inspect`):
/// each row's owner, solref/solimp as given and as used (getsolparam's rules, from
/// reference/mujoco/impedance.h) with a note wherever a rule changed them, MuJoCo's efc_*
/// values, each contact's friction and μ, and the three reference solvers beside MuJoCo's
/// answer. MuJoCo's numbers are the snapshot's (read from mjData); only the "as used"
/// parameters and the reference solves are computed, by the reference.

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "adapters/mujoco_model/mujoco_model.h"
#include "reference/mujoco/solver_result.h"

namespace simatlas::adapters {

/// A row's parameters as used and why they differ from the given ones.
struct RowNotes {
  mujoco::SolParams used;  ///< getsolparam's result (SanitiseSolParams)
  std::vector<std::string>
      notes;  ///< "refsafe: ...", "solimp clamped: ...", "mixed-sign solref: ..."
};

/// The notes of one row (timestep and refsafe from the snapshot).
RowNotes NotesOf(const RowView& row, double timestep, bool refsafe);

/// One reference solver's answer beside MuJoCo's.
struct SolverComparison {
  mujoco::SolverKind solver = mujoco::SolverKind::kNewton;  ///< which reference solver
  mujoco::SolveResult result;                               ///< its answer
  double max_force_difference = 0;  ///< max_i |f_i − MuJoCo's efc_force_i|
  int row_of_max = -1;              ///< the row where it occurs (−1 when nefc = 0)
  double max_qacc_difference = 0;   ///< max_j |qacc_j − MuJoCo's qacc_j|
};

/// PGS, CG and Newton on the snapshot's problem with its options and warmstart.
std::vector<SolverComparison> CompareSolvers(const Snapshot& snapshot);

/// "satisfied", "quadratic", "linear_neg", "linear_pos", "cone" (mjtConstraintState).
std::string StateName(int state);

/// The whole view as one JSON object (rows, contacts, mujoco, solvers, warnings).
nlohmann::json InspectJson(const Snapshot& snapshot, const std::vector<SolverComparison>& solvers);

/// The same as tables a person reads.
std::string InspectText(const Snapshot& snapshot, const std::vector<SolverComparison>& solvers);

}  // namespace simatlas::adapters
