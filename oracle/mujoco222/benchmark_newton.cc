// MJ-solvers §4 performance comparison (not a test): reference Newton/CG/PGS time per solve vs
// MuJoCo 2.2.2's own constraint solve (mj_fwdConstraint) on the same settled problems, both
// without warmstart, tolerance 1e-8, at most 100 iterations. Prints one line per scene/solver.
#include <chrono>
#include <iostream>

#include "oracle/mujoco222/oracle_scenes.h"
#include "reference/mujoco/solve.h"

namespace {

template <class F>
double SecondsPerCall(F&& f, int repeat) {
  const auto start = std::chrono::steady_clock::now();
  for (int k = 0; k < repeat; ++k) f();
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() / repeat;
}

}  // namespace

int main() {
  using namespace simatlas;
  for (const oracle222::SceneSpec& spec : oracle222::OracleScenes()) {
    if (spec.label != "humanoid" && spec.label != "humanoid22") continue;
    oracle222::Scene scene = oracle222::Prepare(spec, mjCONE_PYRAMIDAL);
    mjModel* m = scene.model.get();
    mjData* d = scene.data.get();
    m->opt.disableflags |= mjDSBL_WARMSTART;
    m->opt.tolerance = 1e-8;
    m->opt.iterations = 100;
    const int repeat = spec.label == "humanoid" ? 200 : 5;
    for (mjtSolver s : {mjSOL_NEWTON, mjSOL_CG, mjSOL_PGS}) {
      m->opt.solver = s;
      mj_forward(m, d);
      const double mj_time = SecondsPerCall([&] { mj_fwdConstraint(m, d); }, repeat);
      const int mj_iter = d->solver_iter;
      mujoco::Problem p = oracle222::ExtractProblem(scene);
      const mujoco::SolveResult r = mujoco::SolveProblem(p);
      const double ref_time = SecondsPerCall([&] { mujoco::SolveProblem(p); }, repeat);
      std::cout << spec.label << " " << mujoco::SolverName(p.opt.solver) << " nv " << p.nv
                << " nefc " << p.nefc() << ": MuJoCo " << mj_iter << " it " << mj_time * 1e3
                << " ms, reference " << r.iterations << " it " << ref_time * 1e3 << " ms, ratio "
                << ref_time / mj_time << "\n";
    }
  }
  return 0;
}
