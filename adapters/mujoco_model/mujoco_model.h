#pragma once
/// @file
/// MJ-solvers §2–§5 on a user's own MJCF: loads a model with the MuJoCo this library is compiled
/// against — 2.2.2 (Debian `libmujoco-dev`, simatlas_mujoco_model222) or 3.15.0 (the PyPI wheel,
/// simatlas_mujoco_model315; never both in one program) — settles it (keyframe, steps with the model's own options), runs one
/// converged `mj_forward` and copies what MuJoCo reports out of mjData — the constraint
/// problem in the mujoco-problem form, MuJoCo's answer, and per row its owner, parameters as
/// given, efc_KBIP, efc_D, efc_state. Nothing is recomputed here. Only tools and tests link
/// this library; reference/ stays independent of MuJoCo.

#include <array>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <mujoco/mujoco.h>

#include "reference/core/numeric.h"
#include "reference/io/mujoco_problem.h"
#include "reference/mujoco/impedance.h"
#include "reference/mujoco/problem.h"

namespace simatlas::adapters {

/// How to reach the state: the `dump`/`inspect` flags.
struct ModelOptions {
  int steps = 0;                     ///< mj_step calls with the model's own options
  std::optional<int> keyframe;       ///< mj_resetDataKeyframe first (absent: qpos0)
  std::optional<mujoco::Cone> cone;  ///< overrides the model's cone for the whole run
  std::optional<mujoco::SolverKind>
      solver;                ///< solver of the final mj_forward (absent: the model's)
  int iterations = 1000;     ///< iteration cap of the final mj_forward (converged by default)
  double tolerance = 1e-15;  ///< tolerance of the final mj_forward [1]
  bool warmstart = true;     ///< MuJoCo's warmstart in the final mj_forward (mjDSBL_WARMSTART off)
};

/// The constraint problem of the last mj_forward, copied from mjData (M by mj_fullM and its
/// DOF tree m->dof_parentid, efc_J made dense, efc_R, efc_aref, efc_frictionloss,
/// qfrc_smooth, the active contacts, the options and stat.meaninertia). Under 3.x the options
/// also carry the version (3.15 paths), ls_iterations, ls_tolerance, the NoSlip options, CG's
/// Hager–Zhang rule and PGS momentum with the shuffle, as that engine runs them.
mujoco::Problem ProblemOf(const mjModel* model, const mjData* data);

/// "MuJoCo " + mj_versionString() of the linked engine ("MuJoCo 3.15.0").
std::string EngineName();

/// Main-solver iterations of the last solve: 2.2.2's solver_iter; 3.x's solver_niter summed over
/// the islands (slot 0 alone without islands).
int SolverIterations(const mjData* data);

/// An mjModel and its mjData (each freed with MuJoCo's own delete).
struct ModelData {
  std::shared_ptr<mjModel> model;  ///< mj_loadXML's model
  std::shared_ptr<mjData> data;    ///< mj_makeData of it
};

/// Loads an MJCF file (the one loader of the adapter, the oracles and the tools); a load error
/// is a core::InputError with MuJoCo's message (on one line) and the file.
ModelData LoadModelFile(const std::string& path);

/// What settling kept besides mjData.
struct SettleRecord {
  std::vector<std::string> warnings;  ///< MuJoCo's warnings of the final mj_forward
  core::VectorX warmstart;            ///< qacc_warmstart before the final mj_forward (its start)
};

/// Keyframe, cone, `steps` × mj_step with the model's own options, then the final mj_forward
/// with a dense Jacobian and the options' solver, cap, tolerance and warmstart switch (the
/// model's options are changed accordingly). Bad keyframe indices and a non-finite qacc are
/// InputErrors naming `path`.
SettleRecord SettleModel(mjModel* model, mjData* data, const ModelOptions& options,
                         const std::string& path);

/// The model flags as text, for `--help`: "--steps N", ... with defaults.
std::string ModelOptionsHelp();

/// Sets one flag ("--steps", "--keyframe", "--cone", "--solver", "--iterations",
/// "--tolerance", "--warmstart") from text. Returns false when `flag` is none of these (the
/// caller may own it); throws core::InputError for a bad value, naming the flag and the
/// choices.
bool ApplyModelOption(const std::string& flag, const std::string& value, ModelOptions& options);

/// One efc row as MuJoCo reports it after the final mj_forward.
struct RowView {
  mujoco::RowKind kind = mujoco::RowKind::kEquality;  ///< efc_type
  int id = 0;                    ///< efc_id: equality, dof, joint, tendon or contact index
  std::string owner;             ///< "joint knee", "contact floor / foot", "equality weld1", ...
  mujoco::SolRef solref{};       ///< solref as given (model array or mjContact.solref)
  mujoco::SolImp solimp{};       ///< solimp as given
  double pos = 0;                ///< efc_pos [m or rad]
  double margin = 0;             ///< efc_margin [m]
  double vel = 0;                ///< efc_vel = J qvel
  double diag_approx = 0;        ///< efc_diagApprox Â
  std::array<double, 4> KBIP{};  ///< efc_KBIP: K [1/s²], B [1/s], imp, imp'
  double R = 0;                  ///< efc_R
  double D = 0;                  ///< efc_D = 1/R
  double aref = 0;               ///< efc_aref
  double b = 0;                  ///< efc_b = J a₀ − aref
  double force = 0;              ///< efc_force
  int state = 0;                 ///< efc_state (mjtConstraintState)
};

/// One active contact (mjContact with efc_address ≥ 0).
struct ContactView {
  int index = 0;                     ///< MuJoCo's contact index
  int dim = 1;                       ///< condim
  std::array<double, 5> friction{};  ///< friction as the contact holds it (after mixing)
  double mu = 0;                     ///< mjContact.mu: friction[0]/√impratio
  int efc_address = 0;               ///< first row
  std::string geom1;                 ///< first geom's name ("geom 3" when unnamed)
  std::string geom2;                 ///< second geom's name
  double dist = 0;                   ///< distance [m] (negative: penetration)
};

/// Everything read from one settled model.
struct Snapshot {
  io::MujocoProblemFile file;         ///< the problem, row records, expected, qacc_warmstart
  std::vector<RowView> rows;          ///< one per efc row
  std::vector<ContactView> contacts;  ///< the active contacts in MuJoCo's order
  bool refsafe = true;                ///< mjDSBL_REFSAFE not set
  double timestep = 0;                ///< opt.timestep h [s]
  double impratio = 1;                ///< opt.impratio
  std::vector<std::string> warnings;  ///< MuJoCo's warnings during the final mj_forward
};

/// A loaded model and its data (freed together).
class LoadedModel {
 public:
  /// Loads an MJCF file; a load error is a core::InputError with MuJoCo's message and the file.
  explicit LoadedModel(const std::string& path);
  /// SettleModel on this model (keyframe, cone, steps, the final converged mj_forward).
  void Settle(const ModelOptions& options);
  /// Copies the state of the last mj_forward; `source` goes into the file. With MuJoCo's
  /// warmstart on, qacc_warmstart is the one that solve started from (mj_fwdConstraint
  /// overwrites mjData's with its answer).
  Snapshot Read(const std::string& source) const;

 private:
  struct Impl;  // mjModel, mjData and what Settle kept (defined in mujoco_model.cc)
  std::shared_ptr<Impl> impl_;
};

/// Load, settle, read: the state `dump` writes and `inspect` explains. source is
/// "MuJoCo VERSION PATH steps=N [keyframe=K]" (EngineName()).
Snapshot SnapshotOf(const std::string& path, const ModelOptions& options);

}  // namespace simatlas::adapters
