// `simatlas mujoco dump MODEL.xml OUT.json [options]` and `simatlas mujoco inspect MODEL.xml
// [options] [--json]`: MJ-solvers §2–§5 on a user's own MJCF through MuJoCo 2.2.2
// (adapters/mujoco_model). Built without MuJoCo, both exit 2 saying so.
#include <cerrno>
#include <cstring>
#include <fstream>
#include <ostream>
#include <string>

#include "reference/core/errors.h"
#include "tools/simatlas/commands.h"
#include "tools/simatlas/finite_output.h"
#ifdef SIMATLAS_HAVE_MUJOCO_MODEL
#include "adapters/mujoco_model/inspect.h"
#include "adapters/mujoco_model/mujoco_model.h"
#include "reference/io/problem_writer.h"
#endif

namespace simatlas::tools {

namespace {

constexpr const char* kModelFlags =
    "[--steps N] [--keyframe K] [--cone pyramidal|elliptic] [--solver pgs|cg|newton] "
    "[--iterations N] [--tolerance T] [--warmstart on|off]";

[[maybe_unused]] int WithoutMuJoCo(const std::string& command, std::ostream& err) {
  err << "simatlas mujoco: mujoco " << command
      << " needs MuJoCo 2.2.2 (libmujoco-dev); this build has none\n";
  return kExitBadInput;
}

#ifdef SIMATLAS_HAVE_MUJOCO_MODEL
// MODEL [OUT] then flags; `positional` names are required, --json only where allowed.
struct ModelArgs {
  std::vector<std::string> positional;
  adapters::ModelOptions options;
  bool json = false;
};

ModelArgs ParseModelArgs(const std::vector<std::string>& args, size_t positional, bool allow_json,
                         const std::string& usage) {
  ModelArgs a;
  size_t k = 1;
  for (; k < args.size() && a.positional.size() < positional; ++k) {
    if (args[k].rfind("--", 0) == 0) break;
    a.positional.push_back(args[k]);
  }
  if (a.positional.size() != positional) throw core::InputError(usage);
  for (; k < args.size(); ++k) {
    const std::string& flag = args[k];
    if (allow_json && flag == "--json") {
      a.json = true;
      continue;
    }
    if (flag.rfind("--", 0) != 0) throw core::InputError("unexpected argument '" + flag + "'; " + usage);
    if (k + 1 >= args.size()) throw core::InputError(flag + " needs a value; " + usage);
    if (!adapters::ApplyModelOption(flag, args[k + 1], a.options)) {
      throw core::InputError("unknown option " + flag + "; " + usage);
    }
    ++k;
  }
  return a;
}
#endif

}  // namespace

int RunMujocoGuarded(std::ostream& err, const std::function<int()>& body) {
  return RunGuarded("simatlas mujoco", err, body);
}

void PrintMujocoModelHelp(std::ostream& out) {
  out << "simatlas mujoco dump MODEL.xml OUT.json " << kModelFlags << "\n"
      << "  load an MJCF with MuJoCo 2.2.2, settle it, write the constraint problem with MuJoCo's\n"
      << "  answer as `expected` (formats/mujoco-problem.md)\n"
      << "simatlas mujoco inspect MODEL.xml " << kModelFlags << " [--json]\n"
      << "  every row in the course's terms and the reference solvers beside MuJoCo\n";
#ifdef SIMATLAS_HAVE_MUJOCO_MODEL
  out << "  model options:\n" << adapters::ModelOptionsHelp();
#else
  out << "  (this build has no MuJoCo: dump and inspect are unavailable)\n";
#endif
}

int RunMujocoDump(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
#ifdef SIMATLAS_HAVE_MUJOCO_MODEL
  return RunMujocoGuarded(err, [&] {
    const std::string usage = std::string("usage: simatlas mujoco dump MODEL.xml OUT.json ") + kModelFlags;
    const ModelArgs a = ParseModelArgs(args, 2, false, usage);
    const adapters::Snapshot s = adapters::SnapshotOf(a.positional[0], a.options);
    const nlohmann::json doc = io::WriteMujocoProblemFile(s.file);
    RequireFiniteJson(doc);
    const std::string& path = a.positional[1];
    std::ofstream file(path);
    if (!file) throw core::InputError("cannot write " + path + ": " + std::strerror(errno));
    file << doc.dump(1) << "\n";
    file.close();
    if (!file) throw core::InputError("cannot write " + path + ": " + std::strerror(errno));
    out << "wrote " << path << ": nv " << s.file.problem.nv << ", nefc " << s.file.problem.nefc()
        << ", contacts " << s.contacts.size() << ", MuJoCo "
        << mujoco::SolverName(s.file.problem.opt.solver) << " " << s.file.expected->solver_iter
        << " iterations\n";
    for (const std::string& w : s.warnings) err << "MuJoCo warning: " << w << "\n";
    return 0;
  });
#else
  (void)args;
  (void)out;
  return WithoutMuJoCo("dump", err);
#endif
}

int RunMujocoInspect(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
#ifdef SIMATLAS_HAVE_MUJOCO_MODEL
  return RunMujocoGuarded(err, [&] {
    const std::string usage = std::string("usage: simatlas mujoco inspect MODEL.xml ") + kModelFlags + " [--json]";
    const ModelArgs a = ParseModelArgs(args, 1, true, usage);
    const adapters::Snapshot s = adapters::SnapshotOf(a.positional[0], a.options);
    const auto solvers = adapters::CompareSolvers(s);
    if (a.json) {
      const nlohmann::json doc = adapters::InspectJson(s, solvers);
      RequireFiniteJson(doc);
      out << doc.dump(1) << "\n";
    } else {
      out << adapters::InspectText(s, solvers);
    }
    return 0;
  });
#else
  (void)args;
  (void)out;
  return WithoutMuJoCo("inspect", err);
#endif
}

}  // namespace simatlas::tools
