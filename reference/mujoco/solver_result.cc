// MJ-solvers §5 — termination scale and exit names.
#include "reference/mujoco/solver_result.h"

#include <algorithm>
#include <cmath>

#include "reference/core/errors.h"

namespace simatlas::mujoco {

std::string ExitReasonName(ExitReason reason) {
  switch (reason) {
    case ExitReason::kNoConstraints: return "no_constraints";
    case ExitReason::kCertificate: return "certificate";
    case ExitReason::kImprovement: return "improvement";
    case ExitReason::kGradient: return "gradient";
    case ExitReason::kDecrement: return "decrement";
    case ExitReason::kZeroStep: return "zero_step";
    case ExitReason::kIterations: return "iterations";
  }
  return "unknown";
}

double MonolithicScale(const Problem& problem) {
  core::RequirePositive("meaninertia", problem.opt.meaninertia, "kg or kg m^2");
  return 1 / (problem.opt.meaninertia * std::max(1, problem.nv));
}

double IslandScale(const Problem& island) {
  const double trace = island.M.diagonal().sum();
  core::RequirePositive("inertia trace", trace, "kg or kg m^2");
  return 1 / trace;
}

double ExitScale::Scaled(double x) const {
  return rescale ? x / (meaninertia * std::max(1, nv)) : scale * x;
}

double ExitScale::LineTolerance(double tol, double search_norm) const {
  return rescale ? tol * search_norm * meaninertia * std::max(1, nv) : tol * search_norm / scale;
}

double ExitScale::LineSlope(double d1, double search_norm) const {
  return rescale ? std::abs(d1) * (1 / (search_norm * meaninertia * std::max(1, nv)))
                 : scale * std::abs(d1) / search_norm;
}

}  // namespace simatlas::mujoco
