// Unit tests of E3-SAP §1 (q̇ = N_r(q) ω) and §5 (linear vs exponential-map quaternion update).
// Numbers are hand-derived (arithmetic in the comments) or checked against an independent path
// (Eigen's AngleAxis, finite differences of the exponential map).
#include "reference/multibody/quaternion.h"

#include <gtest/gtest.h>

#include <cmath>

#include "reference/core/errors.h"

namespace simatlas::multibody {
namespace {

Vector4 Unit(Vector4 q) { return q / q.norm(); }

TEST(QuaternionRateMatrix, MatchesHalfOmegaTimesQ) {
  // q̇ = ½ (0, ω) ⊗ q, the product written out independently by QuaternionProduct.
  const Vector4 q = Unit(Vector4(0.3, -0.5, 0.7, 0.2));
  const Vector3 w(1.5, -2.0, 0.25);
  const Vector4 expected = 0.5 * QuaternionProduct(Vector4(0, w.x(), w.y(), w.z()), q);
  EXPECT_LT((QuaternionRateMatrix(q) * w - expected).norm(), 1e-15);
}

TEST(QuaternionRateMatrix, IdentityQuaternionHand) {
  // q = (1,0,0,0): N_r = ½ [[0,0,0],[1,0,0],[0,1,0],[0,0,1]].
  Matrix43 expected = Matrix43::Zero();
  expected.bottomRows<3>() = 0.5 * Matrix3::Identity();
  EXPECT_EQ(QuaternionRateMatrix(Vector4(1, 0, 0, 0)), expected);
}

TEST(QuaternionRateMatrix, RateIsOrthogonalToQ) {
  // qᵀ N_r(q) = 0 exactly for any q (not only unit ones): the terms cancel pairwise.
  const Vector4 q(0.9, 0.1, -0.4, 1.3);
  EXPECT_LT((q.transpose() * QuaternionRateMatrix(q)).norm(), 1e-15);
}

TEST(QuaternionRateMatrix, AngularVelocityIsInTheParentFrame) {
  // Ṙ = [ω]× R for ω in F: compare d/dt R(q(t)) by central differences along q̇ = N_r ω.
  const Vector4 q = Unit(Vector4(0.8, 0.2, -0.3, 0.4));
  const Vector3 w(0.7, -1.1, 0.5);
  const double e = 1e-6;
  const Vector4 qdot = QuaternionRateMatrix(q) * w;
  const Matrix3 Rdot =
      (RotationFromQuaternion(q + e * qdot) - RotationFromQuaternion(q - e * qdot)) / (2 * e);
  const Matrix3 R = RotationFromQuaternion(q);
  Matrix3 wx;
  wx << 0, -w.z(), w.y(), w.z(), 0, -w.x(), -w.y(), w.x(), 0;
  EXPECT_LT((Rdot - wx * R).norm(), 1e-8);
}

TEST(QuaternionStep, LinearNormGrowsByTheHandFormula) {
  // ‖q₀ + h N_r ω‖² = 1 + h²‖N_r ω‖² = 1 + h²‖ω‖²/4 for a unit q₀ (qᵀN_r = 0, N_rᵀN_r = ¼·1).
  // h = 0.01, ω = (3, 4, 0): ‖ω‖ = 5 → norm = √(1 + 0.0025/4·… ) = √(1 + 1e-4·25/4) = √1.000625.
  const Vector4 q0 = Unit(Vector4(0.5, 0.5, -0.5, 0.5));
  const Vector4 q1 = QuaternionStepLinear(q0, Vector3(3, 4, 0), 0.01);
  EXPECT_NEAR(q1.norm(), std::sqrt(1.000625), 1e-15);
}

TEST(QuaternionStep, ExponentialKeepsUnitNormAndMatchesAngleAxis) {
  // exp map of a constant ω over h is the rotation by h‖ω‖ about ω/‖ω‖, applied in F (left).
  const Vector4 q0 = Unit(Vector4(0.8, 0.2, -0.3, 0.4));
  const Vector3 w(0.7, -1.1, 0.5);
  const double h = 0.3;
  const Vector4 q1 = QuaternionStepExponential(q0, w, h);
  EXPECT_NEAR(q1.norm(), 1.0, 1e-15);
  const Matrix3 R_expected = Eigen::AngleAxisd(h * w.norm(), w.normalized()).toRotationMatrix() *
                             RotationFromQuaternion(q0);
  EXPECT_LT((RotationFromQuaternion(q1) - R_expected).norm(), 1e-14);
}

TEST(QuaternionStep, QuarterTurnAboutZHand) {
  // ω = (0, 0, π/2) rad/s for h = 1 s from the identity: 90° about z → (cos45°, 0, 0, sin45°).
  const Vector4 q1 = QuaternionStepExponential(Vector4(1, 0, 0, 0), Vector3(0, 0, M_PI / 2), 1.0);
  EXPECT_NEAR(q1(0), std::sqrt(0.5), 1e-15);
  EXPECT_NEAR(q1(3), std::sqrt(0.5), 1e-15);
  EXPECT_EQ(q1(1), 0.0);
  EXPECT_EQ(q1(2), 0.0);
  // The linear step gives (1, 0, 0, π/4): ½·(π/2)·1 in the z entry, w unchanged (qᵀq̇ = 0).
  const Vector4 lin = QuaternionStepLinear(Vector4(1, 0, 0, 0), Vector3(0, 0, M_PI / 2), 1.0);
  EXPECT_EQ(lin, Vector4(1, 0, 0, M_PI / 4));
}

TEST(QuaternionStep, LinearAndExponentialAgreeToSecondOrder) {
  // Both updates share the first-order term h N_r ω; their gap shrinks like h².
  const Vector4 q0 = Unit(Vector4(0.6, -0.1, 0.3, 0.7));
  const Vector3 w(2.0, 1.0, -3.0);
  const double gap1 =
      (QuaternionStepExponential(q0, w, 1e-2) - QuaternionStepLinear(q0, w, 1e-2)).norm();
  const double gap2 =
      (QuaternionStepExponential(q0, w, 5e-3) - QuaternionStepLinear(q0, w, 5e-3)).norm();
  EXPECT_NEAR(gap1 / gap2, 4.0, 0.05);
}

TEST(QuaternionStep, SmallAngleSeriesIsContinuous) {
  // Around the 1e-4 switch of the sinc series both branches agree to round-off.
  const Vector4 q0(1, 0, 0, 0);
  const Vector4 a = QuaternionStepExponential(q0, Vector3(0.99999e-4 * 2, 0, 0), 1.0);
  const Vector4 b = QuaternionStepExponential(q0, Vector3(1.00001e-4 * 2, 0, 0), 1.0);
  EXPECT_NEAR(a(1), std::sin(0.99999e-4), 1e-17);
  EXPECT_NEAR(b(1), std::sin(1.00001e-4), 1e-17);
}

TEST(RotationFromQuaternion, ReadsADriftedQuaternionNormalisedAndRejectsZero) {
  const Vector4 q = Unit(Vector4(0.6, -0.1, 0.3, 0.7));
  EXPECT_LT((RotationFromQuaternion(1.37 * q) - RotationFromQuaternion(q)).norm(), 1e-15);
  EXPECT_THROW(RotationFromQuaternion(Vector4::Zero()), core::InputError);
  EXPECT_THROW(RotationFromQuaternion(Vector4(NAN, 0, 0, 1)), core::InputError);
  // Round trip through QuaternionFromRotation (w ≥ 0 sign convention).
  EXPECT_LT((QuaternionFromRotation(RotationFromQuaternion(q)) - q).norm(), 1e-15);
}

}  // namespace
}  // namespace simatlas::multibody

namespace simatlas::multibody {
namespace {

TEST(QuaternionStep, MujocoLocalFrameConventionIsTheSameRotation) {
  // ω_M = R(q₀)ᵀ ω_F: q₀ ⊗ exp(h ω_M/2) = exp(h ω_F/2) ⊗ q₀ (conjugation of the increment).
  const Vector4 q0 = Vector4(0.8, 0.2, -0.3, 0.4).normalized();
  const Vector3 w_F(0.7, -1.1, 0.5);
  const Vector3 w_M = RotationFromQuaternion(q0).transpose() * w_F;
  EXPECT_LT((QuaternionStepExponentialLocal(q0, w_M, 0.3) - QuaternionStepExponential(q0, w_F, 0.3))
                .norm(),
            1e-15);
  // Hand: q₀ = 90° about z, ω_M = (π/2, 0, 0) (local x = world y) for 1 s: a quarter turn about
  // world y after the z turn; q₁ = (cos45°,0,0,sin45°) ⊗ (cos45°,sin45°,0,0) = (½, ½, ½, ½).
  const Vector4 q1 = QuaternionStepExponentialLocal(Vector4(std::sqrt(0.5), 0, 0, std::sqrt(0.5)),
                                                    Vector3(M_PI / 2, 0, 0), 1.0);
  EXPECT_LT((q1 - Vector4(0.5, 0.5, 0.5, 0.5)).norm(), 1e-15);
  // Renormalised like MuJoCo: a drifted q₀ comes back to unit norm.
  EXPECT_NEAR(QuaternionStepExponentialLocal(1.2 * q0, w_M, 0.1).norm(), 1.0, 1e-15);
}

}  // namespace
}  // namespace simatlas::multibody
