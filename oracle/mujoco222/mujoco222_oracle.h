#pragma once
/// @file
/// The MuJoCo 2.2.2 oracle (MJ-solvers §2–§5; (N.M): the formula sheet's equations): loads an MJCF
/// scene, settles it, runs mj_forward to convergence and turns mjData into the reference's Problem
/// plus MuJoCo's answer and per-row data (efc_R, efc_KBIP, efc_aref, efc_b). Also the reference's
/// own row parameters computed from the model alone (solref/solimp, invweight0, efc_pos, efc_vel)
/// for the row-by-row impedance comparison.

#include <array>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <mujoco/mujoco.h>
#include <nlohmann/json.hpp>

#include "reference/core/numeric.h"
#include "reference/mujoco/problem.h"
#include "reference/mujoco/solver_result.h"

namespace simatlas::oracle222 {

/// A loaded model with its data (freed together).
struct Scene {
  std::string name;                ///< the file it was loaded from, for messages
  std::shared_ptr<mjModel> model;  ///< the compiled model (mj_deleteModel on release)
  std::shared_ptr<mjData> data;    ///< its data (mj_deleteData on release)
  /// qacc_warmstart as the last settling mj_step left it (the previous step's qacc; zeros
  /// without steps): the warm start the statistics oracle gives both engines.
  core::VectorX step_warmstart;
};

/// Path of a project scene, oracle/scenes/NAME.
std::string SceneFile(const std::string& name);
/// Path of a MuJoCo sample model, SIMATLAS_MUJOCO_MODEL_DIR/RELATIVE (CMake cache; Debian's
/// /usr/share/mujoco/model by default).
std::string SampleModelFile(const std::string& relative);

/// Loads an MJCF file with the given cone (adapters::LoadModelFile). Throws core::InputError
/// on failure.
Scene Load(const std::string& path, mjtCone cone);

/// mj_step `steps` times with the model's own options, then `mj_forward` with a dense Jacobian,
/// iterations = 1000, tolerance = 1e-15 so that efc_force is MuJoCo's converged answer.
void SettleAndSolve(Scene& scene, int steps);

/// One live MuJoCo solve of a scene's settled state and its statistics.
struct MujocoSolve {
  int solver_iter = 0;  ///< solver_iter (main-solver iterations, then NoSlip's sweeps when on)
  /// d->solver[0 … min(solver_iter, mjNSOLVER) − 1] in the reference's type.
  std::vector<mujoco::IterationStats> stats;
  core::VectorX qacc;       ///< qacc after the solve (nv)
  core::VectorX efc_force;  ///< efc_force after the solve (nefc)
  /// The problem this mj_forward solved, read from the same mjData (as ExtractProblem). It can
  /// differ from the scene's in the last bits: on the 22 humanoids (measured) the first
  /// mj_forward on an mj_copyData of the settled data gives another qM, qfrc_bias and
  /// qacc_smooth in a fifth of the entries, a second one the settled values again.
  mujoco::Problem problem;
};
/// Runs mj_forward on a copy of the scene's model and data (the scene is left untouched) with
/// the given solver, iteration cap and tolerance; warmstart: qacc_warmstart set to it first,
/// nullopt: mjDSBL_WARMSTART (qacc_smooth, zero forces); noslip_iterations: opt.noslip_iterations
/// (0: NoSlip off).
MujocoSolve SolveWithMujoco(const Scene& scene, mjtSolver solver, int iterations, double tolerance,
                            const std::optional<core::VectorX>& warmstart,
                            int noslip_iterations = 0);

/// MuJoCo's row data of the last mj_forward.
struct MujocoRows {
  core::VectorX R;                          ///< efc_R, the regulariser per row
  core::VectorX aref;                       ///< efc_aref, the reference acceleration per row
  core::VectorX b;                          ///< efc_b = J a₀ − aref per row
  core::VectorX force;                      ///< efc_force, MuJoCo's converged row forces
  core::VectorX qacc;                       ///< qacc, MuJoCo's constrained acceleration (nv)
  core::VectorX pos;                        ///< efc_pos, the constraint distance per row
  core::VectorX margin;                     ///< efc_margin per row
  core::VectorX vel;                        ///< efc_vel = J qvel per row
  core::VectorX diag_approx;                ///< efc_diagApprox, Â per row
  std::vector<std::array<double, 4>> KBIP;  ///< efc_KBIP: K, B, I, dI/d pos per row
  std::vector<int> state;                   ///< efc_state (mjtConstraintState) per row
  int solver_iter = 0;                      ///< solver_iter of the last solve
};
/// Copies the row data of the scene's last mj_forward out of mjData.
MujocoRows ReadRows(const Scene& scene);

/// The constraint problem of the last mj_forward (R, aref and qfrc_smooth taken from MuJoCo).
mujoco::Problem ExtractProblem(const Scene& scene);

/// The reference's row parameters computed from the model: K, B, I, I', R (with the friction
/// scaling), aref; nullopt for rows the reference does not cover (weld equalities).
struct ReferenceRow {
  double K = 0;          ///< stiffness K [1/s²] (2.2)
  double B = 0;          ///< damping B [1/s] (2.2)
  double imp = 0;        ///< impedance I (2.1)
  double imp_prime = 0;  ///< dI/d pos
  double R = 0;          ///< regulariser after the friction scaling (2.3)
  double aref = 0;       ///< reference acceleration (2.2)
};
/// One entry per efc row of the scene's last mj_forward, in MuJoCo's row order.
std::vector<std::optional<ReferenceRow>> ReferenceRows(const Scene& scene);

/// The problem and MuJoCo's answer as a simatlas/mujoco-problem/1 document.
nlohmann::json ProblemDocument(const Scene& scene, const std::string& source);

}  // namespace simatlas::oracle222
