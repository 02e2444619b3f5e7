// simatlas-mujoco315: `simatlas mujoco dump|inspect --engine 3.15` (the default) as a program of
// its own, linked against the MuJoCo 3.15.0 wheel (cmake/SimatlasEngines.cmake), since
// `simatlas` links MuJoCo 2.2.2 and two libmujoco versions never share a process.
// Usage: simatlas-mujoco315 dump|inspect ARGS... (the arguments of `simatlas mujoco dump|inspect`).
#include <iostream>
#include <string>
#include <vector>

#include "adapters/mujoco_model/mujoco_model.h"
#include "tools/simatlas/commands.h"
#include "tools/simatlas/model/model_commands.h"

int main(int argc, char** argv) {
  const std::vector<std::string> args(argv + 1, argv + argc);
  if (!args.empty() && args[0] == "dump") return simatlas::tools::RunModelDump(args, std::cout, std::cerr);
  if (!args.empty() && args[0] == "inspect") {
    return simatlas::tools::RunModelInspect(args, std::cout, std::cerr);
  }
  if (!args.empty() && args[0] == "--help") {
    std::cout << "simatlas-mujoco315 dump|inspect ...: `simatlas mujoco dump|inspect` with "
              << simatlas::adapters::EngineName() << "\n  model options:\n"
              << simatlas::tools::ModelFlagsHelp();
    return 0;
  }
  std::cerr << "usage: simatlas-mujoco315 dump|inspect ARGS... (run by `simatlas mujoco "
               "dump|inspect --engine 3.15`)\n";
  return simatlas::tools::kExitBadInput;
}
