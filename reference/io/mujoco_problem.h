#pragma once
/// @file
/// MJ-solvers §2–§5 — the problem files of the MuJoCo solvers.
/// Reader of `simatlas/mujoco-problem/1` files (formats/mujoco-problem.md): one MuJoCo
/// constraint problem (MJ-solvers §2–§5) and, optionally, the producing engine's answer.
/// Every malformed field is reported as core::InputError naming its JSON path
/// ("efc[3].R = -1 1/kg must be > 0").

#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "reference/core/numeric.h"
#include "reference/mujoco/impedance.h"
#include "reference/mujoco/problem.h"
#include "reference/mujoco/solve.h"

namespace simatlas::io {

/// The producing engine's answer (`expected`).
struct MujocoExpected {
  core::VectorX efc_force;  ///< the engine's row forces f (nefc)
  core::VectorX qacc;       ///< the engine's constrained acceleration (nv)
  core::VectorX efc_b;      ///< the engine's b = J a₀ − aref (nefc), to check one's own b
  int solver_iter = 0;      ///< the engine's main-solver iteration count
};

/// Per-row fields that the solvers do not need but the impedance checks do (all optional).
struct MujocoRowRecord {
  std::optional<mujoco::SolRef> solref;       ///< the row's solref as the engine used it
  std::optional<mujoco::SolImp> solimp;       ///< the row's solimp as the engine used it
  std::optional<double> pos;                  ///< efc_pos, the constraint distance [m]
  std::optional<double> margin;               ///< the row's margin [m]
  std::optional<double> vel;                  ///< J·qvel [m/s]
  std::optional<double> diag_approx;          ///< Â, MuJoCo's approximate diagonal of A
  std::optional<std::array<double, 4>> KBIP;  ///< the engine's efc_KBIP: K, B, I, dI/d pos
};

/// One file.
struct MujocoProblemFile {
  std::string source;       ///< free text: engine, version, scene ("" if absent)
  mujoco::Problem problem;  ///< the validated problem
  /// opt.islands and the top-level qacc_warmstart (absent: islands as the version runs them —
  /// on for 3.15, off for 2.2.2 (IslandsByDefault) — and warmstart off)
  mujoco::SolveSettings settings;
  std::vector<MujocoRowRecord> rows;  ///< one record per efc row
  /// the file's `contacts[].index` per contact (the producing engine's contact ids), in order
  std::vector<int> contact_indices;
  std::optional<MujocoExpected> expected;  ///< present when the file has `expected`
};

/// Parses a JSON document already read (validates the problem, too).
MujocoProblemFile ParseMujocoProblem(const nlohmann::json& document);

/// Reads and parses a file; unreadable files and JSON syntax errors are InputErrors naming the
/// path.
MujocoProblemFile ReadMujocoProblem(const std::string& path);

/// The project's formats/ directory (format documents and examples).
std::string FormatsDirectory();

}  // namespace simatlas::io
