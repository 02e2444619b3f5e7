#pragma once
// E3-SAP §2, §4.1: the two-sided joint limit on a one-DOF clique that several SAP tests add.
#include "reference/sap/sap_problem.h"

namespace simatlas::sap::testing {

// A limit lower ≤ q ≤ upper on the one DOF of `clique` (two rows, q₀ = 0, rigid, β = 0.1).
inline ConstraintSpec TwoSidedLimit(int clique, double lower, double upper) {
  LimitParameters limit;
  limit.lower = lower;
  limit.upper = upper;
  ConstraintSpec s;
  s.cliques = {clique};
  s.J = {MakeLimitJacobian(limit, 1, 0)};
  s.parameters = limit;
  return s;
}

}  // namespace simatlas::sap::testing
