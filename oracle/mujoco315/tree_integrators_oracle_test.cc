// MJ-solvers §7–§9 against the live MuJoCo 3.15.0 (the PyPI wheel's libmujoco), on the trees of
// oracle/tree_models.h (a damped 3-link hinge chain with a motor; a free tumbling body with and
// without gravity): Euler, implicit, implicitfast and RK4 reproduce mj_step's qpos/qvel after one
// step and after 500, so does §8's discrete step on the chain, and mjd_transitionFD's A and B
// equal the reference's FD transition Jacobians (its RK4 refusal too).
// implicitfast is the course's 3.15 form (§7): (M − h·∂F/∂v without the RNE derivative) a = F on a
// tree, and on a standalone free body its own 6×6 solve with the gyroscopic derivative (≥ 3.11's
// mjd_freeMhat) — the free body's rows below are the live check of that claim.
// The same source compiled against the MuJoCo 4.0.1 wheel (oracle_mujoco401_test, issue 38) runs
// the reference's RK4 with 4.0.1's Runge–Kutta–Munthe-Kaas rotations (LinkedRk4Rotation,
// tree_models.h): there the free body's RK4 rows are the live check of mujoco::Rk4Rotation.
#include <gtest/gtest.h>

#include <mujoco/mujoco.h>

#include <cmath>
#include <cstdio>
#include <stdexcept>
#include <string>
#include <vector>

#include "oracle/mujoco315/mujoco315_oracle.h"
#include "oracle/tree_models.h"
#include "reference/core/errors.h"

namespace simatlas::SIMATLAS_LIVE_ORACLE {
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
    {"implicitfast", mujoco::Integrator::kImplicitFast, mjINT_IMPLICITFAST},
    {"RK4", mujoco::Integrator::kRk4, mjINT_RK4},
};

// §8's discrete step (≥ 3.13), on trees without a free joint.
const IntegratorPair kDiscrete{"discrete", mujoco::Integrator::kDiscrete, mjINT_DISCRETE};

// The step size of the comparisons [s] and the many-step run (500 steps = 1 s).
constexpr double kH = 0.002;
constexpr int kManySteps = 500;

adapters::ModelData Load(const Case& c, const IntegratorPair& integ) {
  return LoadCase(c, kH, integ.mjcf, ::testing::TempDir());
}

TEST(TreeIntegratorsOracle315, ModelsAgreeBeforeStepping) {
  // M and the smooth acceleration of the tree equal MuJoCo 3.15's at the initial state, so a
  // disagreement after stepping is the integrator's, not the model's.
  for (const Case& c : Cases()) {
    adapters::ModelData l = Load(c, kIntegrators[0]);
    mj_forward(l.model.get(), l.data.get());
    const int nv = l.model->nv;
    MatrixX M_mj(nv, nv);
    mj_fullM(l.model.get(), l.data.get(), M_mj.data());  // 3.15's signature (qM is gone)
    const mujoco::TreeState x = FromMujoco(c.model, c.qpos0, c.qvel0);
    const MatrixX M = c.model.tree.CalcMassMatrix(x.q);
    const VectorX a = M.llt().solve(mujoco::SmoothForce(c.model.tree, x.q, x.v, c.model.applied));
    const VectorX qacc_tree = ToMujoco(c.model, {x.q, a}).second;
    EXPECT_LT(RelativeError(qacc_tree, Read(l.data->qacc, nv)), 1e-12)
        << c.model.name << ": qacc " << qacc_tree.transpose() << " vs "
        << Read(l.data->qacc, nv).transpose();
    EXPECT_NEAR(M.trace(), M_mj.trace(), 1e-12 * M.trace()) << c.model.name;
  }
}

TEST(TreeIntegratorsOracle315, MjStepMatchesOneAndManySteps) {
  for (const Case& c : Cases()) {
    for (const IntegratorPair& integ : kIntegrators) {
      adapters::ModelData l = Load(c, integ);
      ASSERT_EQ(l.model->opt.integrator, integ.mj);
      ExpectStepsMatch(c, integ.mjcf, CompareSteps(c, l, integ.reference, kH, kManySteps));
    }
  }
}

TEST(TreeIntegratorsOracle315, DiscreteMatchesOnTheChain) {
  // MJ-solvers §8, formula sheet (8.1), ≥ 3.13: (M + hD + h²K) a = F − hKv with K the joint
  // stiffness (the chain's first joint has k = 2 N·m/rad). The reference refuses trees with a free
  // joint (3.13's free-body correction is not modelled), so the chain is the case. One step and 500
  // steps, the bounds of MjStepMatchesOneAndManySteps and their reason.
  const Case chain = Cases()[0];
  adapters::ModelData l = Load(chain, kDiscrete);
  ASSERT_EQ(l.model->opt.integrator, mjINT_DISCRETE);
  const StepComparison run = CompareSteps(chain, l, kDiscrete.reference, kH, kManySteps);
  EXPECT_LT(std::max(run.first_qpos, run.first_qvel), 1e-10)
      << "step 1 qvel " << run.qvel1.transpose();
  EXPECT_LT(run.worst, 1e-10);
  // Not implicitfast under another name: the spring's h²K and −hKv terms move the first step
  // far apart.
  adapters::ModelData once = Load(chain, kDiscrete);
  mj_step(once.model.get(), once.data.get());
  const mujoco::TreeState fast =
      mujoco::StepTree(chain.model.tree, mujoco::Integrator::kImplicitFast, kH,
                       FromMujoco(chain.model, chain.qpos0, chain.qvel0), chain.model.applied);
  EXPECT_GT(RelativeError(fast.v, Read(once.data->qvel, once.model->nv)), 1e-8);
}

TEST(TreeIntegratorsOracle315, ImplicitFastIsNeitherVariantItReplaces) {
  // The comparison above tells implicitfast from its neighbours. On the chain, implicit (with the
  // RNE velocity derivative) leaves MuJoCo 3.15's implicitfast by far more than the 1e-10 bound.
  // On the undamped tumbling body, an implicitfast without 3.11's gyroscopic derivative would
  // solve M a = F, i.e. be Euler: 3.15 is not that either. (On a lone free body the RNE
  // derivative is the gyroscopic one, so implicit and 3.15's implicitfast coincide there.)
  for (const Case& c : Cases()) {
    if (c.xml_name == "free_g") continue;  // the same rotation as "free"
    const mujoco::Integrator other =
        c.xml_name == "chain" ? mujoco::Integrator::kImplicit : mujoco::Integrator::kEuler;
    adapters::ModelData l = Load(c, kIntegrators[2]);
    mj_step(l.model.get(), l.data.get());
    const mujoco::TreeState x0 = FromMujoco(c.model, c.qpos0, c.qvel0);
    const mujoco::TreeState x1 = mujoco::StepTree(c.model.tree, other, kH, x0, c.model.applied);
    EXPECT_GT(RelativeError(ToMujoco(c.model, x1).second, Read(l.data->qvel, l.model->nv)), 1e-8)
        << c.model.name;
  }
}

// mjd_transitionFD's A (2nv × 2nv) and B (2nv × nu) in the tree's velocity order: MuJoCo's free
// joint tangent is (v, ω), the tree's (ω, v) — index t of the tree is MuJoCo's t ± 3 there.
int MujocoIndex(const Case& c, int t) {
  if (c.xml_name == "chain") return t;
  const int half = t / 6, k = t % 6;
  return 6 * half + (k < 3 ? k + 3 : k - 3);
}

TEST(TreeIntegratorsOracle315, TransitionFDMatchesMuJoCo) {
  for (const Case& c : Cases()) {
    if (c.xml_name == "free_g") continue;
    const int nv = c.model.tree.num_velocities(), n = 2 * nv, nu = c.ctrl.size();
    std::vector<IntegratorPair> integrators = {kIntegrators[0], kIntegrators[1], kIntegrators[2]};
    if (c.xml_name == "chain") integrators.push_back(kDiscrete);  // no free joint (§8)
    for (const IntegratorPair& integ : integrators) {
      for (mjtByte centered : {mjtByte(0), mjtByte(1)}) {
        adapters::ModelData l = Load(c, integ);
        std::vector<double> A(n * n), B(n * std::max(nu, 1));
        const double eps = 1e-6;
        mjd_transitionFD(l.model.get(), l.data.get(), eps, centered, A.data(),
                         nu ? B.data() : nullptr, nullptr, nullptr);
        const mujoco::TransitionModel model =
            mujoco::TreeTransitionModel(c.model.tree, integ.reference, kH, c.model.applied);
        const mujoco::TreeState x0 = FromMujoco(c.model, c.qpos0, c.qvel0);
        const VectorX u0 = mujoco::MujocoVelocityFromTree(c.model.tree, x0.q, x0.v);
        const mujoco::TransitionJacobians J =
            mujoco::TransitionFD(model, {x0.q, u0, VectorX()}, c.ctrl, eps, centered != 0);
        const std::string where =
            c.model.name + " " + integ.mjcf + " centered " + std::to_string(centered);
        // Both difference the same step map with the same ε: the maps agree to ~1e-15 and the
        // quotient divides that by ε = 1e-6, so entries agree to ~1e-9 (A's entries are O(1);
        // the tumble's are O(h‖ω‖ ‖I‖/min I) ≲ 1).
        for (int i = 0; i < n; ++i) {
          for (int j = 0; j < n; ++j) {
            EXPECT_NEAR(J.A(i, j), A[n * MujocoIndex(c, i) + MujocoIndex(c, j)], 1e-7)
                << where << " A(" << i << "," << j << ")";
          }
          for (int k = 0; k < nu; ++k) {
            EXPECT_NEAR(J.B(i, k), B[nu * MujocoIndex(c, i) + k], 1e-7)
                << where << " B(" << i << ")";
          }
        }
        // Not trivial: the position block is near the identity, and off it something moves.
        EXPECT_NEAR(J.A(0, 0), 1.0, 0.05) << where;
        EXPECT_GT((J.A.bottomRightCorner(nv, nv) - MatrixX::Identity(nv, nv)).cwiseAbs().maxCoeff(),
                  1e-4)
            << where;
      }
    }
  }
}

// MuJoCo's errors become exceptions while a test asks for one (the default handler exits).
struct ThrowingErrors {
  ThrowingErrors() {
    mju_user_error = [](const char* msg) { throw std::runtime_error(msg); };
  }
  ~ThrowingErrors() { mju_user_error = nullptr; }
};

TEST(TreeIntegratorsOracle315, TransitionFDRefusesRK4AsMuJoCoDoes) {
  // mjd_transitionFD has no RK4 (engine_derivative_fd.c: mjERROR "RK4 integrator is not
  // supported"); the reference's TransitionFD refuses it with an InputError.
  const Case chain = Cases()[0];
  adapters::ModelData l = Load(chain, kIntegrators[3]);
  const int n = 2 * chain.model.tree.num_velocities();
  std::vector<double> A(n * n);
  {
    ThrowingErrors errors;
    try {
      mjd_transitionFD(l.model.get(), l.data.get(), 1e-6, 0, A.data(), nullptr, nullptr, nullptr);
      ADD_FAILURE() << adapters::EngineName() << " differentiated an RK4 step";
    } catch (const std::runtime_error& e) {
      EXPECT_NE(std::string(e.what()).find("RK4"), std::string::npos) << e.what();
    }
  }
  const mujoco::TransitionModel model = mujoco::TreeTransitionModel(
      chain.model.tree, mujoco::Integrator::kRk4, kH, chain.model.applied);
  EXPECT_THROW(
      mujoco::TransitionFD(model, {chain.qpos0, chain.qvel0, VectorX()}, chain.ctrl, 1e-6, false),
      core::InputError);
}

}  // namespace
}  // namespace simatlas::SIMATLAS_LIVE_ORACLE
