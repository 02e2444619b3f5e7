#pragma once
/// @file
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

namespace simatlas::io {

/// The producing engine's answer (`expected`).
struct MujocoExpected {
  core::VectorX efc_force;
  core::VectorX qacc;
  core::VectorX efc_b;
  int solver_iter = 0;
};

/// Per-row fields that the solvers do not need but the impedance checks do (all optional).
struct MujocoRowRecord {
  std::optional<mujoco::SolRef> solref;
  std::optional<mujoco::SolImp> solimp;
  std::optional<double> pos, margin, vel, diag_approx;
  std::optional<std::array<double, 4>> KBIP;
};

/// One file.
struct MujocoProblemFile {
  std::string source;
  mujoco::Problem problem;
  std::vector<MujocoRowRecord> rows;
  std::optional<MujocoExpected> expected;
};

/// Parses a JSON document already read (validates the problem, too).
MujocoProblemFile ParseMujocoProblem(const nlohmann::json& document);

/// Reads and parses a file; unreadable files and JSON syntax errors are InputErrors naming the
/// path.
MujocoProblemFile ReadMujocoProblem(const std::string& path);

/// The project's formats/ directory (format documents and examples).
std::string FormatsDirectory();

}  // namespace simatlas::io
