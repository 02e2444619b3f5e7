// `simatlas mujoco solve FILE [options] [--repeat N] [--json]`: MJ-solvers §4–§6 on a
// simatlas/mujoco-problem/1 file, every option of io::MujocoOptionTable as a flag (the 3.15
// paths included); `dump` and `inspect` (MuJoCo models) live in mujoco_model_command.cc.
#include <chrono>
#include <cmath>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <ostream>
#include <string>

#include "reference/core/errors.h"
#include "reference/io/mujoco_options.h"
#include "reference/io/mujoco_problem.h"
#include "reference/mujoco/solve.h"
#include "reference/mujoco/prepare.h"
#include "tools/simatlas/commands.h"
#include "tools/simatlas/finite_output.h"
#include "tools/simatlas/heap_meter.h"
#include "tools/simatlas/vector_json.h"

namespace simatlas::tools {

namespace {

// "--cg-update" for the table's key "cg_update".
std::string Flag(const std::string& key) {
  std::string flag = "--" + key;
  for (char& c : flag) {
    if (c == '_') c = '-';
  }
  return flag;
}

// The one-line usage, its flags from io::MujocoOptionTable.
std::string Usage() {
  std::string usage = "usage: simatlas mujoco solve FILE";
  for (const io::MujocoOptionInfo& o : io::MujocoOptionTable()) {
    // The value's name only ("N" of "N >= 0"); --help states the rule.
    usage += " [" + Flag(o.key) + " " + o.values.substr(0, o.values.find(' ')) + "]";
  }
  return usage + " [--repeat N] [--json]; simatlas mujoco dump|inspect MODEL.xml ... "
                 "(simatlas mujoco --help)";
}

// `mujoco --help`: the three subcommands and every solve option with its default.
void PrintHelp(std::ostream& out) {
  out << "simatlas mujoco solve FILE [options] [--repeat N] [--json]\n"
         "  MJ-solvers §4–§6 on a simatlas/mujoco-problem/1 file (formats/mujoco-problem.md).\n"
         "  Each option overrides the file's opt (and its qacc_warmstart):\n";
  for (const io::MujocoOptionInfo& o : io::MujocoOptionTable()) {
    out << "    " << Flag(o.key) << " " << o.values << "  (default " << o.default_value << ")  "
        << o.meaning << "\n";
  }
  out << "  --json prints solver, efc_force, qacc, iterations, exit, iteration_cap_reached, cost,\n"
         "  the options as run, islands (their number), noslip_iterations and stats (one record\n"
         "  per iteration); over several islands, iterations and exit are the island's that\n"
         "  iterated most, stats is empty and island_stats holds each island's record;\n"
         "  solve_peak_bytes: the heap the first solve held at most above the problem as read and\n"
         "  prepared (its islands, their sparse structure and duals: made once, at read time), in\n"
         "  bytes (null in a build whose sanitizer owns malloc); with --repeat N,\n"
         "  seconds_per_solve: the mean wall time of N further solves of the prepared problem.\n";
  PrintMujocoModelHelp(out);
}

nlohmann::json StatsJson(const std::vector<mujoco::IterationStats>& records) {
  nlohmann::json stats = nlohmann::json::array();
  for (const auto& s : records) {
    stats.push_back({{"improvement", s.improvement},
                     {"gradient", s.gradient},
                     {"lineslope", s.lineslope},
                     {"nactive", s.nactive},
                     {"nchange", s.nchange},
                     {"neval", s.neval},
                     {"nupdate", s.nupdate}});
  }
  return stats;
}

// What the exit reason means for the answer (§5). The iteration cap: no termination test
// fired. A zero step: the line search found no decrease — usually the optimum to rounding (the
// box_plane_elliptic example with CG: 7e-15 from MuJoCo's answer), possibly a stall. Unlike
// `sap solve` (Drake reports a SAP failure as an error), hitting the cap is normal MuJoCo
// operation — the answer is used — so the command exits 0 and says so instead.
std::string ExitNote(mujoco::ExitReason exit) {
  if (exit == mujoco::ExitReason::kIterations) return " (iteration cap reached: not converged)";
  if (exit == mujoco::ExitReason::kZeroStep) return " (line search found no decrease)";
  return "";
}

// MuJoCo's path for this problem (mj_isSparse with jacobian = auto): "sparse" from nv = 60.
const char* PathName(const mujoco::Problem& problem) {
  return mujoco::UsesSparsePath(problem) ? "sparse" : "dense";
}

}  // namespace

int RunMujocoCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  if (!args.empty() && (args[0] == "--help" || args[0] == "-h" ||
                        (args[0] == "solve" && args.size() == 2 && args[1] == "--help"))) {
    PrintHelp(out);
    return 0;
  }
  if (!args.empty() && args[0] == "dump") return RunMujocoDump(args, out, err);
  if (!args.empty() && args[0] == "inspect") return RunMujocoInspect(args, out, err);
  return RunMujocoGuarded(err, [&] {
    if (args.size() < 2 || args[0] != "solve" || args[1].rfind("--", 0) == 0) {
      throw core::InputError(Usage());
    }
    const std::string path = args[1];
    bool json = false;
    int repeat = 0;
    // Flags are kept in order and applied after the file is read (they override it).
    std::vector<io::MujocoOptionText> options;
    for (std::size_t k = 2; k < args.size(); ++k) {
      const std::string& a = args[k];
      if (a == "--json") {
        json = true;
        continue;
      }
      if (k + 1 >= args.size()) throw core::InputError(a + " needs a value; " + Usage());
      const std::string& v = args[++k];
      if (a == "--repeat") {
        repeat = io::ParseCount("--repeat", v, 1);
      } else if (a.rfind("--", 0) == 0) {
        // Values that need no file are checked before the file is read.
        if (a != "--warmstart") {
          io::MujocoSolveSetup probe;
          io::ApplyMujocoOption(a, v, 0, probe);
        }
        options.emplace_back(a, v);
      } else {
        throw core::InputError("unknown argument '" + a + "'; " + Usage());
      }
    }
    // The file's opt gives the defaults; the flags override them.
    const io::MujocoProblemFile file = io::ReadMujocoProblem(path);
    const io::MujocoSolveInput input = io::WithMujocoOptions(file, options);
    const mujoco::PreparedProblem& prepared = *input.problem;
    const mujoco::Problem& problem = prepared.problem();
    const mujoco::SolveSettings& settings = input.settings;
    // The solve's own storage: the most heap it held at once above the prepared problem.
    const HeapPeak heap;
    const mujoco::SolveResult result = mujoco::SolveProblem(prepared, settings);
    const std::optional<std::int64_t> solve_bytes = heap.BytesAbove();
    // The islands (§6: each stops on its own); with several, the solve's island_stats holds each
    // one's record in this order and the result reports the island that iterated most.
    const int islands = settings.islands ? static_cast<int>(prepared.islands().size()) : 0;
    // Nothing non-finite is printed.
    RequireFiniteOutput("qacc", result.qacc, "m/s^2");
    RequireFiniteOutput("efc_force", result.efc_force, "N");
    RequireFiniteOutput("cost", result.cost, "J");
    // --repeat N: mean wall time of N further identical solves.
    double seconds = 0;
    if (repeat > 0) {
      const auto start = std::chrono::steady_clock::now();
      for (int k = 0; k < repeat; ++k) mujoco::SolveProblem(prepared, settings);
      seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() /
                repeat;
    }
    double force_error = -1;
    if (file.expected) {
      force_error = (result.efc_force - file.expected->efc_force).lpNorm<Eigen::Infinity>() /
                    std::max(1e-300, file.expected->efc_force.lpNorm<Eigen::Infinity>());
    }
    if (json) {
      nlohmann::json o = {{"solver", mujoco::SolverName(problem.opt.solver)},
                          {"efc_force", VectorJson(result.efc_force)},
                          {"qacc", VectorJson(result.qacc)},
                          {"iterations", result.iterations},
                          {"exit", mujoco::ExitReasonName(result.exit)},
                          {"iteration_cap_reached",
                           result.exit == mujoco::ExitReason::kIterations},
                          {"last_improvement",
                           result.stats.empty() ? nlohmann::json(nullptr)
                                                : nlohmann::json(result.stats.back().improvement)},
                          {"last_gradient",
                           result.stats.empty() ? nlohmann::json(nullptr)
                                                : nlohmann::json(result.stats.back().gradient)},
                          {"cost", result.cost},
                          {"jacobian", PathName(problem)},
                          {"version", io::VersionName(problem.opt.version)},
                          {"cg_update", io::CGUpdateName(problem.opt.cg_update)},
                          {"pgs_momentum", problem.opt.pgs_momentum},
                          {"pgs_shuffle", problem.opt.pgs_shuffle},
                          {"warmstart", settings.qacc_warmstart.has_value()},
                          {"islands", islands},
                          {"noslip_iterations", result.noslip_iterations},
                          {"stats", StatsJson(result.stats)}};
      // Several islands: each one's iterations, exit and statistics (the solve's "stats" holds
      // one island's only when there is one).
      if (!result.island_stats.empty()) {
        nlohmann::json per = nlohmann::json::array();
        for (const mujoco::IslandStats& r : result.island_stats) {
          per.push_back({{"iterations", r.iterations},
                         {"exit", mujoco::ExitReasonName(r.exit)},
                         {"noslip_iterations", r.noslip_iterations},
                         {"stats", StatsJson(r.stats)}});
        }
        o["island_stats"] = per;
      }
      o["solve_peak_bytes"] = solve_bytes ? nlohmann::json(*solve_bytes) : nlohmann::json(nullptr);
      if (repeat > 0) o["seconds_per_solve"] = seconds;
      if (file.expected) o["force_error_vs_expected"] = force_error;
      RequireFiniteJson(o);
      out << o.dump(2) << "\n";
      return 0;
    }
    out << "solver " << mujoco::SolverName(problem.opt.solver) << ": " << result.iterations
        << " iterations, exit " << mujoco::ExitReasonName(result.exit)
        << ExitNote(result.exit) << ", cost "
        << result.cost << "\n";
    out << "nv " << problem.nv << ", nefc " << problem.nefc() << ", " << PathName(problem)
        << " path; version "
        << io::VersionName(problem.opt.version) << ", warmstart "
        << (settings.qacc_warmstart ? "on" : "off") << "\n";
    if (settings.islands) {
      out << "islands: " << islands << "\n";
    } else {
      out << "islands: off (one solve of all " << problem.nv << " DOFs)\n";
    }
    if (islands > 1) {
      out << "iterations per island:";
      for (std::size_t k = 0; k < result.island_stats.size(); ++k) {
        out << (k ? ", " : " ") << result.island_stats[k].iterations << " ("
            << prepared.islands()[k].dofs.size() << " DOFs, exit "
            << mujoco::ExitReasonName(result.island_stats[k].exit) << ")";
      }
      out << "; the solve reports the most\n";
    }
    if (result.noslip_iterations > 0) {
      out << "noslip: " << result.noslip_iterations << " iterations\n";
    }
    if (file.expected) out << "max force error vs expected (relative): " << force_error << "\n";
    if (solve_bytes) out << "solve storage: " << *solve_bytes << " bytes at most (heap peak)\n";
    if (repeat > 0) out << "seconds per solve: " << seconds << " (mean of " << repeat << ")\n";
    return 0;
  });
}

}  // namespace simatlas::tools
