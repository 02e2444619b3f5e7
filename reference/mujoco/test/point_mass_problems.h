#pragma once
// MJ-solvers §2–§6: the point masses that several tests solve (one elliptic or pyramidal contact,
// one joint limit), and a free body on one elliptic contact of condim 3, 4 or 6.
#include "reference/core/numeric.h"
#include "reference/mujoco/problem.h"

namespace simatlas::mujoco {

// A point mass of m kg (x, y, z) with a₀ on one elliptic condim-3 contact: rows normal e_z,
// tangents e_x, e_y; friction μ = 0.5 on both tangents (regularised μ 0.5), R = 0.01 on every
// row, aref = 0, meaninertia m. With M = m I the friction block of A = J M⁻¹ Jᵀ is I/m and
// b_t = (a₀_x, a₀_y).
inline Problem EllipticPointMass(double m, const core::Vector3& a0) {
  Problem p;
  p.nv = 3;
  p.M = m * core::MatrixX::Identity(3, 3);
  p.qacc_smooth = a0;
  p.J.resize(3, 3);
  p.J << 0, 0, 1, 1, 0, 0, 0, 1, 0;
  p.R = core::VectorX::Constant(3, 0.01);
  p.aref = core::VectorX::Zero(3);
  p.frictionloss = core::VectorX::Zero(3);
  p.kind.assign(3, RowKind::kContactElliptic);
  p.contact = {0, 0, 0};
  p.contacts = {Contact{3, {0.5, 0.5, 0.005, 1e-4, 1e-4}, 0.5, 0}};
  p.opt.cone = Cone::kElliptic;
  p.opt.meaninertia = m;
  return p;
}

// One DOF of mass 2 kg, a₀ = −10, one joint limit row J = [1], R = 0.1 (D = 10), aref = 0, the
// options of `version`: cost(a) = (a + 10)² + 5 a² while a < 0.
inline Problem OneDofLimit(Version version) {
  Problem p;
  p.nv = 1;
  p.M = core::MatrixX::Constant(1, 1, 2);
  p.qacc_smooth = core::VectorX::Constant(1, -10);
  p.J = core::MatrixX::Ones(1, 1);
  p.R = core::VectorX::Constant(1, 0.1);
  p.aref = core::VectorX::Zero(1);
  p.frictionloss = core::VectorX::Zero(1);
  p.kind = {RowKind::kLimitJoint};
  p.contact = {-1};
  SetVersion(version, p.opt);
  return p;
}

// A 1 kg point mass (M = I, meaninertia 1) with a₀ = (ax, 0, −10) on one pyramidal condim-3
// contact, μ = 0.5: edges J₀,₁ = (±μ, 0, 1), J₂,₃ = (0, ±μ, 1), R = 1 (D = 1) on each, aref = 0.
// Its main solve, all four edges active: (I + D ΣJₖᵀJₖ) a = a₀ with ΣJₖᵀJₖ = diag(2μ², 2μ², 4)
// = diag(0.5, 0.5, 4), so a = (ax/1.5, 0, −10/5) and fₖ = −D Jₖ·a: f₀,₁ = 2 ∓ 0.5·a_x,
// f₂ = f₃ = 2 (all positive for |ax| < 6). With ax = 3: a = (2, 0, −2), f = (1, 3, 2, 2).
inline Problem PyramidalPointMass(double ax) {
  Problem p;
  p.nv = 3;
  p.M = core::MatrixX::Identity(3, 3);
  p.qacc_smooth = core::Vector3(ax, 0, -10);
  p.J.resize(4, 3);
  p.J << 0.5, 0, 1, -0.5, 0, 1, 0, 0.5, 1, 0, -0.5, 1;
  p.R = core::VectorX::Ones(4);
  p.aref = core::VectorX::Zero(4);
  p.frictionloss = core::VectorX::Zero(4);
  p.kind.assign(4, RowKind::kContactPyramidal);
  p.contact = {0, 0, 0, 0};
  p.contacts = {Contact{3, {0.5, 0.5, 0.005, 1e-4, 1e-4}, 0.5, 0}};
  p.opt.meaninertia = 1;
  p.opt.tolerance = 1e-12;
  return p;
}

// A free body of 1 kg and unit inertia (M = I, DOFs x, y, z, rx, ry, rz) with a₀ on one elliptic
// contact of condim 3, 4 or 6: rows normal e_z, tangents e_x, e_y, spin e_rz, rolls e_rx, e_ry
// (the first condim of them); friction (0.5, 0.5, 0.005, 1e-4, 1e-4), regularised μ 0.5,
// R = 0.01 and aref = 0 on every row, meaninertia 1.
inline Problem EllipticFreeBody(int condim, const core::VectorX& a0) {
  Problem p;
  p.nv = 6;
  p.M = core::MatrixX::Identity(6, 6);
  p.qacc_smooth = a0;
  const int axis[6] = {2, 0, 1, 5, 3, 4};
  p.J = core::MatrixX::Zero(condim, 6);
  for (int r = 0; r < condim; ++r) p.J(r, axis[r]) = 1;
  p.R = core::VectorX::Constant(condim, 0.01);
  p.aref = core::VectorX::Zero(condim);
  p.frictionloss = core::VectorX::Zero(condim);
  p.kind.assign(condim, RowKind::kContactElliptic);
  p.contact.assign(condim, 0);
  p.contacts = {Contact{condim, {0.5, 0.5, 0.005, 1e-4, 1e-4}, 0.5, 0}};
  p.opt.cone = Cone::kElliptic;
  p.opt.meaninertia = 1;
  return p;
}

// The free body above made ill-scaled: M = diag(1, 0.01, 1, 1, 1, 1), μ = 0.01 on both tangents
// (regularised μ 0.01), a₀ = (10, 10, −0.001, 0, 0, 0), on one elliptic contact of condim 3, 4
// or 6: it slides hard on a small normal force (about 0.14 N). The friction QCQP of PGS and
// NoSlip (Newton on its multiplier λ from 0, at most 20 iterations) works in u = f_t/μ, where the
// tangent block is μ² A_tt ≈ 1e-4·diag(1, 100) against a drive μ|b_t| ≈ 0.14: the optimum's
// λ ≈ |μ b_t|/f₀ ≈ 1 is some 1e4 times the block's smaller scale 1e-4, more than the
// ≈ 1.5²⁰ ≈ 3.3e3 that 20 Newton steps grow λ by, so the capped answer put on the ellipse points
// elsewhere than the optimum and can cost more than the forces it replaces.
inline Problem IllScaledSlidingFreeBody(int condim) {
  core::VectorX a0 = core::VectorX::Zero(6);
  a0.head<3>() << 10, 10, -0.001;
  Problem p = EllipticFreeBody(condim, a0);
  p.M.diagonal() << 1, 0.01, 1, 1, 1, 1;
  p.contacts[0].friction = {0.01, 0.01, 0.005, 1e-4, 1e-4};
  p.contacts[0].mu = 0.01;
  return p;
}

}  // namespace simatlas::mujoco
