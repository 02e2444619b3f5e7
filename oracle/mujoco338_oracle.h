#pragma once
/// @file
/// The MuJoCo 3.3.8-dev oracle (MJ-solvers §6–§9): runs oracle/node/mujoco338.mjs — npm
/// mujoco-js 0.0.7, a development build of MuJoCo between 3.3.7 and 3.4.0 (its engine reports
/// "3.3.8") compiled to WebAssembly — with nodejs and returns its JSON answer. Kept for what the
/// live 3.15.0 oracle does not check. The package lives in the build tree (`<build>/node`,
/// installed by the oracle's CMake step).

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace simatlas::oracle {

/// How to install what the 3.3.8 oracle needs (for failure messages).
std::string Mujoco338InstallHint();

/// Runs `node mujoco338.mjs NODE_MODULES args…` and parses its stdout. Throws
/// std::runtime_error when node or the package is missing (with Mujoco338InstallHint), when the
/// script fails (with its stderr) or prints no JSON.
nlohmann::json RunMujoco338(const std::vector<std::string>& args);

}  // namespace simatlas::oracle
