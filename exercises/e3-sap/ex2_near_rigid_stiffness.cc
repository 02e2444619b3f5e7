// E3-SAP §6, exercise 2 (course §3.1, (3.2): Rn = max(β² wn/(4π²), 1/(h k (h + τ)))): when k is
// huge and the near-rigid bound is active, does raising k still act as the Kelvin–Voigt
// stiffness? Evidence: a 1 kg point mass (W = I₃ /kg, so the model's estimate is
// wn = ‖W‖_F/3 = √3/3 = 0.5774 /kg, formula sheet "Delassus" row) pressed 1 mm into the
// ground and falling, one kSap step with β = 1, h = 10 ms, τ = 0, k swept 1e3 … 1e9 N/m: Rn,
// γn and φ_next = φ₀ + h vn. Crossover (hand): 1/(h k h) = wn/(4π²) ⇔ k = 4π²/(wn h²)
// = 4π²·√3/1e-4 ≈ 6.838e5 N/m.
#include <gtest/gtest.h>

#include <cmath>
#include <iostream>
#include <numbers>

#include "exercises/e3-sap/sap_exercise_problems.h"
#include "exercises/support/exercise.h"
#include "reference/core/errors.h"
#include "reference/sap/sap_model.h"
#include "reference/sap/sap_solver.h"

namespace simatlas::exercises {
namespace {

struct SweepPoint {
  double k, Rn, gamma_n, phi_next;
};

SweepPoint Solve(double k) {
  const double h = 0.01, phi0 = -1e-3;
  sap::FrictionConeParameters p;
  p.mu = 0.5;
  p.stiffness = k;
  p.relaxation_time = 0.0;
  p.phi0 = phi0;
  p.beta = 1.0;
  const sap::SapProblem problem = e3_sap::PointMassProblem(h, core::Vector3(0.05, 0.0, -0.0981), p);
  const sap::SapModel model(problem);
  const auto& c =
      dynamic_cast<const sap::FrictionConeConstraint&>(*model.constraints()[0].constraint);
  const sap::SapSolverResult r = sap::SolveSapProblem(problem, {});
  EXPECT_TRUE(r.success);
  return {k, c.regularization().Rn, r.gamma[0](2), phi0 + h * r.vc[0](2)};
}

TEST(Ex2, NearRigidStiffness) {
  const Exercise exercise{
      "e3-sap",
      2,
      "E3-SAP §6",
      "When k is huge and the near-rigid bound of Rn is active, does raising k still act as the "
      "Kelvin–Voigt stiffness? For a 1 kg point mass (W = I, Delassus estimate wn = ||W||_F/3), "
      "h = 10 ms, tau = 0, beta = 1: "
      "above which k does Rn stop falling?",
      {YesNo("answer", "does raising k still stiffen the contact once the bound is active?"),
       Number("crossover_stiffness", "N/m", "k above which the near-rigid bound wins", 0.02)}};
  StateQuestion(exercise, std::cout);
  Evidence evidence;

  std::vector<SweepPoint> sweep;
  for (double k : {1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9}) {
    sweep.push_back(Solve(k));
    const SweepPoint& s = sweep.back();
    evidence.Show("k = " + core::FormatNumber(k) + " N/m: Rn = " + core::FormatNumber(s.Rn) +
                  " 1/kg, gamma_n = " + core::FormatNumber(s.gamma_n) +
                  " N s, phi_next = " + core::FormatNumber(s.phi_next) + " m");
  }
  // Below the crossover Rn falls as 1/k; above it (k = 1e6 … 1e9) everything is flat.
  auto same = [](double a, double b) {
    return std::abs(a - b) <= 1e-9 * std::max(std::abs(a), std::abs(b));
  };
  bool flat = true;
  for (std::size_t i = 4; i < sweep.size(); ++i) {
    flat = flat && same(sweep[i].Rn, sweep[3].Rn) && same(sweep[i].gamma_n, sweep[3].gamma_n) &&
           same(sweep[i].phi_next, sweep[3].phi_next);
  }
  const bool compliant_falls =
      sweep[1].Rn > 5.0 * sweep[2].Rn && !same(sweep[1].phi_next, sweep[2].phi_next);
  EXPECT_TRUE(compliant_falls);
  evidence.Show(std::string("k = 1e6 ... 1e9: Rn, gamma_n, phi_next ") +
                (flat ? "flat (to 1e-9)" : "still change"));
  // The crossover where the two branches of the max are equal, from the bound the code uses.
  const double wn = sweep.back().Rn * 4.0 * std::numbers::pi * std::numbers::pi;  // β = 1
  const double crossover = 1.0 / (0.01 * 0.01 * sweep.back().Rn);
  evidence.Show("near-rigid Rn = " + core::FormatNumber(sweep.back().Rn) +
                " 1/kg = wn/(4 pi^2) with wn = " + core::FormatNumber(wn) +
                " 1/kg; equal to 1/(h k h) at k = " + core::FormatNumber(crossover) + " N/m");
  evidence.Imply("answer", !flat);
  evidence.Imply("crossover_stiffness", crossover);
  CheckAnswers(exercise, evidence);
}

}  // namespace
}  // namespace simatlas::exercises
