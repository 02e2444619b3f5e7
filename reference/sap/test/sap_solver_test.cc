// Unit tests of E3-SAP §4–§4.2: the pizza saver (pizza_saver.h) with closed-form answers derived
// by hand below, the no-constraint shortcut, the failure at max_iterations, both termination
// flags, and the model's participating DOFs and Delassus estimate.
// Equation numbers (N.M) are the formula sheet's (course/FORMULAS.md).
#include "reference/sap/sap_solver.h"

#include <gtest/gtest.h>

#include <cmath>
#include <numbers>
#include <string>
#include <vector>

#include "reference/core/errors.h"
#include "reference/core/test/error_of.h"
#include "reference/sap/test/pizza_saver.h"

namespace simatlas::sap {
namespace {

using testing::kGravity;
using testing::MakePizzaSaver;

constexpr double kH = 0.01;  // s

// Legs: μ = 0.5, k = 1e4 N/m, τd = 0 → Rn = 1/(h k h) = 1/(0.01·1e4·0.01) = 1 1/kg (the
// near-rigid bound √6/3/(4π²) = 0.0207 is smaller). Rt = σ w = 1e-3 √6/3.
// φ₀ = −m g h Rn (h + τd)/3 = −9.81·0.01·1·0.01/3 = −3.27e-4 m puts the three legs' stiction
// impulse exactly at m g h: v̂n = −φ₀/h = 0.0327 m/s and vz = 0 (see NoTorque below).
FrictionConeParameters Leg() {
  return {.mu = 0.5,
          .stiffness = 1e4,
          .relaxation_time = 0.0,
          .phi0 = -3.27e-4,
          .beta = 1.0,
          .sigma = 1e-3};
}

const double kRt = 1e-3 * std::sqrt(6.0) / 3.0;
constexpr double kRn = 1.0;

SapSolverParameters Tight() {
  SapSolverParameters p;
  p.rel_tolerance = 1e-12;
  return p;
}

TEST(SapModel, PizzaSaverDelassusEstimateIsSqrt6Over3) {
  const SapModel model(MakePizzaSaver(kH, 0.0, Leg()));
  ASSERT_EQ(model.constraints().size(), 3u);
  for (const auto& c : model.constraints()) {
    EXPECT_NEAR(c.W.norm(), std::sqrt(6.0), 1e-14);
    EXPECT_NEAR(c.w(0), std::sqrt(6.0) / 3.0, 1e-15);
    EXPECT_EQ(c.w(0), c.w(2));  // all three entries equal
  }
}

TEST(SapSolver, PizzaSaverNoTorque) {
  // Symmetry: vx = vy = ω = 0, γt = 0, each leg in stiction with γn = (v̂n − vz)/Rn.
  // Momentum: m (vz + g h) = 3 γn → vz = (3 v̂n/Rn − m g h)/(m + 3/Rn) = (0.0981 − 0.0981)/4 = 0.
  for (auto solver : {LinearSolverType::kDense, LinearSolverType::kBlockSparseCholesky}) {
    auto p = Tight();
    p.linear_solver = solver;
    const auto r = SolveSapProblem(MakePizzaSaver(kH, 0.0, Leg()), p);
    ASSERT_TRUE(r.success);
    EXPECT_NEAR(r.v(2), 0.0, 1e-12);
    EXPECT_NEAR(r.v(3), 0.0, 1e-12);
    for (const auto& g : r.gamma) EXPECT_NEAR(g(2), kGravity * kH / 3.0, 1e-12);
    EXPECT_GT(r.iterations, 0);
  }
}

TEST(SapSolver, PizzaSaverStictionBelowMuMgR) {
  // τ = 4 N·m < μ m g R = 4.905 N·m. Stiction keeps γ = y componentwise, so normal and
  // tangential decouple: vz = 0 as above; the legs slip by vt = ω R ê_θ with γt = −vt/Rt, so
  // I ω − h τ = −3 R² ω/Rt → ω = h τ/(I + 3 R²/Rt).
  const auto r = SolveSapProblem(MakePizzaSaver(kH, 4.0, Leg()), Tight());
  ASSERT_TRUE(r.success);
  const double omega = kH * 4.0 / (1.0 + 3.0 / kRt);
  EXPECT_NEAR(r.v(3), omega, 1e-10 * omega);
  EXPECT_NEAR(r.v(2), 0.0, 1e-12);
  EXPECT_NEAR(r.v(0), 0.0, 1e-12);
  const SapModel model(MakePizzaSaver(kH, 4.0, Leg()));
  for (size_t i = 0; i < 3; ++i) {
    const auto& c = dynamic_cast<const FrictionConeConstraint&>(*model.constraints()[i].constraint);
    EXPECT_EQ(c.Project(core::Vector3(r.vc[i])).mode, ContactMode::kStiction);
    // Friction stays inside the cone: ‖γt‖ = h τ R/(Rt I + 3R²)·... < μ γn.
    EXPECT_LT(r.gamma[i].head<2>().norm(), 0.5 * r.gamma[i](2));
  }
}

TEST(SapSolver, PizzaSaverSlidingAboveMuMgR) {
  // τ = 6 N·m > μ m g R. Each leg slides: yt = −ωR ê_θ/Rt (yr = ωR/Rt), yn = (v̂n − vz)/Rn,
  // γn = (yn + μ̂ yr)/(1 + μ̃²), ‖γt‖ = μ γn. Balances: m (vz + g h) = 3 γn,
  // I ω − h τ = −3 R μ γn. Eliminating vz and ω (μ̂ yr = μ ω R/Rn):
  //   γn [(1 + μ̃²) + 3/(m Rn) + 3 μ² R²/(I Rn)] = (v̂n + g h)/Rn + μ R h τ/(I Rn).
  const double mu = 0.5, tau = 6.0, vhat = 0.0327;
  const double mu_tilde2 = mu * mu * kRt / kRn;
  const double gn = ((vhat + kGravity * kH) / kRn + mu * kH * tau / kRn) /
                    ((1.0 + mu_tilde2) + 3.0 / kRn + 3.0 * mu * mu / kRn);
  const double omega = kH * tau - 3.0 * mu * gn;
  const double vz = 3.0 * gn - kGravity * kH;
  const auto r = SolveSapProblem(MakePizzaSaver(kH, tau, Leg()), Tight());
  ASSERT_TRUE(r.success);
  EXPECT_NEAR(r.v(3), omega, 1e-9);
  EXPECT_NEAR(r.v(2), vz, 1e-9);
  const SapModel model(MakePizzaSaver(kH, tau, Leg()));
  for (size_t i = 0; i < 3; ++i) {
    const auto& c = dynamic_cast<const FrictionConeConstraint&>(*model.constraints()[i].constraint);
    EXPECT_EQ(c.Project(core::Vector3(r.vc[i])).mode, ContactMode::kSliding);
    EXPECT_NEAR(r.gamma[i](2), gn, 1e-9);
    EXPECT_NEAR(r.gamma[i].head<2>().norm(), mu * gn, 1e-9);
  }
  // Sliding couples normal and friction ("gliding"): vz > 0 although the stiction answer is 0.
  EXPECT_GT(r.v(2), 0.0);
}

TEST(SapSolver, PizzaSaverFrictionless) {
  // μ = 0: no friction torque, ω = ω* = h τ/I = 0.06 rad/s; normal answer unchanged (vz = 0).
  auto leg = Leg();
  leg.mu = 0.0;
  const auto r = SolveSapProblem(MakePizzaSaver(kH, 6.0, leg), Tight());
  ASSERT_TRUE(r.success);
  EXPECT_NEAR(r.v(3), 0.06, 1e-12);
  EXPECT_NEAR(r.v(2), 0.0, 1e-12);
  for (const auto& g : r.gamma) EXPECT_EQ(g.head<2>().norm(), 0.0);
}

TEST(SapSolver, PizzaSaverNearRigid) {
  // k = 1e12 N/m, β = 1, φ₀ = 0: the near-rigid bound wins, Rn = β² w/(4π²) = (√6/3)/(4π²).
  // vz = (3 v̂n/Rn − m g h)/(m + 3/Rn) with v̂n = 0 → vz = −m g h/(m + 3/Rn).
  auto leg = Leg();
  leg.stiffness = 1e12;
  leg.phi0 = 0.0;
  const double Rn = std::sqrt(6.0) / 3.0 / (4.0 * std::numbers::pi * std::numbers::pi);
  const auto r = SolveSapProblem(MakePizzaSaver(kH, 0.0, leg), Tight());
  ASSERT_TRUE(r.success);
  EXPECT_NEAR(r.v(2), -kGravity * kH / (1.0 + 3.0 / Rn), 1e-12);
}

TEST(SapSolver, NoConstraintsReturnsVStarWithZeroIterations) {
  SapProblem problem = MakePizzaSaver(kH, 1.0, Leg());
  problem.constraints.clear();
  const auto r = SolveSapProblem(problem, SapSolverParameters{});
  EXPECT_TRUE(r.success);
  EXPECT_EQ(r.iterations, 0);
  EXPECT_EQ(r.v, problem.cliques[0].v_star);
  EXPECT_TRUE(r.stats.empty());
}

TEST(SapSolver, NonParticipatingCliqueKeepsVStar) {
  SapProblem problem = MakePizzaSaver(kH, 0.0, Leg());
  Clique free_body{Eigen::Matrix2d::Identity() * 2.0, Eigen::Vector2d(0.3, -0.4)};
  problem.cliques.insert(problem.cliques.begin(), free_body);
  for (auto& c : problem.constraints) c.cliques = {1};
  const SapModel model(problem);
  EXPECT_EQ(model.num_problem_velocities(), 6);
  EXPECT_EQ(model.num_velocities(), 4);
  EXPECT_EQ(model.velocity_permutation(), (std::vector<int>{-1, -1, 0, 1, 2, 3}));
  const auto r = SolveSapProblem(problem, Tight());
  EXPECT_EQ(r.v(0), 0.3);
  EXPECT_EQ(r.v(1), -0.4);
  EXPECT_NEAR(r.v(4), 0.0, 1e-12);  // the pizza's vz as before
}

TEST(SapSolver, GuessThatIsOptimalTakesZeroIterations) {
  // Warm start from the converged answer: (4.3) holds at k = 0, no factorization.
  const SapProblem problem = MakePizzaSaver(kH, 4.0, Leg());
  const auto first = SolveSapProblem(problem, SapSolverParameters{});
  SapProblem warm = problem;
  warm.v_guess = first.v;
  const auto second = SolveSapProblem(warm, SapSolverParameters{});
  EXPECT_TRUE(second.success);
  EXPECT_TRUE(second.optimality_criterion_reached);
  EXPECT_EQ(second.iterations, 0);
}

TEST(SapSolver, MaxIterationsGivesFailure) {
  auto p = SapSolverParameters{};
  p.max_iterations = 1;
  p.rel_tolerance = 0.0;
  p.abs_tolerance = 0.0;
  p.cost_rel_tolerance = 0.0;  // with εca = 1e-30 the cost criterion needs an exact repeat
  const auto r = SolveSapProblem(MakePizzaSaver(kH, 6.0, Leg()), p);
  EXPECT_FALSE(r.success);
  EXPECT_EQ(r.iterations, 1);
  EXPECT_FALSE(r.optimality_criterion_reached);
}

TEST(SapSolver, CostCriterionAloneIsSuccess) {
  // Course exercise 4: rel_tolerance = abs_tolerance = 0 makes (4.3) unreachable; the run still
  // succeeds through (4.4) once the cost stops changing with a full step.
  auto p = SapSolverParameters{};
  p.rel_tolerance = 0.0;
  p.abs_tolerance = 0.0;
  const auto r = SolveSapProblem(MakePizzaSaver(kH, 6.0, Leg()), p);
  EXPECT_TRUE(r.success);
  EXPECT_TRUE(r.cost_criterion_reached);
  EXPECT_FALSE(r.optimality_criterion_reached);
  ASSERT_FALSE(r.stats.empty());
  EXPECT_GT(r.stats.back().alpha, 0.5);
}

// A final step whose cost rises by rounding alone must not fail a converging solve, even with
// nonmonotonic_convergence_is_error: Drake checks monotonicity after the convergence test for
// this reason. Construction: (4.3) off (εa = εr = 0), so the run ends on (4.4), and
// relative_slop = 0, so a rise of one rounding unit counts. Why the final step's cost can rise:
// its exact decrease is ½ gᵀH⁻¹g ≤ ½ gᵀA⁻¹g = ½ ‖D g‖² (H = A + JᵀGJ ⪰ A, and A is diagonal here,
// so A⁻¹ = D²), and the test checks that this is below one rounding unit ε|ℓ| of the cost; the
// computed change of ℓ is then rounding, up or down. Over the torques below some final steps go
// up: the first one found is solved again with the error switched on.
TEST(SapSolver, FinalStepRisingByRoundOffStillConverges) {
  auto p = SapSolverParameters{};
  p.rel_tolerance = 0.0;
  p.abs_tolerance = 0.0;
  p.relative_slop = 0.0;
  int rising = 0;
  for (int i = 0; i < 40 && rising == 0; ++i) {
    const SapProblem problem = MakePizzaSaver(kH, 4.0 + 0.05 * i, Leg());
    const auto quiet = SolveSapProblem(problem, p);
    ASSERT_TRUE(quiet.success && quiet.cost_criterion_reached);
    ASSERT_FALSE(quiet.stats.empty());
    const double before = quiet.stats.back().cost;
    if (!(quiet.cost > before)) continue;
    ++rising;
    // The exact decrease of the final step is below one rounding unit of ℓ.
    const double residual = quiet.stats.back().momentum_residual;
    EXPECT_LT(0.5 * residual * residual, core::kEpsilon * std::abs(before));
    // The old order (check before the convergence test) threw here; Drake's order converges.
    auto strict = p;
    strict.nonmonotonic_convergence_is_error = true;
    const auto r = SolveSapProblem(problem, strict);
    EXPECT_TRUE(r.success);
    EXPECT_EQ(r.v, quiet.v);
    EXPECT_EQ(r.nonmonotonic_iterations, 0);
  }
  EXPECT_EQ(rising, 1) << "no torque gave a final step whose cost rose by rounding";
}

// Before convergence, a rise of ℓ over a step is counted (nonmonotonic_iterations) and, with
// nonmonotonic_convergence_is_error, is an error naming both costs and the step. Every criterion
// is off (εa = εr = εca = εcr = 0) and relative_slop = 0, so the run goes on past convergence for
// max_iterations: there a step's exact decrease is below one rounding unit of ℓ (see above) and
// the computed ℓ moves up or down by rounding alone. The first torque whose run counts a rise is
// solved again with the error on: it must stop at that run's first rise, ℓₖ > ℓₖ₋₁ (ℓₖ the
// cost at the top of iteration k: stats[k].cost, or the final cost after the last step).
TEST(SapSolver, CostRiseBeforeConvergenceIsCountedOrAnError) {
  SapSolverParameters p;
  p.abs_tolerance = p.rel_tolerance = 0.0;
  p.cost_abs_tolerance = p.cost_rel_tolerance = 0.0;
  p.relative_slop = 0.0;
  p.max_iterations = 40;
  int rising = 0;
  for (int i = 0; i < 40 && rising == 0; ++i) {
    const SapProblem problem = MakePizzaSaver(kH, 4.0 + 0.05 * i, Leg());
    const auto quiet = SolveSapProblem(problem, p);
    if (quiet.nonmonotonic_iterations == 0) continue;
    ++rising;
    EXPECT_FALSE(quiet.success);
    std::vector<double> ell;
    for (const auto& s : quiet.stats) ell.push_back(s.cost);
    ell.push_back(quiet.cost);
    size_t k = 1;
    while (k < ell.size() && !(ell[k] > ell[k - 1])) ++k;
    ASSERT_LT(k, ell.size());
    auto strict = p;
    strict.nonmonotonic_convergence_is_error = true;
    EXPECT_EQ(core::NumericalErrorOf([&] { SolveSapProblem(problem, strict); }),
              "SAP cost increased from " + core::FormatNumber(ell[k - 1]) + " J to " +
                  core::FormatNumber(ell[k]) + " J in the step of iteration " +
                  std::to_string(k - 1));
  }
  EXPECT_EQ(rising, 1) << "no torque gave a run whose cost rose by rounding";
}

TEST(SapSolver, BacktrackingReachesTheSameAnswer) {
  auto exact = Tight();
  auto back = Tight();
  back.line_search = LineSearchType::kBacktracking;
  const auto a = SolveSapProblem(MakePizzaSaver(kH, 6.0, Leg()), exact);
  const auto b = SolveSapProblem(MakePizzaSaver(kH, 6.0, Leg()), back);
  ASSERT_TRUE(b.success);
  EXPECT_NEAR((a.v - b.v).norm(), 0.0, 1e-9);
}

TEST(SapSolver, DoublingMaxIterationsChangesNothingThatConverged) {
  // Course exercise 5: max_iterations is a per-solve budget, not a time step.
  auto p = SapSolverParameters{};
  const auto a = SolveSapProblem(MakePizzaSaver(kH, 6.0, Leg()), p);
  p.max_iterations = 200;
  const auto b = SolveSapProblem(MakePizzaSaver(kH, 6.0, Leg()), p);
  EXPECT_EQ(a.v, b.v);
  EXPECT_EQ(a.iterations, b.iterations);
}

TEST(SapSolver, ScaledResidualIsInvariantUnderAChangeOfUnits) {
  // Course exercise 6: express vx in mm/s instead of m/s. Then v'x = 1e3 vx, A'xx = 1e-6 A_xx
  // (kg·m²/mm²), J'(:, x) = 1e-3 J(:, x), and g'x = 1e-3 gx. With D = diag(A)^(−1/2),
  // D'x g'x = 1e3 · 1e-3 gx = Dx gx: ‖Dg‖ [√J], the stop decision and the iterates agree.
  // (With D = diag(A)^(+1/2) the x entry would scale by 1e-6.)
  SapProblem meters = MakePizzaSaver(kH, 6.0, Leg());
  meters.cliques[0].v_star(0) = 0.05;
  SapProblem millimeters = meters;
  millimeters.cliques[0].A(0, 0) *= 1e-6;
  millimeters.cliques[0].v_star(0) *= 1e3;
  for (auto& c : millimeters.constraints) c.J[0].col(0) *= 1e-3;
  const auto a = SolveSapProblem(meters, SapSolverParameters{});
  const auto b = SolveSapProblem(millimeters, SapSolverParameters{});
  ASSERT_TRUE(a.success && b.success);
  EXPECT_EQ(a.iterations, b.iterations);
  ASSERT_EQ(a.stats.size(), b.stats.size());
  for (size_t k = 0; k < a.stats.size(); ++k) {
    EXPECT_NEAR(a.stats[k].momentum_residual, b.stats[k].momentum_residual,
                1e-9 * a.stats[k].momentum_residual);
  }
  EXPECT_NEAR(b.v(0), 1e3 * a.v(0), 1e-9 * std::abs(1e3 * a.v(0)));
  EXPECT_GT(std::abs(a.v(0)), 1e-3);  // the x direction is really exercised
}

TEST(SapSolver, LaggedFrictionAboveMuGammaNIsNotAFailure) {
  // Course exercise 3: a point mass (m = 1 kg) that approached at vn₀ = −0.5 m/s in the previous
  // state but separates now (v*n = +0.05 m/s), sliding at 0.5 m/s. Lagged, μ = 0.5, k = 1e4 N/m,
  // d = 0.5 s/m, fe₀ = 9.81 N: n₀ = h fe₀ (1 + d·0.5) = 0.01·9.81·1.25 = 0.122625 N·s, while the
  // current γn = n(vn) is small because vn > 0 unloads the spring (n(0.05) = 0.01·4.81·0.975).
  SapProblem problem;
  problem.time_step = kH;
  problem.cliques.push_back({core::MatrixX::Identity(3, 3), core::Vector3(0.5, 0.0, 0.05)});
  ConstraintSpec spec;
  spec.cliques = {0};
  spec.J = {core::MatrixX::Identity(3, 3)};
  spec.parameters = HuntCrossleyParameters{.approximation = HuntCrossleyApproximation::kLagged,
                                           .mu = 0.5,
                                           .stiffness = 1e4,
                                           .dissipation = 0.5,
                                           .fe0 = 9.81,
                                           .vn0 = -0.5};
  problem.constraints.push_back(spec);
  const auto r = SolveSapProblem(problem, SapSolverParameters{});
  ASSERT_TRUE(r.success);
  const double gt = r.gamma[0].head<2>().norm();
  EXPECT_LE(gt, 0.5 * 0.122625 * (1 + 1e-12));  // ‖γt‖ ≤ μ n₀ always
  EXPECT_GT(gt, 0.5 * r.gamma[0](2));           // ‖γt‖ > μ γn here
}

TEST(SapSolver, BadProblemNamesTheField) {
  SapProblem problem = MakePizzaSaver(kH, 0.0, Leg());
  problem.constraints[1].J[0] = core::MatrixX::Zero(2, 4);
  try {
    SapModel model(problem);
    FAIL();
  } catch (const core::InputError& e) {
    EXPECT_NE(std::string(e.what()).find("constraints[1].J[0] rows = 2"), std::string::npos)
        << e.what();
  }
  problem = MakePizzaSaver(kH, 0.0, Leg());
  problem.cliques[0].A(0, 0) = -1.0;
  EXPECT_THROW(SapModel{problem}, core::InputError);
}

}  // namespace
}  // namespace simatlas::sap
