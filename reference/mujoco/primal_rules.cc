// MJ-solvers §5 — the exit table's two columns (2.2.2 and the course's 3.15) as rules chosen
// once per solve. 2.2.2: engine_solver.c mj_solCGNewton (tag 2.2.2); 3.15: the course's table.
#include "reference/mujoco/primal_rules.h"

#include <algorithm>

#include "reference/mujoco/primal_search_222.h"

namespace simatlas::mujoco {

namespace {

// 2.2.2: improvement = scale · (cost before the step − cost after it), both full costs.
double CostDifference(double scale, double old_cost, double new_cost, const LineSearchResult&) {
  return scale * (old_cost - new_cost);
}

// 3.15: improvement = scale · the line search's cancellation-free decrease at the accepted α.
double LineSearchDecrease(double scale, double, double, const LineSearchResult& search) {
  return -scale * search.point.cost;
}

bool BelowTolerance(double improvement, double tolerance) { return improvement < tolerance; }

bool PositiveBelowTolerance(double improvement, double tolerance) {
  return improvement > 0 && improvement < tolerance;
}

std::optional<ExitReason> NoPreLoopExit(const PreLoopPoint&) { return std::nullopt; }

// 3.15: certificate gap = max(0, ½·scale·gᵀM⁻¹g); CG exits on the gap, Newton on the gap with
// the gradient gate, else on the gradient with the decrement.
std::optional<ExitReason> CertificateOrDecrement(const PreLoopPoint& at) {
  const double gap = std::max(0.0, 0.5 * at.scale * at.g->dot(*at.M_inv_g));
  const double gradient = at.scale * at.g->norm();
  const double tol = at.tolerance;
  if (!at.newton) {
    if (gap < tol) return ExitReason::kCertificate;
    return std::nullopt;
  }
  if (gap < tol && gradient < tol) return ExitReason::kCertificate;
  if (gradient < tol && NewtonDecrement(at.scale, *at.g, *at.H_inv_g) < tol) {
    return ExitReason::kDecrement;
  }
  return std::nullopt;
}

bool NoDecrementTest(double, const core::VectorX&, const core::VectorX&, double) { return false; }

bool DecrementBelowTolerance(double scale, const core::VectorX& g, const core::VectorX& H_inv_g,
                             double tolerance) {
  return NewtonDecrement(scale, g, H_inv_g) < tolerance;
}

}  // namespace

double NewtonDecrement(double scale, const core::VectorX& g, const core::VectorX& H_inv_g) {
  return std::max(0.0, 0.5 * scale * g.dot(H_inv_g));
}

PrimalRules MakePrimalRules(const Options& opt) {
  if (opt.version == Version::kMuJoCo222) {
    return {.line_search = PrimalSearch222,
            .improvement = CostDifference,
            .improvement_stops = BelowTolerance,
            .pre_loop_exit = NoPreLoopExit,
            .decrement_stops = NoDecrementTest};
  }
  return {.line_search = PrimalSearchAlong,
          .improvement = LineSearchDecrease,
          .improvement_stops = PositiveBelowTolerance,
          .pre_loop_exit = CertificateOrDecrement,
          .decrement_stops = DecrementBelowTolerance};
}

}  // namespace simatlas::mujoco
