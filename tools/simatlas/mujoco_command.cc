// `simatlas mujoco solve FILE [options] [--repeat N] [--json]`: MJ-solvers §4–§6 on a
// simatlas/mujoco-problem/1 file, every option of io::MujocoOptionTable as a flag (the 3.15
// paths included); `dump` and `inspect` (MuJoCo models) live in mujoco_model_command.cc.
// Equation numbers (N.M) are the formula sheet's (course/FORMULAS.md).
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
#include "reference/mujoco/dual.h"
#include "reference/mujoco/islands.h"
#include "reference/mujoco/primal.h"
#include "reference/mujoco/pyramid.h"
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
  return usage +
         " [--repeat N] [--json]; simatlas mujoco dump|inspect MODEL.xml ... "
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
  out << "  Text: the iterations and exit; the cost the solver minimised and the other objective at\n"
         "  the answer with their gap (PGS: the dual D(f) = ½ fᵀ(A + R)f + fᵀb over the forces;\n"
         "  CG, Newton: the primal P(a) = ½ (a − a₀)ᵀM(a − a₀) + s(Ja − aref) over qacc; P + D ≥ 0,\n"
         "  0 at the optimum; unit kg·m²/s⁴, force × acceleration, not an energy); every row's force\n"
         "  with its role (contact normal, tangent j, torsion, rolling; pyramid edge n ± μj; joint or\n"
         "  tendon limit; friction loss; equality) and each contact's force in its frame.\n"
         "  --json prints solver, efc_force, qacc, iterations, exit, iteration_cap_reached, cost,\n"
         "  cost_kind (dual | primal), cost_unit, primal_cost, dual_cost (null above 1000 rows),\n"
         "  rows (row, kind, role, contact, force, unit), contact_forces (normal, friction),\n"
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

// The unit of both objectives: (2.4) is force × (A f + b), (3.2) is M a · a, i.e. force ×
// acceleration in the model's coordinates (N·m/s² = kg·m²/s⁴, also for N·m × rad/s²), never an
// energy (MJ-solvers §2b: "the objective is not an energy in J").
constexpr const char* kCostUnit = "kg·m²/s⁴";
// The dual (2.4) is formed densely (A = J M⁻¹ Jᵀ, nefc² entries) only up to this many rows.
constexpr int kLargestDualFormed = 1000;

// The two objectives at the answer: the primal (3.2) at its qacc and the dual (2.4) at its
// forces (nullopt when the dense dual would be too large). Weak duality: P + D ≥ 0, = 0 at the
// optimum (min P = −min D: eliminating a from the primal's saddle form leaves −D).
struct Objectives {
  double primal = 0.0;
  std::optional<double> dual;
};

Objectives ObjectivesAt(const mujoco::Problem& problem, const mujoco::SolveResult& result) {
  Objectives o;
  o.primal = mujoco::EvaluatePrimal(problem, result.qacc).cost;
  if (problem.nefc() <= kLargestDualFormed) {
    o.dual = mujoco::DualCost(mujoco::MakeDual(problem), result.efc_force);
  }
  return o;
}

// A row's role in the course's words and the unit of its force (MJ-solvers §2b: pyramid edges
// J_n ± μ_j J_j, decoded normal = Σ edges; elliptic blocks (normal, tangents, torsion, rolling)).
struct RowRole {
  std::string role;
  std::string unit;
};

RowRole RoleOf(const mujoco::Problem& p, int i) {
  static const char* kFriction[] = {"tangent 1", "tangent 2", "torsion", "rolling 1", "rolling 2"};
  switch (p.kind[i]) {
    case mujoco::RowKind::kEquality: return {"equality", "N or N·m"};
    case mujoco::RowKind::kFrictionDof: return {"friction loss (dof)", "N or N·m (the joint's)"};
    case mujoco::RowKind::kFrictionTendon:
      return {"friction loss (tendon)", "N or N·m (the tendon's)"};
    case mujoco::RowKind::kLimitJoint: return {"joint limit", "N or N·m (the joint's)"};
    case mujoco::RowKind::kLimitTendon: return {"tendon limit", "N or N·m (the tendon's)"};
    case mujoco::RowKind::kContactFrictionless:
      return {"contact " + std::to_string(p.contact[i]) + " normal (frictionless)", "N"};
    case mujoco::RowKind::kContactElliptic: {
      const int c = p.contact[i], r = i - p.contacts[c].efc_address;
      return {"contact " + std::to_string(c) + " " + (r == 0 ? "normal" : kFriction[r - 1]),
              r < 3 ? "N" : "N·m"};
    }
    case mujoco::RowKind::kContactPyramidal: {
      const int c = p.contact[i], r = i - p.contacts[c].efc_address, j = r / 2;
      return {"contact " + std::to_string(c) + " pyramid edge n " + (r % 2 ? "− " : "+ ") + "μ" +
                  std::to_string(j + 1) + " (" + kFriction[j] + ")",
              "N (edge weight)"};
    }
  }
  return {"", ""};
}

// Each contact's force in its frame: elliptic rows as they are, pyramid edges decoded
// (mju_decodePyramid: normal = Σ edges, component j = μ_j (f₂ⱼ − f₂ⱼ₊₁)).
mujoco::ConeForce ContactForce(const mujoco::Problem& p, const core::VectorX& f, int c) {
  const mujoco::Contact& con = p.contacts[c];
  if (con.dim == 1) return {f(con.efc_address), core::VectorX()};
  if (p.kind[con.efc_address] == mujoco::RowKind::kContactPyramidal) {
    core::VectorX mu(con.dim - 1);
    for (int j = 0; j < con.dim - 1; ++j) mu(j) = con.friction[j];
    return mujoco::DecodePyramid(f.segment(con.efc_address, 2 * (con.dim - 1)), mu);
  }
  return {f(con.efc_address), f.segment(con.efc_address + 1, con.dim - 1)};
}

// The text report's cost lines: which objective the solver minimised, the other one at the
// answer, the gap, the unit.
void PrintCosts(const mujoco::Problem& problem, const mujoco::SolveResult& result,
                const Objectives& o, std::ostream& out) {
  const bool pgs = problem.opt.solver == mujoco::SolverKind::kPGS;
  const std::string primal =
      "the primal P(a) = ½ (a − a₀)ᵀ M (a − a₀) + s(J a − aref) "
      "(MJ-solvers §3, formula sheet (3.2))";
  const std::string dual =
      "the dual D(f) = ½ fᵀ (A + R) f + fᵀ b (MJ-solvers §2b, formula sheet (2.4))";
  out << "cost [" << kCostUnit
      << ": force × acceleration in the model's coordinates, not an energy]:\n";
  if (pgs) {
    out << "  PGS minimises " << dual << " over the forces: D = " << result.cost << "\n"
        << "  " << primal << " at a = a₀ + M⁻¹Jᵀf: P = " << o.primal << "\n";
  } else {
    out << "  " << mujoco::SolverName(problem.opt.solver) << " minimises " << primal
        << " over qacc: P = " << result.cost << "\n";
    if (o.dual) out << "  " << dual << " at the forces f(a): D = " << *o.dual << "\n";
  }
  if (o.dual) {
    out << "  P + D = " << o.primal + *o.dual << " (weak duality: ≥ 0 up to rounding, and 0 at the "
        << "optimum, where min P = −min D)\n";
  } else {
    out << "  (the dual is not formed above " << kLargestDualFormed
        << " rows: nefc = " << problem.nefc() << ")\n";
  }
}

// x as printed: a zero without its sign (a force "-0" reads as a bug).
double Shown(double x) { return x == 0.0 ? 0.0 : x; }

// The text report's forces: every row with its role, then each contact's force in its frame.
void PrintForces(const mujoco::Problem& p, const core::VectorX& f, std::ostream& out) {
  out << "forces (efc_force f per row; its role in the constraint):\n";
  for (int i = 0; i < p.nefc(); ++i) {
    const RowRole r = RoleOf(p, i);
    out << "  row " << i << "  " << mujoco::RowKindName(p.kind[i]) << "  " << r.role << ": "
        << Shown(f(i)) << " " << r.unit << "\n";
  }
  if (p.contacts.empty()) return;
  out << "contacts (force in the contact frame: normal, then tangent 1, 2 [N], torsion, rolling "
         "[N·m]; pyramids decoded from their edges):\n";
  for (int c = 0; c < static_cast<int>(p.contacts.size()); ++c) {
    const mujoco::ConeForce cf = ContactForce(p, f, c);
    out << "  contact " << c << " (condim " << p.contacts[c].dim << "): normal " << Shown(cf.normal)
        << " N";
    for (int j = 0; j < cf.tangent.size(); ++j) {
      out << (j == 0 ? ", friction (" : ", ") << Shown(cf.tangent(j));
    }
    out << (cf.tangent.size() ? ")" : "") << "\n";
  }
}

nlohmann::json RowsJson(const mujoco::Problem& p, const core::VectorX& f) {
  nlohmann::json rows = nlohmann::json::array();
  for (int i = 0; i < p.nefc(); ++i) {
    const RowRole r = RoleOf(p, i);
    rows.push_back({{"row", i},
                    {"kind", mujoco::RowKindName(p.kind[i])},
                    {"role", r.role},
                    {"contact", p.contact[i]},
                    {"force", f(i)},
                    {"unit", r.unit}});
  }
  return rows;
}

nlohmann::json ContactForcesJson(const mujoco::Problem& p, const core::VectorX& f) {
  nlohmann::json contacts = nlohmann::json::array();
  for (int c = 0; c < static_cast<int>(p.contacts.size()); ++c) {
    const mujoco::ConeForce cf = ContactForce(p, f, c);
    contacts.push_back({{"contact", c},
                        {"dim", p.contacts[c].dim},
                        {"normal", cf.normal},
                        {"friction", VectorJson(cf.tangent)}});
  }
  return contacts;
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
    RequireFiniteOutput("cost", result.cost, kCostUnit);
    const Objectives objectives = ObjectivesAt(problem, result);
    // --repeat N: mean wall time of N further identical solves.
    double seconds = 0;
    if (repeat > 0) {
      const auto start = std::chrono::steady_clock::now();
      for (int k = 0; k < repeat; ++k) mujoco::SolveProblem(prepared, settings);
      seconds =
          std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() / repeat;
    }
    double force_error = -1;
    if (file.expected) {
      force_error = (result.efc_force - file.expected->efc_force).lpNorm<Eigen::Infinity>() /
                    std::max(1e-300, file.expected->efc_force.lpNorm<Eigen::Infinity>());
    }
    if (json) {
      nlohmann::json o = {
          {"solver", mujoco::SolverName(problem.opt.solver)},
          {"efc_force", VectorJson(result.efc_force)},
          {"qacc", VectorJson(result.qacc)},
          {"iterations", result.iterations},
          {"exit", mujoco::ExitReasonName(result.exit)},
          {"iteration_cap_reached", result.exit == mujoco::ExitReason::kIterations},
          {"last_improvement", result.stats.empty()
                                   ? nlohmann::json(nullptr)
                                   : nlohmann::json(result.stats.back().improvement)},
          {"last_gradient", result.stats.empty() ? nlohmann::json(nullptr)
                                                 : nlohmann::json(result.stats.back().gradient)},
          {"cost", result.cost},
          {"cost_kind", problem.opt.solver == mujoco::SolverKind::kPGS ? "dual" : "primal"},
          {"cost_unit", kCostUnit},
          {"primal_cost", objectives.primal},
          {"dual_cost",
           objectives.dual ? nlohmann::json(*objectives.dual) : nlohmann::json(nullptr)},
          {"rows", RowsJson(problem, result.efc_force)},
          {"contact_forces", ContactForcesJson(problem, result.efc_force)},
          {"jacobian", PathName(problem)},
          {"version", io::VersionName(problem.opt.version)},
          {"cg_update", io::CGUpdateName(problem.opt.cg_update)},
          {"pgs_momentum", problem.opt.pgs_momentum},
          {"pgs_shuffle", problem.opt.pgs_shuffle},
          {"exit_scale", io::ExitScaleName(problem.opt.exit_scale)},
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
        << " iterations, exit " << mujoco::ExitReasonName(result.exit) << ExitNote(result.exit)
        << "\n";
    out << "nv " << problem.nv << ", nefc " << problem.nefc() << ", " << PathName(problem)
        << " path; version " << io::VersionName(problem.opt.version) << ", exit scale "
        << io::ExitScaleName(problem.opt.exit_scale) << ", warmstart "
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
    PrintCosts(problem, result, objectives, out);
    PrintForces(problem, result.efc_force, out);
    if (file.expected) out << "max force error vs expected (relative): " << force_error << "\n";
    if (repeat > 0) out << "seconds per solve: " << seconds << " (mean of " << repeat << ")\n";
    return 0;
  });
}

}  // namespace simatlas::tools
