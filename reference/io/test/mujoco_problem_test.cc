// MJ-solvers §2–§5: the MuJoCo problem reader and its example files.
// Reader of formats/mujoco-problem.md, and every example file (written by MuJoCo 2.2.2 with
// its converged answer) reproduced by every reference solver: MJ-solvers §2–§5.
#include "reference/io/mujoco_problem.h"

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "reference/core/errors.h"
#include "reference/mujoco/dual.h"
#include "reference/mujoco/impedance.h"
#include "reference/mujoco/solve.h"

namespace simatlas::io {
namespace {

std::vector<std::string> ExampleFiles() {
  std::vector<std::string> files;
  for (const auto& entry : std::filesystem::directory_iterator(FormatsDirectory() + "/examples")) {
    if (entry.path().extension() != ".json") continue;
    std::ifstream in(entry.path());
    nlohmann::json doc;
    in >> doc;
    if (doc.value("schema", "") == "simatlas/mujoco-problem/1") files.push_back(entry.path());
  }
  std::sort(files.begin(), files.end());
  return files;
}

/// max |x − x*| / max |x*| (norm-wise relative error).
double RelativeError(const core::VectorX& x, const core::VectorX& reference) {
  return (x - reference).lpNorm<Eigen::Infinity>() /
         std::max(1e-300, reference.lpNorm<Eigen::Infinity>());
}

TEST(MujocoProblem, FindsTheFiveExamples) { EXPECT_GE(ExampleFiles().size(), 5u); }

TEST(MujocoProblem, EfcBMatchesMuJoCo) {
  // b = J a₀ − aref recomputed from the file equals MuJoCo's efc_b.
  for (const auto& path : ExampleFiles()) {
    const MujocoProblemFile f = ReadMujocoProblem(path);
    ASSERT_TRUE(f.expected) << path;
    const mujoco::DualProblem d = mujoco::MakeDual(f.problem);
    EXPECT_LT((d.b - f.expected->efc_b).lpNorm<Eigen::Infinity>(),
              1e-12 * (1 + f.expected->efc_b.lpNorm<Eigen::Infinity>()))
        << path;
  }
}

TEST(MujocoProblem, EverySolverReproducesMuJoCo) {
  // Newton and CG ≤ 1e-8 relative with the file's options (tolerance 1e-15, 1000 iterations),
  // PGS ≤ 1e-5 given enough sweeps. Oracle: MuJoCo 2.2.2's converged answer in the files, so the
  // files are solved on the 2.2.2 paths that wrote them. A file written by MuJoCo 3.15.0
  // (three_islands.json) holds 3.15's converged Newton answer: its Newton solve on the 3.15 path
  // reproduces it; how far 3.15's CG and PGS get on it is the live oracle's to say
  // (oracle/mujoco315), not a tolerance chosen here.
  for (const auto& path : ExampleFiles()) {
    const MujocoProblemFile f = ReadMujocoProblem(path);
    const bool by315 = f.source.rfind("MuJoCo 3.15.0", 0) == 0;
    ASSERT_TRUE(by315 || f.source.rfind("MuJoCo 2.2.2", 0) == 0) << path << ": " << f.source;
    for (auto solver :
         {mujoco::SolverKind::kNewton, mujoco::SolverKind::kCG, mujoco::SolverKind::kPGS}) {
      if (by315 && solver != mujoco::SolverKind::kNewton) continue;
      mujoco::Problem p = f.problem;
      mujoco::SetVersion(by315 ? mujoco::Version::kMuJoCo315 : mujoco::Version::kMuJoCo222, p.opt);
      p.opt.solver = solver;
      if (solver == mujoco::SolverKind::kPGS) {
        // "Enough iterations": with the file's tolerance 1e-15 PGS stops after ~300 sweeps with
        // forces at 2e-7 but the box's tiny qacc (0.014) at 2e-5 relative; tolerance 0 lets it
        // sweep until the improvement is exactly ≤ 0 (or 2000 sweeps).
        p.opt.tolerance = 0;
        p.opt.iterations = 2000;
      }
      const double tol = solver == mujoco::SolverKind::kPGS ? 1e-5 : 1e-8;
      const mujoco::SolveResult r = mujoco::SolveProblem(p);
      EXPECT_LT(RelativeError(r.efc_force, f.expected->efc_force), tol)
          << path << " " << mujoco::SolverName(solver);
      EXPECT_LT(RelativeError(r.qacc, f.expected->qacc), tol)
          << path << " " << mujoco::SolverName(solver);
    }
  }
}

TEST(MujocoProblem, RowParametersReproduceMuJoCoKBAndAref) {
  // For every row: K and B from solref/solimp (standard format, dmax), I from pos for contact
  // and limit rows (the distance is the row's own pos there), and aref = −B vel − K I (pos −
  // margin) with MuJoCo's I — all against MuJoCo 2.2.2's efc_KBIP and efc_aref.
  for (const auto& path : ExampleFiles()) {
    const MujocoProblemFile f = ReadMujocoProblem(path);
    for (int i = 0; i < f.problem.nefc(); ++i) {
      const MujocoRowRecord& row = f.rows[i];
      ASSERT_TRUE(row.KBIP && row.solref && row.solimp && row.pos && row.vel && row.margin);
      const auto kind = f.problem.kind[i];
      const bool friction_row = kind == mujoco::RowKind::kFrictionDof ||
                                kind == mujoco::RowKind::kFrictionTendon ||
                                (kind == mujoco::RowKind::kContactElliptic &&
                                 i != f.problem.contacts[f.problem.contact[i]].efc_address);
      const auto params =
          mujoco::SanitiseSolParams(*row.solref, *row.solimp, f.problem.opt.timestep, true);
      const auto kb = mujoco::EvaluateStiffnessDamping(params.solref, params.solimp[1]);
      const double K = friction_row ? 0.0 : kb.K;
      EXPECT_NEAR(K, (*row.KBIP)[0], 1e-12 * kb.K) << path << " row " << i;
      EXPECT_NEAR(kb.B, (*row.KBIP)[1], 1e-12 * kb.B) << path << " row " << i;
      const double imp = (*row.KBIP)[2];
      if (kind == mujoco::RowKind::kLimitJoint || kind == mujoco::RowKind::kContactPyramidal ||
          kind == mujoco::RowKind::kContactFrictionless ||
          (kind == mujoco::RowKind::kContactElliptic && !friction_row)) {
        const auto i_ref = mujoco::EvaluateImpedance(*row.pos, *row.margin, params.solimp);
        EXPECT_NEAR(i_ref.imp, imp, 1e-14) << path << " row " << i;
        EXPECT_NEAR(i_ref.imp_prime, (*row.KBIP)[3], 1e-10 * (1 + std::abs(i_ref.imp_prime)))
            << path << " row " << i;
      }
      const double aref = -kb.B * *row.vel - K * imp * (*row.pos - *row.margin);
      EXPECT_NEAR(aref, f.problem.aref[i], 1e-12 * (1 + std::abs(aref))) << path << " row " << i;
    }
  }
}

TEST(MujocoProblem, BadFieldsAreNamed) {
  const std::string path = ExampleFiles().front();
  std::ifstream in(path);
  nlohmann::json doc;
  in >> doc;
  auto expect_message = [&](nlohmann::json bad, const std::string& fragment) {
    try {
      ParseMujocoProblem(bad);
      ADD_FAILURE() << "accepted a file with a bad " << fragment;
    } catch (const core::InputError& e) {
      EXPECT_NE(std::string(e.what()).find(fragment), std::string::npos) << e.what();
    }
  };
  auto bad = doc;
  bad["efc"][1]["R"] = -1.0;
  expect_message(bad, "efc[1].R");
  bad = doc;
  bad["opt"]["solver"] = "Jacobi";
  expect_message(bad, "opt.solver");
  bad = doc;
  bad["efc"][0].erase("J");
  expect_message(bad, "efc[0].J");
  bad = doc;
  bad["efc"][0]["type"] = "contact_round";
  expect_message(bad, "type");
  bad = doc;
  bad["M"][0][0] = -1.0;
  expect_message(bad, "M[");
  bad = doc;
  bad["schema"] = "other/1";
  expect_message(bad, "schema");
  EXPECT_THROW(ReadMujocoProblem("/nonexistent/file.json"), core::InputError);
}

}  // namespace
}  // namespace simatlas::io
