// MJ-solvers §4–§6 and the version notes: the solver options as text (io::ApplyMujocoOption),
// the problem file's optional opt keys and qacc_warmstart, and the writer's round trip.
// Equation numbers (N.M) are the formula sheet's (course/FORMULAS.md).
#include "reference/io/mujoco_options.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <limits>
#include <nlohmann/json.hpp>

#include "reference/core/errors.h"
#include "reference/io/mujoco_problem.h"
#include "reference/io/problem_writer.h"
#include "reference/io/test/input_error_of.h"
#include "reference/mujoco/operators.h"
#include "reference/mujoco/warmstart.h"

namespace simatlas::io {
namespace {

std::string Example() { return FormatsDirectory() + "/examples/box_plane_elliptic.json"; }

nlohmann::json ExampleDocument() {
  std::ifstream in(Example());
  nlohmann::json doc;
  in >> doc;
  return doc;
}

TEST(MujocoOptions, DefaultsAreThe315Paths) {
  // A file without opt.version is solved as the course's MuJoCo 3.15 runs it: Hager–Zhang CG
  // (MuJoCo 3.10), momentum PGS (MuJoCo 3.11) in the shuffled order (MuJoCo 3.9), islands (mjDSBL_ISLAND clear);
  // warmstart and NoSlip off.
  const MujocoProblemFile f = ReadMujocoProblem(Example());
  EXPECT_EQ(f.problem.opt.version, mujoco::Version::kMuJoCo315);
  EXPECT_EQ(f.problem.opt.cg_update, mujoco::CGUpdate::kHagerZhang);
  EXPECT_TRUE(f.problem.opt.pgs_momentum);
  EXPECT_TRUE(f.problem.opt.pgs_shuffle);
  EXPECT_TRUE(f.settings.islands);
  EXPECT_FALSE(f.settings.qacc_warmstart);
  EXPECT_EQ(f.problem.opt.noslip_iterations, 0);
}

TEST(MujocoOptions, Version222IsAskedForByNameAndSetsItsPaths) {
  // opt.version "2.2.2" (or --version 2.2.2): Polak–Ribière+, plain PGS in row order, no islands.
  nlohmann::json doc = ExampleDocument();
  doc["opt"]["version"] = "2.2.2";
  const MujocoProblemFile f = ParseMujocoProblem(doc);
  EXPECT_EQ(f.problem.opt.version, mujoco::Version::kMuJoCo222);
  EXPECT_EQ(f.problem.opt.cg_update, mujoco::CGUpdate::kPolakRibierePlus);
  EXPECT_FALSE(f.problem.opt.pgs_momentum);
  EXPECT_FALSE(f.problem.opt.pgs_shuffle);
  EXPECT_FALSE(f.settings.islands);
  const MujocoSolveInput cli =
      WithMujocoOptions(ReadMujocoProblem(Example()), {{"--version", "2.2.2"}});
  const mujoco::Options& o = cli.problem->problem().opt;
  EXPECT_EQ(o.cg_update, mujoco::CGUpdate::kPolakRibierePlus);
  EXPECT_FALSE(o.pgs_momentum || o.pgs_shuffle || cli.settings.islands);
}

TEST(MujocoOptions, CombinationsNoMuJoCoRanAreRefused) {
  // Hager–Zhang, momentum, the shuffled order and islands did not exist in 2.2.2: asking for one
  // under 2.2.2 is an error naming it, in either order of the options.
  const MujocoProblemFile f = ReadMujocoProblem(Example());
  const auto message = [&](const std::vector<MujocoOptionText>& options) {
    try {
      WithMujocoOptions(f, options);
    } catch (const core::InputError& e) {
      return std::string(e.what());
    }
    return std::string("accepted");
  };
  EXPECT_EQ(message({{"--version", "2.2.2"}, {"--cg-update", "hager-zhang"}}),
            "cg_update = hager-zhang under version 2.2.2: MuJoCo 2.2.2 never ran it (Hager–Zhang "
            "CG arrived in 3.10); use version 3.15, or leave the option at 2.2.2's value");
  EXPECT_NE(message({{"--cg-update", "hager-zhang"}, {"--version", "2.2.2"}}), "accepted");
  EXPECT_NE(message({{"--version", "2.2.2"}, {"--pgs-momentum", "on"}}), "accepted");
  EXPECT_NE(message({{"--version", "2.2.2"}, {"--pgs-shuffle", "on"}}), "accepted");
  EXPECT_NE(message({{"--version", "2.2.2"}, {"--islands", "on"}}), "accepted");
  // The 3.15 ablations the course discusses run.
  EXPECT_EQ(
      message({{"--cg-update", "polak-ribiere"}, {"--pgs-momentum", "off"}, {"--islands", "off"}}),
      "accepted");
}

TEST(MujocoOptions, FileKeysSetEveryOption) {
  nlohmann::json doc = ExampleDocument();
  // Each switch away from what 3.15 fixes (SetVersion), so a reader that ignored a key fails.
  doc["opt"].update({{"version", "3.15"},
                     {"cg_update", "polak-ribiere"},
                     {"pgs_momentum", false},
                     {"pgs_shuffle", false},
                     {"islands", false},
                     {"noslip_iterations", 7},
                     {"noslip_tolerance", 1e-9}});
  doc["qacc_warmstart"] = doc["expected"]["qacc"];
  // Engine contact ids that are not the positions 0, 1, …: the writer must keep them.
  for (auto& c : doc["contacts"]) c["index"] = c["index"].get<int>() + 10;
  for (auto& row : doc["efc"]) {
    if (row.contains("contact")) row["contact"] = row["contact"].get<int>() + 10;
  }
  const MujocoProblemFile f = ParseMujocoProblem(doc);
  ASSERT_FALSE(f.contact_indices.empty());
  EXPECT_EQ(f.contact_indices[0], doc["contacts"][0]["index"].get<int>());
  EXPECT_EQ(f.problem.opt.version, mujoco::Version::kMuJoCo315);
  EXPECT_EQ(f.problem.opt.cg_update, mujoco::CGUpdate::kPolakRibierePlus);
  EXPECT_FALSE(f.problem.opt.pgs_momentum);
  EXPECT_FALSE(f.problem.opt.pgs_shuffle);
  EXPECT_FALSE(f.settings.islands);
  EXPECT_EQ(f.problem.opt.noslip_iterations, 7);
  EXPECT_EQ(f.problem.opt.noslip_tolerance, 1e-9);
  ASSERT_TRUE(f.settings.qacc_warmstart);
  EXPECT_EQ((*f.settings.qacc_warmstart)[2], doc["expected"]["qacc"][2].get<double>());
  // The writer gives the same options back.
  const MujocoProblemFile again = ParseMujocoProblem(WriteMujocoProblemFile(f));
  EXPECT_EQ(again.problem.opt.version, mujoco::Version::kMuJoCo315);
  EXPECT_EQ(again.problem.opt.cg_update, mujoco::CGUpdate::kPolakRibierePlus);
  EXPECT_FALSE(again.problem.opt.pgs_momentum || again.problem.opt.pgs_shuffle);
  EXPECT_FALSE(again.settings.islands);
  EXPECT_EQ(again.problem.opt.noslip_iterations, 7);
  EXPECT_EQ(again.problem.opt.noslip_tolerance, 1e-9);
  EXPECT_EQ(*again.settings.qacc_warmstart, *f.settings.qacc_warmstart);
  EXPECT_EQ(again.expected->efc_force, f.expected->efc_force);
  EXPECT_EQ(again.rows[0].KBIP, f.rows[0].KBIP);
  EXPECT_EQ(again.contact_indices, f.contact_indices);
}

TEST(MujocoOptions, BadFileValuesNameTheKeyAndChoices) {
  const auto with = [](const char* key, nlohmann::json value) {
    nlohmann::json doc = ExampleDocument();
    doc["opt"][key] = value;
    return InputErrorOf([&] { ParseMujocoProblem(doc); });
  };
  EXPECT_EQ(with("version", "3.16"), "opt.version = '3.16' must be one of 2.2.2, 3.15, 4.0");
  EXPECT_EQ(with("cg_update", "fletcher"),
            "opt.cg_update = 'fletcher' must be one of hager-zhang, polak-ribiere");
  EXPECT_EQ(with("pgs_momentum", "on"), "opt.pgs_momentum must be true or false");
  EXPECT_NE(with("noslip_iterations", -1).find("opt.noslip_iterations = -1"), std::string::npos);
  EXPECT_NE(with("noslip_tolerance", -1).find("must be >= 0"), std::string::npos);
  EXPECT_NE(with("noslip", 1).find("opt.noslip is not a known key"), std::string::npos);
  nlohmann::json doc = ExampleDocument();
  doc["qacc_warmstart"] = {1, 2};
  EXPECT_EQ(InputErrorOf([&] { ParseMujocoProblem(doc); }),
            "qacc_warmstart has 2 numbers but must have 6");
}

TEST(MujocoOptions, TextOptionsAndFlagsAreOneParser) {
  MujocoSolveSetup s;
  ApplyMujocoOption("--cg-update", "hager-zhang", 0, s);
  ApplyMujocoOption("version", "3.15", 0, s);
  ApplyMujocoOption("--pgs-momentum", "on", 0, s);
  ApplyMujocoOption("pgs_shuffle", "on", 0, s);
  ApplyMujocoOption("--islands", "on", 0, s);
  ApplyMujocoOption("--noslip-iterations", "3", 0, s);
  ApplyMujocoOption("noslip_tolerance", "1e-7", 0, s);
  ApplyMujocoOption("--solver", "cg", 0, s);
  EXPECT_EQ(s.opt.cg_update, mujoco::CGUpdate::kHagerZhang);
  EXPECT_EQ(s.opt.version, mujoco::Version::kMuJoCo315);
  EXPECT_TRUE(s.opt.pgs_momentum && s.opt.pgs_shuffle && s.settings.islands);
  EXPECT_EQ(s.opt.noslip_iterations, 3);
  EXPECT_EQ(s.opt.noslip_tolerance, 1e-7);
  EXPECT_EQ(s.opt.solver, mujoco::SolverKind::kCG);
  ApplyMujocoOption("--pgs-momentum", "off", 0, s);
  EXPECT_FALSE(s.opt.pgs_momentum);
  // The line-search options of 3.x (2.2.2 hard-codes 50 and 0.01): a cap >= 1, a factor > 0.
  ApplyMujocoOption("--ls-iterations", "7", 0, s);
  ApplyMujocoOption("ls_tolerance", "0.25", 0, s);
  EXPECT_EQ(s.opt.ls_iterations, 7);
  EXPECT_EQ(s.opt.ls_tolerance, 0.25);
  EXPECT_EQ(InputErrorOf([&] { ApplyMujocoOption("--ls-iterations", "0", 0, s); }),
            "--ls-iterations = 0 must be >= 1");
  EXPECT_NE(InputErrorOf([&] { ApplyMujocoOption("--ls-tolerance", "0", 0, s); }).find("> 0"),
            std::string::npos);
  // Errors name the key as given and list the choices.
  EXPECT_EQ(InputErrorOf([&] { ApplyMujocoOption("--version", "3.1", 0, s); }),
            "--version = '3.1' must be one of 2.2.2, 3.15, 4.0");
  EXPECT_EQ(InputErrorOf([&] { ApplyMujocoOption("--islands", "yes", 0, s); }),
            "--islands = 'yes' must be one of on, off");
  EXPECT_EQ(InputErrorOf([&] { ApplyMujocoOption("--noslip-iterations", "2.5", 0, s); }),
            "--noslip-iterations = '2.5' must be an integer");
  EXPECT_NE(InputErrorOf([&] {
              ApplyMujocoOption("--speed", "1", 0, s);
            }).find("unknown option '--speed'; the options are solver, iterations"),
            std::string::npos);
  // Every key of the table is accepted (warmstart with "off").
  for (const MujocoOptionInfo& info : MujocoOptionTable()) {
    const std::string value = info.values.substr(0, info.values.find('|'));
    const std::string text = value.rfind("N >=", 0) == 0  ? "1"
                             : value.rfind("T >", 0) == 0 ? "0.5"
                             : value == "FILE"            ? "off"
                                                          : value;
    EXPECT_EQ(InputErrorOf([&] { ApplyMujocoOption(info.key, text, 0, s); }), "") << info.key;
  }
}

TEST(MujocoOptions, OptionsOverrideTheFileInOrder) {
  // The file's opt and settings are the defaults; later options win; the file is untouched.
  nlohmann::json doc = ExampleDocument();
  doc["opt"]["solver"] = "PGS";
  doc["opt"]["islands"] = true;
  const MujocoProblemFile file = ParseMujocoProblem(doc);
  const MujocoSolveInput input = WithMujocoOptions(
      file,
      {{"--solver", "cg"}, {"--iterations", "4"}, {"iterations", "9"}, {"--jacobian", "sparse"}});
  const mujoco::Problem& solved = input.problem->problem();
  EXPECT_EQ(solved.opt.solver, mujoco::SolverKind::kCG);
  EXPECT_EQ(solved.opt.iterations, 9);
  EXPECT_TRUE(input.settings.islands);
  EXPECT_EQ(file.problem.opt.solver, mujoco::SolverKind::kPGS);
  // The other path's structure is prepared here, once.
  EXPECT_TRUE(mujoco::UsesSparsePath(solved));
  EXPECT_TRUE(input.problem->operators().sparse_path);
  // A warmstart array is checked as a file's is: nv entries, each finite.
  EXPECT_EQ(InputErrorOf([&] { mujoco::RequireWarmstart(6, core::VectorX::Zero(5), "warmstart"); }),
            "warmstart has 5 accelerations but the problem has nv = 6");
  core::VectorX bad = core::VectorX::Zero(6);
  bad[2] = std::numeric_limits<double>::quiet_NaN();
  EXPECT_NE(InputErrorOf([&] {
              mujoco::RequireWarmstart(6, bad, "warmstart");
            }).find("warmstart entry 2"),
            std::string::npos);
}

TEST(MujocoOptions, JacobianPicksThePathAsMujocoDoes) {
  // MuJoCo's mj_isSparse (engine_support.c): mjJAC_DENSE never, mjJAC_SPARSE always, mjJAC_AUTO
  // from nv = 60; the example has nv = 6. The file key, the flag and the writer agree.
  nlohmann::json doc = ExampleDocument();
  MujocoProblemFile f = ParseMujocoProblem(doc);
  EXPECT_EQ(f.problem.opt.jacobian, mujoco::Jacobian::kAuto);
  EXPECT_FALSE(mujoco::UsesSparsePath(f.problem));
  EXPECT_FALSE(WithMujocoOptions(f, {}).problem->operators().sparse_path);
  doc["opt"]["jacobian"] = "sparse";
  f = ParseMujocoProblem(doc);
  EXPECT_TRUE(mujoco::UsesSparsePath(f.problem));
  EXPECT_EQ(ParseMujocoProblem(WriteMujocoProblemFile(f)).problem.opt.jacobian,
            mujoco::Jacobian::kSparse);
  // The structure is prepared for the path the options pick.
  EXPECT_TRUE(WithMujocoOptions(f, {}).problem->operators().sparse_path);
  f.problem.opt.jacobian = mujoco::Jacobian::kDense;
  EXPECT_FALSE(mujoco::UsesSparsePath(f.problem));
  EXPECT_FALSE(WithMujocoOptions(f, {}).problem->operators().sparse_path);
  mujoco::Problem big = f.problem;
  big.nv = 60;
  big.opt.jacobian = mujoco::Jacobian::kAuto;
  EXPECT_TRUE(mujoco::UsesSparsePath(big));
  big.nv = 59;
  EXPECT_FALSE(mujoco::UsesSparsePath(big));
  MujocoSolveSetup s;
  ApplyMujocoOption("--jacobian", "dense", 0, s);
  EXPECT_EQ(s.opt.jacobian, mujoco::Jacobian::kDense);
  EXPECT_EQ(InputErrorOf([&] { ApplyMujocoOption("--jacobian", "csr", 0, s); }),
            "--jacobian = 'csr' must be one of dense, sparse, auto");
  doc["opt"]["jacobian"] = "csr";
  EXPECT_EQ(InputErrorOf([&] { ParseMujocoProblem(doc); }),
            "opt.jacobian = 'csr' must be one of dense, sparse, auto");
}

TEST(MujocoOptions, WarmstartFileShapes) {
  // The problem's own expected.qacc, a bare array and {"qacc": ...} give the same vector.
  const MujocoProblemFile f = ReadMujocoProblem(Example());
  const core::VectorX from_problem = ReadWarmstartFile(Example(), f.problem.nv);
  EXPECT_EQ(from_problem, f.expected->qacc);
  const std::string path = ::testing::TempDir() + "/simatlas_warmstart.json";
  const std::vector<double> q(f.expected->qacc.begin(), f.expected->qacc.end());
  std::ofstream(path) << nlohmann::json(q).dump();
  EXPECT_EQ(ReadWarmstartFile(path, f.problem.nv), f.expected->qacc);
  std::ofstream(path) << nlohmann::json({{"qacc", q}}).dump();
  EXPECT_EQ(ReadWarmstartFile(path, f.problem.nv), f.expected->qacc);
  EXPECT_NE(InputErrorOf([&] {
              ReadWarmstartFile(path, 3);
            }).find("has 6 accelerations but the problem has nv = 3"),
            std::string::npos);
  std::remove(path.c_str());
  EXPECT_NE(InputErrorOf([&] {
              ReadWarmstartFile("/nonexistent/w.json", 1);
            }).find("/nonexistent/w.json cannot be read: No such file or directory"),
            std::string::npos);
}

}  // namespace
}  // namespace simatlas::io
