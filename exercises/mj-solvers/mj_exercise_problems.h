#pragma once
/// @file
/// MJ-solvers §10 exercises: small constraint problems shared by several exercises (not part
/// of the engine). A point mass (nv = 3: x, y, z, z up) of mass m resting on or sliding over a
/// plane through one contact of dimension 3, written as MuJoCo stores it (formula sheet §2b):
/// pyramidal, four edge rows J_n ± μ J_t1, J_n ± μ J_t2; or elliptic, three rows n, t1, t2.
#include "reference/mujoco/impedance.h"
#include "reference/mujoco/problem.h"

namespace simatlas::exercises::mj_solvers {

/// The contact problem of a point mass pressed down by gravity g (a₀ = (ax, 0, −g)): the mass
/// is penetrating by depth and moving with velocity vel = (vx, 0, vz). R and aref come from
/// the engine's row parameters (default solref/solimp, Â = 1/m, timestep h), the friction rows
/// from (2.3) with impratio 1.
inline mujoco::Problem PointMassContact(double m, mujoco::Cone cone, double mu, double ax,
                                        double depth, double vx, double vz, double h = 0.002) {
  using mujoco::RowKind;
  mujoco::Problem p;
  p.nv = 3;
  p.M = m * core::MatrixX::Identity(3, 3);
  p.qacc_smooth = core::VectorX(3);
  p.qacc_smooth << ax, 0.0, -9.81;
  p.opt.cone = cone;
  p.opt.timestep = h;
  p.opt.meaninertia = m;
  mujoco::Contact c;
  c.dim = 3;
  c.friction = {mu, mu, 0.005, 1e-4, 1e-4};
  c.efc_address = 0;
  // Normal row parameters (§2a) at pos = −depth, normal velocity vz.
  mujoco::RowInput normal;
  normal.diag_approx = 1.0 / m;
  normal.distance = -depth;
  normal.pos = -depth;
  normal.vel = vz;
  normal.timestep = h;
  const mujoco::RowParameters n = mujoco::MakeRowParameters(normal);
  const core::Vector3 jn(0, 0, 1), jt1(1, 0, 0), jt2(0, 1, 0);
  if (cone == mujoco::Cone::kPyramidal) {
    const mujoco::FrictionRegularisation fr = mujoco::PyramidalFrictionR(n.R, 1.0, c.friction, 3);
    c.mu = fr.mu;
    p.J = core::MatrixX(4, 3);
    p.J.row(0) = (jn + mu * jt1).transpose();
    p.J.row(1) = (jn - mu * jt1).transpose();
    p.J.row(2) = (jn + mu * jt2).transpose();
    p.J.row(3) = (jn - mu * jt2).transpose();
    p.R = core::VectorX(4);
    p.aref = core::VectorX(4);
    for (int e = 0; e < 4; ++e) {
      p.R(e) = fr.R[e];
      const double edge_vel = p.J.row(e).dot(core::Vector3(vx, 0, vz));
      p.aref(e) = -n.B * edge_vel - n.K * n.imp * (-depth);
      p.kind.push_back(RowKind::kContactPyramidal);
      p.contact.push_back(0);
    }
  } else {
    const mujoco::FrictionRegularisation fr = mujoco::EllipticFrictionR(n.R, 1.0, c.friction, 3);
    c.mu = fr.mu;
    p.J = core::MatrixX(3, 3);
    p.J.row(0) = jn.transpose();
    p.J.row(1) = jt1.transpose();
    p.J.row(2) = jt2.transpose();
    p.R = core::VectorX(3);
    p.R << n.R, fr.R[1], fr.R[2];
    p.aref = core::VectorX(3);
    p.aref << n.aref, -n.B * vx, 0.0;  // friction rows: K = 0, B of the normal row
    for (int r = 0; r < 3; ++r) {
      p.kind.push_back(RowKind::kContactElliptic);
      p.contact.push_back(0);
    }
  }
  p.frictionloss = core::VectorX::Zero(p.nefc());
  p.contacts.push_back(c);
  return p;
}

}  // namespace simatlas::exercises::mj_solvers
