// MJ-solvers §4 cost claims, counted and timed (not a test, never run by ctest): one constraint
// solve of one side — the reference (mujoco::SolveProblem of the problem prepared once, as a
// file read prepares it), MuJoCo 2.2.2's mj_fwdConstraint with its default options (jacobian =
// auto: sparse from nv = 60) or with a dense Jacobian — on the settled humanoid or 22 humanoids
// of oracle/mujoco222/oracle_scenes.h with the settings of mujoco222_bench.cc (no warmstart, tolerance 1e-8,
// at most 100 iterations). Three modes:
//   valgrind --tool=callgrind --collect-atstart=no simatlas_count_mujoco222 SCENE CONE SOLVER SIDE
// collects only that solve (callgrind's collection is toggled around it by client requests), so
// the instruction count does not depend on the machine's load; prints the iteration count.
//   simatlas_count_mujoco222 SCENE CONE SOLVER mujoco --repeat N
// times N mj_fwdConstraint calls (default options, after one untimed call; no warmstart, so each
// is the same solve) and prints "iterations=24 seconds_per_solve=1.2e-05".
//   simatlas_count_mujoco222 SCENE CONE SOLVER dump OUT.json
// writes the reference side's problem as a mujoco-problem file (opt.version "2.2.2", so
// `simatlas mujoco solve OUT.json` solves it on the 2.2.2 path; MuJoCo's default-path answer as
// `expected`) and prints MuJoCo's iterations. Exit 2 on bad arguments.
// The modes are shared with the 3.15 twin, mujoco315/mujoco315_count.cc (mujoco_count_modes.h).
#include <valgrind/callgrind.h>

#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "benchmarks/mujoco_count_modes.h"
#include "oracle/mujoco222/oracle_scenes.h"
#include "reference/io/mujoco_options.h"
#include "reference/mujoco/solve.h"
#include "reference/mujoco/prepare.h"

namespace {

using namespace simatlas;

constexpr const char* kUsage =
    "usage: simatlas_count_mujoco222 humanoid|humanoid22 pyramidal|elliptic PGS|CG|Newton "
    "reference|mujoco|mujoco_dense|(mujoco --repeat N)|(dump OUT.json)";

// args: SIDE and its arguments (reference | mujoco [--repeat N] | mujoco_dense | dump OUT.json).
int Run(const std::string& label, const std::string& cone_name, const std::string& solver_name,
        const std::vector<std::string>& args) {
  const oracle222::SceneSpec* spec = nullptr;
  const std::vector<oracle222::SceneSpec> scenes = oracle222::OracleScenes();
  for (const oracle222::SceneSpec& s : scenes) {
    if (s.label == label && (label == "humanoid" || label == "humanoid22")) spec = &s;
  }
  const bool cone_ok = cone_name == "pyramidal" || cone_name == "elliptic";
  const std::string side = args.empty() ? "" : args[0];
  const bool args_ok =
      ((side == "reference" || side == "mujoco_dense") && args.size() == 1) ||
      (side == "mujoco" && (args.size() == 1 || (args.size() == 3 && args[1] == "--repeat"))) ||
      (side == "dump" && args.size() == 2);
  if (!spec || !cone_ok || !args_ok) {
    std::cerr << kUsage << "\n";
    return 2;
  }
  const int repeat = args.size() == 3 ? io::ParseCount("--repeat", args[2], 1) : 0;
  const mujoco::SolverKind solver = mujoco::ParseSolverName(solver_name);
  oracle222::Scene scene =
      oracle222::Prepare(*spec, cone_name == "elliptic" ? mjCONE_ELLIPTIC : mjCONE_PYRAMIDAL);
  mjModel* m = scene.model.get();
  mjData* d = scene.data.get();
  bench::SetCountedOptions(m, solver);
  if (side == "dump") {
    // The state's file, then MuJoCo's iterations on it (CountedProblemFile solved it last).
    const std::string source = adapters::EngineName() + " " + spec->path +
                               " steps=" + std::to_string(spec->steps) +
                               " (benchmarks: " + cone_name + " " + solver_name + ")";
    const io::MujocoProblemFile file = bench::CountedProblemFile(m, d, source);
    bench::WriteProblemFile(file, args[1]);
    std::cout << "wrote " << args[1] << ": nv " << m->nv << ", nefc " << d->nefc
              << "; MuJoCo iterations=" << d->solver_iter << "\n";
    return 0;
  }
  if (repeat > 0) {
    // MuJoCo's wall time: the same cold solve on its default path, repeated.
    bench::ForwardOnMujocoPath(m, d);
    const double seconds = bench::SecondsPerCall(repeat, [&] { mj_fwdConstraint(m, d); });
    std::cout << "iterations=" << d->solver_iter << " seconds_per_solve=" << seconds << "\n";
    return 0;
  }
  int iterations = 0;
  if (side == "reference") {
    // The reference reads the dense-Jacobian state (the problem form is dense) and solves on its
    // default path (jacobian auto), as MuJoCo's default side.
    const std::shared_ptr<const mujoco::PreparedProblem> p =
        mujoco::Prepare(bench::CountedProblem(m, d));
    CALLGRIND_TOGGLE_COLLECT;
    const mujoco::SolveResult r = mujoco::SolveProblem(*p);
    CALLGRIND_TOGGLE_COLLECT;
    iterations = r.iterations;
  } else {
    if (side == "mujoco") {
      bench::ForwardOnMujocoPath(m, d);
    } else {
      m->opt.jacobian = mjJAC_DENSE;
      mj_forward(m, d);
    }
    CALLGRIND_TOGGLE_COLLECT;
    mj_fwdConstraint(m, d);
    CALLGRIND_TOGGLE_COLLECT;
    iterations = d->solver_iter;
  }
  std::cout << iterations << "\n";
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
    std::cerr << "simatlas_count_mujoco222: " << e.what() << "\n";
    return 2;
  }
}
