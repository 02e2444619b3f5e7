// E3-SAP §1: rigid-body mass properties and their validation.
#include "reference/multibody/rigid_body.h"

#include <algorithm>
#include <cmath>
#include <string>

#include "reference/core/errors.h"

namespace simatlas::multibody {

namespace {

std::string Name(const RigidBody& body) { return "body '" + body.name + "'"; }

}  // namespace

void ValidateRigidBody(const RigidBody& body) {
  // Mass: finite and strictly positive.
  core::RequirePositive(Name(body) + " mass", body.mass, "kg");
  for (int i = 0; i < 3; ++i) {
    core::RequireFinite(Name(body) + " p_BoBcm_B[" + std::to_string(i) + "]", body.p_BoBcm_B(i),
                        "m");
  }
  const Matrix3& I = body.I_BBcm_B;
  for (int i = 0; i < 3; ++i) {
    for (int j = 0; j < 3; ++j) {
      core::RequireFinite(
          Name(body) + " I_BBcm_B(" + std::to_string(i) + "," + std::to_string(j) + ")", I(i, j),
          "kg·m²");
    }
  }
  // Symmetry, to a relative round-off tolerance.
  const double scale = std::max(I.cwiseAbs().maxCoeff(), 1e-300);
  const double asym = (I - I.transpose()).cwiseAbs().maxCoeff();
  if (asym > 1e-12 * scale) {
    core::ThrowInputError(Name(body) + " rotational inertia asymmetry max|I − Iᵀ|", asym, "kg·m²",
                          "<= 1e-12·max|I| (an inertia matrix is symmetric)");
  }
  // Principal moments: all > 0 (positive definite).
  const Eigen::SelfAdjointEigenSolver<Matrix3> eig(0.5 * (I + I.transpose()));
  const Vector3 moments = eig.eigenvalues();  // ascending
  if (!(moments(0) > 0)) {
    core::ThrowInputError(Name(body) + " smallest principal moment of inertia", moments(0), "kg·m²",
                          "> 0 (rotational inertia must be positive definite)");
  }
  // Triangle inequality: the largest moment may not exceed the sum of the other two.
  const double slack = moments(0) + moments(1) - moments(2);
  if (slack < -1e-12 * moments(2)) {
    core::ThrowInputError(Name(body) + " principal moments I1 + I2 − I3", slack, "kg·m²",
                          ">= 0 (triangle inequality of a physical inertia; moments " +
                              core::FormatNumber(moments(0)) + ", " +
                              core::FormatNumber(moments(1)) + ", " +
                              core::FormatNumber(moments(2)) + ")");
  }
}

Matrix3 SolidBoxInertia(double mass, const Vector3& sides) {
  core::RequirePositive("mass", mass, "kg");
  for (int i = 0; i < 3; ++i) core::RequirePositive("box side", sides(i), "m");
  const Vector3 s2 = sides.cwiseProduct(sides);
  return (mass / 12.0) * Vector3(s2.y() + s2.z(), s2.x() + s2.z(), s2.x() + s2.y()).asDiagonal();
}

Matrix3 SolidSphereInertia(double mass, double radius) {
  core::RequirePositive("mass", mass, "kg");
  core::RequirePositive("radius", radius, "m");
  return (0.4 * mass * radius * radius) * Matrix3::Identity();
}

Matrix6 SpatialInertiaAboutOrigin(const RigidBody& body, const Matrix3& R_WB) {
  const double m = body.mass;
  const Vector3 c = R_WB * body.p_BoBcm_B;
  const Matrix3 cx = Skew(c);
  // Parallel-axis theorem: I_Bo = I_Bcm − m [c]×² (re-expressed in W).
  const Matrix3 I_Bo = R_WB * body.I_BBcm_B * R_WB.transpose() - m * cx * cx;
  Matrix6 M;
  M << I_Bo, m * cx,  //
      -m * cx, m * Matrix3::Identity();
  return M;
}

Vector6 VelocityBiasForce(const RigidBody& body, const Matrix3& R_WB, const Vector3& w) {
  const double m = body.mass;
  const Vector3 c = R_WB * body.p_BoBcm_B;
  const Matrix3 I_Bo = R_WB * body.I_BBcm_B * R_WB.transpose() - m * Skew(c) * Skew(c);
  // Gyroscopic moment about Bo and the centripetal force of the offset COM.
  return MakeSpatial(w.cross(I_Bo * w), m * w.cross(w.cross(c)));
}

}  // namespace simatlas::multibody
