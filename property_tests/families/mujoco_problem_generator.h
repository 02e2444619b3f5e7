#pragma once
/// @file
/// Random well-conditioned MuJoCo constraint problems for the MJ-solvers property tests: every
/// row kind of §2 (equality, frictionloss, limit, frictionless, pyramidal or elliptic contacts
/// of dim 3/4/6), R built by the reference impedance rules ((1 − I)/I · Â with the exact
/// diagonal plus a margin, and the friction-row scaling of formula sheet (2.3) with a random
/// impratio).

#include <random>

#include "reference/mujoco/impedance.h"
#include "reference/mujoco/problem.h"

namespace simatlas::property_tests {

/// Builds a random problem from a seed (deterministic) with the given cone.
inline mujoco::Problem RandomMujocoProblem(unsigned seed, mujoco::Cone cone) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> unit(-1, 1), pos(0.1, 1);
  auto uniform = [&](double lo, double hi) {
    return std::uniform_real_distribution<double>(lo, hi)(rng);
  };
  auto pick = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
  mujoco::Problem p;
  p.nv = pick(1, 6);
  // M = B Bᵀ + nv·I: SPD with condition number O(10).
  core::MatrixX B(p.nv, p.nv);
  for (int i = 0; i < p.nv; ++i)
    for (int j = 0; j < p.nv; ++j) B(i, j) = unit(rng);
  p.M = B * B.transpose() + p.nv * core::MatrixX::Identity(p.nv, p.nv);
  p.qacc_smooth = core::VectorX(p.nv);
  for (int i = 0; i < p.nv; ++i) p.qacc_smooth[i] = uniform(-10, 10);
  p.opt.cone = cone;
  p.opt.impratio = uniform(0.5, 4);
  p.opt.meaninertia = p.M.diagonal().mean();
  const Eigen::LLT<core::MatrixX> llt(p.M);
  auto row_vector = [&] {
    core::VectorX r(p.nv);
    for (int j = 0; j < p.nv; ++j) r[j] = unit(rng);
    return r;
  };
  auto exact_diag = [&](const core::VectorX& j) { return j.dot(llt.solve(j)); };
  // R = (1 − I)/I · Â with I ∈ [0.5, 0.95] and Â = exact diagonal + 0.05.
  auto regulariser = [&](const core::VectorX& j) {
    const double imp = uniform(0.5, 0.95);
    return (1 - imp) / imp * (exact_diag(j) + 0.05);
  };
  std::vector<core::VectorX> J;
  auto add_row = [&](const core::VectorX& j, mujoco::RowKind kind, double R, double fl,
                     int contact) {
    J.push_back(j);
    p.kind.push_back(kind);
    p.contact.push_back(contact);
    p.R.conservativeResize(p.R.size() + 1);
    p.R[p.R.size() - 1] = R;
    p.frictionloss.conservativeResize(p.frictionloss.size() + 1);
    p.frictionloss[p.frictionloss.size() - 1] = fl;
    p.aref.conservativeResize(p.aref.size() + 1);
    p.aref[p.aref.size() - 1] = uniform(-20, 20);
  };
  const int rows = pick(1, 5);
  for (int r = 0; r < rows; ++r) {
    const int which = pick(0, 4);
    const core::VectorX j = row_vector();
    if (which == 0) add_row(j, mujoco::RowKind::kEquality, regulariser(j), 0, -1);
    if (which == 1) add_row(j, mujoco::RowKind::kFrictionDof, regulariser(j), uniform(0.1, 5), -1);
    if (which == 2) add_row(j, mujoco::RowKind::kLimitJoint, regulariser(j), 0, -1);
    if (which == 3) {
      const int c = static_cast<int>(p.contacts.size());
      p.contacts.push_back({1, {1, 1, 0.005, 1e-4, 1e-4}, 1, static_cast<int>(J.size())});
      add_row(j, mujoco::RowKind::kContactFrictionless, regulariser(j), 0, c);
    }
    if (which == 4) {
      // A frictional contact: frame rows n, t_1 … t_{d−1}; friction coefficients random.
      const int dims[3] = {3, 4, 6};
      const int dim = dims[pick(0, 2)];
      std::array<double, 5> friction{};
      for (double& f : friction) f = uniform(0.2, 1.5);
      std::vector<core::VectorX> frame;
      for (int k = 0; k < dim; ++k) frame.push_back(row_vector());
      const int c = static_cast<int>(p.contacts.size());
      const int address = static_cast<int>(J.size());
      if (cone == mujoco::Cone::kElliptic) {
        const auto scaled =
            mujoco::EllipticFrictionR(regulariser(frame[0]), p.opt.impratio, friction, dim);
        p.contacts.push_back({dim, friction, scaled.mu, address});
        for (int k = 0; k < dim; ++k)
          add_row(frame[k], mujoco::RowKind::kContactElliptic, scaled.R[k], 0, c);
      } else {
        const core::VectorX edge0 = frame[0] + friction[0] * frame[1];
        const auto scaled =
            mujoco::PyramidalFrictionR(regulariser(edge0), p.opt.impratio, friction, dim);
        p.contacts.push_back({dim, friction, scaled.mu, address});
        for (int k = 1; k < dim; ++k) {
          add_row(frame[0] + friction[k - 1] * frame[k], mujoco::RowKind::kContactPyramidal,
                  scaled.R[0], 0, c);
          add_row(frame[0] - friction[k - 1] * frame[k], mujoco::RowKind::kContactPyramidal,
                  scaled.R[0], 0, c);
        }
      }
    }
  }
  p.J.resize(static_cast<int>(J.size()), p.nv);
  for (size_t r = 0; r < J.size(); ++r) p.J.row(static_cast<int>(r)) = J[r].transpose();
  return p;
}

}  // namespace simatlas::property_tests
