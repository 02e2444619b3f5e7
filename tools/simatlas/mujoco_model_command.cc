// `simatlas mujoco dump MODEL.xml OUT.json [options] [--engine 3.15|2.2.2]` and `simatlas mujoco
// inspect MODEL.xml [options] [--json] [--engine 3.15|2.2.2]`: MJ-solvers §2–§5 on a user's own
// MJCF. The course's MuJoCo 3.15.0 (the default) runs in the program simatlas-mujoco315
// (model/engine_main.cc); MuJoCo 2.2.2 is linked here (adapters/mujoco_model). Both run the
// same command bodies (model/model_commands.cc).
#include <cstdlib>
#include <filesystem>
#include <ostream>
#include <string>

#include "reference/core/errors.h"
#include "tools/simatlas/child_process.h"
#include "tools/simatlas/commands.h"
#ifdef SIMATLAS_HAVE_MUJOCO_MODEL
#include "tools/simatlas/model/model_commands.h"
#endif

namespace simatlas::tools {

namespace {

namespace fs = std::filesystem;

constexpr const char* kFlags =
    "[--steps N] [--keyframe K] [--cone pyramidal|elliptic] [--solver pgs|cg|newton] "
    "[--iterations N] [--tolerance T] [--warmstart on|off] [--engine 3.15|2.2.2]";

// Which MuJoCo runs the command: `--engine` taken out of args (default 3.15).
std::string TakeEngine(std::vector<std::string>& args) {
  std::string engine = "3.15";
  for (size_t k = 1; k < args.size(); ++k) {
    if (args[k] != "--engine") continue;
    if (k + 1 >= args.size()) throw core::InputError("--engine needs a value (3.15 or 2.2.2)");
    engine = args[k + 1];
    if (engine != "3.15" && engine != "2.2.2") {
      throw core::InputError("--engine = '" + engine + "' must be one of 3.15, 2.2.2");
    }
    args.erase(args.begin() + static_cast<long>(k), args.begin() + static_cast<long>(k) + 2);
    --k;
  }
  return engine;
}

// Runs simatlas-mujoco315 with args; its stdout and stderr go to out and err, its exit code is
// returned.
int RunMujoco315(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  const char* override_path = std::getenv("SIMATLAS_MUJOCO315_PROGRAM");
  const std::string program =
      override_path && *override_path ? override_path : SIMATLAS_MUJOCO315_PROGRAM;
  if (!fs::exists(program)) {
    throw core::InputError(
        "--engine 3.15 needs the MuJoCo 3.15.0 program " + program +
        ", which is missing: run scripts/setup_engines.sh BUILD_DIR, configure "
        "again and build the target simatlas-mujoco315 (or pass --engine 2.2.2)");
  }
  const ChildResult r = RunChild(program, args);
  out << r.out;
  err << r.err;
  return r.exit_code;
}

// dump or inspect on the chosen engine.
int RunModelCommand(const std::vector<std::string>& given, std::ostream& out, std::ostream& err) {
  std::vector<std::string> args = given;
  std::string engine;
  const int bad = RunMujocoGuarded(err, [&] {
    engine = TakeEngine(args);
    return 0;
  });
  if (bad != 0) return bad;
  if (engine == "3.15") return RunMujocoGuarded(err, [&] { return RunMujoco315(args, out, err); });
#ifdef SIMATLAS_HAVE_MUJOCO_MODEL
  return args[0] == "dump" ? RunModelDump(args, out, err) : RunModelInspect(args, out, err);
#else
  (void)out;
  err << "simatlas mujoco: mujoco " << args[0]
      << " --engine 2.2.2 needs MuJoCo 2.2.2 (libmujoco-dev); this build has none\n";
  return kExitBadInput;
#endif
}

}  // namespace

int RunMujocoGuarded(std::ostream& err, const std::function<int()>& body) {
  return RunGuarded("simatlas mujoco", err, body);
}

void PrintMujocoModelHelp(std::ostream& out) {
  out << "simatlas mujoco dump MODEL.xml OUT.json " << kFlags << "\n"
      << "  load an MJCF with MuJoCo (--engine, default 3.15: MuJoCo 3.15.0), settle it, write the\n"
      << "  constraint problem with MuJoCo's answer as `expected` (formats/mujoco-problem.md)\n"
      << "simatlas mujoco inspect MODEL.xml " << kFlags << " [--json]\n"
      << "  every row in the course's terms and the reference solvers beside MuJoCo\n"
      << "  --engine 3.15|2.2.2  (default 3.15)  3.15: the MuJoCo 3.15.0 wheel in the program\n"
      << "    simatlas-mujoco315 (scripts/setup_engines.sh); 2.2.2: Debian's libmujoco-dev\n";
#ifdef SIMATLAS_HAVE_MUJOCO_MODEL
  out << "  model options:\n" << ModelFlagsHelp();
#else
  out << "  (this build has no MuJoCo 2.2.2: --engine 2.2.2 is unavailable)\n";
#endif
}

int RunMujocoDump(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  return RunModelCommand(args, out, err);
}

int RunMujocoInspect(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  return RunModelCommand(args, out, err);
}

}  // namespace simatlas::tools
