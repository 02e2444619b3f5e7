// Unit tests of the MuJoCo optimality check (MJ-solvers §2b, §3, §5) on 1-DOF problems whose
// optima are derived by hand below; perturbed, flipped-friction, infeasible and unconstrained
// (qacc_smooth) answers must fail.
#include "reference/mujoco/optimality.h"

#include <gtest/gtest.h>

#include "reference/core/errors.h"

namespace simatlas::mujoco {
namespace {

using core::VectorX;

// nv = 1, M = [2], a₀ = −10, one row J = [1] of the given kind, R = 0.5, meaninertia = 2
// (scale = 1/(2·1) = 0.5).
Problem OneDof(RowKind kind, double aref, double frictionloss) {
  Problem p;
  p.nv = 1;
  p.M = core::MatrixX::Constant(1, 1, 2.0);
  p.qacc_smooth = VectorX::Constant(1, -10.0);
  p.J = core::MatrixX::Ones(1, 1);
  p.R = VectorX::Constant(1, 0.5);
  p.aref = VectorX::Constant(1, aref);
  p.frictionloss = VectorX::Constant(1, frictionloss);
  p.kind = {kind};
  p.contact = {-1};
  p.opt.meaninertia = 2.0;
  return p;
}

// Limit row, aref = 4. Quadratic while jar = a − 4 < 0: f = −jar/R = (4 − a)/0.5.
// Momentum 2(a + 10) = 2(4 − a) → 4a = −12 → a = −3, jar = −7, f = 14 N (≥ 0: feasible).
// Dual check: A = J M⁻¹ Jᵀ = 0.5, b = J a₀ − aref = −14, f = −b/(A + R) = 14.
Problem Limit() { return OneDof(RowKind::kLimitJoint, 4.0, 0.0); }

VectorX One(double x) { return VectorX::Constant(1, x); }

TEST(MujocoOptimality, HandDerivedLimitOptimumPasses) {
  const auto m = EvaluateMujocoOptimality(Limit(), One(14.0), One(-3.0));
  EXPECT_EQ(m.scale, 0.5);
  EXPECT_EQ(m.state[0], RowState::kQuadratic);
  EXPECT_EQ(m.force_at_qacc(0), 14.0);
  EXPECT_EQ(m.gradient, 0.0);
  EXPECT_EQ(m.momentum_residual, 0.0);
  // magnitude = 0.5 · max(2·7, 14) = 7.
  EXPECT_EQ(m.magnitude, 7.0);
  EXPECT_EQ(MujocoOptimalityViolation(m), "");
}

TEST(MujocoOptimality, PerturbedAccelerationFails) {
  // a = −2.9 with f = 14: M(a − a₀) = 14.2 → momentum 0.5·0.2 = 0.1; f(a) = 6.9/0.5 = 13.8,
  // force error 0.5·0.2 = 0.1; gradient 0.5·(14.2 − 13.8) = 0.2.
  const auto m = EvaluateMujocoOptimality(Limit(), One(14.0), One(-2.9));
  EXPECT_NEAR(m.momentum_residual, 0.1, 1e-12);
  EXPECT_NEAR(m.force_error, 0.1, 1e-12);
  EXPECT_NEAR(m.gradient, 0.2, 1e-12);
  EXPECT_NE(MujocoOptimalityViolation(m).find("momentum"), std::string::npos);
}

TEST(MujocoOptimality, UnconstrainedAnswerFails) {
  // qacc_smooth with f = 0: momentum holds (0 = 0), but at a = −10 jar = −14, f(a) = 28,
  // force error 0.5·28 = 14, gradient 0.5·28 = 14.
  const auto m = EvaluateMujocoOptimality(Limit(), One(0.0), One(-10.0));
  EXPECT_EQ(m.momentum_residual, 0.0);
  EXPECT_EQ(m.force_error, 14.0);
  EXPECT_EQ(m.gradient, 14.0);
  EXPECT_NE(MujocoOptimalityViolation(m).find("row law at qacc"), std::string::npos);
}

TEST(MujocoOptimality, NegativeLimitForceIsInfeasible) {
  // f = −2 on a limit row: Ω requires f ≥ 0, violation 0.5·2 = 1 (momentum made consistent).
  const auto m = EvaluateMujocoOptimality(Limit(), One(-2.0), One(-11.0));
  EXPECT_EQ(m.infeasibility, 1.0);
  EXPECT_NE(MujocoOptimalityViolation(m).find("feasibility"), std::string::npos);
}

// Frictionloss row, fl = 3, aref = 0: quadratic only while |jar| < R·fl = 1.5. The optimum pushes
// against a₀ = −10: f = +fl = 3 (linear_neg), a = −10 + 3/2 = −8.5 (jar = −8.5 < −1.5 ✓).
Problem Friction() { return OneDof(RowKind::kFrictionDof, 0.0, 3.0); }

TEST(MujocoOptimality, HandDerivedFrictionOptimumPasses) {
  const auto m = EvaluateMujocoOptimality(Friction(), One(3.0), One(-8.5));
  EXPECT_EQ(m.state[0], RowState::kLinearNeg);
  EXPECT_EQ(m.gradient, 0.0);
  EXPECT_EQ(MujocoOptimalityViolation(m), "");
}

TEST(MujocoOptimality, FlippedFrictionSignFails) {
  // f = −3, a = −10 − 1.5 = −11.5: feasible (|f| ≤ 3) and momentum-consistent, but at a the row
  // law gives +3: force error 0.5·6 = 3, gradient 0.5·|−3 − 3| = 3.
  const auto m = EvaluateMujocoOptimality(Friction(), One(-3.0), One(-11.5));
  EXPECT_EQ(m.infeasibility, 0.0);
  EXPECT_EQ(m.momentum_residual, 0.0);
  EXPECT_EQ(m.force_error, 3.0);
  EXPECT_EQ(m.gradient, 3.0);
  EXPECT_NE(MujocoOptimalityViolation(m), "");
}

TEST(MujocoOptimality, WrongSizesAndNaNAreInputErrors) {
  EXPECT_THROW(EvaluateMujocoOptimality(Limit(), VectorX::Zero(2), One(-3.0)), core::InputError);
  EXPECT_THROW(EvaluateMujocoOptimality(Limit(), One(14.0), VectorX::Zero(2)), core::InputError);
  EXPECT_THROW(EvaluateMujocoOptimality(Limit(), One(std::nan("")), One(-3.0)), core::InputError);
}

}  // namespace
}  // namespace simatlas::mujoco
