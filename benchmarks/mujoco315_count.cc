// MJ-solvers §4–§6 cost, counted against what MuJoCo users run now (not a test, never run by
// ctest): one constraint solve of one side on a model settled by MuJoCo 3.15.0 (the PyPI
// wheel's libmujoco) — MuJoCo 3.15.0's mj_fwdConstraint with its default options (islands on,
// jacobian auto: sparse from nv = 60, Hager–Zhang CG, momentum PGS with the shuffle) or the
// reference's 3.15 path (mujoco::SolveProblem, islands on, jacobian auto) on the problem copied
// from the same mjData and prepared once, as reading a file prepares it. Both cold (no
// warmstart), tolerance 1e-8, at most 100 iterations. Run under
//   valgrind --tool=callgrind --collect-atstart=no simatlas_count_mujoco315 SCENE CONE SOLVER SIDE
// only that solve is collected (client requests toggle collection around it), so the count does
// not depend on the machine's load. Prints the solve's iterations (the island that iterated
// most, as both report it) and each island's, e.g. "24 [24 3 3]" (MuJoCo records the first 20
// islands' counts only, mjNISLAND). Exit 2 on bad arguments.
// Never linked with MuJoCo 2.2.2 (its twin, mujoco_count.cc, counts against 2.2.2).
#include <valgrind/callgrind.h>

#include <algorithm>
#include <iostream>
#include <map>
#include <string>
#include <vector>

#include "oracle/mujoco315/mujoco315_oracle.h"
#include "reference/mujoco/solve.h"
#include "reference/mujoco/sparse_rows.h"

namespace {

using namespace simatlas;

constexpr const char* kUsage =
    "usage: simatlas_count_mujoco315 humanoid|humanoid22|humanoid100 pyramidal|elliptic "
    "PGS|CG|Newton reference|mujoco";

struct Model {
  std::string path;
  int steps;  // mj_step calls before the counted solve
};

// The models and their settling steps (the 2.2.2 benchmark's humanoid and 22 humanoids, and
// MuJoCo's 100-humanoid sample as the larger model).
const std::map<std::string, Model>& Models() {
  static const std::map<std::string, Model> models = {
      {"humanoid", {oracle315::SampleModelFile("humanoid/humanoid.xml"), 300}},
      {"humanoid22", {oracle315::SampleModelFile("humanoid/22_humanoids.xml"), 150}},
      {"humanoid100", {oracle315::SampleModelFile("humanoid100/humanoid100.xml"), 150}},
  };
  return models;
}

std::string IslandList(const std::vector<int>& counts) {
  std::string out = "[";
  for (std::size_t k = 0; k < counts.size(); ++k) out += (k ? " " : "") + std::to_string(counts[k]);
  return out + "]";
}

int Run(const std::string& label, const std::string& cone_name, const std::string& solver_name,
        const std::string& side) {
  const auto model = Models().find(label);
  const bool cone_ok = cone_name == "pyramidal" || cone_name == "elliptic";
  if (model == Models().end() || !cone_ok || (side != "reference" && side != "mujoco")) {
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
  m->opt.disableflags |= mjDSBL_WARMSTART;
  m->opt.tolerance = 1e-8;
  m->opt.iterations = 100;
  m->opt.solver = solver == mujoco::SolverKind::kPGS  ? mjSOL_PGS
                  : solver == mujoco::SolverKind::kCG ? mjSOL_CG
                                                      : mjSOL_NEWTON;
  std::vector<int> islands;
  if (side == "reference") {
    // The problem form is dense: copy it from a dense-Jacobian forward of the same state, then
    // solve on the reference's default path (jacobian auto), as MuJoCo's side does.
    m->opt.jacobian = mjJAC_DENSE;
    mj_forward(m, d);
    mujoco::Problem p = adapters::ProblemOf(m, d);
    p.opt.jacobian = mujoco::Jacobian::kAuto;
    mujoco::PrepareProblem(p);
    mujoco::SolveSettings settings;
    settings.islands = true;
    CALLGRIND_TOGGLE_COLLECT;
    const mujoco::SolveResult r = mujoco::SolveProblem(p, settings);
    CALLGRIND_TOGGLE_COLLECT;
    if (r.island_stats.empty()) {
      islands.push_back(r.iterations);
    } else {
      for (const mujoco::IslandStats& s : r.island_stats) islands.push_back(s.iterations);
    }
  } else {
    m->opt.jacobian = mjJAC_AUTO;
    mj_forward(m, d);
    CALLGRIND_TOGGLE_COLLECT;
    mj_fwdConstraint(m, d);
    CALLGRIND_TOGGLE_COLLECT;
    // solver_niter has mjNISLAND (20) slots: islands past them are solved but not counted.
    const int recorded = std::min(std::max(1, d->nisland), static_cast<int>(mjNISLAND));
    for (int k = 0; k < recorded; ++k) islands.push_back(d->solver_niter[k]);
  }
  std::cout << *std::max_element(islands.begin(), islands.end()) << " " << IslandList(islands)
            << "\n";
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 5) {
    std::cerr << kUsage << "\n";
    return 2;
  }
  try {
    return Run(argv[1], argv[2], argv[3], argv[4]);
  } catch (const std::exception& e) {
    std::cerr << "simatlas_count_mujoco315: " << e.what() << "\n";
    return 2;
  }
}
