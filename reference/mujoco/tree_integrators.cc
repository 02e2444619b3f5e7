// MJ-solvers §7 (Euler, implicit, implicitfast, RK4) and §8 (discrete) on the multibody tree.
// MuJoCo: engine_forward.c mj_Euler / mj_implicitSkip / mj_RungeKutta / mj_advance,
// engine_core_smooth.c mj_integratePos / mj_differentiatePos, engine_util_spatial.c
// mju_quatIntegrate / mju_subQuat, engine_derivative.c mjd_smooth_vel / mjd_rne_vel (2.2.2);
// implicitfast's free-body block: mjd_freeMhat (≥ 3.11).
// Equation numbers (N.M) are the formula sheet's (course/FORMULAS.md).
#include "reference/mujoco/tree_integrators.h"

#include <array>
#include <cmath>
#include <string>

#include "reference/core/errors.h"
#include "reference/mujoco/discrete_metric.h"
#include "reference/multibody/quaternion.h"

namespace simatlas::mujoco {

namespace {

using multibody::JointType;
using multibody::MultibodyTree;
using multibody::Vector4;

bool HasFreeJoint(const MultibodyTree& tree) {
  for (int j = 0; j < tree.num_joints(); ++j) {
    if (tree.joint(j).type == JointType::kFree) return true;
  }
  return false;
}

// A standalone free body: the child of a free joint that no other joint hangs from.
bool IsStandaloneFreeJoint(const MultibodyTree& tree, int j) {
  if (tree.joint(j).type != JointType::kFree) return false;
  for (int k = 0; k < tree.num_joints(); ++k) {
    if (tree.joint(k).parent == tree.joint(j).child) return false;
  }
  return true;
}

// Applies R (or Rᵀ) of every free joint to its angular block of a velocity-like vector.
core::VectorX RotateFreeAngularBlocks(const MultibodyTree& tree, const core::VectorX& q,
                                      const core::VectorX& x, bool transpose) {
  tree.ValidatePositions(q);
  if (x.size() != tree.num_velocities()) {
    core::ThrowInputError("velocity size", static_cast<double>(x.size()), "1",
                          "equal to nv = " + std::to_string(tree.num_velocities()));
  }
  core::VectorX y = x;
  for (int j = 0; j < tree.num_joints(); ++j) {
    if (tree.joint(j).type != JointType::kFree) continue;
    const int qs = tree.position_start(j), vs = tree.velocity_start(j);
    const core::Matrix3 R_FM = multibody::RotationFromQuaternion(q.segment<4>(qs));
    const core::Vector3 w = x.segment<3>(vs);
    y.segment<3>(vs) = transpose ? core::Vector3(R_FM.transpose() * w) : core::Vector3(R_FM * w);
  }
  return y;
}

// mju_quatIntegrate: normalise the quaternion, then rotate by θ = scale‖ω‖ about the local ω̂.
Vector4 QuatIntegrateLocal(const Vector4& quat, const core::Vector3& w_M, double scale) {
  const double norm_w = w_M.norm();
  Vector4 increment(1, 0, 0, 0);
  // ‖ω‖ below mjMINVAL (1e-15): no rotation.
  if (norm_w >= 1e-15) {
    const double angle = scale * norm_w;
    increment(0) = std::cos(0.5 * angle);
    increment.tail<3>() = std::sin(0.5 * angle) * (w_M / norm_w);
  }
  const double norm_q = quat.norm();
  if (!(norm_q > 0)) core::ThrowInputError("quaternion norm", norm_q, "1", "> 0");
  return multibody::QuaternionProduct(quat / norm_q, increment);
}

// mju_subQuat: the local rotation vector r with q1 ⊗ exp(r/2) = q2 (angle wrapped to (−π, π]).
core::Vector3 LocalRotationVector(const Vector4& q1, const Vector4& q2) {
  Vector4 conj1 = q1 / q1.norm();
  conj1.tail<3>() *= -1;
  const Vector4 dq = multibody::QuaternionProduct(conj1, q2 / q2.norm());
  core::Vector3 axis = dq.tail<3>();
  const double sin_half = axis.norm();
  if (sin_half < 1e-15) return core::Vector3::Zero();
  axis /= sin_half;
  double angle = 2 * std::atan2(sin_half, dq(0));
  if (angle > M_PI) angle -= 2 * M_PI;
  return angle * axis;
}

void ValidateStep(const MultibodyTree& tree, double h, const TreeState& x,
                  const multibody::AppliedForces& applied) {
  core::RequirePositive("h", h, "s");
  tree.ValidatePositions(x.q);
  tree.ValidateVelocities(x.v);
  if (applied.u.size() != 0 && applied.u.size() != tree.num_actuators()) {
    core::ThrowInputError("u size", static_cast<double>(applied.u.size()), "1",
                          "equal to nu = " + std::to_string(tree.num_actuators()) + " (or empty)");
  }
}

// Solves A a = b for SPD A (Cholesky); NumericalError naming the matrix if it is not SPD.
core::VectorX SolveSpd(const core::MatrixX& A, const core::VectorX& b, const char* what) {
  Eigen::LLT<core::MatrixX> llt(A);
  if (llt.info() != Eigen::Success) {
    throw core::NumericalError(std::string(what) + " is not symmetric positive definite");
  }
  return llt.solve(b);
}

// Solves A a = b for a general A (LU, as mj_implicit's sparse LU); NumericalError if singular.
core::VectorX SolveGeneral(const core::MatrixX& A, const core::VectorX& b, const char* what) {
  Eigen::PartialPivLU<core::MatrixX> lu(A);
  const double det = lu.determinant();
  if (!(std::abs(det) > 0) || !std::isfinite(det)) {
    throw core::NumericalError(std::string(what) + " is singular");
  }
  return lu.solve(b);
}

// mj_advance: u⁺ = u + h a (in MuJoCo's coordinates at q), q⁺ = integratePos(q, u⁺, h); the
// result's velocity is returned in the tree's coordinates at q⁺.
TreeState Advance(const MultibodyTree& tree, const TreeState& x, const core::VectorX& a, double h) {
  const core::VectorX u_next = MujocoVelocityFromTree(tree, x.q, x.v + h * a);
  TreeState next;
  next.q = IntegratePosMujoco(tree, x.q, u_next, h);
  next.v = TreeVelocityFromMujoco(tree, next.q, u_next);
  return next;
}

// qacc = M⁻¹ F in MuJoCo's coordinates (T⁻¹ a, since Ṫu = 0), the F of RK4's stages.
core::VectorX AccelerationMujoco(const MultibodyTree& tree, const core::VectorX& q,
                                 const core::VectorX& u, const multibody::AppliedForces& applied) {
  const core::VectorX v = TreeVelocityFromMujoco(tree, q, u);
  const core::VectorX a = SolveSpd(tree.CalcMassMatrix(q), SmoothForce(tree, q, v, applied), "M");
  return MujocoVelocityFromTree(tree, q, a);
}

// The position rate k of a stage with MuJoCo velocity u whose free joints have turned by the local
// rotation vectors in `turn` (= h Σ A kₘ): u itself, but under Munthe-Kaas each free joint's
// rotation rate is dexp⁻¹ of its ω at θ (the body-frame form: the stage's orientation is
// q₀ ⊗ exp(θ)), k = ω + ½ θ×ω + c θ×(θ×ω), c = (1 − (‖θ‖/2) cot(‖θ‖/2))/‖θ‖² → 1/12 as θ → 0.
core::VectorX PositionRate(const MultibodyTree& tree, const core::VectorX& u,
                           const core::VectorX& turn, Rk4Rotation rotation) {
  core::VectorX k = u;
  if (rotation == Rk4Rotation::kAdditive) return k;
  for (int j = 0; j < tree.num_joints(); ++j) {
    if (tree.joint(j).type != JointType::kFree) continue;
    const int w = tree.velocity_start(j);  // ω first (free joints: ω then v)
    const core::Vector3 theta = turn.segment<3>(w);
    const core::Vector3 omega = u.segment<3>(w);
    const double angle = theta.norm();
    const double c = angle < 1e-4 ? 1.0 / 12 + angle * angle / 720
                                  : (1 - 0.5 * angle / std::tan(0.5 * angle)) / (angle * angle);
    k.segment<3>(w) = omega + 0.5 * theta.cross(omega) + c * theta.cross(theta.cross(omega));
  }
  return k;
}

// mj_RungeKutta(N = 4) in MuJoCo's coordinates: Xᵢ = X₀ ⊕ h Σⱼ A(i−1, j)(kⱼ, aⱼ), then
// u⁺ = u₀ + h Σ bⱼ aⱼ, q⁺ = integratePos(q₀, Σ bⱼ kⱼ, h); kⱼ = uⱼ but for Munthe-Kaas's
// rotations (PositionRate).
TreeState RungeKutta4(const MultibodyTree& tree, double h, const TreeState& x0,
                      const multibody::AppliedForces& applied, Rk4Rotation rotation) {
  constexpr std::array<std::array<double, 3>, 3> A = {{{0.5, 0, 0}, {0, 0.5, 0}, {0, 0, 1}}};
  constexpr std::array<double, 4> b = {1.0 / 6, 1.0 / 3, 1.0 / 3, 1.0 / 6};
  const int nv = tree.num_velocities();
  std::array<core::VectorX, 4> u, a, k;
  u[0] = MujocoVelocityFromTree(tree, x0.q, x0.v);
  a[0] = AccelerationMujoco(tree, x0.q, u[0], applied);
  k[0] = u[0];  // no turn yet: dexp⁻¹ at θ = 0 is the identity
  for (int i = 1; i < 4; ++i) {
    // Stage i: dX = Σⱼ A(i−1, j)(kⱼ, aⱼ); qᵢ = q₀ ⊕ h dX_k, uᵢ = u₀ + h dX_a.
    core::VectorX du = core::VectorX::Zero(nv), da = core::VectorX::Zero(nv);
    for (int j = 0; j < i; ++j) {
      du += A[i - 1][j] * k[j];
      da += A[i - 1][j] * a[j];
    }
    const core::VectorX qi = IntegratePosMujoco(tree, x0.q, du, h);
    u[i] = u[0] + h * da;
    a[i] = AccelerationMujoco(tree, qi, u[i], applied);
    k[i] = PositionRate(tree, u[i], h * du, rotation);
  }
  // Final update with b instead of A.
  core::VectorX du = core::VectorX::Zero(nv), da = core::VectorX::Zero(nv);
  for (int j = 0; j < 4; ++j) {
    du += b[j] * k[j];
    da += b[j] * a[j];
  }
  const core::VectorX u_next = u[0] + h * da;
  TreeState next;
  next.q = IntegratePosMujoco(tree, x0.q, du, h);
  next.v = TreeVelocityFromMujoco(tree, next.q, u_next);
  return next;
}

// The joint stiffness as a diagonal K = −∂τ_springs/∂q (one-dof joints; free joints have none).
core::MatrixX JointStiffness(const MultibodyTree& tree) {
  core::MatrixX K = core::MatrixX::Zero(tree.num_velocities(), tree.num_velocities());
  for (int j = 0; j < tree.num_joints(); ++j) {
    if (multibody::NumVelocities(tree.joint(j).type) != 1) continue;
    K(tree.velocity_start(j), tree.velocity_start(j)) = tree.joint(j).stiffness;
  }
  return K;
}

}  // namespace

core::VectorX MujocoVelocityFromTree(const MultibodyTree& tree, const core::VectorX& q,
                                     const core::VectorX& v) {
  return RotateFreeAngularBlocks(tree, q, v, /*transpose=*/true);
}

core::VectorX TreeVelocityFromMujoco(const MultibodyTree& tree, const core::VectorX& q,
                                     const core::VectorX& u) {
  return RotateFreeAngularBlocks(tree, q, u, /*transpose=*/false);
}

core::VectorX IntegratePosMujoco(const MultibodyTree& tree, const core::VectorX& q,
                                 const core::VectorX& u, double scale) {
  tree.ValidatePositions(q);
  tree.ValidateVelocities(u);
  core::RequireFinite("integratePos scale", scale, "s");
  core::VectorX next = q;
  for (int j = 0; j < tree.num_joints(); ++j) {
    const int qs = tree.position_start(j), vs = tree.velocity_start(j);
    switch (tree.joint(j).type) {
      case JointType::kFree:
        // Rotation about the local ω, then the origin moves with v_F (world frame in MuJoCo).
        next.segment<4>(qs) = QuatIntegrateLocal(q.segment<4>(qs), u.segment<3>(vs), scale);
        next.segment<3>(qs + 4) += scale * u.segment<3>(vs + 3);
        break;
      case JointType::kRevolute:
      case JointType::kPrismatic: next(qs) += scale * u(vs); break;
      case JointType::kWeld: break;
    }
  }
  return next;
}

core::VectorX DifferentiatePosMujoco(const MultibodyTree& tree, const core::VectorX& q1,
                                     const core::VectorX& q2, double h) {
  tree.ValidatePositions(q1);
  tree.ValidatePositions(q2);
  core::RequirePositive("differentiatePos h", h, "s");
  core::VectorX u = core::VectorX::Zero(tree.num_velocities());
  for (int j = 0; j < tree.num_joints(); ++j) {
    const int qs = tree.position_start(j), vs = tree.velocity_start(j);
    switch (tree.joint(j).type) {
      case JointType::kFree:
        u.segment<3>(vs) = LocalRotationVector(q1.segment<4>(qs), q2.segment<4>(qs)) / h;
        u.segment<3>(vs + 3) = (q2.segment<3>(qs + 4) - q1.segment<3>(qs + 4)) / h;
        break;
      case JointType::kRevolute:
      case JointType::kPrismatic: u(vs) = (q2(qs) - q1(qs)) / h; break;
      case JointType::kWeld: break;
    }
  }
  return u;
}

core::VectorX SmoothForce(const MultibodyTree& tree, const core::VectorX& q, const core::VectorX& v,
                          const multibody::AppliedForces& applied) {
  multibody::AppliedForces smooth = applied;
  smooth.contacts.clear();
  const multibody::GeneralizedForceTerms terms =
      multibody::AssembleGeneralizedForces(tree, q, v, smooth);
  // B u + τ_g + τ_springs − D v + τ_ext − c(q, v).
  return terms.RightHandSide() - terms.bias;
}

core::MatrixX BiasVelocityDerivative(const MultibodyTree& tree, const core::VectorX& q,
                                     const core::VectorX& v) {
  tree.ValidateVelocities(v);
  const int nv = tree.num_velocities();
  // Any s works for a quadratic form; s ~ ‖v‖ keeps the round-off relative to c's own size.
  const double s = 1.0 + v.lpNorm<Eigen::Infinity>();
  core::MatrixX dc = core::MatrixX::Zero(nv, nv);
  for (int k = 0; k < nv; ++k) {
    // ∂c/∂v eₖ = (c(v + s eₖ) − c(v − s eₖ)) / (2s), exact for c(v) = Γ(v, v).
    const core::VectorX e = s * core::VectorX::Unit(nv, k);
    dc.col(k) = (tree.CalcBiasTerm(q, v + e) - tree.CalcBiasTerm(q, v - e)) / (2 * s);
  }
  return dc;
}

core::MatrixX SmoothForceVelocityDerivative(const MultibodyTree& tree, const core::VectorX& q,
                                            const core::VectorX& v, bool include_bias) {
  // qDeriv = ∂(B u + τ_passive − c)/∂v: −D from the joint dampers, −∂c/∂v from the bias.
  core::MatrixX qDeriv = -core::MatrixX(tree.JointDamping().asDiagonal());
  if (include_bias) qDeriv -= BiasVelocityDerivative(tree, q, v);
  return qDeriv;
}

void RequireTreeIntegratorSupported(const MultibodyTree& tree, Integrator integrator) {
  if (integrator == Integrator::kDiscrete && HasFreeJoint(tree)) {
    throw core::InputError(
        "integrator = discrete is not supported on a tree with a free joint (supported here: "
        "euler, implicit, implicitfast, rk4): MuJoCo >= 3.13's discrete step adds a free-body "
        "gyroscopic correction (MJ-solvers §8) that the reference does not model");
  }
}

TreeState StepTree(const MultibodyTree& tree, Integrator integrator, double h, const TreeState& x,
                   const multibody::AppliedForces& applied, Rk4Rotation rotation) {
  ValidateStep(tree, h, x, applied);
  RequireTreeIntegratorSupported(tree, integrator);
  if (integrator == Integrator::kRk4) return RungeKutta4(tree, h, x, applied, rotation);
  const core::MatrixX M = tree.CalcMassMatrix(x.q);
  const core::VectorX F = SmoothForce(tree, x.q, x.v, applied);
  const core::VectorX D = tree.JointDamping();
  switch (integrator) {
    case Integrator::kEuler: {
      // 2.2.2: implicit damping iff any dof damping > 0: (M + h diag(D)) a = F.
      if ((D.array() > 0).any()) {
        const core::MatrixX Md = M + h * core::MatrixX(D.asDiagonal());
        return Advance(tree, x, SolveSpd(Md, F, "M + h diag(damping)"), h);
      }
      return Advance(tree, x, SolveSpd(M, F, "M"), h);
    }
    case Integrator::kImplicit: {
      // (7.1) (M − h qDeriv) a = F with the RNE bias derivative (unsymmetric: LU).
      const core::MatrixX A = M - h * SmoothForceVelocityDerivative(tree, x.q, x.v, true);
      return Advance(tree, x, SolveGeneral(A, F, "M - h qDeriv"), h);
    }
    case Integrator::kImplicitFast: {
      // qDeriv without the bias; only the lower triangle of M − h qDeriv is kept (LDLᵀ).
      const core::MatrixX lower = M - h * SmoothForceVelocityDerivative(tree, x.q, x.v, false);
      const core::MatrixX A = lower.selfadjointView<Eigen::Lower>();
      core::VectorX a = SolveSpd(A, F, "M - h qDeriv (implicitfast, lower triangle)");
      // ≥ 3.11: a standalone free body's 6×6 block is solved with the gyroscopic derivative.
      core::MatrixX full;
      for (int j = 0; j < tree.num_joints(); ++j) {
        if (!IsStandaloneFreeJoint(tree, j)) continue;
        const int vs = tree.velocity_start(j);
        if (full.size() == 0) full = M - h * SmoothForceVelocityDerivative(tree, x.q, x.v, true);
        a.segment<6>(vs) =
            SolveGeneral(full.block<6, 6>(vs, vs), F.segment<6>(vs), "free-body M - h qDeriv");
      }
      return Advance(tree, x, a, h);
    }
    case Integrator::kDiscrete: {
      // (8.1) (M + hD + h²K) a = F − hKv, K the joint stiffness.
      const core::MatrixX K = JointStiffness(tree);
      const core::MatrixX Mhat = EffectiveMetric(M, core::MatrixX(D.asDiagonal()), K, h);
      return Advance(tree, x, SolveSpd(Mhat, ShiftedForce(F, K, x.v, h), "M + hD + h^2 K"), h);
    }
    case Integrator::kRk4: break;
  }
  throw core::InputError("integrator: unknown value");
}

TreeState IntegrateTree(const MultibodyTree& tree, Integrator integrator, double h, TreeState x,
                        int steps, const multibody::AppliedForces& applied, Rk4Rotation rotation) {
  if (steps < 0) core::ThrowInputError("steps", steps, "1", ">= 0");
  for (int i = 0; i < steps; ++i) x = StepTree(tree, integrator, h, x, applied, rotation);
  return x;
}

TransitionModel TreeTransitionModel(const MultibodyTree& tree, Integrator integrator, double h,
                                    const multibody::AppliedForces& applied) {
  TransitionModel m;
  m.nv = tree.num_velocities();
  m.nu = tree.num_actuators();
  m.integrator = integrator;
  // x = (q, u) in MuJoCo's coordinates; the controls replace applied.u.
  m.step = [tree, integrator, h, applied](const TransitionState& x, const core::VectorX& u) {
    multibody::AppliedForces with_u = applied;
    with_u.u = u;
    const TreeState next =
        StepTree(tree, integrator, h, {x.q, TreeVelocityFromMujoco(tree, x.q, x.v)}, with_u);
    return TransitionState{next.q, MujocoVelocityFromTree(tree, next.q, next.v), x.act};
  };
  m.integrate_pos = [tree](const core::VectorX& q, const core::VectorX& dv, double scale) {
    return IntegratePosMujoco(tree, q, dv, scale);
  };
  m.differentiate_pos = [tree](const core::VectorX& q1, const core::VectorX& q2, double h2) {
    return DifferentiatePosMujoco(tree, q1, q2, h2);
  };
  return m;
}

}  // namespace simatlas::mujoco
