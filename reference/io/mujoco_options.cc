// MJ-solvers §4–§6 and the version notes: the solver options of a mujoco-problem solve as text
// (one parser for the command line, the problem file and bindings).
// Equation numbers (N.M) are the formula sheet's (course/FORMULAS.md).
#include "reference/io/mujoco_options.h"

#include <limits>
#include <utility>

#include <nlohmann/json.hpp>

#include "reference/core/errors.h"
#include "reference/core/parse.h"
#include "reference/io/text_file.h"
#include "reference/mujoco/prepare.h"
#include "reference/mujoco/warmstart.h"

namespace simatlas::io {

namespace {

// "--cg-update" and "cg_update" name the same option.
std::string Canonical(const std::string& key) {
  std::string k = key.rfind("--", 0) == 0 ? key.substr(2) : key;
  for (char& c : k) {
    if (c == '-') c = '_';
  }
  return k;
}

[[noreturn]] void BadChoice(const std::string& key, const std::string& text,
                            const std::string& choices) {
  throw core::InputError(key + " = '" + text + "' must be one of " + choices);
}

std::string KeyList() {
  std::string keys;
  for (const MujocoOptionInfo& info : MujocoOptionTable()) {
    keys += (keys.empty() ? "" : ", ") + info.key;
  }
  return keys;
}

}  // namespace

const std::vector<MujocoOptionInfo>& MujocoOptionTable() {
  // Defaults: mj_defaultOption (course §1 table) and MuJoCo 3.15's code paths, the course's;
  // `version` sets the options that version fixes (SetVersion), later options override them.
  static const std::vector<MujocoOptionInfo> table = {
      {"solver", "pgs|cg|newton", "the file's opt.solver", "constraint solver (§4)"},
      {"iterations", "N >= 0", "the file's opt.iterations", "main-solver iteration cap (§5)"},
      {"tolerance", "T >= 0", "the file's opt.tolerance",
       "scaled exit threshold (formula sheet MJ-solvers (5.1))"},
      {"version", "3.15|2.2.2|4.0", "3.15",
       "code paths: 3.15 (the course's) adds the certificate and decrement exits (§5); 2.2.2 sets polak-ribiere and turns pgs_momentum, pgs_shuffle and islands off (asked for under 2.2.2 they are refused); 4.0 (MuJoCo 4.0.1, today's pip install) is 3.15 with exit_scale trace"},
      {"exit_scale", "meaninertia|trace", "meaninertia (4.0: trace)",
       "the exits' scale (formula sheet MJ-solvers (5.1)): 1/(meaninertia·nv), islands under CG/Newton 1/trace(M_island); or 1/trace(M) of the piece solved for every solver and NoSlip (MuJoCo 3.17+)"},
      {"cg_update", "hager-zhang|polak-ribiere", "hager-zhang (2.2.2: polak-ribiere)",
       "CG direction update (formula sheet MJ-solvers (4.1))"},
      {"ls_iterations", "N >= 1", "50",
       "line-search evaluation cap (3.x option; 2.2.2 hard-codes 50) (§4)"},
      {"ls_tolerance", "T > 0", "0.01",
       "line-search tolerance factor: tol = tolerance·ls_tolerance (§4)"},
      {"jacobian", "dense|sparse|auto", "auto", "MuJoCo's path: auto is sparse from nv = 60 (§4)"},
      {"pgs_momentum", "on|off", "on (2.2.2: off)",
       "PGS Nesterov momentum with adaptive restart (3.11+, §4; MuJoCo always shuffles with it: in the fixed order it can cycle)"},
      {"pgs_shuffle", "on|off", "on (2.2.2: off)",
       "PGS block order shuffled by PCG32, fixed seed (3.9+, §4)"},
      {"islands", "on|off", "on (2.2.2: off)",
       "solve each island of the coupling graph alone (§6)"},
      {"warmstart", "FILE|off", "off, or the file's qacc_warmstart",
       "start from qacc in FILE: an nv array, `mujoco solve --json` output or a problem's expected (§6)"},
      {"noslip_iterations", "N >= 0", "0 = off", "NoSlip sweeps after the main solve (§6)"},
      {"noslip_tolerance", "T >= 0", "1e-6", "NoSlip's own improvement threshold (§6)"},
  };
  return table;
}

std::string VersionName(mujoco::Version version) {
  switch (version) {
    case mujoco::Version::kMuJoCo222: return "2.2.2";
    case mujoco::Version::kMuJoCo401: return "4.0";
    case mujoco::Version::kMuJoCo315: break;
  }
  return "3.15";
}

std::string ExitScaleName(mujoco::ExitScaleRule rule) {
  return rule == mujoco::ExitScaleRule::kTrace ? "trace" : "meaninertia";
}

mujoco::ExitScaleRule ParseExitScale(const std::string& key, const std::string& text) {
  if (text == "meaninertia") return mujoco::ExitScaleRule::kMeanInertia;
  if (text == "trace") return mujoco::ExitScaleRule::kTrace;
  BadChoice(key, text, "meaninertia, trace");
}

std::string CGUpdateName(mujoco::CGUpdate update) {
  return update == mujoco::CGUpdate::kHagerZhang ? "hager-zhang" : "polak-ribiere";
}

std::string JacobianName(mujoco::Jacobian jacobian) {
  switch (jacobian) {
    case mujoco::Jacobian::kDense: return "dense";
    case mujoco::Jacobian::kSparse: return "sparse";
    case mujoco::Jacobian::kAuto: break;
  }
  return "auto";
}

mujoco::Jacobian ParseJacobian(const std::string& key, const std::string& text) {
  if (text == "dense") return mujoco::Jacobian::kDense;
  if (text == "sparse") return mujoco::Jacobian::kSparse;
  if (text == "auto") return mujoco::Jacobian::kAuto;
  BadChoice(key, text, "dense, sparse, auto");
}

mujoco::Version ParseVersion(const std::string& key, const std::string& text) {
  if (text == "2.2.2") return mujoco::Version::kMuJoCo222;
  if (text == "3.15") return mujoco::Version::kMuJoCo315;
  if (text == "4.0") return mujoco::Version::kMuJoCo401;
  BadChoice(key, text, "2.2.2, 3.15, 4.0");
}

mujoco::CGUpdate ParseCGUpdate(const std::string& key, const std::string& text) {
  if (text == "polak-ribiere") return mujoco::CGUpdate::kPolakRibierePlus;
  if (text == "hager-zhang") return mujoco::CGUpdate::kHagerZhang;
  BadChoice(key, text, "hager-zhang, polak-ribiere");
}

bool ParseSwitch(const std::string& key, const std::string& text) {
  if (text == "on") return true;
  if (text == "off") return false;
  BadChoice(key, text, "on, off");
}

int ParseCount(const std::string& key, const std::string& text, int minimum) {
  return static_cast<int>(core::ParseInteger(key, text, minimum, std::numeric_limits<int>::max()));
}

double ParseNonNegative(const std::string& key, const std::string& text) {
  const double value = core::ParseNumber(key, text);
  core::RequireNonNegative(key, value, "(dimensionless)");
  return value;
}

double ParsePositive(const std::string& key, const std::string& text) {
  const double value = core::ParseNumber(key, text);
  core::RequirePositive(key, value, "(dimensionless)");
  return value;
}

core::VectorX ReadWarmstartFile(const std::string& path, int nv) {
  const nlohmann::json doc = ReadJsonFile(path, "warmstart file");
  // The three accepted shapes: [..], {"qacc": [..]}, {"expected": {"qacc": [..]}}.
  const nlohmann::json* qacc = &doc;
  if (doc.is_object() && doc.contains("qacc")) {
    qacc = &doc["qacc"];
  } else if (doc.is_object() && doc.contains("expected") && doc["expected"].is_object() &&
             doc["expected"].contains("qacc")) {
    qacc = &doc["expected"]["qacc"];
  }
  if (!qacc->is_array()) {
    throw core::InputError("warmstart file " + path +
                           " must hold an array of nv numbers, an object with qacc, or a "
                           "problem with expected.qacc");
  }
  core::VectorX v(static_cast<Eigen::Index>(qacc->size()));
  for (std::size_t i = 0; i < qacc->size(); ++i) {
    if (!(*qacc)[i].is_number()) {
      throw core::InputError("warmstart file " + path + " qacc[" + std::to_string(i) +
                             "] must be a number [m/s^2]");
    }
    v[static_cast<Eigen::Index>(i)] = (*qacc)[i].get<double>();
  }
  mujoco::RequireWarmstart(nv, v, "warmstart file " + path);
  return v;
}

void ApplyMujocoOption(const std::string& key, const std::string& value, int nv,
                       MujocoSolveSetup& setup) {
  const std::string k = Canonical(key);
  mujoco::Options& o = setup.opt;
  if (k == "solver") {
    if (value != "pgs" && value != "cg" && value != "newton") {
      BadChoice(key, value, "pgs, cg, newton");
    }
    o.solver = mujoco::ParseSolverName(value);
  } else if (k == "iterations") {
    o.iterations = ParseCount(key, value, 0);
  } else if (k == "tolerance") {
    o.tolerance = ParseNonNegative(key, value);
  } else if (k == "version") {
    const mujoco::Version version = ParseVersion(key, value);
    mujoco::SetVersion(version, o);
    setup.settings.islands = mujoco::IslandsByDefault(version);
  } else if (k == "cg_update") {
    o.cg_update = ParseCGUpdate(key, value);
  } else if (k == "exit_scale") {
    o.exit_scale = ParseExitScale(key, value);
  } else if (k == "ls_iterations") {
    o.ls_iterations = ParseCount(key, value, 1);
  } else if (k == "ls_tolerance") {
    o.ls_tolerance = ParsePositive(key, value);
  } else if (k == "jacobian") {
    o.jacobian = ParseJacobian(key, value);
  } else if (k == "pgs_momentum") {
    o.pgs_momentum = ParseSwitch(key, value);
  } else if (k == "pgs_shuffle") {
    o.pgs_shuffle = ParseSwitch(key, value);
  } else if (k == "islands") {
    setup.settings.islands = ParseSwitch(key, value);
  } else if (k == "warmstart") {
    if (value == "off") {
      setup.settings.qacc_warmstart.reset();
    } else {
      setup.settings.qacc_warmstart = ReadWarmstartFile(value, nv);
    }
  } else if (k == "noslip_iterations") {
    o.noslip_iterations = ParseCount(key, value, 0);
  } else if (k == "noslip_tolerance") {
    o.noslip_tolerance = ParseNonNegative(key, value);
  } else {
    throw core::InputError("unknown option '" + key + "'; the options are " + KeyList());
  }
}

MujocoSolveInput WithMujocoOptions(const MujocoProblemFile& file,
                                   const std::vector<MujocoOptionText>& options) {
  // The file's opt and settings give the defaults; `version` first (it sets what that version
  // fixes, so it never undoes an option given beside it), then the others in order.
  MujocoSolveSetup setup{file.problem.opt, file.settings};
  for (const bool version_pass : {true, false}) {
    for (const auto& [key, value] : options) {
      if ((Canonical(key) == "version") == version_pass) {
        ApplyMujocoOption(key, value, file.problem.nv, setup);
      }
    }
  }
  mujoco::RequireVersionRuns(setup.opt, setup.settings.islands);
  // The problem under these options, prepared once for the solves that follow.
  mujoco::Problem problem = file.problem;
  problem.opt = setup.opt;
  return {mujoco::Prepare(std::move(problem)), setup.settings};
}

}  // namespace simatlas::io
