// `mujoco dump` and `mujoco inspect` on the MuJoCo this file is compiled against (MJ-solvers
// §2–§5): argument parsing, the adapter's snapshot, the writer or the inspect view.
#include "tools/simatlas/model/model_commands.h"

#include <cerrno>
#include <cstring>
#include <fstream>
#include <ostream>

#include "adapters/mujoco_model/inspect.h"
#include "adapters/mujoco_model/mujoco_model.h"
#include "reference/core/errors.h"
#include "reference/io/problem_writer.h"
#include "tools/simatlas/commands.h"
#include "tools/simatlas/finite_output.h"

namespace simatlas::tools {

namespace {

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
    if (flag.rfind("--", 0) != 0)
      throw core::InputError("unexpected argument '" + flag + "'; " + usage);
    if (k + 1 >= args.size()) throw core::InputError(flag + " needs a value; " + usage);
    if (!adapters::ApplyModelOption(flag, args[k + 1], a.options)) {
      throw core::InputError("unknown option " + flag + "; " + usage);
    }
    ++k;
  }
  return a;
}

}  // namespace

std::string ModelFlagsHelp() { return adapters::ModelOptionsHelp(); }

int RunModelDump(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  return RunGuarded("simatlas mujoco", err, [&] {
    const std::string usage =
        std::string("usage: simatlas mujoco dump MODEL.xml OUT.json ") + kModelFlags;
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
        << ", contacts " << s.contacts.size() << ", " << adapters::EngineName() << " "
        << mujoco::SolverName(s.file.problem.opt.solver) << " " << s.file.expected->solver_iter
        << " iterations\n";
    for (const std::string& w : s.warnings) err << "MuJoCo warning: " << w << "\n";
    return 0;
  });
}

int RunModelInspect(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  return RunGuarded("simatlas mujoco", err, [&] {
    const std::string usage =
        std::string("usage: simatlas mujoco inspect MODEL.xml ") + kModelFlags + " [--json]";
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
}

}  // namespace simatlas::tools
