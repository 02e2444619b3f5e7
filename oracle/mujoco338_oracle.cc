// The MuJoCo 3.3.8 oracle runner (MJ-solvers §4–§8): nodejs + npm mujoco-js 0.0.7 in the build
// tree, driven through oracle/node/mujoco338.mjs.
#include "oracle/mujoco338_oracle.h"

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include <unistd.h>

namespace simatlas::oracle {

namespace {

/// Single-quoted for /bin/sh.
std::string Quote(const std::string& s) {
  std::string out = "'";
  for (const char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

}  // namespace

std::string Mujoco338InstallHint() {
  return std::string("the MuJoCo 3.3.8 oracle needs nodejs and npm (scripts/setup.sh installs "
                     "them) and the package: npm install --prefix ") +
         Quote(std::filesystem::path(SIMATLAS_NODE_MODULES).parent_path().string()) +
         " mujoco-js@0.0.7 (re-running cmake does this)";
}

nlohmann::json RunMujoco338(const std::vector<std::string>& args) {
  const std::string node = SIMATLAS_NODE;
  if (node.empty() || !std::filesystem::exists(node)) {
    throw std::runtime_error("node not found (cmake found '" + node + "'): " +
                             Mujoco338InstallHint());
  }
  const std::filesystem::path package =
      std::filesystem::path(SIMATLAS_NODE_MODULES) / "mujoco-js" / "dist" / "mujoco_wasm.js";
  if (!std::filesystem::exists(package)) {
    throw std::runtime_error(package.string() + " is missing: " + Mujoco338InstallHint());
  }
  // stdout carries the JSON answer; stderr goes to a file for the failure message.
  const std::filesystem::path err = std::filesystem::temp_directory_path() /
                                    ("simatlas_mujoco338_" + std::to_string(getpid()) + ".err");
  std::string command = Quote(node) + " " + Quote(SIMATLAS_MUJOCO338_SCRIPT) + " " +
                        Quote(SIMATLAS_NODE_MODULES);
  for (const std::string& a : args) command += " " + Quote(a);
  command += " 2> " + Quote(err.string());
  FILE* pipe = popen(command.c_str(), "r");
  if (pipe == nullptr) throw std::runtime_error("cannot start " + command);
  std::string out;
  char buffer[65536];
  for (size_t n; (n = fread(buffer, 1, sizeof(buffer), pipe)) > 0;) out.append(buffer, n);
  const int status = pclose(pipe);
  std::ostringstream message;
  message << std::ifstream(err).rdbuf();
  std::filesystem::remove(err);
  if (status != 0) {
    throw std::runtime_error("MuJoCo 3.3.8 oracle failed (status " + std::to_string(status) +
                             "): " + command + "\n" + message.str());
  }
  const nlohmann::json answer = nlohmann::json::parse(out, nullptr, false);
  if (answer.is_discarded()) {
    throw std::runtime_error("MuJoCo 3.3.8 oracle printed no JSON: " + command + "\n" + out);
  }
  return answer;
}

}  // namespace simatlas::oracle
