// MJ-solvers §2–§5 on any MJCF: the model adapter against the oracle layer (the
// problem matrices are one copy, adapters::ProblemOf, which the oracle's solver tests check
// against MuJoCo's answers; the settling, the per-row records, the answer and the document are
// separate code) and against MuJoCo's own efc rows, and inspect's notes where MuJoCo 2.2.2's
// getsolparam (engine_core_constraint.c) changed a row's parameters, confirmed by MuJoCo's own
// efc_KBIP and warnings.
#include <gtest/gtest.h>

#include <cmath>
#include <fstream>

#include "adapters/mujoco_model/inspect.h"
#include "adapters/mujoco_model/mujoco_model.h"
#include "oracle/mujoco222/mujoco222_oracle.h"
#include "reference/core/errors.h"
#include "reference/io/problem_writer.h"
#include "reference/mujoco/prepare.h"

namespace simatlas::adapters {
namespace {

// A model written for the notes: four hinges held 0.1 rad below their range [0, 1] by the
// keyframe (one soft solref below 2h, one solimp with dmax > 1, one mixed-sign solref, one
// default), and a 0.2 m box 1 mm into the floor, elliptic cone, impratio 4.
constexpr const char* kNotesModel = R"(<mujoco model="notes">
  <option timestep="0.002" impratio="4" cone="elliptic"/>
  <worldbody>
    <geom name="floor" type="plane" size="2 2 0.1"/>
    <body name="soft_arm" pos="-1 0 1">
      <joint name="soft" type="hinge" axis="0 1 0" limited="true" range="0 1" solreflimit="0.001 1"/>
      <geom type="capsule" fromto="0 0 0 0.1 0 0" size="0.02" contype="0" conaffinity="0"/>
    </body>
    <body name="clamped_arm" pos="0 1 1">
      <joint name="clamped" type="hinge" axis="0 1 0" limited="true" range="0 1"
             solimplimit="0.95 1.5 0.001 0.5 2"/>
      <geom type="capsule" fromto="0 0 0 0.1 0 0" size="0.02" contype="0" conaffinity="0"/>
    </body>
    <body name="mixed_arm" pos="1 0 1">
      <joint name="mixed" type="hinge" axis="0 1 0" limited="true" range="0 1" solreflimit="0.05 -1"/>
      <geom type="capsule" fromto="0 0 0 0.1 0 0" size="0.02" contype="0" conaffinity="0"/>
    </body>
    <body name="plain_arm" pos="0 -1 1">
      <joint name="plain" type="hinge" axis="0 1 0" limited="true" range="0 1"/>
      <geom type="capsule" fromto="0 0 0 0.1 0 0" size="0.02" contype="0" conaffinity="0"/>
    </body>
    <body name="box" pos="0 0 0.099">
      <freejoint name="box_free"/>
      <geom name="box" type="box" size="0.1 0.1 0.1"/>
    </body>
  </worldbody>
  <keyframe><key qpos="-0.1 -0.1 -0.1 -0.1 0 0 0.099 1 0 0 0"/></keyframe>
</mujoco>
)";

std::string NotesModelFile() {
  const std::string path = ::testing::TempDir() + "/simatlas_notes_model.xml";
  std::ofstream(path) << kNotesModel;
  return path;
}

mjtCone MjCone(mujoco::Cone cone) {
  return cone == mujoco::Cone::kElliptic ? mjCONE_ELLIPTIC : mjCONE_PYRAMIDAL;
}

// The oracle layer's own path to the same state: its Load (cone forced), the keyframe, its
// SettleAndSolve (steps, then the converged dense mj_forward).
// The warmstart before the final solve is kept in *warmstart. MuJoCo's warnings are
// silenced (2.2.2 would write them to MUJOCO_LOG.TXT).
void Silent(const char*) {}
oracle222::Scene OracleScene(const std::string& path, int steps, mujoco::Cone cone, bool keyframe,
                             core::VectorX* warmstart = nullptr) {
  oracle222::Scene scene = oracle222::Load(path, MjCone(cone));
  if (keyframe) mj_resetDataKeyframe(scene.model.get(), scene.data.get(), 0);
  mju_user_warning = Silent;
  for (int k = 0; k < steps; ++k) mj_step(scene.model.get(), scene.data.get());
  if (warmstart)
    *warmstart = Eigen::Map<const core::VectorX>(scene.data->qacc_warmstart, scene.model->nv);
  oracle222::SettleAndSolve(scene, 0);
  mju_user_warning = nullptr;
  return scene;
}

ModelOptions Options(int steps, mujoco::Cone cone, bool keyframe) {
  ModelOptions o;
  o.steps = steps;
  o.cone = cone;
  if (keyframe) o.keyframe = 0;
  return o;
}

// Two files hold the same problem, rows and answer, entry by entry (exactly: both are copies
// of the same mjData).
void ExpectSameFile(const io::MujocoProblemFile& a, const io::MujocoProblemFile& b,
                    const std::string& what) {
  const mujoco::Problem &p = a.problem, &q = b.problem;
  EXPECT_EQ(a.source, b.source) << what;
  ASSERT_EQ(p.nv, q.nv) << what;
  ASSERT_EQ(p.nefc(), q.nefc()) << what;
  EXPECT_EQ(p.M, q.M) << what;
  EXPECT_EQ(p.qacc_smooth, q.qacc_smooth) << what;
  EXPECT_EQ(p.dof_parentid, q.dof_parentid) << what;
  EXPECT_EQ(p.J, q.J) << what;
  EXPECT_EQ(p.R, q.R) << what;
  EXPECT_EQ(p.aref, q.aref) << what;
  EXPECT_EQ(p.frictionloss, q.frictionloss) << what;
  EXPECT_EQ(p.kind, q.kind) << what;
  EXPECT_EQ(p.contact, q.contact) << what;
  ASSERT_EQ(p.contacts.size(), q.contacts.size()) << what;
  for (size_t c = 0; c < p.contacts.size(); ++c) {
    EXPECT_EQ(p.contacts[c].dim, q.contacts[c].dim) << what;
    EXPECT_EQ(p.contacts[c].friction, q.contacts[c].friction) << what;
    EXPECT_EQ(p.contacts[c].mu, q.contacts[c].mu) << what;
    EXPECT_EQ(p.contacts[c].efc_address, q.contacts[c].efc_address) << what;
  }
  // MuJoCo's contact ids (contacts[].index) as both wrote them.
  EXPECT_EQ(a.contact_indices, b.contact_indices) << what;
  EXPECT_EQ(p.opt.cone, q.opt.cone) << what;
  EXPECT_EQ(p.opt.solver, q.opt.solver) << what;
  EXPECT_EQ(p.opt.iterations, q.opt.iterations) << what;
  EXPECT_EQ(p.opt.tolerance, q.opt.tolerance) << what;
  EXPECT_EQ(p.opt.impratio, q.opt.impratio) << what;
  EXPECT_EQ(p.opt.timestep, q.opt.timestep) << what;
  EXPECT_EQ(p.opt.meaninertia, q.opt.meaninertia) << what;
  for (int i = 0; i < p.nefc(); ++i) {
    EXPECT_EQ(a.rows[i].solref, b.rows[i].solref) << what << " row " << i;
    EXPECT_EQ(a.rows[i].solimp, b.rows[i].solimp) << what << " row " << i;
    EXPECT_EQ(a.rows[i].pos, b.rows[i].pos) << what << " row " << i;
    EXPECT_EQ(a.rows[i].margin, b.rows[i].margin) << what << " row " << i;
    EXPECT_EQ(a.rows[i].vel, b.rows[i].vel) << what << " row " << i;
    EXPECT_EQ(a.rows[i].diag_approx, b.rows[i].diag_approx) << what << " row " << i;
    EXPECT_EQ(a.rows[i].KBIP, b.rows[i].KBIP) << what << " row " << i;
  }
  ASSERT_TRUE(a.expected && b.expected) << what;
  EXPECT_EQ(a.expected->efc_force, b.expected->efc_force) << what;
  EXPECT_EQ(a.expected->qacc, b.expected->qacc) << what;
  EXPECT_EQ(a.expected->efc_b, b.expected->efc_b) << what;
  EXPECT_EQ(a.expected->solver_iter, b.expected->solver_iter) << what;
}

struct Case {
  std::string label, path;
  int steps;
  mujoco::Cone cone;
  bool keyframe;
};

std::vector<Case> Cases() {
  return {{"humanoid", oracle222::SampleModelFile("humanoid/humanoid.xml"), 300,
           mujoco::Cone::kPyramidal, false},
          {"humanoid22", oracle222::SampleModelFile("humanoid/22_humanoids.xml"), 150,
           mujoco::Cone::kPyramidal, false},
          {"notes", NotesModelFile(), 0, mujoco::Cone::kElliptic, true}};
}

// M's DOF tree as MuJoCo numbers it (mjModel.dof_parentid: −1 for none): a free box's six
// DOFs form a chain 0 ← 1 ← … ← 5, a hinge on the world is a root (DOF 6) and the hinge of its
// child body hangs from it (DOF 7). `dump` writes it, the dump and the oracle document agree on
// it, and reading either prepares the problem along the tree.
TEST(MujocoModel, DumpWritesTheDofTree) {
  const std::string path = ::testing::TempDir() + "/simatlas_tree_model.xml";
  std::ofstream(path) << R"(<mujoco model="tree">
  <worldbody>
    <geom name="floor" type="plane" size="2 2 0.1"/>
    <body name="box" pos="0 0 0.099"><freejoint/><geom type="box" size="0.1 0.1 0.1"/></body>
    <body name="upper" pos="1 0 1">
      <joint name="shoulder" type="hinge" axis="0 1 0"/>
      <geom type="capsule" fromto="0 0 0 0.1 0 0" size="0.02" contype="0" conaffinity="0"/>
      <body name="lower" pos="0.1 0 0">
        <joint name="elbow" type="hinge" axis="0 1 0"/>
        <geom type="capsule" fromto="0 0 0 0.1 0 0" size="0.02" contype="0" conaffinity="0"/>
      </body>
    </body>
  </worldbody>
</mujoco>
)";
  const Snapshot s = SnapshotOf(path, ModelOptions{});
  const std::vector<int> tree = {-1, 0, 1, 2, 3, 4, -1, 6};
  EXPECT_EQ(s.file.problem.dof_parentid, tree);
  const io::MujocoProblemFile dumped = io::ParseMujocoProblem(io::WriteMujocoProblemFile(s.file));
  EXPECT_EQ(dumped.problem.dof_parentid, tree);
  EXPECT_TRUE(mujoco::Prepare(dumped.problem)->operators().has_tree);
}

TEST(MujocoModel, DumpEqualsTheOracleDocument) {
  for (const Case& c : Cases()) {
    const Snapshot s = SnapshotOf(c.path, Options(c.steps, c.cone, c.keyframe));
    EXPECT_GT(s.file.problem.nefc(), 0) << c.label;
    // What `mujoco dump` writes, read back, against the oracle's document of the same state.
    const io::MujocoProblemFile dumped = io::ParseMujocoProblem(io::WriteMujocoProblemFile(s.file));
    core::VectorX warmstart;
    const oracle222::Scene scene = OracleScene(c.path, c.steps, c.cone, c.keyframe, &warmstart);
    const io::MujocoProblemFile written = io::ParseMujocoProblem(oracle222::ProblemDocument(
        scene, "MuJoCo 2.2.2 " + c.path + " steps=" + std::to_string(c.steps) +
                   (c.keyframe ? " keyframe=0" : "")));
    ExpectSameFile(dumped, written, c.label);
    // qacc_warmstart: the one MuJoCo's final solve started from (warmstart on by default),
    // not the answer mj_fwdConstraint leaves in mjData.
    ASSERT_TRUE(dumped.settings.qacc_warmstart) << c.label;
    EXPECT_EQ(*dumped.settings.qacc_warmstart, warmstart) << c.label;
    if (c.steps > 0) {
      EXPECT_NE(warmstart, dumped.expected->qacc) << c.label;
    }
  }
}

TEST(MujocoModel, InspectRowsAreMuJoCosEfcRows) {
  for (const Case& c : Cases()) {
    const Snapshot s = SnapshotOf(c.path, Options(c.steps, c.cone, c.keyframe));
    const nlohmann::json j = InspectJson(s, CompareSolvers(s));
    const oracle222::Scene scene = OracleScene(c.path, c.steps, c.cone, c.keyframe);
    const oracle222::MujocoRows mj = oracle222::ReadRows(scene);
    const mjData* d = scene.data.get();
    ASSERT_EQ(j["rows"].size(), static_cast<size_t>(d->nefc)) << c.label;
    for (int i = 0; i < d->nefc; ++i) {
      const nlohmann::json& r = j["rows"][i];
      const std::string at = c.label + " row " + std::to_string(i);
      EXPECT_EQ(r["id"].get<int>(), d->efc_id[i]) << at;
      EXPECT_EQ(r["pos"].get<double>(), mj.pos[i]) << at;
      EXPECT_EQ(r["margin"].get<double>(), mj.margin[i]) << at;
      EXPECT_EQ(r["vel"].get<double>(), mj.vel[i]) << at;
      EXPECT_EQ(r["diag_approx"].get<double>(), mj.diag_approx[i]) << at;
      EXPECT_EQ(r["K"].get<double>(), mj.KBIP[i][0]) << at;
      EXPECT_EQ(r["B"].get<double>(), mj.KBIP[i][1]) << at;
      EXPECT_EQ(r["imp"].get<double>(), mj.KBIP[i][2]) << at;
      EXPECT_EQ(r["imp_prime"].get<double>(), mj.KBIP[i][3]) << at;
      EXPECT_EQ(r["R"].get<double>(), mj.R[i]) << at;
      EXPECT_EQ(r["D"].get<double>(), d->efc_D[i]) << at;
      EXPECT_EQ(r["aref"].get<double>(), mj.aref[i]) << at;
      EXPECT_EQ(r["b"].get<double>(), mj.b[i]) << at;
      EXPECT_EQ(r["force"].get<double>(), mj.force[i]) << at;
      EXPECT_EQ(r["state"].get<std::string>(), StateName(mj.state[i])) << at;
    }
    EXPECT_EQ(j["mujoco"]["solver_iter"].get<int>(), mj.solver_iter) << c.label;
    // The primal reference solvers reach MuJoCo's converged answer, the problem's unique
    // optimum (formats/mujoco-problem.md), to 1e-6 of the largest force. PGS is only reported:
    // on elliptic cones it may stall at the apex (reference/mujoco/pgs.h), as MuJoCo's does.
    const double scale = std::max(1.0, mj.force.lpNorm<Eigen::Infinity>());
    ASSERT_EQ(j["solvers"].size(), 3u);
    for (const nlohmann::json& solver : j["solvers"]) {
      if (solver["solver"] == "PGS") continue;
      EXPECT_LT(solver["max_force_difference"].get<double>(), 1e-6 * scale)
          << c.label << " " << solver["solver"];
    }
  }
}

// The notes of the row whose owner is `owner` in the notes model.
std::vector<std::string> NotesOfOwner(const nlohmann::json& j, const std::string& owner) {
  for (const nlohmann::json& r : j["rows"]) {
    if (r["owner"] == owner) return r["notes"].get<std::vector<std::string>>();
  }
  ADD_FAILURE() << "no row owned by " << owner;
  return {};
}

TEST(MujocoModel, NotesAppearExactlyWhereMuJoCoAppliedTheRules) {
  const Snapshot s = SnapshotOf(NotesModelFile(), Options(0, mujoco::Cone::kElliptic, true));
  const nlohmann::json j = InspectJson(s, CompareSolvers(s));
  // Every row except the three joints' carries no note.
  for (const nlohmann::json& r : j["rows"]) {
    const std::string owner = r["owner"];
    if (owner == "joint soft" || owner == "joint clamped" || owner == "joint mixed") continue;
    EXPECT_TRUE(r["notes"].empty()) << owner << ": " << r["notes"].dump();
  }
  const auto row = [&](const std::string& owner) -> const nlohmann::json& {
    for (const nlohmann::json& r : j["rows"]) {
      if (r["owner"] == owner) return r;
    }
    throw std::runtime_error("no row " + owner);
  };
  // soft: timeconst 0.001 s < 2h = 0.004 s. MuJoCo used 0.004: K = 1/(dmax² tc² ζ²) =
  // 1/(0.95² · 0.004²) = 1/1.444e-5 = 69252.0776 1/s², B = 2/(dmax tc) = 2/0.0038 = 526.3158.
  const auto soft = NotesOfOwner(j, "joint soft");
  ASSERT_EQ(soft.size(), 1u);
  EXPECT_EQ(soft[0].rfind("refsafe: timeconst 0.001 s < 2h raised to 2h = 0.004 s", 0), 0u);
  EXPECT_NEAR(row("joint soft")["K"].get<double>(), 1 / 1.444e-5, 1e-9 / 1.444e-5);
  EXPECT_NEAR(row("joint soft")["B"].get<double>(), 2 / 0.0038, 1e-9 / 0.0038);
  // clamped: dmax 1.5 → 0.9999 (mjMAXIMP). 0.1 rad ≫ width 0.001, so MuJoCo's imp = dmax =
  // 0.9999 and K = 1/(0.9999² · 0.02²) = 2500.50007500125.
  const auto clamped = NotesOfOwner(j, "joint clamped");
  ASSERT_EQ(clamped.size(), 1u);
  EXPECT_EQ(clamped[0], "solimp clamped: dmax 1.5 -> 0.9999");
  EXPECT_DOUBLE_EQ(row("joint clamped")["imp"].get<double>(), 0.9999);
  EXPECT_NEAR(row("joint clamped")["K"].get<double>(), 2500.50007500125, 1e-8);
  // mixed: (0.05, −1) → the default (0.02, 1): K = 1/(0.95² · 0.02²) = 2770.08310249, the
  // same as the plain joint's (with 0.05 it would be 443.2), and MuJoCo warned.
  const auto mixed = NotesOfOwner(j, "joint mixed");
  ASSERT_EQ(mixed.size(), 1u);
  EXPECT_EQ(mixed[0].rfind("mixed-sign solref (0.05 -1)", 0), 0u);
  EXPECT_NEAR(row("joint mixed")["K"].get<double>(), 1 / (0.9025 * 0.0004), 1e-8);
  EXPECT_EQ(row("joint mixed")["K"].get<double>(), row("joint plain")["K"].get<double>());
  ASSERT_FALSE(s.warnings.empty());
  EXPECT_NE(s.warnings[0].find("mixed solref format"), std::string::npos);
  // Contacts: impratio 4, friction 1 → μ = 1/√4 = 0.5, with the note; elliptic, dim 3.
  ASSERT_FALSE(j["contacts"].empty());
  for (const nlohmann::json& c : j["contacts"]) {
    EXPECT_EQ(c["mu"].get<double>(), 0.5);
    EXPECT_EQ(c["dim"].get<int>(), 3);
    EXPECT_EQ(c["cone"], "elliptic");
    EXPECT_EQ(c["geom1"], "floor");
    EXPECT_EQ(c["geom2"], "box");
    EXPECT_EQ(c["note"], "impratio = 4: mu = friction[0]/sqrt(impratio) = 0.5");
  }
}

TEST(MujocoModel, BadModelsAndOptionsAreInputErrors) {
  const auto message = [](auto f) -> std::string {
    try {
      f();
    } catch (const core::InputError& e) {
      return e.what();
    }
    return "";
  };
  EXPECT_EQ(message([] {
              SnapshotOf("/nonexistent/model.xml", {});
            }).rfind("MuJoCo cannot load model /nonexistent/model.xml: ", 0),
            0u);
  const std::string humanoid = oracle222::SampleModelFile("humanoid/humanoid.xml");
  ModelOptions o;
  o.keyframe = 0;
  EXPECT_NE(message([&] { SnapshotOf(humanoid, o); }).find("has no keyframes"), std::string::npos);
  o.keyframe = 1;
  EXPECT_NE(message([&] { SnapshotOf(NotesModelFile(), o); }).find("--keyframe = 1 must be < 1"),
            std::string::npos);
  ModelOptions p;
  EXPECT_EQ(message([&] { ApplyModelOption("--cone", "round", p); }),
            "--cone = 'round' must be one of pyramidal, elliptic");
  EXPECT_EQ(message([&] { ApplyModelOption("--warmstart", "maybe", p); }),
            "--warmstart = 'maybe' must be one of on, off");
  EXPECT_FALSE(ApplyModelOption("--json", "x", p));
}

}  // namespace
}  // namespace simatlas::adapters
