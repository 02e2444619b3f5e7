// Writers of formats/sap-problem.md and formats/mujoco-problem.md (E3-SAP §2–§4, MJ-solvers
// §2–§5): the in-memory problems as the JSON documents their readers accept.
#include "reference/io/problem_writer.h"

#include <cmath>

#include "reference/core/errors.h"
#include "reference/io/mujoco_options.h"

namespace simatlas::io {

using nlohmann::json;

namespace {

json Vector(const core::VectorX& v) {
  return json(std::vector<double>(v.data(), v.data() + v.size()));
}

json Matrix(const core::MatrixX& m) {
  json rows = json::array();
  for (int r = 0; r < m.rows(); ++r) rows.push_back(Vector(m.row(r).transpose()));
  return rows;
}

// The limited DOF of a joint-limit J block: the column of its single nonzero per row.
int LimitDof(const core::MatrixX& J, const std::string& path) {
  for (int c = 0; c < J.cols(); ++c) {
    if (J(0, c) != 0) return c;
  }
  core::ThrowInputError(path + ".J rows", J.rows(), "", "a +-e_dof row for a joint limit");
}

json Constraint(const sap::ConstraintSpec& spec, const std::string& path) {
  json c = {{"cliques", spec.cliques}};
  if (const auto* p = std::get_if<sap::LimitParameters>(&spec.parameters)) {
    // Joint limit: written by its dof; rigid stiffness and absent limits are the defaults.
    c["type"] = "joint_limit";
    c["dof"] = LimitDof(spec.J.at(0), path);
    c["q0"] = p->q0;
    if (std::isfinite(p->lower)) c["lower"] = p->lower;
    if (std::isfinite(p->upper)) c["upper"] = p->upper;
    if (std::isfinite(p->stiffness)) c["stiffness"] = p->stiffness;
    c["relaxation_time"] = p->relaxation_time;
    c["beta"] = p->beta;
    return c;
  }
  // Contact constraints: J blocks (3 × n_c each) and the bias vb.
  json J = json::array();
  for (const auto& block : spec.J) J.push_back(Matrix(block));
  c["J"] = J;
  if (spec.vb.size()) c["vb"] = Vector(spec.vb);
  if (const auto* p = std::get_if<sap::FrictionConeParameters>(&spec.parameters)) {
    c["type"] = "friction_cone";
    c.update({{"mu", p->mu},
              {"stiffness", p->stiffness},
              {"relaxation_time", p->relaxation_time},
              {"phi0", p->phi0},
              {"beta", p->beta},
              {"sigma", p->sigma}});
  } else {
    const auto& h = std::get<sap::HuntCrossleyParameters>(spec.parameters);
    c["type"] = "hunt_crossley";
    c["approximation"] =
        h.approximation == sap::HuntCrossleyApproximation::kSimilar ? "similar" : "lagged";
    c.update({{"mu", h.mu},
              {"stiffness", h.stiffness},
              {"dissipation", h.dissipation},
              {"fe0", h.fe0},
              {"vn0", h.vn0},
              {"stiction_tolerance", h.stiction_tolerance},
              {"sigma", h.sigma}});
  }
  return c;
}

std::string ConeName(mujoco::Cone cone) {
  return cone == mujoco::Cone::kElliptic ? "elliptic" : "pyramidal";
}

}  // namespace

json WriteSapProblem(const sap::SapProblem& problem, const sap::SapSolverParameters& parameters,
                     const std::string& source) {
  json doc = {
      {"schema", "simatlas/sap-problem/1"}, {"source", source}, {"time_step", problem.time_step}};
  // Cliques: A and v* each.
  json cliques = json::array();
  for (const auto& c : problem.cliques)
    cliques.push_back({{"A", Matrix(c.A)}, {"v_star", Vector(c.v_star)}});
  doc["cliques"] = cliques;
  if (problem.v_guess) doc["v_guess"] = Vector(*problem.v_guess);
  json constraints = json::array();
  for (size_t i = 0; i < problem.constraints.size(); ++i) {
    constraints.push_back(
        Constraint(problem.constraints[i], "constraints[" + std::to_string(i) + "]"));
  }
  doc["constraints"] = constraints;
  // Every overridable solver parameter.
  doc["parameters"] = {{"abs_tolerance", parameters.abs_tolerance},
                       {"rel_tolerance", parameters.rel_tolerance},
                       {"cost_abs_tolerance", parameters.cost_abs_tolerance},
                       {"cost_rel_tolerance", parameters.cost_rel_tolerance},
                       {"max_iterations", parameters.max_iterations},
                       {"line_search", sap::LineSearchTypeName(parameters.line_search)},
                       {"linear_solver", sap::LinearSolverTypeName(parameters.linear_solver)}};
  return doc;
}

json WriteMujocoProblem(const mujoco::Problem& p, const std::string& source,
                        const mujoco::SolveSettings& settings) {
  json doc = {{"schema", "simatlas/mujoco-problem/1"},
              {"source", source},
              {"nv", p.nv},
              {"M", Matrix(p.M)},
              {"qacc_smooth", Vector(p.qacc_smooth)}};
  if (!p.dof_parentid.empty()) doc["dof_parentid"] = p.dof_parentid;
  if (p.qfrc_smooth.size() > 0) doc["qfrc_smooth"] = Vector(p.qfrc_smooth);
  doc["opt"] = {{"cone", ConeName(p.opt.cone)},    {"solver", mujoco::SolverName(p.opt.solver)},
                {"iterations", p.opt.iterations},  {"tolerance", p.opt.tolerance},
                {"impratio", p.opt.impratio},      {"timestep", p.opt.timestep},
                {"meaninertia", p.opt.meaninertia}};
  // The version when it is not the default (3.15), then each switch only where it differs from
  // what that version fixes (SetVersion, IslandsByDefault): the reader's order, so files round-trip.
  const mujoco::Options defaults;
  mujoco::Options preset;
  mujoco::SetVersion(p.opt.version, preset);
  if (p.opt.version != defaults.version) doc["opt"]["version"] = VersionName(p.opt.version);
  if (p.opt.cg_update != preset.cg_update) doc["opt"]["cg_update"] = CGUpdateName(p.opt.cg_update);
  if (p.opt.jacobian != defaults.jacobian) doc["opt"]["jacobian"] = JacobianName(p.opt.jacobian);
  if (p.opt.exit_scale != preset.exit_scale) {
    doc["opt"]["exit_scale"] = ExitScaleName(p.opt.exit_scale);
  }
  if (p.opt.pgs_momentum != preset.pgs_momentum) doc["opt"]["pgs_momentum"] = p.opt.pgs_momentum;
  if (p.opt.pgs_shuffle != preset.pgs_shuffle) doc["opt"]["pgs_shuffle"] = p.opt.pgs_shuffle;
  if (settings.islands != mujoco::IslandsByDefault(p.opt.version)) {
    doc["opt"]["islands"] = settings.islands;
  }
  if (p.opt.noslip_iterations != defaults.noslip_iterations) {
    doc["opt"]["noslip_iterations"] = p.opt.noslip_iterations;
  }
  if (p.opt.noslip_tolerance != defaults.noslip_tolerance) {
    doc["opt"]["noslip_tolerance"] = p.opt.noslip_tolerance;
  }
  if (p.opt.ls_iterations != defaults.ls_iterations)
    doc["opt"]["ls_iterations"] = p.opt.ls_iterations;
  if (p.opt.ls_tolerance != defaults.ls_tolerance) doc["opt"]["ls_tolerance"] = p.opt.ls_tolerance;
  if (settings.qacc_warmstart) doc["qacc_warmstart"] = Vector(*settings.qacc_warmstart);
  // Contacts, indexed 0, 1, … in list order.
  json contacts = json::array();
  for (size_t c = 0; c < p.contacts.size(); ++c) {
    const auto& k = p.contacts[c];
    contacts.push_back({{"index", static_cast<int>(c)},
                        {"dim", k.dim},
                        {"friction", std::vector<double>(k.friction.begin(), k.friction.end())},
                        {"mu", k.mu},
                        {"efc_address", k.efc_address}});
  }
  doc["contacts"] = contacts;
  // Rows in order.
  json efc = json::array();
  for (int i = 0; i < p.nefc(); ++i) {
    json row = {{"type", mujoco::RowKindName(p.kind[i])},
                {"J", Vector(p.J.row(i).transpose())},
                {"R", p.R[i]},
                {"aref", p.aref[i]},
                {"frictionloss", p.frictionloss[i]}};
    if (p.contact[i] >= 0) row["contact"] = p.contact[i];
    efc.push_back(row);
  }
  doc["efc"] = efc;
  return doc;
}

json WriteMujocoProblemFile(const MujocoProblemFile& file) {
  json doc = WriteMujocoProblem(file.problem, file.source, file.settings);
  // The engine's contact ids, when the file carries one per contact.
  if (file.contact_indices.size() == file.problem.contacts.size()) {
    for (size_t c = 0; c < file.contact_indices.size(); ++c) {
      doc["contacts"][c]["index"] = file.contact_indices[c];
    }
    for (int i = 0; i < file.problem.nefc(); ++i) {
      if (file.problem.contact[i] >= 0)
        doc["efc"][i]["contact"] = file.contact_indices[file.problem.contact[i]];
    }
  }
  // Per-row records: only the fields the record holds.
  for (size_t i = 0; i < file.rows.size() && i < doc["efc"].size(); ++i) {
    const MujocoRowRecord& r = file.rows[i];
    json& row = doc["efc"][i];
    if (r.solref) row["solref"] = *r.solref;
    if (r.solimp) row["solimp"] = *r.solimp;
    if (r.pos) row["pos"] = *r.pos;
    if (r.margin) row["margin"] = *r.margin;
    if (r.vel) row["vel"] = *r.vel;
    if (r.diag_approx) row["diag_approx"] = *r.diag_approx;
    if (r.KBIP) row["KBIP"] = *r.KBIP;
  }
  if (file.expected) {
    doc["expected"] = {{"efc_force", Vector(file.expected->efc_force)},
                       {"qacc", Vector(file.expected->qacc)},
                       {"efc_b", Vector(file.expected->efc_b)},
                       {"solver_iter", file.expected->solver_iter}};
  }
  return doc;
}

}  // namespace simatlas::io
