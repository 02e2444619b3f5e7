#pragma once
// E3-SAP §4: the pizza saver of the SAP tests.
// The pizza-saver problem of the SAP tests (after Drake's sap_solver_test.cc "PizzaSaver"
// idea, numbers ours): one body with v = (vx, vy, vz, ω_z), m = 1 kg, I_z = 1 kg·m², resting on
// the ground (body A) on three legs at radius R = 1 m, angles 0, 2π/3, 4π/3, under gravity
// g = 9.81 m/s² and a torque τ about z. Contact frame C: z up (A → B), x, y = world x, y, so
// Jᵢ = [[1, 0, 0, −R sin θᵢ], [0, 1, 0, R cos θᵢ], [0, 0, 1, 0]].
//
//   Delassus: Jᵢ diag(A)⁻¹ Jᵢᵀ = [[1 + s², −sc, 0], [−sc, 1 + c², 0], [0, 0, 1]];
//   ‖Wᵢ‖_F² = (1 + s²)² + (1 + c²)² + 2s²c² + 1 = 3 + 2(s² + c²) + (s² + c²)² = 6,
//   so wᵢ = √6/3 [1/kg] for every leg.
#include <cmath>
#include <numbers>

#include "reference/sap/sap_problem.h"

namespace simatlas::sap::testing {

inline constexpr double kPizzaMass = 1.0;     // kg
inline constexpr double kPizzaInertia = 1.0;  // kg·m²
inline constexpr double kPizzaRadius = 1.0;   // m
inline constexpr double kGravity = 9.81;      // m/s²

inline SapProblem MakePizzaSaver(double h, double torque, const FrictionConeParameters& leg) {
  SapProblem problem;
  problem.time_step = h;
  Clique body;
  body.A = Eigen::Vector4d(kPizzaMass, kPizzaMass, kPizzaMass, kPizzaInertia).asDiagonal();
  // v* = v₀ + h M⁻¹ f with v₀ = 0: (0, 0, −g h, h τ/I).
  body.v_star = Eigen::Vector4d(0.0, 0.0, -kGravity * h, h * torque / kPizzaInertia);
  problem.cliques.push_back(body);
  for (int i = 0; i < 3; ++i) {
    const double theta = 2.0 * std::numbers::pi * i / 3.0;
    ConstraintSpec spec;
    spec.cliques = {0};
    core::MatrixX J(3, 4);
    J << 1, 0, 0, -kPizzaRadius * std::sin(theta), 0, 1, 0, kPizzaRadius * std::cos(theta), 0, 0, 1,
        0;
    spec.J = {J};
    spec.parameters = leg;
    problem.constraints.push_back(spec);
  }
  return problem;
}

}  // namespace simatlas::sap::testing
