// Reader of simatlas/sap-problem/1 (formats/sap-problem.md; E3-SAP §2–§4).
#include "reference/io/sap_problem.h"
#include "reference/io/text_file.h"

#include <cmath>
#include <fstream>
#include <limits>
#include <set>
#include <sstream>

#include <nlohmann/json.hpp>

#include "reference/core/errors.h"

namespace simatlas::io {

namespace {

using json = nlohmann::json;

[[noreturn]] void Fail(const std::string& path, const std::string& rule) {
  throw core::InputError(path + " " + rule);
}

// A JSON value in an error message: scalars as written, arrays and objects by kind and size
// only. Dumping a nested value recurses once per level, and a deeply nested file overflowed the
// stack (`simatlas sap solve` crashed on a deep-nesting input written for the fuzz corpus).
std::string Shown(const json& value) {
  if (value.is_array()) return "an array of " + std::to_string(value.size()) + " elements";
  if (value.is_object()) return "an object of " + std::to_string(value.size()) + " keys";
  return value.dump();
}

// Rejects keys outside `allowed` (a misspelt optional key must not fall back to its default).
void RequireKnownKeys(const json& object, const std::set<std::string>& allowed,
                      const std::string& path) {
  for (const auto& [key, value] : object.items()) {
    if (!allowed.count(key)) Fail(path + "." + key, "is not a known key of " + path);
  }
}

const json& Field(const json& object, const std::string& key, const std::string& path) {
  if (!object.is_object()) Fail(path, "must be a JSON object");
  const auto it = object.find(key);
  if (it == object.end()) Fail(path + "." + key, "is missing (required)");
  return *it;
}

const json* OptionalField(const json& object, const std::string& key) {
  const auto it = object.find(key);
  return it == object.end() ? nullptr : &*it;
}

double Number(const json& value, const std::string& path, const std::string& unit) {
  if (!value.is_number()) Fail(path, "must be a number (got " + Shown(value) + ")");
  const double x = value.get<double>();
  core::RequireFinite(path, x, unit);
  return x;
}

int Integer(const json& value, const std::string& path) {
  if (!value.is_number_integer()) Fail(path, "must be an integer (got " + Shown(value) + ")");
  // A JSON integer beyond int (e.g. 4294967297) must not wrap around to a small index.
  const double x = value.get<double>();  // exact at the bounds of int
  if (x < std::numeric_limits<int>::min() || x > std::numeric_limits<int>::max()) {
    Fail(path, "= " + value.dump() + " must be an integer within the range of int");
  }
  return value.get<int>();
}

std::string String(const json& value, const std::string& path) {
  if (!value.is_string()) Fail(path, "must be a string (got " + Shown(value) + ")");
  return value.get<std::string>();
}

core::VectorX Vector(const json& value, const std::string& path, long size,
                     const std::string& unit) {
  if (!value.is_array()) Fail(path, "must be an array of numbers");
  if (size >= 0 && static_cast<long>(value.size()) != size) {
    core::ThrowInputError(path + " length", static_cast<double>(value.size()), "",
                          std::to_string(size));
  }
  core::VectorX v(value.size());
  for (size_t i = 0; i < value.size(); ++i) {
    v(i) = Number(value[i], path + "[" + std::to_string(i) + "]", unit);
  }
  return v;
}

core::MatrixX Matrix(const json& value, const std::string& path, long rows, long cols,
                     const std::string& unit) {
  if (!value.is_array() || value.empty()) Fail(path, "must be a non-empty array of rows");
  if (rows >= 0 && static_cast<long>(value.size()) != rows) {
    core::ThrowInputError(path + " rows", static_cast<double>(value.size()), "",
                          std::to_string(rows));
  }
  const long n = cols >= 0 ? cols : (value[0].is_array() ? static_cast<long>(value[0].size()) : 0);
  core::MatrixX m(value.size(), n);
  for (size_t r = 0; r < value.size(); ++r) {
    m.row(r) = Vector(value[r], path + "[" + std::to_string(r) + "]", n, unit).transpose();
  }
  return m;
}

double NonNegative(const json& object, const std::string& key, const std::string& path,
                   const std::string& unit, std::optional<double> fallback = std::nullopt) {
  const json* v = OptionalField(object, key);
  if (!v && fallback) return *fallback;
  const std::string name = path + "." + key;
  const double x = Number(v ? *v : Field(object, key, path), name, unit);
  core::RequireNonNegative(name, x, unit);
  return x;
}

double Positive(const json& object, const std::string& key, const std::string& path,
                const std::string& unit, std::optional<double> fallback = std::nullopt) {
  const json* v = OptionalField(object, key);
  if (!v && fallback) return *fallback;
  const std::string name = path + "." + key;
  const double x = Number(v ? *v : Field(object, key, path), name, unit);
  core::RequirePositive(name, x, unit);
  return x;
}

sap::Clique ParseClique(const json& entry, const std::string& path) {
  RequireKnownKeys(entry, {"A", "v_star"}, path);
  sap::Clique c;
  c.A = Matrix(Field(entry, "A", path), path + ".A", -1, -1, "kg");
  if (c.A.rows() != c.A.cols()) {
    core::ThrowInputError(path + ".A columns", c.A.cols(), "",
                          std::to_string(c.A.rows()) + " (A must be square)");
  }
  c.v_star = Vector(Field(entry, "v_star", path), path + ".v_star", c.A.rows(), "m/s");
  return c;
}

sap::ConstraintSpec ParseConstraint(const json& entry, const std::string& path,
                                    const std::vector<sap::Clique>& cliques) {
  sap::ConstraintSpec spec;
  const std::string type = String(Field(entry, "type", path), path + ".type");
  // Cliques: one or two valid indices.
  const json& cl = Field(entry, "cliques", path);
  if (!cl.is_array() || cl.empty() || cl.size() > 2) {
    Fail(path + ".cliques", "must be an array of one or two clique indices");
  }
  for (size_t b = 0; b < cl.size(); ++b) {
    const std::string name = path + ".cliques[" + std::to_string(b) + "]";
    const int c = Integer(cl[b], name);
    if (c < 0 || c >= static_cast<int>(cliques.size())) {
      core::ThrowInputError(name, c, "", "in [0, " + std::to_string(cliques.size()) + ")");
    }
    spec.cliques.push_back(c);
  }
  auto clique_size = [&](int b) { return static_cast<long>(cliques[spec.cliques[b]].A.rows()); };

  if (type == "joint_limit") {
    // A limit on DOF `dof` of one clique; J is built (+e_dof lower row, −e_dof upper row).
    RequireKnownKeys(
        entry,
        {"type", "cliques", "dof", "q0", "lower", "upper", "stiffness", "relaxation_time", "beta"},
        path);
    if (spec.cliques.size() != 1) Fail(path + ".cliques", "must list one clique for joint_limit");
    sap::LimitParameters p;
    p.q0 = Number(Field(entry, "q0", path), path + ".q0", "m or rad");
    if (const json* v = OptionalField(entry, "lower"))
      p.lower = Number(*v, path + ".lower", "m or rad");
    if (const json* v = OptionalField(entry, "upper"))
      p.upper = Number(*v, path + ".upper", "m or rad");
    if (p.lower > p.upper) core::ThrowInputError(path + ".lower", p.lower, "", "<= upper");
    if (sap::CountLimitRows(p) == 0) Fail(path, "needs lower, upper or both");
    p.stiffness = Positive(entry, "stiffness", path, "N/m", core::kInfinity);
    p.relaxation_time = NonNegative(entry, "relaxation_time", path, "s", 0.0);
    p.beta = NonNegative(entry, "beta", path, "1", 0.1);
    const int dof = Integer(Field(entry, "dof", path), path + ".dof");
    if (dof < 0 || dof >= clique_size(0)) {
      core::ThrowInputError(path + ".dof", dof, "",
                            "in [0, " + std::to_string(clique_size(0)) + ")");
    }
    spec.J = {sap::MakeLimitJacobian(p, static_cast<int>(clique_size(0)), dof)};
    spec.parameters = p;
    return spec;
  }

  // Contact constraints: J blocks 3 × n_c and optional vb.
  const json& J = Field(entry, "J", path);
  if (!J.is_array() || J.size() != spec.cliques.size()) {
    Fail(path + ".J", "must hold one 3 x n_c block per listed clique (" +
                          std::to_string(spec.cliques.size()) + ")");
  }
  for (size_t b = 0; b < spec.cliques.size(); ++b) {
    spec.J.push_back(Matrix(J[b], path + ".J[" + std::to_string(b) + "]", 3,
                            clique_size(static_cast<int>(b)), "1"));
  }
  if (const json* vb = OptionalField(entry, "vb")) spec.vb = Vector(*vb, path + ".vb", 3, "m/s");

  if (type == "friction_cone") {
    RequireKnownKeys(entry,
                     {"type", "cliques", "J", "vb", "mu", "stiffness", "relaxation_time", "phi0",
                      "beta", "sigma"},
                     path);
    sap::FrictionConeParameters p;
    p.mu = NonNegative(entry, "mu", path, "1");
    p.stiffness = Positive(entry, "stiffness", path, "N/m");
    p.relaxation_time = NonNegative(entry, "relaxation_time", path, "s");
    p.phi0 = Number(Field(entry, "phi0", path), path + ".phi0", "m");
    p.beta = NonNegative(entry, "beta", path, "1", 1.0);
    p.sigma = Positive(entry, "sigma", path, "1", 1e-3);
    spec.parameters = p;
  } else if (type == "hunt_crossley") {
    RequireKnownKeys(entry,
                     {"type", "cliques", "J", "vb", "approximation", "mu", "stiffness",
                      "dissipation", "fe0", "vn0", "stiction_tolerance", "sigma"},
                     path);
    sap::HuntCrossleyParameters p;
    const std::string a = String(Field(entry, "approximation", path), path + ".approximation");
    if (a == "similar") {
      p.approximation = sap::HuntCrossleyApproximation::kSimilar;
    } else if (a == "lagged") {
      p.approximation = sap::HuntCrossleyApproximation::kLagged;
    } else {
      Fail(path + ".approximation", "= \"" + a + "\" must be \"similar\" or \"lagged\"");
    }
    p.mu = NonNegative(entry, "mu", path, "1");
    p.stiffness = NonNegative(entry, "stiffness", path, "N/m");
    p.dissipation = NonNegative(entry, "dissipation", path, "s/m");
    p.fe0 = Number(Field(entry, "fe0", path), path + ".fe0", "N");
    p.vn0 = Number(Field(entry, "vn0", path), path + ".vn0", "m/s");
    p.stiction_tolerance = Positive(entry, "stiction_tolerance", path, "m/s", 1e-4);
    p.sigma = NonNegative(entry, "sigma", path, "1", 1e-3);
    spec.parameters = p;
  } else {
    Fail(path + ".type",
         "= \"" + type + "\" must be \"friction_cone\", \"hunt_crossley\" or \"joint_limit\"");
  }
  return spec;
}

void ParseParameters(const json& object, sap::SapSolverParameters& p) {
  const std::string path = "parameters";
  if (!object.is_object()) Fail(path, "must be a JSON object");
  RequireKnownKeys(object,
                   {"abs_tolerance", "rel_tolerance", "cost_abs_tolerance", "cost_rel_tolerance",
                    "max_iterations", "line_search", "linear_solver"},
                   path);
  p.abs_tolerance = NonNegative(object, "abs_tolerance", path, "sqrt(J)", p.abs_tolerance);
  p.rel_tolerance = NonNegative(object, "rel_tolerance", path, "1", p.rel_tolerance);
  p.cost_abs_tolerance = NonNegative(object, "cost_abs_tolerance", path, "J", p.cost_abs_tolerance);
  p.cost_rel_tolerance = NonNegative(object, "cost_rel_tolerance", path, "1", p.cost_rel_tolerance);
  if (const json* v = OptionalField(object, "max_iterations")) {
    p.max_iterations = Integer(*v, path + ".max_iterations");
    if (p.max_iterations < 0) {
      core::ThrowInputError(path + ".max_iterations", p.max_iterations, "", ">= 0");
    }
  }
  if (const json* v = OptionalField(object, "line_search")) {
    const std::string s = String(*v, path + ".line_search");
    if (s == "exact") {
      p.line_search = sap::LineSearchType::kExact;
    } else if (s == "backtracking") {
      p.line_search = sap::LineSearchType::kBacktracking;
    } else {
      Fail(path + ".line_search", "= \"" + s + "\" must be \"exact\" or \"backtracking\"");
    }
  }
  if (const json* v = OptionalField(object, "linear_solver")) {
    const std::string s = String(*v, path + ".linear_solver");
    if (s == "dense") {
      p.linear_solver = sap::LinearSolverType::kDense;
    } else if (s == "block_sparse_cholesky") {
      p.linear_solver = sap::LinearSolverType::kBlockSparseCholesky;
    } else {
      Fail(path + ".linear_solver",
           "= \"" + s + "\" must be \"dense\" or \"block_sparse_cholesky\"");
    }
  }
}

}  // namespace

SapProblemFile ParseSapProblem(const json& doc) {
  if (!doc.is_object()) Fail("document", "must be a JSON object");
  RequireKnownKeys(
      doc, {"schema", "source", "time_step", "cliques", "v_guess", "constraints", "parameters"},
      "document");
  const std::string schema = String(Field(doc, "schema", "document"), "schema");
  if (schema != "simatlas/sap-problem/1") {
    Fail("schema", "= \"" + schema + "\" must be \"simatlas/sap-problem/1\"");
  }
  SapProblemFile file;
  if (const json* s = OptionalField(doc, "source")) file.source = String(*s, "source");
  sap::SapProblem& p = file.problem;
  p.time_step = Number(Field(doc, "time_step", "document"), "time_step", "s");
  core::RequirePositive("time_step", p.time_step, "s");
  // Cliques.
  const json& cliques = Field(doc, "cliques", "document");
  if (!cliques.is_array() || cliques.empty()) Fail("cliques", "must be a non-empty array");
  for (size_t c = 0; c < cliques.size(); ++c) {
    p.cliques.push_back(ParseClique(cliques[c], "cliques[" + std::to_string(c) + "]"));
  }
  if (const json* g = OptionalField(doc, "v_guess")) {
    p.v_guess = Vector(*g, "v_guess", sap::NumVelocities(p), "m/s");
  }
  // Constraints.
  const json& constraints = Field(doc, "constraints", "document");
  if (!constraints.is_array()) Fail("constraints", "must be an array");
  for (size_t i = 0; i < constraints.size(); ++i) {
    p.constraints.push_back(
        ParseConstraint(constraints[i], "constraints[" + std::to_string(i) + "]", p.cliques));
  }
  if (const json* params = OptionalField(doc, "parameters"))
    ParseParameters(*params, file.parameters);
  // Whole-problem checks (A symmetric positive definite, sizes) with field names.
  sap::ValidateSapProblem(p);
  return file;
}

SapProblemFile ReadSapProblem(const std::string& path) {
  const json doc = ReadJsonFile(path, "file");
  try {
    return ParseSapProblem(doc);
  } catch (const core::InputError& e) {
    throw core::InputError(path + ": " + e.what());
  }
}

}  // namespace simatlas::io
