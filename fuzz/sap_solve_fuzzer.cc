// Fuzz target: read a simatlas/sap-problem/1 document, then run a few Newton iterations of the
// SAP solver of E3-SAP §4 (sap::SolveSapProblem), as `simatlas sap solve` does. Weird but valid
// problems must give a finite answer (converged or not, reported by the flags) or an honest
// error (InputError / NumericalError); a NaN or ±∞ returned silently is a finding.
#include <algorithm>
#include <cstddef>
#include <cstdint>

#include "fuzz/fuzz_support.h"
#include "reference/core/errors.h"
#include "reference/io/sap_problem.h"
#include "reference/sap/sap_solver.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace simatlas;
  auto file = fuzz::ReadDocument(
      data, size, [](const nlohmann::json& doc) { return io::ParseSapProblem(doc); });
  if (!file) return 0;
  // Small problems and short solves keep one input fast.
  if (sap::NumVelocities(file->problem) > 32 || file->problem.constraints.size() > 32) return 0;
  file->parameters.max_iterations = std::min(file->parameters.max_iterations, 20);
  try {
    const sap::SapSolverResult result = sap::SolveSapProblem(file->problem, file->parameters);
    fuzz::RequireFiniteResult("v", result.v);
    for (const auto& gamma : result.gamma) fuzz::RequireFiniteResult("gamma", gamma);
    for (const auto& vc : result.vc) fuzz::RequireFiniteResult("vc", vc);
  } catch (const core::InputError&) {
  } catch (const core::NumericalError&) {
  }
  return 0;
}
