// E3-SAP §4.2, MJ-solvers §4–§5 — experiment (b): how the solvers end, over many problems taken from the lab scenes
// (lab_experiment.h). E3-SAP §4.2: SAP stops on the optimality criterion (4.3) or the cost
// criterion (4.4); MJ-solvers §5: MuJoCo's iterations against its tolerance, PGS momentum (3.11+).
// Equation numbers (N.M) are the formula sheet's (course/FORMULAS.md).
#include <algorithm>
#include <chrono>

#include "reference/lab/lab_experiment.h"
#include "reference/lab/lab_format.h"
#include "reference/lab/lab_run.h"
#include "reference/lab/mujoco_contact_step.h"
#include "reference/mujoco/solve.h"
#include "reference/sap/sap_solver.h"

namespace simatlas::lab {

namespace {

// One step's start, with contact: the scene (applied forces of that step) and (q, v).
struct Snapshot {
  std::shared_ptr<const scenes::Scene> scene;
  core::VectorX q, v;
  double dt = 0, mu = 0;
  std::vector<scenes::AssembledPair> pairs;
};

// Every `stride`-th step start with at least one pair, from the contact scenes run by kSap.
std::vector<Snapshot> CollectSnapshots(int per_run, const LabProgress& progress) {
  std::vector<Snapshot> snapshots;
  for (const char* name : {"cube_drop", "box_stack", "chain_strike", "cube_slide", "cube_drag"}) {
    const LabScene lab = MakeLabScene(name);
    for (double dt : {1e-2, 1e-3}) {
      const int steps = static_cast<int>(lab.duration / dt);
      const int stride = std::max(1, steps / per_run);
      int k = 0;
      RunLabScene(lab, FindLabModel("sap"), dt,
                  [&](const scenes::Scene& scene, const core::VectorX& q, const core::VectorX& v) {
                    if (k++ % stride != 0) return;
                    std::vector<scenes::AssembledPair> pairs =
                        scenes::AssembleContactPairs(scene, q);
                    if (pairs.empty()) return;
                    snapshots.push_back({std::make_shared<const scenes::Scene>(scene), q, v, dt,
                                         lab.mu, std::move(pairs)});
                  });
    }
    if (progress) progress(std::string("convergence: problems from ") + name + " collected");
  }
  return snapshots;
}

// SAP's table before its rows.
LabTable EmptySapTable() {
  LabTable t;
  t.title = "SAP: how the Newton loop ends against rel_tolerance (E3-SAP §4.2)";
  t.columns = {"approximation",  "start",  "rel_tolerance",   "problems",      "optimality_only",
               "cost_criterion", "failed", "iterations_mean", "iterations_max"};
  t.units = {"", "", "1", "1", "1", "1", "1", "1", "1"};
  t.definitions = {
      "SAP's contact approximation (E3-SAP §3)",
      "the Newton loop's start: v0 (Drake's, the previous step's velocity) or v* (the free motion)",
      "εr of the optimality criterion (formula sheet E3-SAP (4.3)): ‖D g‖ ≤ εa + εr max(‖D p‖, ‖D jc‖), D = diag(A)^(−1/2)",
      "one-step SAP problems taken from the lab scenes' runs",
      "share of the problems ending on the optimality criterion (formula sheet E3-SAP (4.3)) without the cost criterion ((4.4))",
      "share ending on the cost criterion (formula sheet E3-SAP (4.4)): |ℓ_m − ℓ_{m−1}| < εca + εcr (|ℓ_m| + |ℓ_{m−1}|)/2 with α > 0.5",
      "problems whose solve failed (max_iterations reached before formula sheet E3-SAP (4.3) or (4.4), or an error)",
      "Newton iterations per solved problem",
      "the most Newton iterations of one problem"};
  return t;
}

// MuJoCo's table before its rows.
LabTable EmptyMujocoTable() {
  LabTable t;
  t.title =
      "MuJoCo 3.15 model: iterations against tolerance per solver and cone (cap 1000), "
      "PGS with momentum on and off (MJ-solvers §4–§5)";
  t.columns = {"solver",          "cone",           "momentum", "tolerance", "problems",
               "iterations_mean", "iterations_max", "capped"};
  t.units = {"", "", "", "1", "1", "1", "1", "1"};
  t.definitions = {
      "MuJoCo's solver (MJ-solvers §4)",
      "the friction cone: pyramidal (edges J_n ± μ J_t) or elliptic",
      "PGS's Nesterov momentum on or off ('-': not PGS)",
      "opt.tolerance: the bound on the scaled improvement and gradient, scale = 1/(meaninertia "
      "max(1, nv)) (formula sheet MJ-solvers (5.1))",
      "the same one-step problems as SAP's table, on the lab's mapping",
      "solver iterations per problem",
      "the most iterations of one problem",
      "problems that reached the 1000-iteration cap"};
  return t;
}

LabTable SapTable(const std::vector<Snapshot>& snapshots, std::vector<std::string>& findings) {
  LabTable t = EmptySapTable();
  for (const char* approximation : {"sap", "similar", "lagged"}) {
    // warm: Drake's start v₀ (the previous velocity); cold: v* (SapProblem's default)
    for (const bool warm : {true, false}) {
      std::vector<sap::SapProblem> problems;
      for (const Snapshot& s : snapshots) {
        problems.push_back(
            scenes::MakeSapContactProblem(*s.scene, s.q, s.v, s.dt, approximation, s.mu, s.pairs));
        if (!warm) problems.back().v_guess = sap::FullVStar(problems.back());
      }
      for (double tol : {1e-4, 1e-5, 1e-6, 1e-7, 1e-8}) {
        sap::SapSolverParameters parameters;
        parameters.rel_tolerance = tol;
        int optimality = 0, cost = 0, failed = 0, iterations_max = 0;
        long iterations = 0;
        for (const sap::SapProblem& p : problems) {
          try {
            const sap::SapSolverResult r = sap::SolveSapProblem(p, parameters);
            if (!r.success) {
              ++failed;
              continue;
            }
            (r.cost_criterion_reached ? cost : optimality) += 1;
            iterations += r.iterations;
            iterations_max = std::max(iterations_max, r.iterations);
          } catch (const std::exception&) {
            ++failed;
          }
        }
        const int n = static_cast<int>(problems.size());
        const int solved = n - failed;
        t.rows.push_back({TextCell(approximation), TextCell(warm ? "v0" : "v*"), NumberCell(tol),
                          NumberCell(n), NumberCell(n ? static_cast<double>(optimality) / n : 0.0),
                          NumberCell(n ? static_cast<double>(cost) / n : 0.0), NumberCell(failed),
                          NumberCell(solved ? static_cast<double>(iterations) / solved : 0.0),
                          NumberCell(iterations_max)});
      }
    }
  }
  // findings: the cost criterion's share per tolerance for kSap
  for (const char* start : {"v0", "v*"}) {
    std::string s = std::string("SAP (kSap, start ") + start + ") over " +
                    FormatValue(static_cast<double>(snapshots.size())) +
                    " problems: share ending on the cost criterion (formula sheet E3-SAP (4.4))";
    for (const auto& row : t.rows) {
      if (row[0].text != "sap" || row[1].text != start) continue;
      s += ", " + FormatValue(row[5].number) + " at rel_tolerance " + FormatValue(row[2].number) +
           " (mean iterations " + FormatValue(row[7].number) + ")";
    }
    findings.push_back(
        s +
        "; the rest end on the optimality criterion (formula sheet E3-SAP (4.3)) alone or fail " +
        "(column failed).");
  }
  return t;
}

LabTable MujocoTable(const std::vector<Snapshot>& snapshots, std::vector<std::string>& findings) {
  LabTable t = EmptyMujocoTable();
  struct Variant {
    mujoco::SolverKind solver;
    bool momentum;
  };
  const std::vector<Variant> variants = {{mujoco::SolverKind::kPGS, true},
                                         {mujoco::SolverKind::kPGS, false},
                                         {mujoco::SolverKind::kCG, true},
                                         {mujoco::SolverKind::kNewton, true}};
  for (mujoco::Cone cone : {mujoco::Cone::kPyramidal, mujoco::Cone::kElliptic}) {
    for (const Variant& variant : variants) {
      for (double tol : {1e-4, 1e-6, 1e-8, 1e-10}) {
        int capped = 0, iterations_max = 0;
        long iterations = 0;
        for (const Snapshot& s : snapshots) {
          mujoco::Options opt = Mujoco315Options(variant.solver, cone, s.dt);
          opt.pgs_momentum = variant.momentum;
          opt.tolerance = tol;
          opt.iterations = 1000;
          const mujoco::Problem p =
              MakeMujocoContactProblem(*s.scene, s.q, s.v, s.mu, s.pairs, opt);
          const mujoco::SolveResult r = mujoco::SolveProblem(p);
          if (r.exit == mujoco::ExitReason::kIterations) ++capped;
          iterations += r.iterations;
          iterations_max = std::max(iterations_max, r.iterations);
        }
        const int n = static_cast<int>(snapshots.size());
        const bool pgs = variant.solver == mujoco::SolverKind::kPGS;
        t.rows.push_back({TextCell(mujoco::SolverName(variant.solver)),
                          TextCell(cone == mujoco::Cone::kPyramidal ? "pyramidal" : "elliptic"),
                          TextCell(pgs ? (variant.momentum ? "on" : "off") : "-"), NumberCell(tol),
                          NumberCell(n), NumberCell(n ? static_cast<double>(iterations) / n : 0.0),
                          NumberCell(iterations_max), NumberCell(capped)});
      }
    }
  }
  // findings: PGS momentum's iteration ratio at each tolerance, and the solvers at 1e-8
  for (const char* cone : {"pyramidal", "elliptic"}) {
    std::string s = std::string("PGS (") + cone + "): mean iterations without / with momentum";
    std::string solvers = std::string("at tolerance 1e-8 (") + cone + "): mean iterations";
    for (const auto& on : t.rows) {
      if (on[1].text != cone) continue;
      if (on[0].text != "PGS" && *on[3].number == 1e-8) {
        solvers += ", " + on[0].text + " " + FormatValue(on[5].number);
      }
      if (on[0].text != "PGS" || on[2].text != "on") continue;
      for (const auto& off : t.rows) {
        if (off[0].text == "PGS" && off[1].text == cone && off[2].text == "off" &&
            *off[3].number == *on[3].number) {
          s += ", " + FormatValue(*off[5].number / std::max(1e-300, *on[5].number)) + "× at " +
               FormatValue(on[3].number) + " (" + FormatValue(off[5].number) + " / " +
               FormatValue(on[5].number) + ")";
          if (*on[3].number == 1e-8) solvers += ", PGS " + FormatValue(on[5].number);
        }
      }
    }
    findings.push_back(s + " (the course's MJ §4 cites 3.11's \"about 2× fewer\").");
    findings.push_back(solvers + ".");
  }
  return t;
}

}  // namespace

std::vector<LabTable> ConvergenceTables() { return {EmptySapTable(), EmptyMujocoTable()}; }

LabResult RunConvergenceExperiment(const LabSize& size, const LabProgress& progress) {
  const auto start = std::chrono::steady_clock::now();
  LabResult result;
  result.name = "convergence";
  result.section = "E3-SAP §4.2; MJ-solvers §4–§5";
  const std::vector<Snapshot> snapshots = CollectSnapshots(size.quick ? 6 : 40, progress);
  result.tables.push_back(SapTable(snapshots, result.findings));
  if (progress) progress("convergence: SAP tolerances done");
  result.tables.push_back(MujocoTable(snapshots, result.findings));
  if (progress) progress("convergence: MuJoCo tolerances done");
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return result;
}

}  // namespace simatlas::lab
