#pragma once
/// @file
/// MJ-solvers §7–§9: the two multibody trees the integrator oracles step, written once as MJCF
/// and once as a reference tree (a damped 3-link hinge chain; a free tumbling body with and without
/// gravity), with the maps between MuJoCo's (qpos, qvel) and the tree's state. Shared by the
/// MuJoCo 2.2.2 test (oracle/mujoco222/tree_integrators_oracle_test.cc) and the MuJoCo 3.15.0 test
/// (oracle/mujoco315/tree_integrators_oracle_test.cc); each program compiles it against its own
/// MuJoCo headers and loads through adapters::LoadModelFile.
/// Conventions mapped here: free-joint qpos = (p, quat), qvel = (v_world, ω_local); the tree's
/// free joint is q = (quat, p), v = (ω_F, v_F) with F the world frame; armature is the tree's
/// reflected rotor inertia; `<inertial pos diaginertia>` is p_BoBcm_B and I_BBcm_B; joints sit at
/// their body's origin (joint pos 0), so X_PF is the body's pos in its parent.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <functional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "adapters/mujoco_model/mujoco_model.h"
#include "reference/mujoco/tree_integrators.h"
#include "reference/multibody/multibody_tree.h"

namespace simatlas::oracle::tree_models {

using core::MatrixX;
using core::Vector3;
using core::VectorX;
using multibody::MultibodyTree;

/// "x y z" with 17 significant digits (MJCF attribute text).
inline std::string Vec(const Vector3& x) {
  char b[128];
  std::snprintf(b, sizeof(b), "%.17g %.17g %.17g", x(0), x(1), x(2));
  return b;
}

/// One number with 17 significant digits.
inline std::string Num(double x) {
  char b[64];
  std::snprintf(b, sizeof(b), "%.17g", x);
  return b;
}

/// The compiler and option elements: time step h [s], integrator (MJCF name), gravity text.
inline std::string Option(double h, const std::string& integrator, const std::string& gravity) {
  return "<compiler angle=\"radian\"/><option timestep=\"" + Num(h) + "\" integrator=\"" +
         integrator + "\" gravity=\"" + gravity + "\"/>";
}

// ---------------------------------------------------------------------------------------------
/// One link of the damped hinge chain: it hangs from the previous one at `pos`, COM at `com`.
struct Link {
  Vector3 pos;       ///< joint position in the parent [m]
  Vector3 axis;      ///< hinge axis
  Vector3 com;       ///< centre of mass in the link [m]
  Vector3 inertia;   ///< principal inertia about the COM [kg·m²]
  double mass;       ///< [kg]
  double damping;    ///< joint damping [N·m·s/rad]
  double armature;   ///< rotor inertia [kg·m²]
  double stiffness;  ///< joint spring [N·m/rad]
  double springref;  ///< spring reference angle [rad]
};

/// The chain's three links (axes y, x, y: a three-dimensional Coriolis coupling).
inline const std::vector<Link>& ChainLinks() {
  static const std::vector<Link> links = {
      {{0, 0, 0}, {0, 1, 0}, {0.02, 0, -0.2}, {0.03, 0.025, 0.01}, 1.2, 0.3, 0.02, 2.0, 0.1},
      {{0, 0, -0.4}, {1, 0, 0}, {0, 0.01, -0.15}, {0.02, 0.016, 0.006}, 0.8, 0.1, 0.01, 0, 0},
      {{0.05, 0, -0.3}, {0, 1, 0}, {0, 0, -0.1}, {0.008, 0.007, 0.003}, 0.5, 0.05, 0, 0, 0},
  };
  return links;
}

/// The chain as MJCF (gravity, a motor on joint 2).
inline std::string ChainXml(double h, const std::string& integrator) {
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

/// The chain as a reference tree (the same links, the motor as actuator 0 on joint 1).
inline MultibodyTree ChainTree() {
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

/// The chain's initial joint angles [rad].
inline const VectorX& ChainQ0() {
  static const VectorX q = (VectorX(3) << 0.4, -0.3, 0.7).finished();
  return q;
}
/// The chain's initial joint rates [rad/s].
inline const VectorX& ChainV0() {
  static const VectorX v = (VectorX(3) << 1.5, -2.0, 0.8).finished();
  return v;
}
/// The motor's control [N·m].
inline constexpr double kChainCtrl = 0.3;

// ---------------------------------------------------------------------------------------------
/// The tumbling body's COM from its origin [m].
inline const Vector3 kBodyCom(0.05, -0.02, 0.03);
/// Its principal inertia [kg·m²] (asymmetric: an intermediate axis to tumble about).
inline const Vector3 kBodyInertia(0.1, 0.2, 0.25);
/// Its mass [kg].
inline constexpr double kBodyMass = 2.0;

/// The tumbling body as MJCF, with or without gravity.
inline std::string FreeBodyXml(double h, const std::string& integrator, bool gravity) {
  return "<mujoco>" + Option(h, integrator, gravity ? "0 0 -9.81" : "0 0 0") +
         "<worldbody><body name=\"b\"><freejoint name=\"f\"/><inertial pos=\"" + Vec(kBodyCom) +
         "\" mass=\"" + Num(kBodyMass) + "\" diaginertia=\"" + Vec(kBodyInertia) +
         "\"/></body></worldbody></mujoco>";
}

/// The tumbling body as a reference tree.
inline MultibodyTree FreeBodyTree(bool gravity) {
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
/// MuJoCo's qpos = (p, quat) of the tumbling body at the start.
inline VectorX FreeQpos0() {
  VectorX q(7);
  const Eigen::Vector4d quat = Eigen::Vector4d(0.9, 0.1, -0.3, 0.2).normalized();
  q << 0.1, 0.2, 0.3, quat(0), quat(1), quat(2), quat(3);
  return q;
}
/// MuJoCo's qvel = (v_world, ω_local) at the start.
inline VectorX FreeQvel0() { return (VectorX(6) << 0.3, -0.1, 0.2, 2.0, 5.0, -3.0).finished(); }

// ---------------------------------------------------------------------------------------------
/// A reference model with what converting its state to and from MuJoCo's needs.
struct Model {
  std::string name;                  ///< shown in failure messages
  MultibodyTree tree;                ///< the reference tree
  bool free = false;                 ///< one free joint at the root: reorder (p, quat), (v, ω)
  multibody::AppliedForces applied;  ///< the controls held over a step
};

/// The tree state of MuJoCo's (qpos, qvel).
inline mujoco::TreeState FromMujoco(const Model& m, const VectorX& qpos, const VectorX& qvel) {
  if (!m.free) return {qpos, qvel};
  VectorX q(7), u(6);
  q << qpos.segment<4>(3), qpos.head<3>();
  u << qvel.tail<3>(), qvel.head<3>();
  return {q, mujoco::TreeVelocityFromMujoco(m.tree, q, u)};
}

/// (qpos, qvel) in MuJoCo's layout from a tree state.
inline std::pair<VectorX, VectorX> ToMujoco(const Model& m, const mujoco::TreeState& x) {
  const VectorX u = mujoco::MujocoVelocityFromTree(m.tree, x.q, x.v);
  if (!m.free) return {x.q, u};
  VectorX qpos(7), qvel(6);
  qpos << x.q.tail<3>(), x.q.head<4>();
  qvel << u.tail<3>(), u.head<3>();
  return {qpos, qvel};
}

/// n numbers of an mjData array.
inline VectorX Read(const double* p, int n) { return Eigen::Map<const VectorX>(p, n); }

/// ‖a − b‖∞ / max(1, ‖b‖∞).
inline double RelativeError(const VectorX& a, const VectorX& b) {
  return (a - b).lpNorm<Eigen::Infinity>() / std::max(1.0, b.lpNorm<Eigen::Infinity>());
}

/// One model of the comparisons: the reference side, its MJCF and MuJoCo's initial state.
struct Case {
  Model model;           ///< the reference side
  std::string xml_name;  ///< "chain", "free" or "free_g" (file names, case selection)
  std::function<std::string(double, const std::string&)> xml;  ///< MJCF of (h, integrator)
  VectorX qpos0;                                               ///< MuJoCo's qpos at the start
  VectorX qvel0;                                               ///< MuJoCo's qvel at the start
  VectorX ctrl;  ///< MuJoCo's ctrl (empty without actuators)
};

/// The chain, the free body without gravity, the free body with gravity.
inline std::vector<Case> Cases() {
  std::vector<Case> cases;
  Model chain{"chain", ChainTree(), false, {}};
  chain.applied.u = VectorX::Constant(1, kChainCtrl);
  cases.push_back(
      {chain, "chain", ChainXml, ChainQ0(), ChainV0(), VectorX::Constant(1, kChainCtrl)});
  for (bool gravity : {false, true}) {
    Model body{
        gravity ? "free body, gravity" : "free body, no gravity", FreeBodyTree(gravity), true, {}};
    cases.push_back(
        {body, gravity ? "free_g" : "free",
         [gravity](double h, const std::string& integ) { return FreeBodyXml(h, integ, gravity); },
         FreeQpos0(), FreeQvel0(), VectorX()});
  }
  return cases;
}

/// The case's MJCF at step h [s] with the integrator's MJCF name, written to dir and loaded
/// (core::InputError with MuJoCo's message if it refuses), at the case's initial state.
inline adapters::ModelData LoadCase(const Case& c, double h, const std::string& integrator,
                                    const std::string& dir) {
  const std::string path = dir + "simatlas_tree_" + c.xml_name + "_" + integrator + ".xml";
  std::ofstream(path) << c.xml(h, integrator);
  adapters::ModelData l = adapters::LoadModelFile(path);
  if (l.model->nq != c.qpos0.size() || l.model->nv != c.qvel0.size()) {
    throw std::runtime_error("MJCF and reference sizes differ for " + c.model.name);
  }
  std::copy(c.qpos0.data(), c.qpos0.data() + c.qpos0.size(), l.data->qpos);
  std::copy(c.qvel0.data(), c.qvel0.data() + c.qvel0.size(), l.data->qvel);
  std::copy(c.ctrl.data(), c.ctrl.data() + c.ctrl.size(), l.data->ctrl);
  return l;
}

/// RK4's rotation rule of the MuJoCo this program links, chosen by the reference's one place
/// (mujoco::Rk4RotationOf): 4.0.1 Munthe-Kaas, 3.15.0 and 2.2.2 additive.
inline mujoco::Rk4Rotation LinkedRk4Rotation() {
#if mjVERSION_HEADER >= 4000000
  return mujoco::Rk4RotationOf(mujoco::Version::kMuJoCo401);
#elif mjVERSION_HEADER >= 3000000
  return mujoco::Rk4RotationOf(mujoco::Version::kMuJoCo315);
#else
  return mujoco::Rk4RotationOf(mujoco::Version::kMuJoCo222);
#endif
}

/// How far the reference's steps stay from mj_step's on one case.
struct StepComparison {
  double first_qpos = 0;  ///< relative qpos difference after the first step
  double first_qvel = 0;  ///< relative qvel difference after the first step
  double worst = 0;       ///< the largest qpos or qvel difference over every step
  VectorX qpos1;          ///< the reference's qpos after the first step (MuJoCo's layout)
  VectorX qvel1;          ///< the reference's qvel after the first step
};

/// Steps the loaded case (`l`, at the case's start) `steps` times with mj_step and the reference
/// with `integrator` at step h [s] from the same state, comparing after every step.
inline StepComparison CompareSteps(const Case& c, adapters::ModelData& l,
                                   mujoco::Integrator integrator, double h, int steps) {
  StepComparison out;
  mujoco::TreeState x = FromMujoco(c.model, c.qpos0, c.qvel0);
  for (int step = 1; step <= steps; ++step) {
    mj_step(l.model.get(), l.data.get());
    x = mujoco::StepTree(c.model.tree, integrator, h, x, c.model.applied, LinkedRk4Rotation());
    const auto [qpos, qvel] = ToMujoco(c.model, x);
    const double eq = RelativeError(qpos, Read(l.data->qpos, l.model->nq));
    const double ev = RelativeError(qvel, Read(l.data->qvel, l.model->nv));
    if (step == 1) {
      out.first_qpos = eq;
      out.first_qvel = ev;
      out.qpos1 = qpos;
      out.qvel1 = qvel;
    }
    out.worst = std::max({out.worst, eq, ev});
  }
  return out;
}

/// The expectations on one case's run against mj_step, recorded as the test property
/// `<case>_<integrator>_worst_rel`. After one step, round-off only: both sides apply the same
/// formulas to the same numbers (1e-10 relative). After every step: both sum M, the RNE and the
/// quaternion product in different orders, so each step differs by ~1e-16 relative and the flow
/// carries it forward (the tumble amplifies it). Measured worst (3 Dec 2026, MuJoCo 2.2.2 and
/// 3.15.0 alike): chain ≤ 1.3e-15, free body ≤ 1.2e-13. Tolerance 1e-10: the one-step bound,
/// three decades above that growth.
inline void ExpectStepsMatch(const Case& c, const std::string& integrator,
                             const StepComparison& run) {
  const std::string where = c.model.name + " " + integrator;
  EXPECT_LT(run.first_qpos, 1e-10) << where << " step 1 qpos " << run.qpos1.transpose();
  EXPECT_LT(run.first_qvel, 1e-10) << where << " step 1 qvel " << run.qvel1.transpose();
  EXPECT_LT(run.worst, 1e-10) << where;
  char measured[32];
  std::snprintf(measured, sizeof(measured), "%.3e", run.worst);
  ::testing::Test::RecordProperty(c.xml_name + "_" + integrator + "_worst_rel", measured);
}

}  // namespace simatlas::oracle::tree_models
