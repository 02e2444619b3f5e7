// MJ-solvers §4–§6 cost, counted and timed against what MuJoCo users run now (not a test, never
// run by ctest): one constraint solve of one side on a model settled by MuJoCo 3.15.0 (the PyPI
// wheel's libmujoco) — MuJoCo 3.15.0's mj_fwdConstraint with its default options (islands on,
// jacobian auto: sparse from nv = 60, Hager–Zhang CG, momentum PGS with the shuffle) or the
// reference's 3.15 path (mujoco::SolveProblem, islands on, jacobian auto) on the problem copied
// from the same mjData and prepared once, as reading a file prepares it. Both cold (no
// warmstart), tolerance 1e-8, at most 100 iterations. Three modes:
//   valgrind --tool=callgrind --collect-atstart=no simatlas_count_mujoco315 SCENE CONE SOLVER SIDE
// collects only that solve (client requests toggle collection around it), so the count does
// not depend on the machine's load. Prints the solve's iterations (the island that iterated
// most, as both report it) and each island's, e.g. "24 [24 3 3]" (MuJoCo records the first 20
// islands' counts only, mjNISLAND).
//   simatlas_count_mujoco315 SCENE CONE SOLVER mujoco --repeat N
// times N mj_fwdConstraint calls on the state (after one untimed call; no warmstart, so each is
// the same solve) and prints "iterations=24 islands=[24 3 3] seconds_per_solve=1.2e-05".
//   simatlas_count_mujoco315 SCENE CONE SOLVER dump OUT.json
// writes the reference side's problem as a mujoco-problem file (3.15 path, islands and jacobian
// as 3.15 defaults them, MuJoCo's answer as `expected`) for `simatlas mujoco solve OUT.json`,
// and prints MuJoCo's iterations as the timed mode does.
// Exit 2 on bad arguments. Never linked with MuJoCo 2.2.2 (its twin, mujoco222/mujoco222_count.cc, counts
// against 2.2.2; the modes are in mujoco_count_modes.h).
#include <valgrind/callgrind.h>

#include <algorithm>
#include <iostream>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "benchmarks/mujoco_count_modes.h"
#include "oracle/mujoco315/mujoco315_oracle.h"
#include "reference/io/mujoco_options.h"
#include "reference/mujoco/solve.h"
#include "reference/mujoco/prepare.h"

namespace {

using namespace simatlas;

constexpr const char* kUsage =
    "usage: simatlas_count_mujoco315 humanoid|humanoid22|humanoid100|quadruped|dog pyramidal|elliptic "
    "PGS|CG|Newton reference|mujoco|(mujoco --repeat N)|(dump OUT.json)";

struct Model {
  std::string path;
  int steps;  // mj_step calls before the counted solve
};

// The models and their settling steps (the 2.2.2 benchmark's humanoid and 22 humanoids,
// MuJoCo's 100-humanoid sample as the larger model, and dm_control 1.0.50's quadruped and dog,
// which scripts/setup_models.sh unpacks into the build tree: python/models.txt).
const std::map<std::string, Model>& Models() {
  static const std::map<std::string, Model> models = {
      {"humanoid", {oracle315::SampleModelFile("humanoid/humanoid.xml"), 300}},
      {"humanoid22", {oracle315::SampleModelFile("humanoid/22_humanoids.xml"), 150}},
      {"humanoid100", {oracle315::SampleModelFile("humanoid100/humanoid100.xml"), 150}},
      {"quadruped", {std::string(SIMATLAS_MODELS_DIR) + "/dm_control/suite/quadruped.xml", 300}},
      {"dog", {std::string(SIMATLAS_MODELS_DIR) + "/dm_control/suite/dog.xml", 300}},
  };
  return models;
}

std::string IslandList(const std::vector<int>& counts) {
  std::string out = "[";
  for (std::size_t k = 0; k < counts.size(); ++k) out += (k ? " " : "") + std::to_string(counts[k]);
  return out + "]";
}

// The islands' iteration counts of MuJoCo's last solve (solver_niter has mjNISLAND (20) slots:
// islands past them are solved but not counted).
std::vector<int> MujocoIslandIterations(const mjData* d) {
  const int recorded = std::min(std::max(1, d->nisland), static_cast<int>(mjNISLAND));
  return std::vector<int>(d->solver_niter, d->solver_niter + recorded);
}

// "24 [24 3 3]": the island that iterated most, then each island's.
std::string IterationsText(const std::vector<int>& islands) {
  return std::to_string(*std::max_element(islands.begin(), islands.end())) + " " +
         IslandList(islands);
}

// args: SIDE and its arguments (reference | mujoco [--repeat N] | dump OUT.json).
int Run(const std::string& label, const std::string& cone_name, const std::string& solver_name,
        const std::vector<std::string>& args) {
  const auto model = Models().find(label);
  const bool cone_ok = cone_name == "pyramidal" || cone_name == "elliptic";
  const std::string side = args.empty() ? "" : args[0];
  const bool args_ok = (side == "reference" && args.size() == 1) ||
                       (side == "mujoco" && (args.size() == 1 || args.size() == 3)) ||
                       (side == "dump" && args.size() == 2);
  if (model == Models().end() || !cone_ok || !args_ok) {
    std::cerr << kUsage << "\n";
    return 2;
  }
  const int repeat = side == "mujoco" && args.size() == 3 && args[1] == "--repeat"
                         ? io::ParseCount("--repeat", args[2], 1)
                         : 0;
  if (side == "mujoco" && args.size() == 3 && repeat == 0) {
    std::cerr << kUsage << "\n";
    return 2;
  }
  const mujoco::SolverKind solver = mujoco::ParseSolverName(solver_name);
  adapters::ModelData scene = oracle315::LoadAndSettle(
      model->second.path, cone_name == "elliptic" ? mjCONE_ELLIPTIC : mjCONE_PYRAMIDAL,
      model->second.steps);
  mjModel* m = scene.model.get();
  mjData* d = scene.data.get();
  // The counted solve's options; everything else as MuJoCo 3.15 defaults it.
  bench::SetCountedOptions(m, solver);
  if (side == "dump") {
    // The state's file, then MuJoCo's iterations on it (CountedProblemFile solved it last).
    const std::string source = adapters::EngineName() + " " + model->second.path +
                               " steps=" + std::to_string(model->second.steps) +
                               " (benchmarks: " + cone_name + " " + solver_name + ")";
    const io::MujocoProblemFile file = bench::CountedProblemFile(m, d, source);
    bench::WriteProblemFile(file, args[1]);
    std::cout << "wrote " << args[1] << ": nv " << m->nv << ", nefc " << d->nefc
              << "; MuJoCo iterations=" << IterationsText(MujocoIslandIterations(d)) << "\n";
    return 0;
  }
  if (repeat > 0) {
    // MuJoCo's wall time: the same cold solve, repeated.
    bench::ForwardOnMujocoPath(m, d);
    const double seconds = bench::SecondsPerCall(repeat, [&] { mj_fwdConstraint(m, d); });
    const std::vector<int> islands = MujocoIslandIterations(d);
    std::cout << "iterations=" << *std::max_element(islands.begin(), islands.end())
              << " islands=" << IslandList(islands) << " seconds_per_solve=" << seconds << "\n";
    return 0;
  }
  std::vector<int> islands;
  if (side == "reference") {
    // The problem form is dense: copy it from a dense-Jacobian forward of the same state, then
    // solve on the reference's default path (jacobian auto), as MuJoCo's side does.
    const std::shared_ptr<const mujoco::PreparedProblem> p =
        mujoco::Prepare(bench::CountedProblem(m, d));
    mujoco::SolveSettings settings;
    settings.islands = true;
    CALLGRIND_TOGGLE_COLLECT;
    const mujoco::SolveResult r = mujoco::SolveProblem(*p, settings);
    CALLGRIND_TOGGLE_COLLECT;
    // MuJoCo counts NoSlip's sweeps into the island's solver_niter after the solver's
    // (engine_solver.c: mj_solNoSlip adds its iter to solver_niter), so both are added here.
    if (r.island_stats.empty()) {
      islands.push_back(r.iterations + r.noslip_iterations);
    } else {
      for (const mujoco::IslandStats& s : r.island_stats) {
        islands.push_back(s.iterations + s.noslip_iterations);
      }
    }
  } else {
    bench::ForwardOnMujocoPath(m, d);
    CALLGRIND_TOGGLE_COLLECT;
    mj_fwdConstraint(m, d);
    CALLGRIND_TOGGLE_COLLECT;
    islands = MujocoIslandIterations(d);
  }
  std::cout << IterationsText(islands) << "\n";
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 5) {
    std::cerr << kUsage << "\n";
    return 2;
  }
  try {
    return Run(argv[1], argv[2], argv[3], std::vector<std::string>(argv + 4, argv + argc));
  } catch (const std::exception& e) {
    std::cerr << "simatlas_count_mujoco315: " << e.what() << "\n";
    return 2;
  }
}
