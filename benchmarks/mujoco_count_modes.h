#pragma once
// MJ-solvers §4–§6 cost, the modes both count programs share besides the callgrind count
// (mujoco222/mujoco222_count.cc against MuJoCo 2.2.2, mujoco315/mujoco315_count.cc against 3.15.0; each compiles this
// with its own <mujoco/mujoco.h>, the two never share a program):
//   dump OUT.json   the settled state's problem as a mujoco-problem file, solved by
//                   `simatlas mujoco solve` on the path of the MuJoCo that wrote it;
//   mujoco --repeat N   MuJoCo's wall time per mj_fwdConstraint on that state.
// Not a test; benchmarks/run_mujoco_wall uses both.

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <cstring>
#include <fstream>
#include <ostream>
#include <string>

#include <mujoco/mujoco.h>

#include "adapters/mujoco_model/mujoco_model.h"
#include "reference/io/mujoco_options.h"
#include "reference/io/problem_writer.h"
#include "reference/core/errors.h"
#include "reference/mujoco/problem.h"

namespace simatlas::bench {

// The settings every counted or timed solve of a settled state gets: cold (no warmstart),
// tolerance 1e-8, at most 100 iterations, the solver named on the command line; everything else
// as the linked MuJoCo defaults it (3.15: islands on, jacobian auto).
inline void SetCountedOptions(mjModel* m, mujoco::SolverKind solver) {
  m->opt.disableflags |= mjDSBL_WARMSTART;
  m->opt.tolerance = 1e-8;
  m->opt.iterations = 100;
  m->opt.solver = solver == mujoco::SolverKind::kPGS  ? mjSOL_PGS
                  : solver == mujoco::SolverKind::kCG ? mjSOL_CG
                                                      : mjSOL_NEWTON;
}

// The problem the reference side solves: copied (adapters::ProblemOf) from a dense-Jacobian
// mj_forward of the state, as the problem form is dense, then put on the reference's default
// path (jacobian auto) as MuJoCo's side runs with its default (jacobian auto). Not prepared.
inline mujoco::Problem CountedProblem(mjModel* m, mjData* d) {
  m->opt.jacobian = mjJAC_DENSE;
  mj_forward(m, d);
  mujoco::Problem p = adapters::ProblemOf(m, d);
  p.opt.jacobian = mujoco::Jacobian::kAuto;
  return p;
}

// MuJoCo's side: the state's mj_forward with MuJoCo's default jacobian (auto), which ends in the
// solve mj_fwdConstraint repeats.
inline void ForwardOnMujocoPath(mjModel* m, mjData* d) {
  m->opt.jacobian = mjJAC_AUTO;
  mj_forward(m, d);
}

// The mujoco-problem file of the state: CountedProblem with the islands as its version runs them
// (IslandsByDefault: on for 3.15, off for 2.2.2), warmstart off (no qacc_warmstart), and MuJoCo's
// own answer on its default path as `expected` (so `mujoco solve` reports its force error).
// Leaves mjData as MuJoCo's default-path solve left it.
inline io::MujocoProblemFile CountedProblemFile(mjModel* m, mjData* d, const std::string& source) {
  io::MujocoProblemFile file;
  file.source = source;
  file.problem = CountedProblem(m, d);
  file.settings.islands = mujoco::IslandsByDefault(file.problem.opt.version);
  ForwardOnMujocoPath(m, d);
  const int nv = m->nv, nefc = d->nefc;
  file.expected = io::MujocoExpected{Eigen::Map<const core::VectorX>(d->efc_force, nefc),
                                     Eigen::Map<const core::VectorX>(d->qacc, nv),
                                     Eigen::Map<const core::VectorX>(d->efc_b, nefc),
                                     adapters::SolverIterations(d)};
  return file;
}

// Writes the file with the project's one writer (io::WriteMujocoProblemFile); a write error or
// a non-finite number names the path.
inline void WriteProblemFile(const io::MujocoProblemFile& file, const std::string& path) {
  const auto finite = [](const core::VectorX& v) { return v.allFinite(); };
  if (!finite(file.problem.qacc_smooth) || !finite(file.problem.R) || !finite(file.problem.aref) ||
      !file.problem.J.allFinite() || !file.problem.M.allFinite()) {
    throw core::InputError("the settled problem for " + path + " has a non-finite number");
  }
  std::ofstream out(path);
  out << io::WriteMujocoProblemFile(file).dump() << "\n";
  out.close();
  if (!out) throw core::InputError("cannot write " + path + ": " + std::strerror(errno));
}

// Mean wall time [s] of `repeat` calls of `call` after one untimed call (std::chrono::
// steady_clock around the whole loop).
template <typename Call>
double SecondsPerCall(int repeat, Call&& call) {
  call();
  const auto start = std::chrono::steady_clock::now();
  for (int k = 0; k < repeat; ++k) call();
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() / repeat;
}

}  // namespace simatlas::bench
