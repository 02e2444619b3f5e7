// Reader of formats/mujoco-problem.md files (MJ-solvers §2–§5 problems).
// Equation numbers (N.M) are the formula sheet's (course/FORMULAS.md).
#include "reference/io/mujoco_problem.h"
#include "reference/io/text_file.h"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <limits>
#include <map>
#include <set>
#include <sstream>

#include <nlohmann/json.hpp>

#include "reference/core/errors.h"
#include "reference/io/mujoco_options.h"
#include "reference/mujoco/prepare.h"
#include "reference/mujoco/tree_factor.h"

namespace simatlas::io {

namespace {

using nlohmann::json;

[[noreturn]] void Bad(const std::string& path, const std::string& rule) {
  throw core::InputError(path + " " + rule);
}

const json& Field(const json& object, const std::string& key, const std::string& path) {
  if (!object.is_object()) Bad(path, "must be an object");
  const auto it = object.find(key);
  if (it == object.end()) Bad(path + "." + key, "is missing");
  return *it;
}

// Rejects keys outside `allowed` (formats/mujoco-problem.md lists them): a misspelt key must not
// be ignored silently.
void RequireKnownKeys(const json& object, const std::set<std::string>& allowed,
                      const std::string& path) {
  if (!object.is_object()) Bad(path, "must be an object");
  for (const auto& [key, value] : object.items()) {
    if (!allowed.count(key)) Bad(path + "." + key, "is not a known key of " + path);
  }
}

const json* OptionalField(const json& object, const std::string& key) {
  const auto it = object.find(key);
  return it == object.end() ? nullptr : &*it;
}

double Number(const json& value, const std::string& path, const char* unit) {
  if (!value.is_number()) Bad(path, "must be a number [" + std::string(unit) + "]");
  const double x = value.get<double>();
  core::RequireFinite(path, x, unit);
  return x;
}

int Integer(const json& value, const std::string& path) {
  if (!value.is_number_integer()) Bad(path, "must be an integer");
  // A JSON integer beyond int (e.g. 4294967297) must not wrap around to a small count.
  const double x = value.get<double>();  // exact at the bounds of int
  if (x < std::numeric_limits<int>::min() || x > std::numeric_limits<int>::max()) {
    Bad(path, "= " + value.dump() + " must be an integer within the range of int");
  }
  return value.get<int>();
}

core::VectorX Vector(const json& value, const std::string& path, int size, const char* unit) {
  if (!value.is_array()) Bad(path, "must be an array of numbers");
  if (size >= 0 && static_cast<int>(value.size()) != size) {
    Bad(path,
        "has " + std::to_string(value.size()) + " numbers but must have " + std::to_string(size));
  }
  core::VectorX v(value.size());
  for (size_t i = 0; i < value.size(); ++i) {
    v[static_cast<Eigen::Index>(i)] = Number(value[i], path + "[" + std::to_string(i) + "]", unit);
  }
  return v;
}

template <size_t N>
std::array<double, N> Array(const json& value, const std::string& path, const char* unit) {
  const core::VectorX v = Vector(value, path, static_cast<int>(N), unit);
  std::array<double, N> out{};
  for (size_t i = 0; i < N; ++i) out[i] = v[static_cast<Eigen::Index>(i)];
  return out;
}

std::string String(const json& value, const std::string& path) {
  if (!value.is_string()) Bad(path, "must be a string");
  return value.get<std::string>();
}

bool Boolean(const json& value, const std::string& path) {
  if (!value.is_boolean()) Bad(path, "must be true or false");
  return value.get<bool>();
}

// The optional opt keys of the 3.15 paths (version notes, §4, §6). `version` first: it sets the
// options that version fixes and its island default (3.15 unless 2.2.2 is named); the other keys
// then override them.
void ParseOptionalOptions(const json& opt, mujoco::Options& o, mujoco::SolveSettings& settings) {
  mujoco::Version version = o.version;
  if (const json* v = OptionalField(opt, "version")) {
    version = ParseVersion("opt.version", String(*v, "opt.version"));
  }
  mujoco::SetVersion(version, o);
  settings.islands = mujoco::IslandsByDefault(version);
  if (const json* v = OptionalField(opt, "cg_update")) {
    o.cg_update = ParseCGUpdate("opt.cg_update", String(*v, "opt.cg_update"));
  }
  if (const json* v = OptionalField(opt, "jacobian")) {
    o.jacobian = ParseJacobian("opt.jacobian", String(*v, "opt.jacobian"));
  }
  if (const json* v = OptionalField(opt, "exit_scale")) {
    o.exit_scale = ParseExitScale("opt.exit_scale", String(*v, "opt.exit_scale"));
  }
  if (const json* v = OptionalField(opt, "pgs_momentum"))
    o.pgs_momentum = Boolean(*v, "opt.pgs_momentum");
  if (const json* v = OptionalField(opt, "pgs_shuffle"))
    o.pgs_shuffle = Boolean(*v, "opt.pgs_shuffle");
  if (const json* v = OptionalField(opt, "islands")) settings.islands = Boolean(*v, "opt.islands");
  if (const json* v = OptionalField(opt, "noslip_iterations")) {
    o.noslip_iterations = Integer(*v, "opt.noslip_iterations");
    if (o.noslip_iterations < 0) {
      core::ThrowInputError("opt.noslip_iterations", o.noslip_iterations, "1", ">= 0");
    }
  }
  if (const json* v = OptionalField(opt, "noslip_tolerance")) {
    o.noslip_tolerance = Number(*v, "opt.noslip_tolerance", "1");
    core::RequireNonNegative("opt.noslip_tolerance", o.noslip_tolerance, "1");
  }
  // The line search's cap and tolerance factor (3.x options; 2.2.2 hard-codes 50 and 0.01).
  if (const json* v = OptionalField(opt, "ls_iterations")) {
    o.ls_iterations = Integer(*v, "opt.ls_iterations");
    if (o.ls_iterations < 1)
      core::ThrowInputError("opt.ls_iterations", o.ls_iterations, "1", ">= 1");
  }
  if (const json* v = OptionalField(opt, "ls_tolerance")) {
    o.ls_tolerance = Number(*v, "opt.ls_tolerance", "1");
    core::RequirePositive("opt.ls_tolerance", o.ls_tolerance, "1");
  }
}

mujoco::Options ParseOptions(const json& opt, mujoco::SolveSettings& settings) {
  RequireKnownKeys(
      opt,
      {"cone", "solver", "iterations", "tolerance", "impratio", "timestep", "meaninertia",
       "version", "cg_update", "jacobian", "exit_scale", "pgs_momentum", "pgs_shuffle", "islands",
       "noslip_iterations", "noslip_tolerance", "ls_iterations", "ls_tolerance"},
      "opt");
  mujoco::Options o;
  const std::string cone = String(Field(opt, "cone", "opt"), "opt.cone");
  if (cone == "pyramidal") {
    o.cone = mujoco::Cone::kPyramidal;
  } else if (cone == "elliptic") {
    o.cone = mujoco::Cone::kElliptic;
  } else {
    Bad("opt.cone = \"" + cone + "\"", "must be pyramidal or elliptic");
  }
  const std::string solver = String(Field(opt, "solver", "opt"), "opt.solver");
  if (solver != "PGS" && solver != "CG" && solver != "Newton") {
    Bad("opt.solver = \"" + solver + "\"", "must be PGS, CG or Newton");
  }
  o.solver = mujoco::ParseSolverName(solver);
  o.iterations = Integer(Field(opt, "iterations", "opt"), "opt.iterations");
  if (o.iterations < 0) core::ThrowInputError("opt.iterations", o.iterations, "1", ">= 0");
  o.tolerance = Number(Field(opt, "tolerance", "opt"), "opt.tolerance", "1");
  core::RequireNonNegative("opt.tolerance", o.tolerance, "1");
  o.impratio = Number(Field(opt, "impratio", "opt"), "opt.impratio", "1");
  core::RequirePositive("opt.impratio", o.impratio, "1");
  o.timestep = Number(Field(opt, "timestep", "opt"), "opt.timestep", "s");
  core::RequirePositive("opt.timestep", o.timestep, "s");
  o.meaninertia = Number(Field(opt, "meaninertia", "opt"), "opt.meaninertia", "kg");
  core::RequirePositive("opt.meaninertia", o.meaninertia, "kg or kg m^2");
  ParseOptionalOptions(opt, o, settings);
  return o;
}

}  // namespace

MujocoProblemFile ParseMujocoProblem(const json& doc) {
  MujocoProblemFile file;
  if (!doc.is_object()) Bad("document", "must be a JSON object");
  RequireKnownKeys(doc,
                   {"schema", "source", "nv", "M", "dof_parentid", "qacc_smooth", "opt", "contacts",
                    "efc", "expected", "qacc_warmstart", "qfrc_smooth"},
                   "document");
  const std::string schema = String(Field(doc, "schema", "document"), "schema");
  if (schema != "simatlas/mujoco-problem/1") {
    Bad("schema = \"" + schema + "\"", "must be \"simatlas/mujoco-problem/1\"");
  }
  if (const json* s = OptionalField(doc, "source")) file.source = String(*s, "source");
  mujoco::Problem& p = file.problem;
  p.nv = Integer(Field(doc, "nv", "document"), "nv");
  if (p.nv < 0) core::ThrowInputError("nv", p.nv, "1", ">= 0");
  // M: nv arrays of nv numbers.
  const json& M = Field(doc, "M", "document");
  if (!M.is_array() || static_cast<int>(M.size()) != p.nv)
    Bad("M", "must be nv arrays of nv numbers");
  p.M.resize(p.nv, p.nv);
  for (int i = 0; i < p.nv; ++i) {
    p.M.row(i) = Vector(M[i], "M[" + std::to_string(i) + "]", p.nv, "kg").transpose();
  }
  // dof_parentid (optional): nv integers, checked against M by ValidateProblem.
  if (const json* tree = OptionalField(doc, "dof_parentid")) {
    if (!tree->is_array() || static_cast<int>(tree->size()) != p.nv) {
      Bad("dof_parentid", "must be an array of nv integers");
    }
    for (int i = 0; i < p.nv; ++i) {
      p.dof_parentid.push_back(Integer((*tree)[i], "dof_parentid[" + std::to_string(i) + "]"));
    }
  }
  p.qacc_smooth = Vector(Field(doc, "qacc_smooth", "document"), "qacc_smooth", p.nv, "m/s^2");
  // qfrc_smooth (optional): the engine's own τs, which its solvers start from. Absent (files
  // written before the field): the solvers use M·a₀ in its place, which can differ from the
  // engine's τs in the last bits.
  if (const json* tau = OptionalField(doc, "qfrc_smooth")) {
    p.qfrc_smooth = Vector(*tau, "qfrc_smooth", p.nv, "N or N m");
  }
  p.opt = ParseOptions(Field(doc, "opt", "document"), file.settings);
  if (const json* w = OptionalField(doc, "qacc_warmstart")) {
    file.settings.qacc_warmstart = Vector(*w, "qacc_warmstart", p.nv, "m/s^2");
  }
  // contacts: MuJoCo's index → position in our list.
  std::map<int, int> contact_position;
  const json& contacts = Field(doc, "contacts", "document");
  if (!contacts.is_array()) Bad("contacts", "must be an array");
  for (size_t c = 0; c < contacts.size(); ++c) {
    const std::string path = "contacts[" + std::to_string(c) + "]";
    const json& entry = contacts[c];
    RequireKnownKeys(entry, {"index", "dim", "friction", "mu", "efc_address"}, path);
    mujoco::Contact con;
    const int index = Integer(Field(entry, "index", path), path + ".index");
    con.dim = Integer(Field(entry, "dim", path), path + ".dim");
    con.friction = Array<5>(Field(entry, "friction", path), path + ".friction", "1");
    con.mu = Number(Field(entry, "mu", path), path + ".mu", "1");
    con.efc_address = Integer(Field(entry, "efc_address", path), path + ".efc_address");
    if (contact_position.count(index)) Bad(path + ".index", "repeats an earlier contact index");
    // A frictional contact (dim > 1): MuJoCo clamps every friction coefficient it uses to
    // >= mjMINMU and sets the cone's mu = friction[0]/sqrt(impratio) (MJ-solvers §2a, (2.3)).
    // The elliptic primal zones divide by mu: mu = 0 gave inf/NaN forces from CG and Newton.
    if (con.dim > 1) {
      for (int j = 0; j < std::min(con.dim - 1, 5); ++j) {
        if (!(con.friction[j] >= mujoco::kMinMu)) {
          core::ThrowInputError(path + ".friction[" + std::to_string(j) + "]", con.friction[j], "1",
                                ">= 1e-5 (mjMINMU) in a contact of dim " + std::to_string(con.dim));
        }
      }
      const double mu = con.friction[0] / std::sqrt(p.opt.impratio);
      if (!(std::abs(con.mu - mu) <= 1e-9 * mu)) {
        core::ThrowInputError(path + ".mu", con.mu, "1",
                              "friction[0]/sqrt(impratio) = " + core::FormatNumber(mu) +
                                  " (the regularised cone coefficient)");
      }
    }
    contact_position[index] = static_cast<int>(c);
    file.contact_indices.push_back(index);
    p.contacts.push_back(con);
  }
  // efc rows.
  const json& efc = Field(doc, "efc", "document");
  if (!efc.is_array()) Bad("efc", "must be an array");
  const int nefc = static_cast<int>(efc.size());
  p.J.resize(nefc, p.nv);
  p.R.resize(nefc);
  p.aref.resize(nefc);
  p.frictionloss.resize(nefc);
  for (int i = 0; i < nefc; ++i) {
    const std::string path = "efc[" + std::to_string(i) + "]";
    const json& row = efc[i];
    RequireKnownKeys(row,
                     {"type", "J", "R", "aref", "frictionloss", "contact", "solref", "solimp",
                      "pos", "margin", "vel", "diag_approx", "KBIP"},
                     path);
    p.kind.push_back(mujoco::ParseRowKind(String(Field(row, "type", path), path + ".type")));
    p.J.row(i) = Vector(Field(row, "J", path), path + ".J", p.nv, "1").transpose();
    p.R[i] = Number(Field(row, "R", path), path + ".R", "1/kg");
    core::RequirePositive(path + ".R", p.R[i], "1/kg");
    p.aref[i] = Number(Field(row, "aref", path), path + ".aref", "m/s^2");
    p.frictionloss[i] = Number(Field(row, "frictionloss", path), path + ".frictionloss", "N");
    int contact = -1;
    if (const json* c = OptionalField(row, "contact")) {
      const int index = Integer(*c, path + ".contact");
      const auto it = contact_position.find(index);
      if (it == contact_position.end()) {
        core::ThrowInputError(path + ".contact", index, "1", "the index of an entry of contacts");
      }
      contact = it->second;
    }
    p.contact.push_back(contact);
    MujocoRowRecord record;
    if (const json* v = OptionalField(row, "solref"))
      record.solref = Array<2>(*v, path + ".solref", "s");
    if (const json* v = OptionalField(row, "solimp"))
      record.solimp = Array<5>(*v, path + ".solimp", "1");
    if (const json* v = OptionalField(row, "pos")) record.pos = Number(*v, path + ".pos", "m");
    if (const json* v = OptionalField(row, "margin"))
      record.margin = Number(*v, path + ".margin", "m");
    if (const json* v = OptionalField(row, "vel")) record.vel = Number(*v, path + ".vel", "m/s");
    if (const json* v = OptionalField(row, "diag_approx")) {
      record.diag_approx = Number(*v, path + ".diag_approx", "1/kg");
    }
    if (const json* v = OptionalField(row, "KBIP")) record.KBIP = Array<4>(*v, path + ".KBIP", "1");
    file.rows.push_back(record);
  }
  // expected (optional): the engine's answer.
  if (const json* e = OptionalField(doc, "expected")) {
    RequireKnownKeys(*e, {"efc_force", "qacc", "efc_b", "solver_iter"}, "expected");
    MujocoExpected x;
    x.efc_force = Vector(Field(*e, "efc_force", "expected"), "expected.efc_force", nefc, "N");
    x.qacc = Vector(Field(*e, "qacc", "expected"), "expected.qacc", p.nv, "m/s^2");
    x.efc_b = Vector(Field(*e, "efc_b", "expected"), "expected.efc_b", nefc, "m/s^2");
    x.solver_iter = Integer(Field(*e, "solver_iter", "expected"), "expected.solver_iter");
    file.expected = x;
  }
  // Validated here, M positive definite included (the solves prepare it: WithMujocoOptions).
  mujoco::RequireValidProblem(p);
  return file;
}

MujocoProblemFile ReadMujocoProblem(const std::string& path) {
  return ParseMujocoProblem(ReadJsonFile(path, "file"));
}

std::string FormatsDirectory() { return SIMATLAS_FORMATS_DIR; }

}  // namespace simatlas::io
