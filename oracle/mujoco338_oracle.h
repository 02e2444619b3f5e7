#pragma once
/// @file
/// The MuJoCo 3.3.8 oracle (MJ-solvers §4–§8): runs oracle/node/mujoco338.mjs — npm mujoco-js
/// 0.0.7, MuJoCo 3.3.8 compiled to WebAssembly — with nodejs and returns its JSON answer. The
/// package lives in the build tree (`<build>/node`, installed by the oracle's CMake step).

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "reference/io/mujoco_problem.h"

namespace simatlas::oracle {

/// How to install what the 3.3.8 oracle needs (for failure messages).
std::string Mujoco338InstallHint();

/// Runs `node mujoco338.mjs NODE_MODULES args…` and parses its stdout. Throws
/// std::runtime_error when node or the package is missing (with Mujoco338InstallHint), when the
/// script fails (with its stderr) or prints no JSON.
nlohmann::json RunMujoco338(const std::vector<std::string>& args);

/// The `problem` answer's mujoco-problem document read through the project's reader (so the
/// format is exercised on 3.3.8 output too).
io::MujocoProblemFile Mujoco338Problem(const nlohmann::json& answer);

}  // namespace simatlas::oracle
