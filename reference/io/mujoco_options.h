#pragma once
/// @file
/// MJ-solvers §4–§6 and the version notes: every solver option of a `mujoco-problem` solve as
/// text, in one place — the command line (`simatlas mujoco solve --cg-update hager-zhang`), the
/// problem file's `opt` object and a language binding all set options through
/// ApplyMujocoOption, so the choices, defaults and error messages are the same everywhere.
/// Equation numbers (N.M) are the formula sheet's (course/FORMULAS.md).

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "reference/io/mujoco_problem.h"
#include "reference/mujoco/prepare.h"
#include "reference/mujoco/problem.h"
#include "reference/mujoco/solve.h"

namespace simatlas::io {

/// What one solve needs beside the rows: the options inside the problem and the settings
/// (warmstart, islands) passed next to it.
struct MujocoSolveSetup {
  mujoco::Options opt;             ///< cone, solver, caps, tolerances, 3.15 switches
  mujoco::SolveSettings settings;  ///< qacc_warmstart and islands
};

/// One settable option, for `--help` and bindings.
struct MujocoOptionInfo {
  std::string key;            ///< canonical key ("cg_update"); the flag is "--cg-update"
  std::string values;         ///< accepted text ("hager-zhang|polak-ribiere", "N >= 0", ...)
  std::string default_value;  ///< the default as text (mj_defaultOption / 2.2.2 paths)
  std::string meaning;        ///< what it switches, with its course section
};

/// The options ApplyMujocoOption accepts, in the order `--help` lists them.
const std::vector<MujocoOptionInfo>& MujocoOptionTable();

/// "2.2.2", "3.15" or "4.0" (the version notes' behaviours; "4.0" is MuJoCo 4.0.1).
std::string VersionName(mujoco::Version version);
/// "meaninertia" or "trace" (Options::exit_scale, formula sheet MJ-solvers (5.1)).
std::string ExitScaleName(mujoco::ExitScaleRule rule);
/// "polak-ribiere" or "hager-zhang".
std::string CGUpdateName(mujoco::CGUpdate update);

/// Parses `text` as a choice of `key`: version ("2.2.2" | "3.15" | "4.0"), cg_update ("hager-zhang" |
/// "polak-ribiere"). Throws InputError "KEY = 'TEXT' must be one of A, B" naming `key` as
/// given.
mujoco::Version ParseVersion(const std::string& key, const std::string& text);
/// See ParseVersion; the CG direction update (4.1).
mujoco::CGUpdate ParseCGUpdate(const std::string& key, const std::string& text);
/// See ParseVersion; option `exit_scale` ("meaninertia" | "trace").
mujoco::ExitScaleRule ParseExitScale(const std::string& key, const std::string& text);
/// "dense", "sparse" or "auto" (MuJoCo's mjtJacobian names).
std::string JacobianName(mujoco::Jacobian jacobian);
/// See ParseVersion; option `jacobian` ("dense" | "sparse" | "auto").
mujoco::Jacobian ParseJacobian(const std::string& key, const std::string& text);
/// "on" → true, "off" → false; anything else throws InputError naming `key` and the choices.
bool ParseSwitch(const std::string& key, const std::string& text);
/// A whole decimal integer >= minimum (no trailing text, within int); InputError otherwise.
int ParseCount(const std::string& key, const std::string& text, int minimum);
/// A finite decimal number >= 0 (dimensionless); InputError otherwise.
double ParseNonNegative(const std::string& key, const std::string& text);
/// A finite decimal number > 0 (dimensionless); InputError otherwise.
double ParsePositive(const std::string& key, const std::string& text);

/// The warmstart acceleration stored in a JSON file: an array of nv numbers, an object with
/// `qacc` (the output of `simatlas mujoco solve --json`), or a mujoco-problem document whose
/// `expected.qacc` is used. Unreadable files give the system's reason; a wrong length names
/// nv. Throws InputError.
core::VectorX ReadWarmstartFile(const std::string& path, int nv);

/// Sets one option from text. `key` is canonical ("cg_update") or a flag ("--cg-update"); the
/// error messages name it as given. Keys: those of MujocoOptionTable (warmstart is FILE|off; nv
/// is the problem's size). Throws InputError for an unknown key (listing the keys) or value
/// (naming the choices or the rule).
void ApplyMujocoOption(const std::string& key, const std::string& value, int nv,
                       MujocoSolveSetup& setup);

/// One option as text: (key or flag, value), as ApplyMujocoOption takes it.
using MujocoOptionText = std::pair<std::string, std::string>;

/// A problem ready to solve and the settings to solve it with.
struct MujocoSolveInput {
  /// The file's problem, its opt overridden, prepared once (its solves reuse the structure)
  std::shared_ptr<const mujoco::PreparedProblem> problem;
  mujoco::SolveSettings settings;  ///< warmstart and islands
};

/// The file's problem and settings with `options` applied over the file's own opt and settings
/// (the CLI's flags, a binding's keywords): `version` first (mujoco::SetVersion), then the others
/// in order; a combination no MuJoCo ran is refused (mujoco::RequireVersionRuns); the problem is
/// prepared (mujoco::Prepare) under those options. Throws InputError as ApplyMujocoOption
/// does.
MujocoSolveInput WithMujocoOptions(const MujocoProblemFile& file,
                                   const std::vector<MujocoOptionText>& options);

}  // namespace simatlas::io
