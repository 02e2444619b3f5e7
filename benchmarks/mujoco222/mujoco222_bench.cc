// MJ-solvers §4 cost claims, measured (not a test, never run by ctest): the
// reference PGS, CG and Newton time per solve and iterations on
//   - the project's example problems formats/examples/*.json (simatlas/mujoco-problem/1), and
//   - when built with the MuJoCo 2.2.2 oracle (SIMATLAS_BENCH_ORACLE): the settled humanoid and
//     22-humanoid problems of oracle/mujoco222/oracle_scenes.h, both cones, timed side by side with
//     MuJoCo's own mj_fwdConstraint on the same state and options (no warmstart, tolerance 1e-8,
//     at most 100 iterations — the settings of oracle/mujoco222/benchmark_newton.cc): MuJoCo with its
//     default options (jacobian = auto: sparse from nv = 60, engine_support.c: mj_isSparse) as
//     "mujoco" and with a dense Jacobian as "mujoco_dense", so that benchmarks/run can form
//     reference/MuJoCo ratios from one run. The reference problem is prepared once (validation
//     and sparse structure, as reading a file does); each timed solve does all the rest.
#include <algorithm>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include <benchmark/benchmark.h>

#include "reference/io/mujoco_problem.h"
#include "reference/mujoco/problem.h"
#include "reference/mujoco/solve.h"
#include "reference/mujoco/prepare.h"

#ifdef SIMATLAS_BENCH_ORACLE
#include "oracle/mujoco222/oracle_scenes.h"
#endif

namespace {

using namespace simatlas;

constexpr mujoco::SolverKind kSolvers[] = {mujoco::SolverKind::kPGS, mujoco::SolverKind::kCG,
                                           mujoco::SolverKind::kNewton};

// Times mujoco::SolveProblem (solver and its setup, warmstart off) of the problem prepared once
// and reports its iterations.
void ReferenceBench(benchmark::State& state, mujoco::Problem problem, mujoco::SolverKind solver) {
  problem.opt.solver = solver;
  const std::shared_ptr<const mujoco::PreparedProblem> prepared = mujoco::Prepare(problem);
  mujoco::SolveResult result;
  for (auto _ : state) {
    result = mujoco::SolveProblem(*prepared);
    benchmark::DoNotOptimize(result);
  }
  state.counters["nv"] = problem.nv;
  state.counters["nefc"] = problem.nefc();
  state.counters["iterations"] = result.iterations;
}

// The example problems, one benchmark per file and solver (file order sorted by name).
void RegisterExamples() {
  std::vector<std::filesystem::path> files;
  for (const auto& entry :
       std::filesystem::directory_iterator(io::FormatsDirectory() + "/examples")) {
    if (entry.path().extension() == ".json") files.push_back(entry.path());
  }
  std::sort(files.begin(), files.end());
  for (const auto& file : files) {
    const mujoco::Problem problem = io::ReadMujocoProblem(file.string()).problem;
    for (mujoco::SolverKind solver : kSolvers) {
      const std::string name =
          "MJ/reference/" + file.stem().string() + "/" + mujoco::SolverName(solver);
      benchmark::RegisterBenchmark(name.c_str(), [=](benchmark::State& s) {
        ReferenceBench(s, problem, solver);
      })->Unit(benchmark::kMicrosecond);
    }
  }
}

#ifdef SIMATLAS_BENCH_ORACLE
// MuJoCo's solver enum for the reference's.
mjtSolver MujocoSolver(mujoco::SolverKind solver) {
  switch (solver) {
    case mujoco::SolverKind::kPGS: return mjSOL_PGS;
    case mujoco::SolverKind::kCG: return mjSOL_CG;
    case mujoco::SolverKind::kNewton: return mjSOL_NEWTON;
  }
  return mjSOL_NEWTON;
}

// Sets the comparison options on the model and runs mj_forward so mjData holds the state.
void ConfigureScene(oracle222::Scene& scene, mujoco::SolverKind solver, mjtJacobian jacobian) {
  mjModel* m = scene.model.get();
  m->opt.disableflags |= mjDSBL_WARMSTART;
  m->opt.tolerance = 1e-8;
  m->opt.iterations = 100;
  m->opt.solver = MujocoSolver(solver);
  m->opt.jacobian = jacobian;
  mj_forward(m, scene.data.get());
}

// MuJoCo's own constraint solve on the settled state with the given Jacobian option.
void MujocoBench(benchmark::State& state, const oracle222::SceneSpec& spec, mjtCone cone,
                 mujoco::SolverKind solver, mjtJacobian jacobian) {
  oracle222::Scene scene = oracle222::Prepare(spec, cone);
  ConfigureScene(scene, solver, jacobian);
  for (auto _ : state) mj_fwdConstraint(scene.model.get(), scene.data.get());
  state.counters["nv"] = scene.model->nv;
  state.counters["nefc"] = scene.data->nefc;
  state.counters["iterations"] = scene.data->solver_iter;
}

// The same problem extracted for the reference (R and aref taken from MuJoCo; the dense
// Jacobian the problem form holds).
void ExtractedReferenceBench(benchmark::State& state, const oracle222::SceneSpec& spec,
                             mjtCone cone, mujoco::SolverKind solver) {
  oracle222::Scene scene = oracle222::Prepare(spec, cone);
  ConfigureScene(scene, solver, mjJAC_DENSE);
  // The oracle marks its problems dense (as MuJoCo solved them); timed against MuJoCo's
  // default options, the reference takes its default path too (jacobian auto).
  mujoco::Problem problem = oracle222::ExtractProblem(scene);
  problem.opt.jacobian = mujoco::Jacobian::kAuto;
  ReferenceBench(state, problem, solver);
}

// humanoid and humanoid22 × cone × solver: MuJoCo default, MuJoCo dense, reference.
void RegisterOracle() {
  const std::pair<mjtCone, const char*> cones[] = {{mjCONE_PYRAMIDAL, "pyramidal"},
                                                   {mjCONE_ELLIPTIC, "elliptic"}};
  for (const oracle222::SceneSpec& spec : oracle222::OracleScenes()) {
    if (spec.label != "humanoid" && spec.label != "humanoid22") continue;
    for (const auto& [cone, cone_name] : cones) {
      for (mujoco::SolverKind solver : kSolvers) {
        const std::string tail = spec.label + "_" + cone_name + "/" + mujoco::SolverName(solver);
        benchmark::RegisterBenchmark(("MJ/mujoco/" + tail).c_str(), [=](benchmark::State& s) {
          MujocoBench(s, spec, cone, solver, mjJAC_AUTO);
        })->Unit(benchmark::kMicrosecond);
        benchmark::RegisterBenchmark(("MJ/mujoco_dense/" + tail).c_str(), [=](benchmark::State& s) {
          MujocoBench(s, spec, cone, solver, mjJAC_DENSE);
        })->Unit(benchmark::kMicrosecond);
        benchmark::RegisterBenchmark(("MJ/reference/" + tail).c_str(), [=](benchmark::State& s) {
          ExtractedReferenceBench(s, spec, cone, solver);
        })->Unit(benchmark::kMicrosecond);
      }
    }
  }
}
#endif

}  // namespace

int main(int argc, char** argv) {
  RegisterExamples();
#ifdef SIMATLAS_BENCH_ORACLE
  RegisterOracle();
#endif
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
