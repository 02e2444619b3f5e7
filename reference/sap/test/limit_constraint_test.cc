// E3-SAP §2 / §4.1: the joint-limit constraint, hand-derived numbers.
// Unit tests of the joint-limit constraint (limit_constraint.h). Hand-derived numbers.
#include "reference/sap/limit_constraint.h"

#include <gtest/gtest.h>

#include <numbers>
#include <string>

#include "reference/core/errors.h"

namespace simatlas::sap {
namespace {

TEST(LimitConstraint, RigidLowerLimitHandValues) {
  // q₀ = −0.01 below q_l = 0 (φ = −0.01), rigid (k = inf), τ = 0, β = 0.1, w = 2, h = 0.01:
  // R = 0.01/(4π²) · 2 = 0.02/(4π²); v̂ = 0.01/0.01 = 1 rad/s.
  LimitParameters p{.q0 = -0.01, .lower = 0.0};
  const LimitConstraint c(p, 0.01, core::VectorX::Constant(1, 2.0));
  const double R = 0.02 / (4.0 * std::numbers::pi * std::numbers::pi);
  EXPECT_DOUBLE_EQ(c.R()(0), R);
  EXPECT_DOUBLE_EQ(c.vhat()(0), 1.0);
  // At v = 0: y = (1 − 0)/R > 0 → γ = 1/R, G = 1/R, ℓ = ½ R γ² = 1/(2R).
  const auto v = c.Calc(core::VectorX::Zero(1));
  EXPECT_DOUBLE_EQ(v.gamma(0), 1.0 / R);
  EXPECT_DOUBLE_EQ(v.G(0, 0), 1.0 / R);
  EXPECT_DOUBLE_EQ(v.cost, 0.5 / R);
  // Moving away faster than v̂ releases the limit.
  EXPECT_EQ(c.Calc(core::VectorX::Constant(1, 1.5)).gamma(0), 0.0);
}

TEST(LimitConstraint, TwoRowsAndTheirJacobian) {
  LimitParameters p{
      .q0 = 0.5, .lower = 0.0, .upper = 1.0, .stiffness = 1e4, .relaxation_time = 0.0, .beta = 0.0};
  EXPECT_EQ(CountLimitRows(p), 2);
  const core::MatrixX J = MakeLimitJacobian(p, 3, 1);
  EXPECT_EQ(J(0, 1), 1.0);
  EXPECT_EQ(J(1, 1), -1.0);
  EXPECT_EQ(J.cwiseAbs().sum(), 2.0);
  // Compliant: R = 1/(h k h) = 1/(0.01·1e4·0.01) = 1; v̂ = −0.5/0.01 = −50 for both rows.
  const LimitConstraint c(p, 0.01, core::VectorX::Constant(2, 1.0));
  EXPECT_DOUBLE_EQ(c.R()(0), 1.0);
  EXPECT_DOUBLE_EQ(c.vhat()(1), -50.0);
}

TEST(LimitConstraint, BadInputThrows) {
  EXPECT_THROW(ValidateLimitParameters({.q0 = 0.0}), core::InputError);  // no finite bound
  EXPECT_THROW(ValidateLimitParameters({.q0 = 0.0, .lower = 1.0, .upper = 0.0}), core::InputError);
  EXPECT_THROW(LimitConstraint({.q0 = 0.0, .lower = 0.0, .beta = 0.0}, 0.01,
                               core::VectorX::Constant(1, 1.0)),
               core::InputError);  // rigid with β = 0 → R = 0
  EXPECT_THROW(MakeLimitJacobian({.q0 = 0.0, .lower = 0.0}, 2, 2), core::InputError);
}

// A rigid limit without compliance names its cause: β = 0, or w = 0 (J A⁻¹ Jᵀ zero, e.g. a J of
// zeros given through the API) with β > 0, where blaming β would be wrong.
TEST(LimitConstraint, ZeroRegularisationNamesItsCause) {
  const auto message = [](const LimitParameters& p, double w) {
    try {
      LimitConstraint(p, 0.01, core::VectorX::Constant(1, w));
    } catch (const core::InputError& e) {
      return std::string(e.what());
    }
    return std::string();
  };
  EXPECT_EQ(message({.q0 = 0.0, .lower = 0.0, .beta = 0.0}, 1.0),
            "beta = 0 must be > 0 for a rigid limit (R would be 0)");
  EXPECT_EQ(message({.q0 = 0.0, .lower = 0.0}, 0.0),
            "w = 0 1/kg must be > 0 for a rigid limit (the Delassus estimate of J A^-1 J^T; R = "
            "beta^2 w/(4 pi^2) would be 0)");
  EXPECT_EQ(message({.q0 = 0.0, .lower = 0.0}, 1.0), "");
}

}  // namespace
}  // namespace simatlas::sap
