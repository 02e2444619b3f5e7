// `simatlas sap solve FILE ...`: reads a simatlas/sap-problem/1 file, runs the SAP solver of
// E3-SAP §4 and prints the answer (text, or one JSON object with --json).
#include <chrono>
#include <limits>
#include <optional>
#include <string>
#include <vector>
#include <ostream>

#include <nlohmann/json.hpp>

#include "reference/core/errors.h"
#include "reference/core/parse.h"
#include "reference/io/sap_problem.h"
#include "reference/sap/sap_solver.h"
#include "tools/simatlas/commands.h"
#include "tools/simatlas/finite_output.h"
#include "tools/simatlas/vector_json.h"

namespace simatlas::tools {

namespace {

const std::string kUsage = std::string("usage: simatlas ") + kSapSynopsis + "\n";

nlohmann::json ResultToJson(const sap::SapSolverResult& r) {
  nlohmann::json gamma = nlohmann::json::array(), vc = nlohmann::json::array();
  for (const auto& g : r.gamma) gamma.push_back(VectorJson(g));
  for (const auto& v : r.vc) vc.push_back(VectorJson(v));
  nlohmann::json stats = nlohmann::json::array();
  for (const auto& s : r.stats) {
    stats.push_back({{"cost", s.cost},
                     {"momentum_residual", s.momentum_residual},
                     {"momentum_scale", s.momentum_scale},
                     {"alpha", s.alpha},
                     {"line_search_iterations", s.line_search_iterations}});
  }
  return {{"status", r.success ? "success" : "failure"},
          {"v", VectorJson(r.v)},
          {"gamma", gamma},
          {"vc", vc},
          {"iterations", r.iterations},
          {"optimality_criterion_reached", r.optimality_criterion_reached},
          {"cost_criterion_reached", r.cost_criterion_reached},
          {"momentum_residual", r.momentum_residual},
          {"momentum_scale", r.momentum_scale},
          {"cost", r.cost},
          {"stats", stats}};
}

void PrintText(const sap::SapSolverResult& r, std::ostream& out) {
  out << "status = " << (r.success ? "success" : "failure") << "\n";
  out << "iterations = " << r.iterations << "\n";
  out << "optimality_criterion_reached = " << (r.optimality_criterion_reached ? "true" : "false")
      << "\ncost_criterion_reached = " << (r.cost_criterion_reached ? "true" : "false") << "\n";
  out << "momentum_residual = " << core::FormatNumber(r.momentum_residual) << " sqrt(J)\n";
  out << "momentum_scale = " << core::FormatNumber(r.momentum_scale) << " sqrt(J)\n";
  out << "cost = " << core::FormatNumber(r.cost) << " J\n";
  auto line = [&](const core::VectorX& v) {
    std::string s;
    for (int i = 0; i < v.size(); ++i) s += (i ? "," : "") + core::FormatNumber(v(i));
    return s;
  };
  out << "v = " << line(r.v) << "\n";
  for (size_t i = 0; i < r.gamma.size(); ++i) {
    out << "constraint " << i << ": gamma = " << line(r.gamma[i]) << " N*s, vc = " << line(r.vc[i])
        << "\n";
  }
  for (size_t k = 0; k < r.stats.size(); ++k) {
    const auto& s = r.stats[k];
    out << "iteration " << k << ": cost = " << core::FormatNumber(s.cost)
        << " J, |Dg| = " << core::FormatNumber(s.momentum_residual)
        << ", alpha = " << core::FormatNumber(s.alpha)
        << ", line search iterations = " << s.line_search_iterations << "\n";
  }
}

// `sap --help`: the synopsis, then each option with its values and default (the problem file's
// "parameters" override the defaults, the flags override the file; E3-SAP §4.2's table).
void PrintSapHelp(std::ostream& out) {
  out << kUsage << "  E3-SAP §4 on a simatlas/sap-problem/1 file (formats/sap-problem.md).\n"
      << "  Each option overrides the file's parameters:\n"
      << "    --line-search exact|backtracking  (default exact: Drake's kExact)  how the Newton step "
         "length alpha is chosen (§4.2 line_search_type)\n"
      << "    --linear-solver dense|block_sparse_cholesky  (default block_sparse_cholesky: Drake's "
         "kBlockSparseCholesky)  how H dv = -g is solved (§4, §4.2 linear_solver_type)\n"
      << "    --repeat N >= 1  mean wall time of N further identical solves\n"
      << "    --json  one JSON object instead of text\n";
}

}  // namespace

int RunSapCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  if (!args.empty() && (args[0] == "--help" || args[0] == "-h" ||
                        (args[0] == "solve" && args.size() == 2 && args[1] == "--help"))) {
    PrintSapHelp(out);
    return 0;
  }
  if (args.empty() || args[0] != "solve" || args.size() < 2) {
    err << kUsage;
    return kExitBadInput;
  }
  std::string file;
  bool json = false;
  int repeat = 0;
  std::optional<sap::LineSearchType> line_search;
  std::optional<sap::LinearSolverType> linear_solver;
  // Options after `solve`.
  for (size_t i = 1; i < args.size(); ++i) {
    const std::string& a = args[i];
    auto value = [&]() -> std::optional<std::string> {
      if (i + 1 >= args.size()) return std::nullopt;
      return args[++i];
    };
    if (a == "--json") {
      json = true;
    } else if (a == "--line-search") {
      const auto v = value();
      if (v == "exact") {
        line_search = sap::LineSearchType::kExact;
      } else if (v == "backtracking") {
        line_search = sap::LineSearchType::kBacktracking;
      } else {
        err << "simatlas sap: --line-search = " << v.value_or("(missing)")
            << " must be exact or backtracking\n";
        return kExitBadInput;
      }
    } else if (a == "--linear-solver") {
      const auto v = value();
      if (v == "dense") {
        linear_solver = sap::LinearSolverType::kDense;
      } else if (v == "block_sparse_cholesky") {
        linear_solver = sap::LinearSolverType::kBlockSparseCholesky;
      } else {
        err << "simatlas sap: --linear-solver = " << v.value_or("(missing)")
            << " must be dense or block_sparse_cholesky\n";
        return kExitBadInput;
      }
    } else if (a == "--repeat") {
      const auto v = value();
      if (!v) {
        err << "simatlas sap: --repeat needs a value (an integer >= 1)\n";
        return kExitBadInput;
      }
      try {
        repeat = static_cast<int>(
            core::ParseInteger("--repeat", *v, 1, std::numeric_limits<int>::max()));
      } catch (const core::InputError& e) {
        err << "simatlas sap: " << e.what() << "\n";
        return kExitBadInput;
      }
    } else if (!a.empty() && a[0] == '-') {
      err << "simatlas sap: unknown option " << a << "\n" << kUsage;
      return kExitBadInput;
    } else if (file.empty()) {
      file = a;
    } else {
      err << "simatlas sap: one FILE only (got " << file << " and " << a << ")\n";
      return kExitBadInput;
    }
  }
  if (file.empty()) {
    err << kUsage;
    return kExitBadInput;
  }
  return RunGuarded("simatlas sap", err, [&] {
    io::SapProblemFile problem = io::ReadSapProblem(file);
    if (line_search) problem.parameters.line_search = *line_search;
    if (linear_solver) problem.parameters.linear_solver = *linear_solver;
    sap::SapSolverResult result = sap::SolveSapProblem(problem.problem, problem.parameters);
    // --repeat N: mean wall time of N further solves of the same problem. As in Drake, where
    // SapSolver::SolveWithGuess receives a model the driver built, the model is built once and
    // only the solve (from the same guess) is timed.
    double seconds_per_solve = 0.0;
    if (repeat > 0) {
      const sap::PreparedSapProblem prepared = sap::PrepareSapProblem(problem.problem);
      const auto start = std::chrono::steady_clock::now();
      for (int k = 0; k < repeat; ++k) result = sap::SolveSapProblem(prepared, problem.parameters);
      const std::chrono::duration<double> elapsed = std::chrono::steady_clock::now() - start;
      seconds_per_solve = elapsed.count() / repeat;
    }
    // Nothing non-finite is printed.
    RequireFiniteOutput("v", result.v, "m/s");
    for (std::size_t i = 0; i < result.gamma.size(); ++i) {
      RequireFiniteOutput("constraint " + std::to_string(i) + " gamma", result.gamma[i], "N*s");
      RequireFiniteOutput("constraint " + std::to_string(i) + " vc", result.vc[i], "m/s");
    }
    RequireFiniteOutput("cost", result.cost, "J");
    RequireFiniteOutput("momentum_residual", result.momentum_residual, "sqrt(J)");
    if (json) {
      nlohmann::json j = ResultToJson(result);
      if (repeat > 0) j["seconds_per_solve"] = seconds_per_solve;
      RequireFiniteJson(j);
      out << j.dump() << "\n";
    } else {
      PrintText(result, out);
      if (repeat > 0)
        out << "seconds_per_solve = " << core::FormatNumber(seconds_per_solve) << "\n";
    }
    // A solve that did not converge is a failed check.
    return result.success ? 0 : 1;
  });
}

}  // namespace simatlas::tools
