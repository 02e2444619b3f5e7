// Unit tests of the SAP optimality check (E3-SAP §4 (4.1), §4.2 (4.3)) on a 1-DOF problem whose
// optimum is derived by hand below; a perturbed v, a wrong impulse and v* itself must fail.
// Equation numbers (N.M) are the formula sheet's (course/FORMULAS.md).
#include "reference/sap/optimality.h"

#include <gtest/gtest.h>

#include "reference/core/errors.h"

namespace simatlas::sap {
namespace {

using core::VectorX;

// One body of m = 4 kg moving along the contact normal: A = [4], v* = −1 m/s, J = [0; 0; 1].
// kSap cone with μ = 0.5, k = 1e4 N/m, τd = 0, h = 0.01 s, φ₀ = −1e-3 m, β = 1, σ = 1e-3.
//   Delassus: W = J A⁻¹ Jᵀ = diag(0, 0, 1/4), w = ‖W‖_F/3 = 1/12 per equation;
//   Rn = max(β² wn/(4π²), 1/(h k (h + τd))) = max(1/(12·4π²) = 0.0021, 1/(0.01·1e4·0.01) = 1) = 1 1/kg;
//   v̂n = −φ₀/(h + τd) = 1e-3/0.01 = 0.1 m/s.
// With vt = 0, yt = 0 and yr = √1e-14 = 1e-7 ≤ μ yn: stiction, γ = y = (0, 0, (v̂n − v)/Rn).
// Momentum 4(v + 1) = 0.1 − v → 5v = −3.9 → v = −0.78 m/s, γn = 0.1 + 0.78 = 0.88 N·s
// (check: 4·(−0.78 + 1) = 0.88).
SapProblem FallingBody() {
  SapProblem p;
  p.time_step = 0.01;
  p.cliques.push_back({core::MatrixX::Constant(1, 1, 4.0), VectorX::Constant(1, -1.0)});
  ConstraintSpec c;
  c.cliques = {0};
  c.J = {(core::MatrixX(3, 1) << 0, 0, 1).finished()};
  c.parameters = FrictionConeParameters{.mu = 0.5,
                                        .stiffness = 1e4,
                                        .relaxation_time = 0.0,
                                        .phi0 = -1e-3,
                                        .beta = 1.0,
                                        .sigma = 1e-3};
  p.constraints.push_back(c);
  return p;
}

VectorX Vec(std::initializer_list<double> x) {
  VectorX v(static_cast<int>(x.size()));
  int i = 0;
  for (double e : x) v(i++) = e;
  return v;
}

TEST(SapOptimality, HandDerivedOptimumPasses) {
  const auto m = EvaluateSapOptimality(FallingBody(), Vec({-0.78}), {Vec({0, 0, 0.88})});
  // γ(v) is the hand value; g = 4·0.22 − 0.88 = 0 up to rounding.
  EXPECT_NEAR(m.gamma[0](2), 0.88, 1e-14);
  EXPECT_EQ(m.gamma[0](0), 0.0);
  EXPECT_NEAR(m.momentum_residual, 0.0, 1e-14);
  // s = max(D·|A v|, D·|γ|) = max(0.5·3.12, 0.5·0.88) = 1.56 with D = 4^(−1/2) = 0.5.
  EXPECT_NEAR(m.momentum_scale, 1.56, 1e-14);
  EXPECT_LE(m.impulse_error, 1e-15);
  EXPECT_EQ(SapOptimalityViolation(m), "");
}

TEST(SapOptimality, PerturbedVelocityFailsMomentumBalance) {
  // v = −0.77: γn = 0.1 + 0.77 = 0.87, g = 4·0.23 − 0.87 = 0.05, r = D g = 0.5·0.05 = 0.025;
  // s = max(0.5·4·0.77, 0.5·0.87) = 1.54 → r/s = 0.016 ≫ 2e-6.
  const auto m = EvaluateSapOptimality(FallingBody(), Vec({-0.77}), {Vec({0, 0, 0.87})});
  EXPECT_NEAR(m.momentum_residual, 0.025, 1e-14);
  EXPECT_NEAR(m.momentum_scale, 1.54, 1e-14);
  EXPECT_NE(SapOptimalityViolation(m).find("momentum balance"), std::string::npos);
}

TEST(SapOptimality, UnconstrainedVelocityFails) {
  // v = v* = −1: γn = 1.1, g = 0 − 1.1, r = 0.55, s = max(2, 0.55) = 2.
  const auto m = EvaluateSapOptimality(FallingBody(), Vec({-1.0}), {Vec({0, 0, 0})});
  EXPECT_NEAR(m.momentum_residual, 0.55, 1e-14);
  EXPECT_NE(SapOptimalityViolation(m), "");
}

TEST(SapOptimality, ImpulseThatIsNotTheLawAtVFails) {
  // The optimal v with a tangential impulse 0.1 N·s that the law does not give (γt(v) = 0).
  const auto m = EvaluateSapOptimality(FallingBody(), Vec({-0.78}), {Vec({0.1, 0, 0.88})});
  EXPECT_NEAR(m.impulse_error, 0.1, 1e-14);
  EXPECT_EQ(m.worst_constraint, 0);
  EXPECT_NE(SapOptimalityViolation(m).find("impulse law"), std::string::npos);
}

// A second clique no constraint references (A = [9] kg, v* = 2 m/s) is measured apart, with the
// solver's (4.3) on its own DOFs (Drake's participating-DOF convention for the contact part):
//   at v = v*: g = 0, so the answer passes and the participating numbers stay the hand ones;
//   at v = 2.1: ‖D g‖ = 9·0.1/√9 = 0.3 √J against 1e-14 + 2e-6 · ‖D A v‖ = 2e-6 · 3·2.1 = 1.26e-5.
TEST(SapOptimality, NonParticipatingCliqueMustKeepVStar) {
  SapProblem p = FallingBody();
  p.cliques.push_back({core::MatrixX::Constant(1, 1, 9.0), VectorX::Constant(1, 2.0)});
  const auto kept = EvaluateSapOptimality(p, Vec({-0.78, 2.0}), {Vec({0, 0, 0.88})});
  EXPECT_EQ(SapOptimalityViolation(kept), "");
  EXPECT_EQ(kept.free_momentum_residual, 0.0);
  EXPECT_NEAR(kept.free_momentum_scale, 6.0, 1e-14);  // ‖D A v‖ = 3 · 2
  EXPECT_NEAR(kept.momentum_scale, 1.56, 1e-14);      // as without the second clique
  const auto moved = EvaluateSapOptimality(p, Vec({-0.78, 2.1}), {Vec({0, 0, 0.88})});
  EXPECT_NEAR(moved.free_momentum_residual, 0.3, 1e-14);
  EXPECT_NE(SapOptimalityViolation(moved).find("non-participating cliques keep v*"),
            std::string::npos);
}

TEST(SapOptimality, WrongSizesAndNaNAreInputErrors) {
  EXPECT_THROW(EvaluateSapOptimality(FallingBody(), Vec({-0.78, 0}), {Vec({0, 0, 0.88})}),
               core::InputError);
  EXPECT_THROW(EvaluateSapOptimality(FallingBody(), Vec({-0.78}), {Vec({0, 0.88})}),
               core::InputError);
  EXPECT_THROW(EvaluateSapOptimality(FallingBody(), Vec({-0.78}), {}), core::InputError);
  EXPECT_THROW(EvaluateSapOptimality(FallingBody(), Vec({std::nan("")}), {Vec({0, 0, 0.88})}),
               core::InputError);
}

}  // namespace
}  // namespace simatlas::sap
