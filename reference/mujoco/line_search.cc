// MJ-solvers §4 "PrimalSearch" — MuJoCo engine_solver.c: CGsearch and updateBracket (read at
// tag 2.2.2) and PrimalSearch (3.x, read at commit a7255075b of google-deepmind/mujoco, checked
// against the 3.15.0 wheel by oracle/mujoco315). Written from the course's description.
#include "reference/mujoco/line_search.h"

#include <algorithm>
#include <cmath>

namespace simatlas::mujoco {

LineSearchResult PrimalSearch(const LineFunction& line, double gtol, int budget,
                              const LineSearchRules& rules) {
  LineSearchResult out;
  const int cap = std::max(1, budget);
  auto eval = [&](double alpha) {
    ++out.neval;
    return line.Evaluate(alpha);
  };
  auto newton = [](const LinePoint& p) { return p.alpha - p.d1 / p.d2; };
  const LinePoint p0 = eval(0);
  out.slope0 = p0.d1;
  // The accepted point, its cost as the change from α = 0.
  auto accept = [&](const LinePoint& p) {
    out.point = p;
    out.point.cost = p.cost - p0.cost;
    return out;
  };
  auto descends = [&](const LinePoint& p) {
    return !rules.converged_must_descend || p.cost < p0.cost;
  };

  // Always one Newton step from α = 0 (2.2.2 drops it when it raises the cost).
  LinePoint p1 = eval(newton(p0));
  if (rules.drop_rising_first_step && p0.cost < p1.cost) p1 = p0;
  if (std::abs(p1.d1) < gtol && (p1.alpha == 0 || descends(p1))) return accept(p1);

  // One-sided Newton steps in the direction that lowers the cost while cost' keeps its sign.
  const double dir = p1.d1 < 0 ? 1 : -1;
  LinePoint p2 = p0;
  bool stepped = false;
  while (p1.d1 * dir <= -gtol && out.neval < cap) {
    p2 = p1;
    stepped = true;
    p1 = eval(newton(p1));
    if (std::abs(p1.d1) < gtol && descends(p1)) return accept(p1);
  }
  // Out of evaluations before a bracket (or, 2.2.2, no one-sided step): the last point.
  if (out.neval >= cap || (!stepped && !rules.bracket_with_start)) return accept(p1);

  // Bracket [p1, p2] and each end's Newton point.
  LinePoint p2next = p1;
  LinePoint p1next = eval(newton(p1));
  // An end moves to the candidate with the same sign of cost' and a smaller |cost'|.
  auto update = [&](LinePoint& end, const LinePoint(&candidates)[3], LinePoint& next) {
    bool moved = false;
    for (const LinePoint& c : candidates) {
      if ((end.d1 < 0 && c.d1 < 0 && end.d1 < c.d1) || (end.d1 > 0 && c.d1 > 0 && end.d1 > c.d1)) {
        end = c;
        moved = true;
      }
    }
    if (moved) next = eval(newton(end));
    return moved;
  };
  while (out.neval < cap) {
    const LinePoint pmid = eval(0.5 * (p1.alpha + p2.alpha));
    const LinePoint candidates[3] = {p1next, p2next, pmid};
    // The converged candidate of least cost, in this order on ties.
    int best = -1;
    for (int i = 0; i < 3; ++i) {
      if (std::abs(candidates[i].d1) < gtol &&
          (best < 0 || candidates[i].cost < candidates[best].cost)) {
        best = i;
      }
    }
    if (best >= 0) return accept(candidates[best]);
    const bool moved1 = update(p1, candidates, p1next);
    const bool moved2 = update(p2, candidates, p2next);
    // Neither end moved: as accurate as doubles allow; the midpoint.
    if (!moved1 && !moved2) return accept(pmid);
  }
  // Cap reached: the bracket end of lower cost below cost(0), else no step.
  if (p1.cost <= p2.cost && p1.cost < p0.cost) return accept(p1);
  if (p2.cost <= p1.cost && p2.cost < p0.cost) return accept(p2);
  return accept(p0);
}

}  // namespace simatlas::mujoco
