// `simatlas mujoco solve FILE [--solver pgs|cg|newton] [--iterations N] [--tolerance T]
// [--repeat N] [--json]`: MJ-solvers §4–§5 on a simatlas/mujoco-problem/1 file.
#include <chrono>
#include <cmath>
#include <nlohmann/json.hpp>
#include <ostream>
#include <string>

#include "reference/core/errors.h"
#include "reference/io/mujoco_problem.h"
#include "reference/mujoco/solve.h"
#include "tools/simatlas/commands.h"
#include "tools/simatlas/finite_output.h"

namespace simatlas::tools {

namespace {

constexpr const char* kUsage =
    "usage: simatlas mujoco solve FILE [--solver pgs|cg|newton] [--iterations N] "
    "[--tolerance T] [--repeat N] [--json]";

int ParseCount(const std::string& key, const std::string& text, int minimum) {
  std::size_t used = 0;
  int value = 0;
  try {
    value = std::stoi(text, &used);
  } catch (const std::exception&) {
    throw core::InputError(key + " = '" + text + "' must be an integer");
  }
  if (used != text.size()) throw core::InputError(key + " = '" + text + "' must be an integer");
  if (value < minimum) core::ThrowInputError(key, value, "", ">= " + std::to_string(minimum));
  return value;
}

double ParseTolerance(const std::string& text) {
  std::size_t used = 0;
  double value = 0;
  try {
    value = std::stod(text, &used);
  } catch (const std::exception&) {
    throw core::InputError("--tolerance = '" + text + "' must be a number");
  }
  if (used != text.size()) throw core::InputError("--tolerance = '" + text + "' must be a number");
  core::RequireNonNegative("--tolerance", value, "(dimensionless)");
  return value;
}

nlohmann::json StatsJson(const mujoco::SolveResult& r) {
  nlohmann::json stats = nlohmann::json::array();
  for (const auto& s : r.stats) {
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

std::vector<double> ToStd(const core::VectorX& v) { return std::vector<double>(v.begin(), v.end()); }

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

}  // namespace

int RunMujocoCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  try {
    if (args.size() < 2 || args[0] != "solve" || args[1].rfind("--", 0) == 0) {
      throw core::InputError(kUsage);
    }
    const std::string path = args[1];
    bool json = false;
    int repeat = 0;
    std::optional<mujoco::SolverKind> solver;
    std::optional<int> iterations;
    std::optional<double> tolerance;
    for (std::size_t k = 2; k < args.size(); ++k) {
      const std::string& a = args[k];
      auto value = [&]() -> const std::string& {
        if (k + 1 >= args.size()) throw core::InputError(a + " needs a value; " + kUsage);
        return args[++k];
      };
      if (a == "--json") {
        json = true;
      } else if (a == "--solver") {
        const std::string& s = value();
        if (s != "pgs" && s != "cg" && s != "newton") {
          throw core::InputError("--solver = '" + s + "' must be one of pgs, cg, newton");
        }
        solver = mujoco::ParseSolverName(s);
      } else if (a == "--iterations") {
        iterations = ParseCount("--iterations", value(), 0);
      } else if (a == "--tolerance") {
        tolerance = ParseTolerance(value());
      } else if (a == "--repeat") {
        repeat = ParseCount("--repeat", value(), 1);
      } else {
        throw core::InputError("unknown argument '" + a + "'; " + kUsage);
      }
    }
    // The file's opt gives the defaults; the flags override them.
    const io::MujocoProblemFile file = io::ReadMujocoProblem(path);
    mujoco::Problem problem = file.problem;
    if (solver) problem.opt.solver = *solver;
    if (iterations) problem.opt.iterations = *iterations;
    if (tolerance) problem.opt.tolerance = *tolerance;
    const mujoco::SolveResult result = mujoco::SolveProblem(problem);
    // Nothing non-finite is printed.
    RequireFiniteOutput("qacc", result.qacc, "m/s^2");
    RequireFiniteOutput("efc_force", result.efc_force, "N");
    RequireFiniteOutput("cost", result.cost, "J");
    // --repeat N: mean wall time of N further identical solves.
    double seconds = 0;
    if (repeat > 0) {
      const auto start = std::chrono::steady_clock::now();
      for (int k = 0; k < repeat; ++k) mujoco::SolveProblem(problem);
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
                          {"efc_force", ToStd(result.efc_force)},
                          {"qacc", ToStd(result.qacc)},
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
                          {"stats", StatsJson(result)}};
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
    out << "nv " << problem.nv << ", nefc " << problem.nefc() << "\n";
    if (file.expected) out << "max force error vs expected (relative): " << force_error << "\n";
    if (repeat > 0) out << "seconds per solve: " << seconds << " (mean of " << repeat << ")\n";
    return 0;
  } catch (const core::InputError& e) {
    err << "simatlas mujoco: " << e.what() << "\n";
    return kExitBadInput;
  } catch (const core::NumericalError& e) {
    err << "simatlas mujoco: " << e.what() << "\n";
    return 1;
  }
}

}  // namespace simatlas::tools
