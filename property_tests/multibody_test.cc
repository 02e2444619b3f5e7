// Properties of the multibody tree (E3-SAP §1, §2.1, §5) on random trees:
// - power consistency: vᵀ (Jᵀ f) = (J v)ᵀ f where Jᵀ f is computed by the backward pass of body
//   forces and J v by the forward velocity pass (two independent paths), for applied and
//   contact forces;
// - M(q) symmetric positive definite, and ½ vᵀ M v equal to the body-by-body kinetic energy;
// - kinetic energy ½ vᵀ M v invariant under rigid reframing of a free body (another world frame,
//   another body frame on the same body);
// - free flight (no gravity) keeps linear and angular momentum per step of
//   StepFreeFlightConservingMomentum, with unit quaternions;
// - the multibody.* laws: quaternion norm formula and the implicit-damping identity.
// Tolerances are relative round-off bounds (≈ 1e-10) for sums of O(10) terms of size O(10).
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "reference/laws/law.h"
#include "reference/multibody/discrete_step.h"
#include "reference/multibody/generalized_forces.h"
#include "reference/multibody/multibody_tree.h"
#include "reference/multibody/quaternion.h"

namespace simatlas::multibody {
namespace {

// A real in [lo, hi] with 1e-4 resolution of the range.
rc::Gen<double> Real(double lo, double hi) {
  return rc::gen::map(rc::gen::inRange(0, 10001),
                      [lo, hi](int i) { return lo + (hi - lo) * i / 1e4; });
}

Vector3 RandomVector(double lo, double hi) { return {*Real(lo, hi), *Real(lo, hi), *Real(lo, hi)}; }

// A unit vector (re-drawn until it has length > 0.1 before normalising).
Vector3 RandomUnit() {
  for (;;) {
    const Vector3 a = RandomVector(-1, 1);
    if (a.norm() > 0.1) return a.normalized();
  }
}

Matrix3 RandomRotation() {
  return Eigen::AngleAxisd(*Real(-M_PI, M_PI), RandomUnit()).toRotationMatrix();
}

// A physical body: m ∈ [0.1, 10] kg; principal moments (b+c, a+c, a+b) with a, b, c ∈
// [0.01, 1] satisfy the triangle inequality; a random orientation of the principal axes.
RigidBody RandomBody(const std::string& name) {
  const double a = *Real(0.01, 1), b = *Real(0.01, 1), c = *Real(0.01, 1);
  const Matrix3 R = RandomRotation();
  RigidBody body;
  body.name = name;
  body.mass = *Real(0.1, 10);
  body.p_BoBcm_B = RandomVector(-0.5, 0.5);
  body.I_BBcm_B = R * Vector3(b + c, a + c, a + b).asDiagonal() * R.transpose();
  body.I_BBcm_B = 0.5 * (body.I_BBcm_B + body.I_BBcm_B.transpose()).eval();
  return body;
}

RigidTransform RandomPose() {
  RigidTransform X;
  X.R = RandomRotation();
  X.p = RandomVector(-1, 1);
  return X;
}

// A random tree of 1–5 bodies; each body's parent is the world or an earlier body. With
// floating = true the first joint is free (to the world) and every other body hangs below it.
MultibodyTree RandomTree(bool floating) {
  MultibodyTree tree;
  const int n = *rc::gen::inRange(1, 6);
  for (int i = 1; i <= n; ++i) {
    const int b = tree.AddBody(RandomBody("body" + std::to_string(i)));
    const int parent =
        floating ? (i == 1 ? kWorldBody : *rc::gen::inRange(1, i)) : *rc::gen::inRange(0, i);
    const int kind = floating && i == 1 ? 0 : *rc::gen::inRange(0, 4);
    const std::string name = "joint" + std::to_string(i);
    switch (kind) {
      case 0: tree.AddJoint(MakeFreeJoint(name, parent, b, RandomPose())); break;
      case 1: tree.AddJoint(MakeRevoluteJoint(name, parent, b, RandomUnit(), RandomPose())); break;
      case 2: tree.AddJoint(MakePrismaticJoint(name, parent, b, RandomUnit(), RandomPose())); break;
      default: tree.AddJoint(MakeWeldJoint(name, parent, b, RandomPose())); break;
    }
  }
  return tree;
}

// A configuration with unit quaternions and angles/offsets in [−2, 2].
VectorX RandomPositions(const MultibodyTree& tree) {
  VectorX q(tree.num_positions());
  for (int j = 0; j < tree.num_joints(); ++j) {
    const int s = tree.position_start(j);
    if (tree.joint(j).type == JointType::kFree) {
      q.segment<4>(s) = QuaternionFromRotation(RandomRotation());
      q.segment<3>(s + 4) = RandomVector(-2, 2);
    } else if (NumPositions(tree.joint(j).type) == 1) {
      q(s) = *Real(-2, 2);
    }
  }
  return q;
}

VectorX RandomVelocities(const MultibodyTree& tree, double scale) {
  VectorX v(tree.num_velocities());
  for (int i = 0; i < v.size(); ++i) v(i) = *Real(-scale, scale);
  return v;
}

int RandomBodyIndex(const MultibodyTree& tree) { return *rc::gen::inRange(1, tree.num_bodies()); }

RC_GTEST_PROP(MultibodyPower, AppliedForceGeneralizedPowerEqualsPointPower, ()) {
  // vᵀ τ_ext (backward pass of the spatial force) = f·v_Q + τ·ω_B (forward velocity pass).
  const MultibodyTree tree = RandomTree(false);
  const VectorX q = RandomPositions(tree), v = RandomVelocities(tree, 2);
  const int body = RandomBodyIndex(tree);
  const ExternalForce e{body, RandomVector(-1, 1), RandomVector(-10, 10), RandomVector(-5, 5)};
  const VectorX tau = CalcExternalGeneralizedForces(tree, q, {e});
  const Vector3 v_Q = tree.CalcPointVelocity(q, v, body, e.p_BoQ_B);
  const Vector3 w_B = AngularPart(tree.CalcBodyVelocities(q, v)[body]);
  const double power = e.force_W.dot(v_Q) + e.torque_W.dot(w_B);
  RC_ASSERT(std::abs(v.dot(tau) - power) <= 1e-10 * (1 + std::abs(power) + tau.norm() * v.norm()));
  // The point Jacobian gives the same point velocity and the same generalized force for f alone.
  const MatrixX J = tree.CalcPointJacobian(q, body, e.p_BoQ_B);
  RC_ASSERT((J * v - v_Q).norm() <= 1e-11 * (1 + v_Q.norm() + v.norm()));
  const VectorX tau_f =
      CalcExternalGeneralizedForces(tree, q, {{body, e.p_BoQ_B, e.force_W, Vector3::Zero()}});
  RC_ASSERT((J.transpose() * e.force_W - tau_f).norm() <= 1e-10 * (1 + tau_f.norm()));
}

RC_GTEST_PROP(MultibodyPower, ContactForcePowerIsRelativeVelocityTimesForce, ()) {
  // Σ Jᵀ f with the relative Jacobian: vᵀ Jᵀ f = (v_Bc − v_Ac)·f, velocities from the forward pass.
  const MultibodyTree tree = RandomTree(false);
  const VectorX q = RandomPositions(tree), v = RandomVelocities(tree, 2);
  const int A = *rc::gen::inRange(0, tree.num_bodies());
  const int B = RandomBodyIndex(tree);
  const ContactForce c{A, B, RandomVector(-2, 2), RandomVector(-10, 10)};
  const VectorX tau = CalcContactGeneralizedForces(tree, q, {c});
  const PositionKinematics kin = tree.CalcPositionKinematics(q);
  const auto point_velocity = [&](int b) -> Vector3 {
    if (b == kWorldBody) return Vector3::Zero();
    const RigidTransform& X = kin.X_WB[b];
    return tree.CalcPointVelocity(q, v, b, X.R.transpose() * (c.p_WC - X.p));
  };
  const double power = (point_velocity(B) - point_velocity(A)).dot(c.f_Bc_W);
  RC_ASSERT(std::abs(v.dot(tau) - power) <= 1e-10 * (1 + std::abs(power) + tau.norm() * v.norm()));
}

RC_GTEST_PROP(MultibodyMassMatrix, SymmetricPositiveDefiniteAndTwiceKineticEnergy, ()) {
  const MultibodyTree tree = RandomTree(false);
  const VectorX q = RandomPositions(tree), v = RandomVelocities(tree, 2);
  const MatrixX M = tree.CalcMassMatrix(q);
  if (M.size() == 0) return;  // only welds: no dof
  RC_ASSERT((M - M.transpose()).cwiseAbs().maxCoeff() <= 1e-12 * M.cwiseAbs().maxCoeff());
  const Eigen::SelfAdjointEigenSolver<MatrixX> eig(M);
  RC_ASSERT(eig.eigenvalues().minCoeff() > 0.0);
  const double T = tree.CalcKineticEnergy(q, v);
  RC_ASSERT(std::abs(0.5 * v.dot(M * v) - T) <= 1e-11 * (1 + T));
}

RC_GTEST_PROP(MultibodyKineticEnergy, InvariantUnderRigidReframingOfAFreeBody, ()) {
  // The same physical motion described (a) from a rotated/translated world frame and (b) with
  // another body frame B' fixed on the same body: ½ vᵀ M v (CRBA) is the same number.
  const RigidBody body = RandomBody("b");
  MultibodyTree tree;
  tree.AddJoint(MakeFreeJoint("f", kWorldBody, tree.AddBody(body)));
  const VectorX q = RandomPositions(tree), v = RandomVelocities(tree, 3);
  const double T = 0.5 * v.dot(tree.CalcMassMatrix(q) * v);
  const Matrix3 R_WB = RotationFromQuaternion(q.head<4>());
  const Vector3 p_WBo = q.tail<3>();
  const Vector3 w = v.head<3>(), v_Bo = v.tail<3>();
  // (a) World frame W' with X_W'W = (R0, p0): poses compose, velocities rotate by R0.
  const RigidTransform X0 = RandomPose();
  VectorX qa(7), va(6);
  qa << QuaternionFromRotation(X0.R * R_WB), X0 * p_WBo;
  va << X0.R * w, X0.R * v_Bo;
  RC_ASSERT(std::abs(0.5 * va.dot(tree.CalcMassMatrix(qa) * va) - T) <= 1e-10 * (1 + T));
  // (b) Body frame B' with X_BB' = (R1, p1): COM and inertia re-expressed in B'; its origin moves
  // with v_Bo + ω × (R_WB p1).
  const RigidTransform X1 = RandomPose();
  RigidBody reframed = body;
  reframed.p_BoBcm_B = X1.R.transpose() * (body.p_BoBcm_B - X1.p);
  reframed.I_BBcm_B = X1.R.transpose() * body.I_BBcm_B * X1.R;
  MultibodyTree tree_b;
  tree_b.AddJoint(MakeFreeJoint("f", kWorldBody, tree_b.AddBody(reframed)));
  VectorX qb(7), vb(6);
  qb << QuaternionFromRotation(R_WB * X1.R), p_WBo + R_WB * X1.p;
  vb << w, v_Bo + w.cross(R_WB * X1.p);
  RC_ASSERT(std::abs(0.5 * vb.dot(tree_b.CalcMassMatrix(qb) * vb) - T) <= 1e-10 * (1 + T));
}

RC_GTEST_PROP(MultibodyFreeFlight, MomentumConservedPerStep, ()) {
  // No gravity, no forces: linear and angular momentum about the world origin (summed body by
  // body) stay at their initial value after each step; quaternions stay unit (exponential map).
  MultibodyTree tree = RandomTree(true);
  tree.set_gravity(Vector3::Zero());
  VectorX q = RandomPositions(tree), v = RandomVelocities(tree, 2);
  const double h = *Real(1e-3, 2e-2);
  const Vector6 h0 = tree.CalcSpatialMomentumInWorld(q, v);
  for (int step = 0; step < 3; ++step) {
    const DiscreteStepResult r = StepFreeFlightConservingMomentum(tree, q, v, h);
    q = r.q_next;
    v = r.v_next;
    const Vector6 h1 = tree.CalcSpatialMomentumInWorld(q, v);
    RC_ASSERT((LinearPart(h1) - LinearPart(h0)).norm() <= 1e-10 * (1 + h0.norm()));
    RC_ASSERT((AngularPart(h1) - AngularPart(h0)).norm() <= 1e-10 * (1 + h0.norm()));
    RC_ASSERT(std::abs(q.head<4>().norm() - 1.0) <= 1e-14);
  }
}

RC_GTEST_PROP(MultibodyLaws, QuaternionStepNormFormula, ()) {
  // norm_linear = ‖q0‖ √(1 + h²‖w‖²/4) (qᵀN_r = 0, N_rᵀN_r = ‖q‖²/4·1); norm_exp = ‖q0‖.
  const Eigen::Vector4d q0 =
      Eigen::Vector4d(*Real(-1, 1), *Real(-1, 1), *Real(-1, 1), *Real(0.1, 1));
  const Vector3 w = RandomVector(-20, 20);
  const double h = *Real(0, 0.05);
  laws::Values in;
  in.Set("q0", Eigen::VectorXd(q0));
  in.Set("w", Eigen::VectorXd(w));
  in.Set("h", h);
  const laws::Values out = laws::Evaluate(laws::AllLaws().Get("multibody.quaternion_step"), in);
  const double expected = q0.norm() * std::sqrt(1 + h * h * w.squaredNorm() / 4);
  RC_ASSERT(std::abs(out.Number("norm_linear") - expected) <= 1e-14 * expected);
  RC_ASSERT(std::abs(out.Number("norm_exp") - q0.norm()) <= 1e-14 * q0.norm());
}

RC_GTEST_PROP(MultibodyLaws, FreeMotionSatisfiesTheImplicitDampingEquation, ()) {
  // m (v* − v0)/h = force − d v*: the damping acts once, on the new velocity.
  const double m = *Real(0.01, 100), d = *Real(0, 100), h = *Real(1e-4, 0.1);
  const double v0 = *Real(-10, 10), force = *Real(-100, 100);
  laws::Values in;
  in.Set("m", m);
  in.Set("d", d);
  in.Set("h", h);
  in.Set("v0", v0);
  in.Set("force", force);
  const laws::Values out = laws::Evaluate(laws::AllLaws().Get("multibody.free_motion"), in);
  const double vstar = out.Number("vstar");
  const double lhs = m * (vstar - v0) / h, rhs = force - d * vstar;
  RC_ASSERT(std::abs(lhs - rhs) <=
            1e-9 * (1 + std::abs(force) + d * std::abs(vstar) + std::abs(lhs)));
}

}  // namespace
}  // namespace simatlas::multibody
