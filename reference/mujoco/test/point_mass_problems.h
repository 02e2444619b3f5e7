#pragma once
// MJ-solvers §2–§6: the point masses that several tests solve.
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

}  // namespace simatlas::mujoco
