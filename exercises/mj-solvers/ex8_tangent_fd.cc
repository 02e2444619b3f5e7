// MJ-solvers §10, exercise 8 (course §9: the state of mjd_transitionFD is (dq [nv], v [nv], act),
// positions perturbed through integratePos on the manifold): why does FD perturb qpos with nv
// directions? Evidence: a ball joint (nq = 4, nv = 3) rotating freely at constant ω (spherical
// inertia, no torque), step q⁺ = q ⊗ exp(hω/2) as mj_integratePos. The engine's tangent-space
// FD Jacobian (TransitionFD with integratePos/differentiatePos) has a 3×3 position block equal to
// the exact one, R(hω)ᵀ (derivation: q ⊗ exp(δ/2) ⊗ exp(hω/2) = q⁺ ⊗ exp(R(hω)ᵀδ/2)); perturbing
// the four quaternion components and renormalising gives a 4×4 block of rank 3 (the radial
// direction is erased by the normalisation), which no 3-dof Jacobian can be.
#include <gtest/gtest.h>

#include <cmath>
#include <iostream>

#include <Eigen/SVD>

#include "exercises/support/exercise.h"
#include "reference/core/errors.h"
#include "reference/multibody/quaternion.h"
#include "reference/mujoco/transition_fd.h"

namespace simatlas::exercises {
namespace {

using multibody::Vector4;

// (q2 ⊖ q1)/h for unit quaternions, local frame (mj_differentiatePos for a ball joint):
// the rotation vector of conj(q1) ⊗ q2, divided by h.
core::VectorX DifferentiateBall(const core::VectorX& q1, const core::VectorX& q2, double h) {
  const Vector4 c(q1(0), -q1(1), -q1(2), -q1(3));
  Vector4 d = multibody::QuaternionProduct(c, Vector4(q2));
  if (d(0) < 0) d = -d;  // the shorter rotation
  const core::Vector3 xyz = d.tail<3>();
  const double s = xyz.norm();
  if (s < 1e-300) return core::VectorX::Zero(3);
  const double angle = 2.0 * std::atan2(s, d(0));
  return core::VectorX(xyz * (angle / s / h));
}

TEST(Ex8, TangentSpacePerturbation) {
  const Exercise exercise{
      "mj-solvers",
      8,
      "MJ-solvers §10",
      "Why does finite differencing perturb qpos with nv directions, not nq? Take a ball joint "
      "(nq = 4, nv = 3) rotating at constant angular velocity.",
      {Choice("answer", "the reason", {"manifold_tangent", "fewer_evaluations"}),
       Number("tangent_directions", "", "position directions perturbed by mjd_transitionFD", 0,
              0.5),
       YesNo("tangent_block_matches_exact",
             "does the FD position block equal the exact R(h w)^T within 1e-6?"),
       Number("component_block_rank", "",
              "rank of the 4x4 block from perturbing quaternion components and renormalising", 0,
              0.5)}};
  StateQuestion(exercise, std::cout);
  Evidence evidence;

  const double h = 0.01;
  const core::Vector3 omega(1.0, -2.0, 3.0);  // rad/s, local frame
  const Vector4 q0 = Vector4(0.8, 0.2, -0.4, 0.4).normalized();

  // The transition model on the manifold.
  mujoco::TransitionModel model;
  model.nv = 3;
  model.step = [h](const mujoco::TransitionState& x, const core::VectorX&) {
    mujoco::TransitionState next = x;
    next.q = multibody::QuaternionStepExponentialLocal(Vector4(x.q), core::Vector3(x.v), h);
    return next;
  };
  model.integrate_pos = [](const core::VectorX& q, const core::VectorX& dv, double scale) {
    return core::VectorX(
        multibody::QuaternionStepExponentialLocal(Vector4(q), core::Vector3(dv), scale));
  };
  model.differentiate_pos = DifferentiateBall;
  mujoco::TransitionState x;
  x.q = q0;
  x.v = omega;
  x.act = core::VectorX(0);
  const mujoco::TransitionJacobians jac =
      mujoco::TransitionFD(model, x, core::VectorX(0), 1e-6, true);
  const core::MatrixX Aqq = jac.A.topLeftCorner(3, 3);
  const core::Matrix3 R = multibody::RotationFromQuaternion(
      multibody::QuaternionStepExponentialLocal(Vector4(1, 0, 0, 0), omega, h));
  const double tangent_error = (Aqq - R.transpose()).cwiseAbs().maxCoeff();
  evidence.Show("mjd_transitionFD-style A is " + std::to_string(jac.A.rows()) + "x" +
                std::to_string(jac.A.cols()) +
                " (2 nv); position block vs exact R(h w)^T: max error " +
                core::FormatNumber(tangent_error));

  // Perturbing the four components and renormalising.
  const double eps = 1e-6;
  Eigen::Matrix4d C;
  const Vector4 q_next = multibody::QuaternionStepExponentialLocal(q0, omega, h);
  for (int i = 0; i < 4; ++i) {
    Vector4 qp = q0;
    qp(i) += eps;
    qp.normalize();
    C.col(i) = (multibody::QuaternionStepExponentialLocal(qp, omega, h) - q_next) / eps;
  }
  const Eigen::JacobiSVD<Eigen::Matrix4d> svd(C);
  const Eigen::Vector4d sigma = svd.singularValues();
  int rank = 0;
  for (int i = 0; i < 4; ++i) rank += sigma(i) > 1e-4 * sigma(0) ? 1 : 0;
  evidence.Show("4 quaternion components perturbed and renormalised: singular values (" +
                core::FormatNumber(sigma(0)) + ", " + core::FormatNumber(sigma(1)) + ", " +
                core::FormatNumber(sigma(2)) + ", " + core::FormatNumber(sigma(3)) + ") -> rank " +
                std::to_string(rank) + " of 4");

  evidence.Imply("answer", std::string(rank < 4 && tangent_error < 1e-6 ? "manifold_tangent"
                                                                        : "fewer_evaluations"));
  evidence.Imply("tangent_directions", static_cast<double>(jac.A.rows() / 2));
  evidence.Imply("tangent_block_matches_exact", tangent_error < 1e-6);
  evidence.Imply("component_block_rank", static_cast<double>(rank));
  CheckAnswers(exercise, evidence);
}

}  // namespace
}  // namespace simatlas::exercises
