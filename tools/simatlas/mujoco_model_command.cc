// `simatlas mujoco dump MODEL.xml OUT.json [options] [--engine 3.15|2.2.2]` and `simatlas mujoco
// inspect MODEL.xml [options] [--json] [--engine 3.15|2.2.2]`: MJ-solvers §2–§5 on a user's own
// MJCF. The course's MuJoCo 3.15.0 (the default) runs in the program simatlas-mujoco315
// (model/engine_main.cc); MuJoCo 2.2.2 is linked here (adapters/mujoco_model). Both run the
// same command bodies (model/model_commands.cc).
#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <ostream>
#include <sstream>
#include <string>

#include "reference/core/errors.h"
#include "tools/simatlas/commands.h"
#ifdef SIMATLAS_HAVE_MUJOCO_MODEL
#include "tools/simatlas/model/model_commands.h"
#endif

extern char** environ;

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

// A file's whole text ("" when unreadable).
std::string Slurp(const std::string& path) {
  std::ifstream in(path);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// Runs simatlas-mujoco315 with args; its stdout and stderr go to out and err, its exit code is
// returned.
int RunMujoco315(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  const char* override_path = std::getenv("SIMATLAS_MUJOCO315_PROGRAM");
  const std::string program = override_path && *override_path ? override_path : SIMATLAS_MUJOCO315_PROGRAM;
  if (!fs::exists(program)) {
    throw core::InputError("--engine 3.15 needs the MuJoCo 3.15.0 program " + program +
                           ", which is missing: run scripts/setup_engines.sh BUILD_DIR, configure "
                           "again and build the target simatlas-mujoco315 (or pass --engine 2.2.2)");
  }
  // Private capture files for the child's two streams.
  std::string paths[2];
  for (std::string& path : paths) {
    path = (fs::temp_directory_path() / "simatlas_mujoco315_XXXXXX").string();
    const int fd = mkstemp(path.data());
    if (fd < 0) throw core::InputError(std::string("cannot create a capture file: ") + std::strerror(errno));
    close(fd);
  }
  std::vector<std::string> argv_text = {program};
  argv_text.insert(argv_text.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (std::string& a : argv_text) argv.push_back(a.data());
  argv.push_back(nullptr);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, paths[0].c_str(), O_WRONLY | O_TRUNC, 0);
  posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, paths[1].c_str(), O_WRONLY | O_TRUNC, 0);
  pid_t pid = 0;
  const int spawned = posix_spawn(&pid, program.c_str(), &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  int status = 0;
  if (spawned == 0) waitpid(pid, &status, 0);
  out << Slurp(paths[0]);
  err << Slurp(paths[1]);
  for (const std::string& path : paths) fs::remove(path);
  if (spawned != 0) throw core::InputError("cannot run " + program + ": " + std::strerror(spawned));
  if (!WIFEXITED(status)) {
    throw core::NumericalError(program + " ended without an exit code (signal " +
                               std::to_string(WIFSIGNALED(status) ? WTERMSIG(status) : -1) + ")");
  }
  return WEXITSTATUS(status);
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
