// MJ-solvers §7 and §9 against MuJoCo 2.2.2 (live oracle) on multibody trees built identically in
// MJCF and in the reference: a damped 3-link hinge chain (gravity, joint damping, armature, a
// joint spring, a motor; axes y, x, y so the Coriolis coupling is three-dimensional) and a free
// tumbling body (asymmetric inertia, COM off the body origin, with and without gravity). Euler,
// implicit and RK4 reproduce mj_step's qpos/qvel after one step (≤ 1e-10 relative) and after
// many steps (tolerance below, with its reason); mjd_transitionFD's A and B equal the reference
// FD transition Jacobians of the chain.
// Conventions mapped here (MuJoCo 2.2.2): free-joint qpos = (p, quat), qvel = (v_world, ω_local);
// the tree's free joint is q = (quat, p), v = (ω_F, v_F) with F the world frame; armature is the
// tree's reflected rotor inertia; <inertial pos diaginertia> is p_BoBcm_B and I_BBcm_B; joints sit
// at their body's origin (joint pos 0), so X_PF is the body's pos in its parent.
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

#include "oracle/mujoco338_oracle.h"
#include "reference/mujoco/tree_integrators.h"
#include "reference/multibody/multibody_tree.h"

namespace simatlas::oracle {
namespace {

using core::MatrixX;
using core::Vector3;
using core::VectorX;
using multibody::MultibodyTree;

struct Loaded {
  std::shared_ptr<mjModel> model;
  std::shared_ptr<mjData> data;
};

Loaded LoadXml(const std::string& xml, const std::string& name) {
  const std::string path = ::testing::TempDir() + "simatlas_tree_" + name + ".xml";
  std::ofstream(path) << xml;
  char error[1000] = "";
  mjModel* m = mj_loadXML(path.c_str(), nullptr, error, sizeof(error));
  if (!m) throw std::runtime_error(std::string("mj_loadXML: ") + error);
  Loaded l{std::shared_ptr<mjModel>(m, mj_deleteModel), nullptr};
  l.data = std::shared_ptr<mjData>(mj_makeData(m), mj_deleteData);
  return l;
}


std::string Vec(const Vector3& x) {
  char b[128];
  std::snprintf(b, sizeof(b), "%.17g %.17g %.17g", x(0), x(1), x(2));
  return b;
}

std::string Num(double x) {
  char b[64];
  std::snprintf(b, sizeof(b), "%.17g", x);
  return b;
}

std::string Option(double h, const std::string& integrator, const std::string& gravity) {
  return "<compiler angle=\"radian\"/><option timestep=\"" + Num(h) +
         "\" integrator=\"" + integrator + "\" gravity=\"" + gravity + "\"/>";
}

// ---------------------------------------------------------------------------------------------
// The damped hinge chain: link i hangs from the previous one at `pos`, COM at `com`.
struct Link {
  Vector3 pos, axis, com, inertia;
  double mass, damping, armature, stiffness, springref;
};

const std::vector<Link>& ChainLinks() {
  static const std::vector<Link> links = {
      {{0, 0, 0}, {0, 1, 0}, {0.02, 0, -0.2}, {0.03, 0.025, 0.01}, 1.2, 0.3, 0.02, 2.0, 0.1},
      {{0, 0, -0.4}, {1, 0, 0}, {0, 0.01, -0.15}, {0.02, 0.016, 0.006}, 0.8, 0.1, 0.01, 0, 0},
      {{0.05, 0, -0.3}, {0, 1, 0}, {0, 0, -0.1}, {0.008, 0.007, 0.003}, 0.5, 0.05, 0, 0, 0},
  };
  return links;
}

std::string ChainXml(double h, const std::string& integrator) {
  std::string bodies, closing;
  for (std::size_t i = 0; i < ChainLinks().size(); ++i) {
    const Link& l = ChainLinks()[i];
    const std::string n = std::to_string(i + 1);
    bodies += "<body name=\"l" + n + "\" pos=\"" + Vec(l.pos) + "\"><joint name=\"j" + n +
              "\" type=\"hinge\" axis=\"" + Vec(l.axis) + "\" damping=\"" + Num(l.damping) +
              "\" armature=\"" + Num(l.armature) + "\" stiffness=\"" + Num(l.stiffness) +
              "\" springref=\"" + Num(l.springref) + "\"/><inertial pos=\"" + Vec(l.com) +
              "\" mass=\"" + Num(l.mass) + "\" diaginertia=\"" + Vec(l.inertia) + "\"/>";
    closing += "</body>";
  }
  return "<mujoco>" + Option(h, integrator, "0 0 -9.81") + "<worldbody>" + bodies + closing +
         "</worldbody><actuator><motor joint=\"j2\" gear=\"1\"/></actuator></mujoco>";
}

MultibodyTree ChainTree() {
  MultibodyTree tree;
  tree.set_gravity(Vector3(0, 0, -9.81));
  int parent = multibody::kWorldBody;
  for (std::size_t i = 0; i < ChainLinks().size(); ++i) {
    const Link& l = ChainLinks()[i];
    multibody::RigidBody body;
    body.name = "l" + std::to_string(i + 1);
    body.mass = l.mass;
    body.p_BoBcm_B = l.com;
    body.I_BBcm_B = l.inertia.asDiagonal();
    const int b = tree.AddBody(body);
    multibody::RigidTransform X_PF;
    X_PF.p = l.pos;
    multibody::JointSpec joint =
        multibody::MakeRevoluteJoint("j" + std::to_string(i + 1), parent, b, l.axis, X_PF);
    joint.damping = VectorX::Constant(1, l.damping);
    joint.reflected_inertia = l.armature;
    joint.stiffness = l.stiffness;
    joint.spring_reference = l.springref;
    tree.AddJoint(joint);
    parent = b;
  }
  tree.AddActuator(1);
  return tree;
}

const VectorX& ChainQ0() {
  static const VectorX q = (VectorX(3) << 0.4, -0.3, 0.7).finished();
  return q;
}
const VectorX& ChainV0() {
  static const VectorX v = (VectorX(3) << 1.5, -2.0, 0.8).finished();
  return v;
}
constexpr double kChainCtrl = 0.3;

// ---------------------------------------------------------------------------------------------
// The free tumbling body: asymmetric principal inertia, COM off the body origin.
const Vector3 kBodyCom(0.05, -0.02, 0.03);
const Vector3 kBodyInertia(0.1, 0.2, 0.25);
constexpr double kBodyMass = 2.0;

std::string FreeBodyXml(double h, const std::string& integrator, bool gravity) {
  return "<mujoco>" + Option(h, integrator, gravity ? "0 0 -9.81" : "0 0 0") +
         "<worldbody><body name=\"b\"><freejoint name=\"f\"/><inertial pos=\"" + Vec(kBodyCom) +
         "\" mass=\"" + Num(kBodyMass) + "\" diaginertia=\"" + Vec(kBodyInertia) +
         "\"/></body></worldbody></mujoco>";
}

MultibodyTree FreeBodyTree(bool gravity) {
  MultibodyTree tree;
  tree.set_gravity(gravity ? Vector3(0, 0, -9.81) : Vector3::Zero());
  multibody::RigidBody body;
  body.name = "b";
  body.mass = kBodyMass;
  body.p_BoBcm_B = kBodyCom;
  body.I_BBcm_B = kBodyInertia.asDiagonal();
  const int b = tree.AddBody(body);
  tree.AddJoint(multibody::MakeFreeJoint("f", multibody::kWorldBody, b));
  return tree;
}

// MuJoCo's qpos = (p, quat), qvel = (v_world, ω_local) at the start.
VectorX FreeQpos0() {
  VectorX q(7);
  const Eigen::Vector4d quat = Eigen::Vector4d(0.9, 0.1, -0.3, 0.2).normalized();
  q << 0.1, 0.2, 0.3, quat(0), quat(1), quat(2), quat(3);
  return q;
}
VectorX FreeQvel0() { return (VectorX(6) << 0.3, -0.1, 0.2, 2.0, 5.0, -3.0).finished(); }

// ---------------------------------------------------------------------------------------------
// The conversions between MuJoCo's (qpos, qvel) and the tree's state.
struct Model {
  std::string name;
  MultibodyTree tree;
  bool free = false;  // one free joint at the root: reorder (p, quat) and (v, ω)
  multibody::AppliedForces applied;
};

mujoco::TreeState FromMujoco(const Model& m, const VectorX& qpos, const VectorX& qvel) {
  if (!m.free) return {qpos, qvel};
  VectorX q(7), u(6);
  q << qpos.segment<4>(3), qpos.head<3>();
  u << qvel.tail<3>(), qvel.head<3>();
  return {q, mujoco::TreeVelocityFromMujoco(m.tree, q, u)};
}

// (qpos, qvel) in MuJoCo's layout from a tree state.
std::pair<VectorX, VectorX> ToMujoco(const Model& m, const mujoco::TreeState& x) {
  const VectorX u = mujoco::MujocoVelocityFromTree(m.tree, x.q, x.v);
  if (!m.free) return {x.q, u};
  VectorX qpos(7), qvel(6);
  qpos << x.q.tail<3>(), x.q.head<4>();
  qvel << u.tail<3>(), u.head<3>();
  return {qpos, qvel};
}

VectorX Read(const mjtNum* p, int n) { return Eigen::Map<const VectorX>(p, n); }

// ‖a − b‖∞ / max(1, ‖b‖∞).
double RelativeError(const VectorX& a, const VectorX& b) {
  return (a - b).lpNorm<Eigen::Infinity>() / std::max(1.0, b.lpNorm<Eigen::Infinity>());
}

struct Case {
  Model model;
  std::string xml_name;
  std::function<std::string(double, const std::string&)> xml;
  VectorX qpos0, qvel0, ctrl;
};

std::vector<Case> Cases() {
  std::vector<Case> cases;
  Model chain{"chain", ChainTree(), false, {}};
  chain.applied.u = VectorX::Constant(1, kChainCtrl);
  cases.push_back({chain, "chain", ChainXml, ChainQ0(), ChainV0(), VectorX::Constant(1, kChainCtrl)});
  for (bool gravity : {false, true}) {
    Model body{gravity ? "free body, gravity" : "free body, no gravity", FreeBodyTree(gravity), true,
               {}};
    cases.push_back({body, gravity ? "free_g" : "free",
                     [gravity](double h, const std::string& integ) {
                       return FreeBodyXml(h, integ, gravity);
                     },
                     FreeQpos0(), FreeQvel0(), VectorX()});
  }
  return cases;
}

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

Loaded LoadCase(const Case& c, double h, const IntegratorPair& integ) {
  Loaded l = LoadXml(c.xml(h, integ.mjcf), c.xml_name + "_" + integ.mjcf);
  if (l.model->nq != c.qpos0.size() || l.model->nv != c.qvel0.size()) {
    throw std::runtime_error("MJCF and reference sizes differ for " + c.model.name);
  }
  std::copy(c.qpos0.data(), c.qpos0.data() + c.qpos0.size(), l.data->qpos);
  std::copy(c.qvel0.data(), c.qvel0.data() + c.qvel0.size(), l.data->qvel);
  std::copy(c.ctrl.data(), c.ctrl.data() + c.ctrl.size(), l.data->ctrl);
  return l;
}

// The step size of the comparisons [s].
constexpr double kH = 0.002;
// The many-step run: 500 steps = 1 s.
constexpr int kManySteps = 500;

TEST(TreeIntegratorsOracle, ModelsAgreeBeforeStepping) {
  // M, qfrc_bias and the total smooth force of the tree equal MuJoCo's at the initial state,
  // so a disagreement after stepping is the integrator's, not the model's.
  for (const Case& c : Cases()) {
    Loaded l = LoadCase(c, kH, kIntegrators[0]);
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
      Loaded l = LoadCase(c, kH, integ);
      ASSERT_EQ(l.model->opt.integrator, integ.mj);
      mujoco::TreeState x = FromMujoco(c.model, c.qpos0, c.qvel0);
      double worst_many = 0;
      for (int step = 1; step <= kManySteps; ++step) {
        mj_step(l.model.get(), l.data.get());
        x = mujoco::StepTree(c.model.tree, integ.reference, kH, x, c.model.applied);
        const auto [qpos, qvel] = ToMujoco(c.model, x);
        const double eq = RelativeError(qpos, Read(l.data->qpos, l.model->nq));
        const double ev = RelativeError(qvel, Read(l.data->qvel, l.model->nv));
        const std::string where =
            c.model.name + " " + integ.mjcf + " step " + std::to_string(step);
        if (step == 1) {
          // One step: the same formulas on the same numbers, round-off only.
          EXPECT_LT(eq, 1e-10) << where << " qpos " << qpos.transpose();
          EXPECT_LT(ev, 1e-10) << where << " qvel " << qvel.transpose();
        }
        worst_many = std::max({worst_many, eq, ev});
      }
      // Many steps (500 steps, 1 s): the two engines sum M, the RNE and the quaternion product
      // in different orders, so each step differs by ~1e-16 relative and the flow carries those
      // differences forward (the free body's tumble amplifies them exponentially). Measured
      // worst over the run: chain ≤ 1.3e-15, free body ≤ 1.2e-13 (all three integrators).
      // Tolerance 1e-10: the one-step bound, with three decades for platform-dependent growth.
      EXPECT_LT(worst_many, 1e-10) << c.model.name << " " << integ.mjcf;
      char measured[32];
      std::snprintf(measured, sizeof(measured), "%.3e", worst_many);
      RecordProperty(c.xml_name + "_" + integ.mjcf + "_worst_rel", measured);
    }
  }
}

TEST(TreeIntegratorsOracle, ImplicitFastIsNotInMuJoCo222) {
  // 2.2.2's mjtIntegrator has Euler, RK4, implicit only (mjmodel.h); implicitfast arrived in
  // 2.3.3, so the reference's implicitfast has no 2.2.2 oracle: MuJoCo 3.3.8 is its live oracle
  // on the chain (below); the free-body case rests on tree_integrators_test's structure checks.
  EXPECT_THROW(LoadXml(ChainXml(kH, "implicitfast"), "implicitfast"), std::runtime_error);
}

TEST(TreeIntegratorsOracle, ImplicitFastMatchesMuJoCo338OnTheChain) {
  // MuJoCo 3.3.8 (npm mujoco-js 0.0.7) steps the damped hinge chain — a tree without a free
  // body — with implicitfast: (M + h·D) a = F, the RNE velocity derivative left out and the
  // armature in M (engine_forward.c mj_implicitSkip: mjd_smooth_vel with flg_bias = 0 for
  // mjINT_IMPLICITFAST, read at 3.3.8's commit), as
  // the course's 3.15 describes and the reference implements. One step: round-off only; 500
  // steps: the bound of MjStepMatchesOneAndManySteps and its reason.
  const std::string path = ::testing::TempDir() + "simatlas_tree_chain_implicitfast.xml";
  std::ofstream(path) << ChainXml(kH, "implicitfast");
  auto csv = [](const VectorX& x) {
    std::string out;
    for (Eigen::Index i = 0; i < x.size(); ++i) out += (i ? "," : "") + Num(x[i]);
    return out;
  };
  nlohmann::json answer;
  try {
    answer = RunMujoco338({"step", path, std::to_string(kManySteps), csv(ChainQ0()),
                           csv(ChainV0()), csv(VectorX::Constant(1, kChainCtrl))});
  } catch (const std::exception& e) {
    FAIL() << e.what();
  }
  ASSERT_EQ(answer.at("version"), "3.3.8");
  const Case chain = Cases()[0];
  mujoco::TreeState x = FromMujoco(chain.model, chain.qpos0, chain.qvel0), full = x;
  double worst = 0, worst_full = 0;
  for (int step = 1; step <= kManySteps; ++step) {
    x = mujoco::StepTree(chain.model.tree, mujoco::Integrator::kImplicitFast, kH, x,
                         chain.model.applied);
    full = mujoco::StepTree(chain.model.tree, mujoco::Integrator::kImplicit, kH, full,
                            chain.model.applied);
    const auto [qpos, qvel] = ToMujoco(chain.model, x);
    const nlohmann::json& s = answer.at("states").at(step - 1);
    const std::vector<double> mq = s.at("qpos"), mv = s.at("qvel");
    const double eq = RelativeError(qpos, Eigen::Map<const VectorX>(mq.data(), mq.size()));
    const double ev = RelativeError(qvel, Eigen::Map<const VectorX>(mv.data(), mv.size()));
    if (step == 1) {
      EXPECT_LT(eq, 1e-10) << "step 1 qpos " << qpos.transpose();
      EXPECT_LT(ev, 1e-10) << "step 1 qvel " << qvel.transpose();
    }
    worst = std::max({worst, eq, ev});
    const VectorX full_qvel = ToMujoco(chain.model, full).second;
    worst_full = std::max(
        worst_full, RelativeError(full_qvel, Eigen::Map<const VectorX>(mv.data(), mv.size())));
  }
  EXPECT_LT(worst, 1e-10);
  // The comparison tells the variants apart: the reference's implicit (with the RNE
  // derivative) leaves 3.3.8's implicitfast by far more than the bound.
  EXPECT_GT(worst_full, 1e-8);
  std::cout << "[3.3.8] chain implicitfast, 500 steps: worst relative difference " << worst
            << " (reference implicit: " << worst_full << ")\n";
}

TEST(TreeIntegratorsOracle, TransitionFDMatchesMuJoCoOnTheChain) {
  const Case chain = Cases()[0];
  const int n = 2 * chain.model.tree.num_velocities();
  for (const IntegratorPair& integ : {kIntegrators[0], kIntegrators[1]}) {
    for (mjtByte centered : {mjtByte(0), mjtByte(1)}) {
      Loaded l = LoadCase(chain, kH, integ);
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
}  // namespace simatlas::oracle
