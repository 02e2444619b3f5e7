#pragma once
/// @file
/// Random SAP problems (E3-SAP §2–§4) for the property tests and for `simatlas check sap.solve`:
/// several cliques, constraints of every kind (kSap cone, Similar, Lagged, joint limit) coupling
/// one or two cliques. Draws through rapidcheck, so it must be called inside a property.
///
/// SapProblemShape::mixed_scales gives every DOF its own mass scale mᵢ over 6 decades
/// (A = S (B Bᵀ/n + I) S with S = diag(√mᵢ)): problems whose diag(A) spans kg·m² and tonnes,
/// where the §4.2 scaling D = diag(A)^(−1/2) matters (the header's ^(+1/2) weighs the heavy
/// DOFs instead and stops before the light ones have converged).

#include <rapidcheck.h>

#include <cmath>

#include "reference/sap/sap_problem.h"

namespace simatlas::property_tests {

/// Uniform on [lo, hi] in 1e5 steps.
inline rc::Gen<double> Uniform(double lo, double hi) {
  return rc::gen::map(rc::gen::inRange(0, 100001),
                      [lo, hi](int i) { return lo + (hi - lo) * i / 100000.0; });
}

/// 10^u with u uniform on [lo, hi] in 1e4 steps.
inline rc::Gen<double> LogUniform(double lo, double hi) {
  return rc::gen::map(rc::gen::inRange(0, 10001),
                      [lo, hi](int i) { return std::pow(10.0, lo + (hi - lo) * i / 10000.0); });
}

/// A rows × cols matrix of entries uniform on [lo, hi].
inline core::MatrixX RandomMatrix(int rows, int cols, double lo, double hi) {
  core::MatrixX m(rows, cols);
  for (int r = 0; r < rows; ++r) {
    for (int c = 0; c < cols; ++c) m(r, c) = *Uniform(lo, hi);
  }
  return m;
}

/// What the generator draws.
struct SapProblemShape {
  bool mixed_scales = false;  ///< per-DOF mass scales over 1e-3 … 1e3 (see the file comment)
};

/// A random SPD clique: A = mass (B Bᵀ/n + I), mass 0.1…10 kg (or per-DOF scales with
/// mixed_scales); v* in [−1, 1] m/s.
inline sap::Clique RandomClique(const SapProblemShape& shape = {}) {
  const int n = *rc::gen::inRange(1, 5);
  const core::MatrixX B = RandomMatrix(n, n, -1.0, 1.0);
  const core::MatrixX base = B * B.transpose() / n + core::MatrixX::Identity(n, n);
  if (shape.mixed_scales) {
    core::VectorX s(n);
    for (int i = 0; i < n; ++i) s(i) = std::sqrt(*LogUniform(-3, 3));
    return {s.asDiagonal() * base * s.asDiagonal(), RandomMatrix(n, 1, -1.0, 1.0).col(0)};
  }
  const double mass = *LogUniform(-1, 1);
  return {mass * base, RandomMatrix(n, 1, -1.0, 1.0).col(0)};
}

/// Parameters of a random contact: kSap cone, Similar or Lagged with equal odds.
inline sap::ConstraintParameters RandomContactParameters() {
  const int kind = *rc::gen::inRange(0, 3);
  const double mu = *Uniform(0.0, 1.0);
  if (kind == 0) {
    return sap::FrictionConeParameters{.mu = mu,
                                       .stiffness = *LogUniform(3, 7),
                                       .relaxation_time = *Uniform(0.0, 0.05),
                                       .phi0 = *Uniform(-1e-3, 1e-3),
                                       .beta = *Uniform(0.0, 1.0),
                                       .sigma = 1e-3};
  }
  return sap::HuntCrossleyParameters{.approximation = kind == 1
                                                          ? sap::HuntCrossleyApproximation::kSimilar
                                                          : sap::HuntCrossleyApproximation::kLagged,
                                     .mu = mu,
                                     .stiffness = *LogUniform(3, 6),
                                     .dissipation = *Uniform(0.0, 1.0),
                                     .fe0 = *Uniform(0.0, 50.0),
                                     .vn0 = *Uniform(-0.5, 0.5),
                                     .stiction_tolerance = 1e-4,
                                     .sigma = 1e-3};
}

/// A random problem: h ∈ [1, 10] ms, 1–5 cliques, 1–6 constraints (one in five a joint limit,
/// rigid or k = 1e5; contacts on one clique or, half the time, two), J entries in [−1, 1],
/// vb in [−0.01, 0.01] m/s.
inline sap::SapProblem RandomSapProblem(const SapProblemShape& shape = {}) {
  sap::SapProblem problem;
  problem.time_step = *LogUniform(-3, -2);
  const int num_cliques = *rc::gen::inRange(1, 6);
  for (int c = 0; c < num_cliques; ++c) problem.cliques.push_back(RandomClique(shape));
  const int num_constraints = *rc::gen::inRange(1, 7);
  for (int i = 0; i < num_constraints; ++i) {
    sap::ConstraintSpec spec;
    const int a = *rc::gen::inRange(0, num_cliques);
    const int na = static_cast<int>(problem.cliques[a].v_star.size());
    if (*rc::gen::inRange(0, 5) == 0) {
      // A joint limit on one DOF of clique a.
      const double q0 = *Uniform(-0.01, 0.01);
      sap::LimitParameters p{.q0 = q0,
                             .lower = 0.0,
                             .upper = *Uniform(0.005, 0.1),
                             .stiffness = *rc::gen::element(core::kInfinity, 1e5),
                             .relaxation_time = 0.0,
                             .beta = 0.1};
      spec.cliques = {a};
      spec.J = {sap::MakeLimitJacobian(p, na, *rc::gen::inRange(0, na))};
      spec.parameters = p;
    } else {
      spec.parameters = RandomContactParameters();
      spec.cliques = {a};
      spec.J = {RandomMatrix(3, na, -1.0, 1.0)};
      if (num_cliques > 1 && *rc::gen::arbitrary<bool>()) {
        int b = *rc::gen::inRange(0, num_cliques - 1);
        if (b >= a) ++b;
        spec.cliques.push_back(b);
        spec.J.push_back(RandomMatrix(3, problem.cliques[b].v_star.size(), -1.0, 1.0));
      }
      spec.vb = RandomMatrix(3, 1, -0.01, 0.01).col(0);
    }
    problem.constraints.push_back(spec);
  }
  return problem;
}

}  // namespace simatlas::property_tests
