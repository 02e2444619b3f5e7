// MJ-solvers §4 cost claims, counted (not a test, never run by ctest): one constraint
// solve of one side — the reference (mujoco::SolveProblem of the problem prepared once, as a
// file read prepares it), MuJoCo 2.2.2's mj_fwdConstraint with its default options (jacobian =
// auto: sparse from nv = 60) or with a dense Jacobian — on the settled humanoid or 22 humanoids
// of oracle/oracle_scenes.h with the settings of mujoco_bench.cc (no warmstart, tolerance 1e-8,
// at most 100 iterations). Only that solve is collected when run under
//   valgrind --tool=callgrind --collect-atstart=no simatlas_count_mujoco SCENE CONE SOLVER SIDE
// (callgrind's collection is toggled around it by client requests), so the instruction count does not depend on the
// machine's load. Prints the iteration count. Exit 2 on bad arguments.
#include <valgrind/callgrind.h>

#include <iostream>
#include <string>

#include "oracle/oracle_scenes.h"
#include "reference/mujoco/solve.h"
#include "reference/mujoco/sparse_rows.h"

namespace {

using namespace simatlas;

constexpr const char* kUsage =
    "usage: simatlas_count_mujoco humanoid|humanoid22 pyramidal|elliptic PGS|CG|Newton "
    "reference|mujoco|mujoco_dense";

int Run(const std::string& label, const std::string& cone_name, const std::string& solver_name,
        const std::string& side) {
  const oracle::SceneSpec* spec = nullptr;
  const std::vector<oracle::SceneSpec> scenes = oracle::OracleScenes();
  for (const oracle::SceneSpec& s : scenes) {
    if (s.label == label && (label == "humanoid" || label == "humanoid22")) spec = &s;
  }
  const bool cone_ok = cone_name == "pyramidal" || cone_name == "elliptic";
  const bool side_ok = side == "reference" || side == "mujoco" || side == "mujoco_dense";
  if (!spec || !cone_ok || !side_ok) {
    std::cerr << kUsage << "\n";
    return 2;
  }
  const mujoco::SolverKind solver = mujoco::ParseSolverName(solver_name);
  oracle::Scene scene =
      oracle::Prepare(*spec, cone_name == "elliptic" ? mjCONE_ELLIPTIC : mjCONE_PYRAMIDAL);
  mjModel* m = scene.model.get();
  mjData* d = scene.data.get();
  m->opt.disableflags |= mjDSBL_WARMSTART;
  m->opt.tolerance = 1e-8;
  m->opt.iterations = 100;
  m->opt.solver = solver == mujoco::SolverKind::kPGS  ? mjSOL_PGS
                  : solver == mujoco::SolverKind::kCG ? mjSOL_CG
                                                      : mjSOL_NEWTON;
  // The reference reads the dense-Jacobian state (the problem form is dense).
  m->opt.jacobian = side == "mujoco" ? mjJAC_AUTO : mjJAC_DENSE;
  mj_forward(m, d);
  int iterations = 0;
  if (side == "reference") {
    mujoco::Problem p = oracle::ExtractProblem(scene);
    // The oracle marks its problems dense; the reference's default path (jacobian auto), as
    // MuJoCo's default side.
    p.opt.jacobian = mujoco::Jacobian::kAuto;
    mujoco::PrepareProblem(p);
    CALLGRIND_TOGGLE_COLLECT;
    const mujoco::SolveResult r = mujoco::SolveProblem(p);
    CALLGRIND_TOGGLE_COLLECT;
    iterations = r.iterations;
  } else {
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
  if (argc != 5) {
    std::cerr << kUsage << "\n";
    return 2;
  }
  try {
    return Run(argv[1], argv[2], argv[3], argv[4]);
  } catch (const std::exception& e) {
    std::cerr << "simatlas_count_mujoco: " << e.what() << "\n";
    return 2;
  }
}
