// E3-SAP §3–§4 — degenerate but legal problems: every constraint inactive, zero
// friction μ = 0, and a rigid side (k = inf). Each answer is derived by hand below, checked with
// both linear solvers, and must be finite with success reported.
// Equation numbers (N.M) are the formula sheet's (course/FORMULAS.md).
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>
#include <variant>

#include "reference/core/test/error_of.h"
#include "reference/sap/sap_problem.h"
#include "reference/sap/sap_solver.h"

namespace simatlas::sap {
namespace {

constexpr double kH = 0.01;  // h [s]
constexpr double kG = 9.81;  // g [m/s²]

// A 1 kg point mass (A = I₃, v = (vx, vy, vz)) with one contact of J = I₃ (rows t₁, t₂, n).
SapProblem PointMassOnGround(double mu, double phi0, const core::Vector3& v_star) {
  SapProblem p;
  p.time_step = kH;
  p.cliques.push_back({core::MatrixX::Identity(3, 3), v_star});
  FrictionConeParameters cone;
  cone.mu = mu;
  cone.stiffness = 1e4;
  cone.relaxation_time = 0.0;
  cone.phi0 = phi0;
  p.constraints.push_back({{0}, {core::MatrixX::Identity(3, 3)}, {}, cone});
  return p;
}

SapSolverParameters Tight(LinearSolverType solver) {
  SapSolverParameters p;
  p.rel_tolerance = 1e-12;
  p.linear_solver = solver;
  return p;
}

void ExpectFinite(const SapSolverResult& r) {
  EXPECT_TRUE(r.v.allFinite());
  for (const auto& g : r.gamma) EXPECT_TRUE(g.allFinite());
  for (const auto& v : r.vc) EXPECT_TRUE(v.allFinite());
  EXPECT_TRUE(std::isfinite(r.cost));
  EXPECT_TRUE(std::isfinite(r.momentum_residual));
}

class Degenerate : public ::testing::TestWithParam<LinearSolverType> {};

TEST_P(Degenerate, EveryConstraintInactiveGivesVStarAndZeroImpulse) {
  // φ₀ = +0.1 m above the ground, falling at v*n = −g h = −0.0981 m/s: v̂n = −φ₀/h = −10 m/s,
  // so yn = −(vn − v̂n)/Rn < 0 at v = v*: no contact, γ = 0, g = A(v − v*) = 0 → v = v* at k = 0.
  const core::Vector3 v_star(0.3, -0.2, -kG * kH);
  const SapSolverResult r = SolveSapProblem(PointMassOnGround(0.5, 0.1, v_star), Tight(GetParam()));
  ExpectFinite(r);
  EXPECT_TRUE(r.success);
  EXPECT_EQ(r.iterations, 0);
  EXPECT_EQ(r.v, v_star);
  EXPECT_EQ(r.gamma[0], core::Vector3::Zero());
  EXPECT_EQ(r.cost, 0.0);
}

TEST_P(Degenerate, ZeroFrictionKeepsTheTangentialVelocity) {
  // μ = 0, φ₀ = 0, sliding v* = (0.5, 0, −g h). Normal (3.2): Rn = max(β²/(4π²) w, 1/(h k h))
  // = max(0.0253 · 0.577, 1/(0.01 · 1e4 · 0.01)) = 1 kg⁻¹, v̂n = 0. Optimality m(vn − v*n) = γn
  // = −vn/Rn gives vn = v*n/(1 + 1/(m Rn)) = v*n/2 = −0.04905 m/s, γn = 0.04905 N·s. The cone with
  // μ = 0 is the normal ray: γt = 0, so vt = v*t exactly.
  const core::Vector3 v_star(0.5, 0.0, -kG * kH);
  const SapSolverResult r = SolveSapProblem(PointMassOnGround(0.0, 0.0, v_star), Tight(GetParam()));
  ExpectFinite(r);
  ASSERT_TRUE(r.success);
  EXPECT_NEAR(r.v(2), -kG * kH / 2, 1e-12);
  EXPECT_NEAR(r.gamma[0](2), kG * kH / 2, 1e-12);
  EXPECT_NEAR(r.v(0), 0.5, 1e-12);
  EXPECT_NEAR(r.v(1), 0.0, 1e-12);
  EXPECT_NEAR(r.gamma[0].head<2>().norm(), 0.0, 1e-12);
}

// One DOF with A [kg] and v* [m/s] into a rigid lower limit at q₀ = q_l = 0 (φ = 0, τ = 0,
// β = 0.1, the defaults).
SapProblem RigidLowerLimit(double A, double v_star) {
  SapProblem p;
  p.time_step = kH;
  p.cliques.push_back({core::MatrixX::Constant(1, 1, A), core::VectorX::Constant(1, v_star)});
  LimitParameters limit;
  limit.q0 = 0.0;
  limit.lower = 0.0;
  p.constraints.push_back({{0}, {MakeLimitJacobian(limit, 1, 0)}, {}, limit});
  return p;
}

TEST_P(Degenerate, RigidJointLimitUsesTheNearRigidRegulariser) {
  // One DOF, A = 2 kg, v* = −1 m/s into a lower limit at q₀ = q_l (φ = 0), k = inf (rigid side),
  // τ = 0, β = 0.1. W = 1/A = 0.5 → w = ‖W‖_F/1 = 0.5; 1/(h k (h + τ)) = 0, so
  // R = β²/(4π²) w = 0.005/(4π²) = 1.26651e-4 kg⁻¹, v̂ = 0. Optimality A(v − v*) = γ = −v/R:
  // v = A v*/(A + 1/R) = −2/(2 + 4π²/0.005) = −2.5324e-4 m/s, γ = −v/R.
  const SapProblem p = RigidLowerLimit(2.0, -1.0);
  ASSERT_TRUE(std::isinf(std::get<LimitParameters>(p.constraints[0].parameters).stiffness));
  const SapSolverResult r = SolveSapProblem(p, Tight(GetParam()));
  ExpectFinite(r);
  ASSERT_TRUE(r.success);
  const double R = 0.1 * 0.1 / (4 * std::numbers::pi * std::numbers::pi) * 0.5;
  const double v = 2.0 * -1.0 / (2.0 + 1.0 / R);
  EXPECT_NEAR(r.v(0), v, 1e-12);
  EXPECT_NEAR(r.gamma[0](0), -v / R, 1e-9);
}

// The same limit at any inertia scale: R = β²w/(4π²) with w = 1/A, so 1/R = 4π²A/β² and
// v = A v*/(A + 1/R) = v*/(1 + 4π²/β²), whatever A is. At A = 1e200 kg (W = 1e-200, whose square
// underflows) and A = 1e-200 kg (W² overflows) ‖W‖_F must still be 1/A: a w rounded to 0 makes
// R = 0 (refused, blaming β), a w of inf makes R = inf and the limit lets v = v* through.
// γ = A(v − v*) is 1e200·(1 − 1/3948.8…) at the large end: finite. εa = 0, so (4.3) is relative:
// at A = 1e-200 kg, ‖D g‖ at v = v* is about 1e-97 √J, below the absolute εa = 1e-14 √J, which
// would accept v* itself.
TEST_P(Degenerate, RigidJointLimitDoesNotDependOnTheInertiaScale) {
  const double v = -1.0 / (1.0 + 4 * std::numbers::pi * std::numbers::pi / (0.1 * 0.1));
  SapSolverParameters parameters = Tight(GetParam());
  parameters.abs_tolerance = 0;
  for (const double A : {2.0, 1e200, 1e-200}) {
    SCOPED_TRACE(A);
    const SapSolverResult r = SolveSapProblem(RigidLowerLimit(A, -1.0), parameters);
    ExpectFinite(r);
    ASSERT_TRUE(r.success);
    EXPECT_NEAR(r.v(0), v, 1e-12 * std::abs(v));
    EXPECT_NEAR(r.gamma[0](0), A * (v + 1.0), 1e-12 * A);
  }
}

// An impulse beyond the doubles is an error naming it, never an answer: A = 1e10 kg, v* = −1e300
// m/s into the rigid limit above, so γ ≈ A|v*| = 1e310 N·s > DBL_MAX ≈ 1.8e308 (inf).
TEST_P(Degenerate, AnImpulseBeyondTheDoublesIsNamed) {
  const SapProblem p = RigidLowerLimit(1e10, -1e300);
  EXPECT_EQ(core::NumericalErrorOf([&] { SolveSapProblem(p, Tight(GetParam())); }),
            "constraints[0] gamma[0] = inf N*s is not finite after the SAP solve");
}

INSTANTIATE_TEST_SUITE_P(BothLinearSolvers, Degenerate,
                         ::testing::Values(LinearSolverType::kDense,
                                           LinearSolverType::kBlockSparseCholesky),
                         [](const auto& info) { return LinearSolverTypeName(info.param); });

}  // namespace
}  // namespace simatlas::sap
