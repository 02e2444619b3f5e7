// simatlas-mujoco<version> (e.g. simatlas-mujoco315): `simatlas mujoco dump|inspect --engine
// <version>` as a program of its own, linked against one MuJoCo wheel's libmujoco
// (cmake/SimatlasEngines.cmake), since `simatlas` links MuJoCo 2.2.2 and two libmujoco versions
// never share a process. One source for every wheel version; CMake names the program
// (SIMATLAS_ENGINE_PROGRAM) and the version it was built for (SIMATLAS_ENGINE_VERSION).
// Usage: simatlas-mujoco<version> dump|inspect ARGS... (the arguments of `simatlas mujoco
// dump|inspect`).
#include <iostream>
#include <string>
#include <vector>

#include "tools/simatlas/commands.h"
#include "tools/simatlas/model/model_commands.h"

int main(int argc, char** argv) {
  const std::string program = SIMATLAS_ENGINE_PROGRAM;
  const std::vector<std::string> args(argv + 1, argv + argc);
  if (!args.empty() && args[0] == "dump")
    return simatlas::tools::RunModelDump(args, std::cout, std::cerr);
  if (!args.empty() && args[0] == "inspect") {
    return simatlas::tools::RunModelInspect(args, std::cout, std::cerr);
  }
  if (!args.empty() && args[0] == "--help") {
    std::cout << program << " dump|inspect ...: `simatlas mujoco dump|inspect` with MuJoCo "
              << SIMATLAS_ENGINE_VERSION << "\n  model options:\n"
              << simatlas::tools::ModelFlagsHelp();
    return 0;
  }
  std::cerr << "usage: " << program << " dump|inspect ARGS... (run by `simatlas mujoco "
            << "dump|inspect --engine " << SIMATLAS_ENGINE_VERSION << "`)\n";
  return simatlas::tools::kExitBadInput;
}
