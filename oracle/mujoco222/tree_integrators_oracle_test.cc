// MJ-solvers §7 and §9 against MuJoCo 2.2.2 (live oracle) on multibody trees built identically in
// MJCF and in the reference: a damped 3-link hinge chain (gravity, joint damping, armature, a
// joint spring, a motor; axes y, x, y so the Coriolis coupling is three-dimensional) and a free
// tumbling body (asymmetric inertia, COM off the body origin, with and without gravity). Euler,
// implicit and RK4 reproduce mj_step's qpos/qvel after one step (≤ 1e-10 relative) and after
// many steps (tolerance below, with its reason); mjd_transitionFD's A and B equal the reference
// FD transition Jacobians of the chain.
// The models and the state maps are oracle/tree_models.h's (shared with the 3.15.0 test).
#include <gtest/gtest.h>

#include <mujoco/mujoco.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <functional>
#include <iostream>
#include <fstream>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "oracle/tree_models.h"
#include "reference/core/errors.h"

namespace simatlas::oracle222 {
namespace {

using core::MatrixX;
using core::VectorX;
using namespace oracle::tree_models;

struct IntegratorPair {
  const char* mjcf;
  mujoco::Integrator reference;
  mjtIntegrator mj;
};

const IntegratorPair kIntegrators[] = {
    {"Euler", mujoco::Integrator::kEuler, mjINT_EULER},
    {"implicit", mujoco::Integrator::kImplicit, mjINT_IMPLICIT},
    {"RK4", mujoco::Integrator::kRk4, mjINT_RK4},
};

adapters::ModelData LoadCase(const Case& c, double h, const IntegratorPair& integ) {
  return oracle::tree_models::LoadCase(c, h, integ.mjcf, ::testing::TempDir());
}

// The step size of the comparisons [s].
constexpr double kH = 0.002;
// The many-step run: 500 steps = 1 s.
constexpr int kManySteps = 500;

TEST(TreeIntegratorsOracle, ModelsAgreeBeforeStepping) {
  // M, qfrc_bias and the total smooth force of the tree equal MuJoCo's at the initial state,
  // so a disagreement after stepping is the integrator's, not the model's.
  for (const Case& c : Cases()) {
    adapters::ModelData l = LoadCase(c, kH, kIntegrators[0]);
    mj_forward(l.model.get(), l.data.get());
    const int nv = l.model->nv;
    MatrixX M_mj(nv, nv);
    mj_fullM(l.model.get(), M_mj.data(), l.data->qM);  // symmetric: row/column major agree
    const mujoco::TreeState x = FromMujoco(c.model, c.qpos0, c.qvel0);
    // Tree M in MuJoCo's coordinates (Tᵀ M T) and ordering, via unit velocity columns.
    MatrixX M_tree(nv, nv);
    VectorX qacc_tree(nv);
    const MatrixX M = c.model.tree.CalcMassMatrix(x.q);
    const VectorX a = M.llt().solve(mujoco::SmoothForce(c.model.tree, x.q, x.v, c.model.applied));
    qacc_tree = ToMujoco(c.model, {x.q, a}).second;
    EXPECT_LT(RelativeError(qacc_tree, Read(l.data->qacc, nv)), 1e-12)
        << c.model.name << ": qacc " << qacc_tree.transpose() << " vs "
        << Read(l.data->qacc, nv).transpose();
    EXPECT_NEAR(M.trace(), M_mj.trace(), 1e-12 * M.trace()) << c.model.name;
  }
}

TEST(TreeIntegratorsOracle, MjStepMatchesOneAndManySteps) {
  for (const Case& c : Cases()) {
    for (const IntegratorPair& integ : kIntegrators) {
      adapters::ModelData l = LoadCase(c, kH, integ);
      ASSERT_EQ(l.model->opt.integrator, integ.mj);
      ExpectStepsMatch(c, integ.mjcf, CompareSteps(c, l, integ.reference, kH, kManySteps));
    }
  }
}

TEST(TreeIntegratorsOracle, ImplicitFastIsNotInMuJoCo222) {
  // 2.2.2's mjtIntegrator has Euler, RK4, implicit only (mjmodel.h); implicitfast arrived in
  // 2.3.3, so the reference's implicitfast has no 2.2.2 oracle: MuJoCo 3.15.0 is its live oracle,
  // on the chain and the free body (oracle/mujoco315/tree_integrators_oracle_test.cc).
  EXPECT_THROW(oracle::tree_models::LoadCase(Cases()[0], kH, "implicitfast", ::testing::TempDir()),
               core::InputError);
}

TEST(TreeIntegratorsOracle, TransitionFDMatchesMuJoCoOnTheChain) {
  const Case chain = Cases()[0];
  const int n = 2 * chain.model.tree.num_velocities();
  for (const IntegratorPair& integ : {kIntegrators[0], kIntegrators[1]}) {
    for (mjtByte centered : {mjtByte(0), mjtByte(1)}) {
      adapters::ModelData l = LoadCase(chain, kH, integ);
      std::vector<double> A(n * n), B(n);
      const double eps = 1e-6;
      mjd_transitionFD(l.model.get(), l.data.get(), eps, centered, A.data(), B.data(), nullptr,
                       nullptr);
      const mujoco::TransitionModel model =
          mujoco::TreeTransitionModel(chain.model.tree, integ.reference, kH, chain.model.applied);
      const mujoco::TransitionJacobians J = mujoco::TransitionFD(
          model, {chain.qpos0, chain.qvel0, VectorX()}, chain.ctrl, eps, centered != 0);
      const std::string where = std::string(integ.mjcf) + " centered " + std::to_string(centered);
      // Both difference the same step map with the same ε: the maps agree to ~1e-15 and the
      // quotient divides that by ε = 1e-6, so entries agree to ~1e-9 (A's entries are O(1)).
      for (int i = 0; i < n; ++i) {
        for (int j = 0; j < n; ++j) {
          EXPECT_NEAR(J.A(i, j), A[n * i + j], 1e-7) << where << " A(" << i << "," << j << ")";
        }
        EXPECT_NEAR(J.B(i, 0), B[i], 1e-7) << where << " B(" << i << ")";
      }
      // The Jacobian is not trivial: the position block is near identity, the velocity block of
      // the implicit damping is not the identity.
      EXPECT_NEAR(J.A(0, 0), 1.0, 0.05) << where;
      EXPECT_GT(std::abs(J.B(n / 2 + 1, 0)), 1e-3) << where << ": the motor moves joint 2";
    }
  }
}

}  // namespace
}  // namespace simatlas::oracle222
