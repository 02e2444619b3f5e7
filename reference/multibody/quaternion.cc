// E3-SAP §1 (q̇ = N_r(q) ω) and §5 (linear vs exponential-map quaternion update).
#include "reference/multibody/quaternion.h"

#include <cmath>
#include <string>

#include "reference/core/errors.h"

namespace simatlas::multibody {

Vector4 QuaternionProduct(const Vector4& a, const Vector4& b) {
  // (a₀, a) ⊗ (b₀, b) = (a₀b₀ − a·b, a₀ b + b₀ a + a × b).
  const Vector3 av = a.tail<3>(), bv = b.tail<3>();
  Vector4 c;
  c(0) = a(0) * b(0) - av.dot(bv);
  c.tail<3>() = a(0) * bv + b(0) * av + av.cross(bv);
  return c;
}

Matrix43 QuaternionRateMatrix(const Vector4& q) {
  const double w = q(0), x = q(1), y = q(2), z = q(3);
  Matrix43 N;
  N << -x, -y, -z,  //
      w, z, -y,     //
      -z, w, x,     //
      y, -x, w;
  return 0.5 * N;
}

Matrix3 RotationFromQuaternion(const Vector4& q, const char* quantity) {
  for (int i = 0; i < 4; ++i) {
    core::RequireFinite(std::string(quantity) + "[" + std::to_string(i) + "]", q(i), "1");
  }
  const double norm = q.norm();
  if (!(norm > 0)) {
    core::ThrowInputError(std::string(quantity) + " norm", norm, "1",
                          "> 0 (a rotation needs a non-zero quaternion)");
  }
  // Read normalised, as Drake does for a drifted quaternion.
  const Eigen::Quaterniond unit(q(0) / norm, q(1) / norm, q(2) / norm, q(3) / norm);
  return unit.toRotationMatrix();
}

Vector4 QuaternionFromRotation(const Matrix3& R) {
  Eigen::Quaterniond e(R);
  if (e.w() < 0) e.coeffs() *= -1;
  return {e.w(), e.x(), e.y(), e.z()};
}

Vector4 QuaternionStepLinear(const Vector4& q0, const Vector3& w_F, double h) {
  return q0 + h * QuaternionRateMatrix(q0) * w_F;
}

namespace {

// exp(h ω/2) = (cos(θ/2), sin(θ/2)/‖ω‖ · ω), θ = h‖ω‖: the rotation by θ about ω/‖ω‖.
Vector4 RotationIncrement(const Vector3& w, double h) {
  const double half_angle = 0.5 * h * w.norm();
  // sin(θ/2)/‖ω‖ = (h/2)·sinc(θ/2); the Taylor series below 1e-4 avoids 0/0.
  const double sinc = std::abs(half_angle) < 1e-4 ? 1.0 - half_angle * half_angle / 6.0
                                                  : std::sin(half_angle) / half_angle;
  Vector4 dq;
  dq(0) = std::cos(half_angle);
  dq.tail<3>() = 0.5 * h * sinc * w;
  return dq;
}

}  // namespace

Vector4 QuaternionStepExponentialLocal(const Vector4& q0, const Vector3& w_M, double h) {
  // ω in the child frame: the increment multiplies from the right; MuJoCo then renormalises.
  const Vector4 q1 = QuaternionProduct(q0, RotationIncrement(w_M, h));
  const double norm = q1.norm();
  if (!(norm > 0)) core::ThrowInputError("quaternion norm", norm, "1", "> 0");
  return q1 / norm;
}

Vector4 QuaternionStepExponential(const Vector4& q0, const Vector3& w_F, double h) {
  // ω in F: the increment multiplies from the left (no renormalisation needed: ‖q₁‖ = ‖q₀‖).
  return QuaternionProduct(RotationIncrement(w_F, h), q0);
}

}  // namespace simatlas::multibody
