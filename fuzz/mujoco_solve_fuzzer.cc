// Fuzz target: read a simatlas/mujoco-problem/1 document, then run a few iterations of each of
// the three solvers of MJ-solvers §4 (PGS, CG, Newton) through mujoco::SolveProblem, as
// `simatlas mujoco solve` does. Weird but valid problems must give a finite answer or an honest
// error (InputError / NumericalError); a NaN or ±∞ returned silently is a finding.
#include <algorithm>
#include <cstddef>
#include <cstdint>

#include "fuzz/fuzz_support.h"
#include "reference/core/errors.h"
#include "reference/io/mujoco_problem.h"
#include "reference/mujoco/solve.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace simatlas;
  const auto file = fuzz::ReadDocument(
      data, size, [](const nlohmann::json& doc) { return io::ParseMujocoProblem(doc); });
  if (!file) return 0;
  mujoco::Problem problem = file->problem;
  // Small problems and short solves keep one input well under a millisecond or so.
  if (problem.nv > 32 || problem.nefc() > 64) return 0;
  problem.opt.iterations = std::min(problem.opt.iterations, 20);
  // opt.noslip_iterations is a second sweep count a document can set.
  problem.opt.noslip_iterations = std::min(problem.opt.noslip_iterations, 20);
  for (const mujoco::SolverKind solver :
       {mujoco::SolverKind::kPGS, mujoco::SolverKind::kCG, mujoco::SolverKind::kNewton}) {
    problem.opt.solver = solver;
    try {
      const mujoco::SolveResult result = mujoco::SolveProblem(problem);
      fuzz::RequireFiniteResult("qacc", result.qacc);
      fuzz::RequireFiniteResult("efc_force", result.efc_force);
      fuzz::RequireFiniteResult("cost", core::VectorX::Constant(1, result.cost));
    } catch (const core::InputError&) {
    } catch (const core::NumericalError&) {
    }
  }
  return 0;
}
