// E3-SAP §6, exercise 6 (course §4.2, formula sheet (4.3): the stopping test on ‖D g‖ with D a
// power of diag(A)): which exponent makes the test independent of the unit a coordinate is written
// in? Evidence: the same kSap problem (1 kg point mass, sliding, pressed in) written with vt1 in
// m/s and in mm/s (A'₀₀ = A₀₀/1e6, J' column 0 = J column 0/1e3, v*'₀ = 1e3 v*₀): ‖Dg‖ at v* with
// the exponents −1/2 and +1/2, and the solves' stop decisions. The reason is in the solution file.
#include <gtest/gtest.h>

#include <cmath>
#include <iostream>

#include "exercises/e3-sap/sap_exercise_problems.h"
#include "exercises/support/exercise.h"
#include "reference/core/errors.h"
#include "reference/sap/sap_model.h"
#include "reference/sap/sap_solver.h"

namespace simatlas::exercises {
namespace {

// ‖diag(A)^exponent g‖ at v = v* (participating = all DOFs here).
double ScaledGradientNorm(const sap::SapProblem& problem, double exponent) {
  const sap::SapModel model(problem);
  const sap::SapEvaluation e = sap::EvaluateSap(model, model.v_star());
  const core::VectorX d = model.A_diagonal().array().pow(exponent);
  return (d.asDiagonal() * e.g).norm();
}

TEST(Ex6, ExponentOfD) {
  const Exercise exercise{
      "e3-sap",
      6,
      "E3-SAP §6",
      "The stopping test uses ||D g|| with D a square root of diag(A), positive or inverse. Which "
      "exponent of diag(A) leaves ||D g|| unchanged when one coordinate is rescaled from m to mm, "
      "and does the other one?",
      {Number("exponent", "1", "the exponent of diag(A) in D", 1e-12, 1e-12),
       YesNo("positive_root_invariant", "is ||D g|| with exponent +1/2 unchanged by m -> mm?")}};
  StateQuestion(exercise, std::cout);
  Evidence evidence;

  sap::FrictionConeParameters p;
  p.mu = 0.5;
  p.stiffness = 1e5;
  p.relaxation_time = 0.01;
  p.phi0 = -1e-3;
  const sap::SapProblem metres = e3_sap::PointMassProblem(1e-3, core::Vector3(0.3, 0.1, -0.2), p);
  sap::SapProblem millimetres = metres;
  millimetres.cliques[0].A(0, 0) /= 1e6;    // kg per (mm/s)² of rate
  millimetres.cliques[0].v_star(0) *= 1e3;  // mm/s
  millimetres.constraints[0].J[0].col(0) /= 1e3;
  const double inv_m = ScaledGradientNorm(metres, -0.5),
               inv_mm = ScaledGradientNorm(millimetres, -0.5);
  const double pos_m = ScaledGradientNorm(metres, 0.5),
               pos_mm = ScaledGradientNorm(millimetres, 0.5);
  evidence.Show("exponent -1/2: ||Dg|| = " + core::FormatNumber(inv_m) + " (m), " +
                core::FormatNumber(inv_mm) + " (mm)");
  evidence.Show("exponent +1/2: ||Dg|| = " + core::FormatNumber(pos_m) + " (m), " +
                core::FormatNumber(pos_mm) + " (mm)");
  const sap::SapSolverResult rm = sap::SolveSapProblem(metres, {});
  const sap::SapSolverResult rmm = sap::SolveSapProblem(millimetres, {});
  evidence.Show("solver (code: D = diag(A)^(-1/2)): " + std::to_string(rm.iterations) +
                " iterations (m), " + std::to_string(rmm.iterations) + " (mm); exit ||Dg|| " +
                core::FormatNumber(rm.momentum_residual) + ", " +
                core::FormatNumber(rmm.momentum_residual) + " sqrt(J); v_t1 " +
                core::FormatNumber(rm.v(0)) + " m/s = " + core::FormatNumber(rmm.v(0)) + " mm/s");
  const bool inverse_invariant = std::abs(inv_m - inv_mm) <= 1e-9 * inv_m;
  const bool positive_invariant = std::abs(pos_m - pos_mm) <= 1e-9 * pos_m;
  EXPECT_EQ(rm.iterations, rmm.iterations);
  EXPECT_NEAR(rmm.v(0), 1e3 * rm.v(0), 1e-6 * std::abs(1e3 * rm.v(0)));
  EXPECT_TRUE(inverse_invariant != positive_invariant);
  evidence.Imply("exponent", inverse_invariant ? -0.5 : 0.5);
  evidence.Imply("positive_root_invariant", positive_invariant);
  CheckAnswers(exercise, evidence);
}

}  // namespace
}  // namespace simatlas::exercises
