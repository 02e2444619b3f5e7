#pragma once
/// @file
/// The MuJoCo 3.15.0 oracle (MJ-solvers §4–§6): one live solve of a settled model by the PyPI
/// wheel's libmujoco (cmake/SimatlasEngines.cmake), with its per-island statistics and the
/// problem copied from the same mjData (adapters::ProblemOf, nothing recomputed). Programs that
/// link this never link MuJoCo 2.2.2. The same source compiled against MuJoCo 4.0.1's wheel
/// headers is the 4.0.1 oracle (oracle/mujoco401/, issue 38): its namespace is then oracle401
/// (SIMATLAS_LIVE_ORACLE, chosen by the header's mjVERSION_HEADER), so a program names the
/// version it links.

#include <optional>
#include <string>
#include <vector>

#include <mujoco/mujoco.h>

#include "adapters/mujoco_model/mujoco_model.h"
#include "reference/core/numeric.h"
#include "reference/mujoco/problem.h"
#include "reference/mujoco/solver_result.h"

/// The namespace of the linked engine's oracle: oracle401 against MuJoCo 4.0.1's headers,
/// oracle315 against 3.15.0's (mjVERSION_HEADER: major·10⁶ + minor·10³ + patch).
#if mjVERSION_HEADER >= 4000000
#define SIMATLAS_LIVE_ORACLE oracle401
#else
#define SIMATLAS_LIVE_ORACLE oracle315
#endif

namespace simatlas::SIMATLAS_LIVE_ORACLE {

/// How the live solve runs (the model's other options stay as loaded and settled).
struct Settings {
  mjtSolver solver = mjSOL_NEWTON;  ///< opt.solver
  int iterations = 100;             ///< opt.iterations
  double tolerance = 1e-8;          ///< opt.tolerance [1]
  /// qacc_warmstart to start from; nullopt: mjDSBL_WARMSTART (a cold start).
  std::optional<core::VectorX> warmstart;
  bool islands = true;        ///< false: mjDSBL_ISLAND (one monolithic solve)
  int noslip_iterations = 0;  ///< opt.noslip_iterations
};

/// One island's record of the solve.
struct IslandRecord {
  bool recorded = true;  ///< island < mjNISLAND: mjData holds its statistics (else none)
  int niter = 0;         ///< solver_niter[island]
  int nnz = 0;           ///< solver_nnz[island]
  /// d->solver[island·mjNSOLVER + k], k < min(niter, mjNSOLVER)
  std::vector<mujoco::IterationStats> stats;
  std::vector<int> dofs;  ///< the island's DOFs (dof_island), ascending
  std::vector<int> rows;  ///< the island's efc rows (efc_island), ascending
};

/// One live solve of the linked MuJoCo (3.15.0 or 4.0.1).
struct Solve {
  int nisland = 0;  ///< d->nisland (0 with islands off)
  /// per island (all d->nisland; statistics for the first mjNISLAND); one entry (all DOFs, all
  /// rows) when nisland = 0
  std::vector<IslandRecord> islands;
  core::VectorX qacc;       ///< qacc after the solve (nv)
  core::VectorX efc_force;  ///< efc_force (nefc)
  mujoco::Problem problem;  ///< ProblemOf of this mj_forward (3.15 options)
};

/// Loads an MJCF with the cone and settles it (adapters::SettleModel: `steps` mj_step, then a
/// converged dense mj_forward). Returns the model and data; `warmstart_out` (if given) receives
/// the qacc_warmstart the last step left.
adapters::ModelData LoadAndSettle(const std::string& path, mjtCone cone, int steps,
                                  core::VectorX* warmstart_out = nullptr);

/// mj_forward on private copies of a settled model and data with `settings` (dense Jacobian).
Solve SolveLive(const adapters::ModelData& scene, const Settings& settings);

/// The project's oracle scene file oracle/scenes/NAME.
std::string SceneFile(const std::string& name);
/// A MuJoCo sample model SIMATLAS_MUJOCO_MODEL_DIR/RELATIVE (Debian's /usr/share/mujoco/model).
std::string SampleModelFile(const std::string& relative);

}  // namespace simatlas::SIMATLAS_LIVE_ORACLE
