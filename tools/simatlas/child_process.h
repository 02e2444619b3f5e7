#pragma once
/// @file
/// Running another program from a command (the MuJoCo 3.15.0 program of `mujoco dump|inspect`,
/// the live engines' runner of `lab scenes`): its exit code and what it printed, captured through
/// private files.

#include <string>
#include <vector>

namespace simatlas::tools {

/// A finished child program.
struct ChildResult {
  int exit_code = 0;  ///< its exit status
  std::string out;    ///< what it printed on stdout
  std::string err;    ///< what it printed on stderr
};

/// Runs program with args (argv[0] is program), with the parent's environment and each
/// "NAME=value" of environment added (replacing the parent's NAME). core::InputError when the
/// program cannot be started (the system's reason); core::NumericalError when it ends on a
/// signal.
ChildResult RunChild(const std::string& program, const std::vector<std::string>& args,
                     const std::vector<std::string>& environment = {});

}  // namespace simatlas::tools
