// Unit tests of the discrete contact frame C (formula sheet §0.2). Expected values are derived by
// hand in the comments; none depends on the arbitrary tangent completion.
#include "reference/contact/contact_frame.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "reference/core/errors.h"

namespace simatlas::contact {
namespace {

using core::InputError;
using core::Matrix3;
using core::MatrixX;
using core::Vector3;

void ExpectRotationWithZ(const Matrix3& R, const Vector3& z) {
  // Orthonormal (RᵀR = I), right-handed (det = +1), third column exactly z.
  EXPECT_LT((R.transpose() * R - Matrix3::Identity()).norm(), 1e-14);
  EXPECT_NEAR(R.determinant(), 1.0, 1e-14);
  EXPECT_EQ(R.col(2), z);
  // Right-handed column by column: Cx × Cy = Cz.
  EXPECT_LT((R.col(0).cross(R.col(1)) - R.col(2)).norm(), 1e-14);
}

TEST(MakeContactFrame, OrthonormalRightHandedZIsTheNormal) {
  ExpectRotationWithZ(MakeContactFrame(Vector3::UnitZ()), Vector3::UnitZ());
  ExpectRotationWithZ(MakeContactFrame(-Vector3::UnitZ()), -Vector3::UnitZ());
  ExpectRotationWithZ(MakeContactFrame(Vector3::UnitX()), Vector3::UnitX());
  // (1, 2, 2)/3 is a unit vector (1 + 4 + 4 = 9).
  const Vector3 n = Vector3(1.0, 2.0, 2.0) / 3.0;
  ExpectRotationWithZ(MakeContactFrame(n), n);
}

TEST(MakeContactFrame, RejectsNonUnitAndNonFiniteNormals) {
  EXPECT_THROW(MakeContactFrame(Vector3(0.0, 0.0, 2.0)), InputError);
  EXPECT_THROW(MakeContactFrame(Vector3::Zero()), InputError);
  EXPECT_THROW(MakeContactFrame(Vector3(0.0, 0.0, std::nan(""))), InputError);
  try {
    MakeContactFrame(Vector3(0.0, 0.0, 2.0));
    FAIL() << "expected InputError";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("|nhat_AB_W| = 2 must be 1 within"), std::string::npos)
        << e.what();
  }
}

TEST(ContactVelocity, SeparatingIsPositiveNormalVelocity) {
  // Ground B below sphere A would have nhat_BA = +z; here take A below, B above: n_AB = +z.
  // B moves up (away from A) at 2 m/s, A at rest: v_AcBc = (0, 0, 2), so vn = +2 (separating).
  const Matrix3 R_WC = MakeContactFrame(Vector3::UnitZ());
  const Vector3 vc = ContactVelocity(R_WC, Vector3(0.0, 0.0, 2.0));
  EXPECT_NEAR(vc.z(), 2.0, 1e-15);
  // A pure normal motion has no tangential components, whatever the completion.
  EXPECT_NEAR(vc.head<2>().norm(), 0.0, 1e-15);
  // A tangential motion of 3 m/s keeps its length in the tangent plane: ‖(vt1, vt2)‖ = 3.
  const Vector3 vt = ContactVelocity(R_WC, Vector3(3.0, 0.0, 0.0));
  EXPECT_NEAR(vt.head<2>().norm(), 3.0, 1e-15);
  EXPECT_NEAR(vt.z(), 0.0, 1e-15);
}

TEST(GeneralizedImpulse, NormalPushOnBThroughAHandJacobian) {
  // n_AB = +z, γ = (0, 0, 5) N·s: a push on B along +z, i.e. R_WC γ = (0, 0, 5) in W.
  // J_W maps v = (v1, v2) to v_AcBc = (v1, 0, 2 v2). Then Jᵀ f = (1·0, 2·5) = (0, 10).
  const Matrix3 R_WC = MakeContactFrame(Vector3::UnitZ());
  MatrixX J_W(3, 2);
  J_W << 1, 0, 0, 0, 0, 2;
  const Vector3 gamma(0.0, 0.0, 5.0);
  EXPECT_LT((ExpressInWorld(R_WC, gamma) - Vector3(0.0, 0.0, 5.0)).norm(), 1e-15);
  const core::VectorX tau = GeneralizedImpulse(R_WC, J_W, gamma);
  ASSERT_EQ(tau.size(), 2);
  EXPECT_NEAR(tau[0], 0.0, 1e-15);
  EXPECT_NEAR(tau[1], 10.0, 1e-14);
  // The contact Jacobian's normal row is J_W's z row: (0, 2).
  const MatrixX Jc = ContactJacobian(R_WC, J_W);
  EXPECT_NEAR(Jc(2, 0), 0.0, 1e-15);
  EXPECT_NEAR(Jc(2, 1), 2.0, 1e-15);
  // A Jacobian without 3 rows is refused.
  EXPECT_THROW(ContactJacobian(R_WC, MatrixX::Zero(2, 2)), InputError);
}

}  // namespace
}  // namespace simatlas::contact
