// MJ-solvers §2–§5: the course's view of a settled MuJoCo state — rows, parameters as used
// (getsolparam, engine_core_constraint.c), contacts and the reference solvers,
// each labelled with the version of the MuJoCo that ran (EngineName).
#include "adapters/mujoco_model/inspect.h"

#include <cmath>
#include <iomanip>
#include <set>
#include <sstream>

#include "reference/core/errors.h"
#include "reference/io/mujoco_options.h"
#include "reference/mujoco/impedance.h"
#include "reference/mujoco/solve.h"

namespace simatlas::adapters {

namespace {

using nlohmann::json;

constexpr const char* kSolImpNames[5] = {"dmin", "dmax", "width", "midpoint", "power"};

std::string Num(double x) { return core::FormatNumber(x); }

std::string Pair(const mujoco::SolRef& r) { return Num(r[0]) + " " + Num(r[1]); }

std::string Five(const mujoco::SolImp& s) {
  std::string out;
  for (double x : s) out += (out.empty() ? "" : " ") + Num(x);
  return out;
}

std::string ConeName(mujoco::Cone cone) {
  return cone == mujoco::Cone::kElliptic ? "elliptic" : "pyramidal";
}

json RowJson(const RowView& r, const RowNotes& n) {
  return {{"type", mujoco::RowKindName(r.kind)},
          {"id", r.id},
          {"owner", r.owner},
          {"solref_given", r.solref},
          {"solref_used", n.used.solref},
          {"solimp_given", r.solimp},
          {"solimp_used", n.used.solimp},
          {"notes", n.notes},
          {"pos", r.pos},
          {"margin", r.margin},
          {"vel", r.vel},
          {"diag_approx", r.diag_approx},
          {"K", r.KBIP[0]},
          {"B", r.KBIP[1]},
          {"imp", r.KBIP[2]},
          {"imp_prime", r.KBIP[3]},
          {"R", r.R},
          {"D", r.D},
          {"aref", r.aref},
          {"b", r.b},
          {"force", r.force},
          {"state", StateName(r.state)}};
}

}  // namespace

std::string StateName(int state) {
  switch (state) {
    case 0: return "satisfied";
    case 1: return "quadratic";
    case 2: return "linear_neg";
    case 3: return "linear_pos";
    case 4: return "cone";
  }
  return "state " + std::to_string(state);
}

RowNotes NotesOf(const RowView& row, double timestep, bool refsafe) {
  RowNotes n;
  n.used = mujoco::SanitiseSolParams(row.solref, row.solimp, timestep, refsafe);
  // The three rules of getsolparam, in its order.
  if (n.used.mixed_replaced) {
    n.notes.push_back("mixed-sign solref (" + Pair(row.solref) +
                      "): MuJoCo fell back to the default (0.02, 1)");
  }
  if (n.used.refsafe_clamped) {
    n.notes.push_back("refsafe: timeconst " + Num(row.solref[0]) +
                      " s < 2h raised to 2h = " + Num(n.used.solref[0]) + " s");
  }
  for (int k = 0; k < 5; ++k) {
    if (n.used.solimp[k] != row.solimp[k]) {
      n.notes.push_back(std::string("solimp clamped: ") + kSolImpNames[k] + " " +
                        Num(row.solimp[k]) + " -> " + Num(n.used.solimp[k]));
    }
  }
  // A direct solref (−stiffness, −damping) is not K itself: mj_makeImpedance divides by dmax
  // (FORMULAS.md §2a (2.2)), so the table's K and B differ from the numbers typed.
  if (n.used.solref[0] < 0 && row.KBIP[0] != 0) {
    const double dmax = n.used.solimp[1];
    const mujoco::StiffnessDamping kb = mujoco::EvaluateStiffnessDamping(n.used.solref, dmax);
    n.notes.push_back("direct solref (-stiffness -damping): K = stiffness/dmax^2 = " +
                      Num(-n.used.solref[0]) + "/" + Num(dmax) + "^2 = " + Num(kb.K) +
                      " 1/s^2, B = damping/dmax = " + Num(-n.used.solref[1]) + "/" + Num(dmax) +
                      " = " + Num(kb.B) + " 1/s");
  }
  return n;
}

std::vector<SolverComparison> CompareSolvers(const Snapshot& snapshot) {
  std::vector<SolverComparison> out;
  const io::MujocoExpected& mj = *snapshot.file.expected;
  for (mujoco::SolverKind k :
       {mujoco::SolverKind::kPGS, mujoco::SolverKind::kCG, mujoco::SolverKind::kNewton}) {
    mujoco::Problem p = snapshot.file.problem;
    p.opt.solver = k;
    SolverComparison c;
    c.solver = k;
    c.result = mujoco::SolveProblem(p, snapshot.file.settings);
    if (p.nefc() > 0) {
      const core::VectorX diff = (c.result.efc_force - mj.efc_force).cwiseAbs();
      Eigen::Index row = 0;
      c.max_force_difference = diff.maxCoeff(&row);
      c.row_of_max = static_cast<int>(row);
    }
    if (p.nv > 0) c.max_qacc_difference = (c.result.qacc - mj.qacc).cwiseAbs().maxCoeff();
    out.push_back(c);
  }
  return out;
}

json InspectJson(const Snapshot& s, const std::vector<SolverComparison>& solvers) {
  const mujoco::Problem& p = s.file.problem;
  json rows = json::array();
  for (const RowView& r : s.rows) rows.push_back(RowJson(r, NotesOf(r, s.timestep, s.refsafe)));
  json contacts = json::array();
  for (const ContactView& c : s.contacts) {
    json entry = {{"index", c.index},
                  {"geom1", c.geom1},
                  {"geom2", c.geom2},
                  {"dim", c.dim},
                  {"friction", c.friction},
                  {"mu", c.mu},
                  {"cone", ConeName(p.opt.cone)},
                  {"dist", c.dist},
                  {"efc_address", c.efc_address}};
    if (c.dim > 1 && s.impratio != 1) {
      entry["note"] =
          "impratio = " + Num(s.impratio) + ": mu = friction[0]/sqrt(impratio) = " + Num(c.mu);
    }
    contacts.push_back(entry);
  }
  json compared = json::array();
  for (const SolverComparison& c : solvers) {
    compared.push_back({{"solver", mujoco::SolverName(c.solver)},
                        {"iterations", c.result.iterations},
                        {"exit", mujoco::ExitReasonName(c.result.exit)},
                        {"max_force_difference", c.max_force_difference},
                        {"row_of_max", c.row_of_max},
                        {"max_qacc_difference", c.max_qacc_difference}});
  }
  return {{"source", s.file.source},
          {"nv", p.nv},
          {"nefc", p.nefc()},
          {"opt",
           {{"cone", ConeName(p.opt.cone)},
            {"solver", mujoco::SolverName(p.opt.solver)},
            {"iterations", p.opt.iterations},
            {"tolerance", p.opt.tolerance},
            {"impratio", s.impratio},
            {"timestep", s.timestep},
            {"refsafe", s.refsafe},
            {"warmstart", s.file.settings.qacc_warmstart.has_value()}}},
          {"units",
           {{"pos", "m"},
            {"imp", "1"},
            {"K", "1/s^2"},
            {"B", "1/s"},
            {"R", "1/kg (1/(kg m^2) for rotational rows)"},
            {"D", "kg (kg m^2), = 1/R"},
            {"aref", "m/s^2 or rad/s^2"},
            {"force", "N or N m (pyramidal rows: edge weights)"},
            {"solref_given", "the row's values after MuJoCo mixed the two geoms' (contacts)"}}},
          {"rows", rows},
          {"contacts", contacts},
          {"mujoco",
           {{"engine", EngineName()},
            {"solver", mujoco::SolverName(p.opt.solver)},
            {"solver_iter", s.file.expected->solver_iter}}},
          {"solvers", compared},
          {"warnings", s.warnings}};
}

std::string InspectText(const Snapshot& s, const std::vector<SolverComparison>& solvers) {
  const mujoco::Problem& p = s.file.problem;
  std::ostringstream o;
  o << s.file.source << "\n";
  o << "nv " << p.nv << ", nefc " << p.nefc() << ", contacts " << s.contacts.size() << "; cone "
    << ConeName(p.opt.cone) << ", impratio " << Num(s.impratio) << ", timestep " << Num(s.timestep)
    << " s, refsafe " << (s.refsafe ? "on" : "off") << "\n";
  // No rows: nothing to tabulate; say how to get a state that has some.
  if (s.rows.empty()) {
    o << "\nno constraint rows (nefc = 0): nothing touches, and no limit or equality is active in this "
         "state.\nStep the model until something does (e.g. --steps 300, or --keyframe K of a resting "
         "state),\nor check that contacts are not disabled or filtered (contype/conaffinity, <exclude>).\n";
    for (const std::string& w : s.warnings) o << "MuJoCo warning: " << w << "\n";
    return o.str();
  }
  o << "units: imp [1]; K [1/s^2]; B [1/s]; R [1/kg, 1/(kg m^2) for rotational rows]; D = 1/R; "
       "aref [m/s^2 or rad/s^2]; force [N or N m; pyramidal rows: edge weights]\n\n";
  // Rows: one line each, notes indented below their row.
  o << "rows (MuJoCo's efc_*; imp, K, B, R, D, aref: MJ-solvers §2a, formula sheet (2.1)-(2.3);\n"
       "  force, state: §4-§5)\n"
       "  solref/solimp: the row's values as MuJoCo assembled them (a contact's are the two geoms' mixed\n"
       "  by solmix, not either geom's own), then as used when a rule of getsolparam changed them\n";
  o << std::left << std::setw(5) << "row" << std::setw(21) << "type" << std::setw(34) << "owner"
    << std::right;
  for (const char* h : {"imp", "K", "B", "R", "D", "aref", "force"}) o << std::setw(12) << h;
  o << "  state\n";
  o << std::setprecision(5);
  std::set<std::string> explained;  // a direct solref's K is explained once, at its first row
  for (size_t i = 0; i < s.rows.size(); ++i) {
    const RowView& r = s.rows[i];
    const RowNotes n = NotesOf(r, s.timestep, s.refsafe);
    std::string owner = r.owner.size() > 33 ? r.owner.substr(0, 32) + "~" : r.owner;
    o << std::left << std::setw(5) << i << std::setw(21) << mujoco::RowKindName(r.kind)
      << std::setw(34) << owner << std::right;
    for (double x : {r.KBIP[2], r.KBIP[0], r.KBIP[1], r.R, r.D, r.aref, r.force}) {
      o << std::setw(12) << x;
    }
    o << "  " << StateName(r.state) << "\n";
    o << "       solref " << Pair(r.solref) << ", solimp " << Five(r.solimp);
    if (n.used.solref != r.solref || n.used.solimp != r.solimp) {
      o << "  -> used solref " << Pair(n.used.solref) << ", solimp " << Five(n.used.solimp);
    }
    o << "\n";
    for (const std::string& note : n.notes) {
      const bool direct = note.rfind("direct solref", 0) == 0;
      if (direct && !explained.insert(note).second) continue;
      o << "       note: " << note << "\n";
    }
  }
  // Contacts.
  o << "\ncontacts\n";
  for (const ContactView& c : s.contacts) {
    o << "  " << c.index << ": " << c.geom1 << " / " << c.geom2 << ", dim " << c.dim << ", dist "
      << Num(c.dist) << " m, friction";
    for (double f : c.friction) o << " " << Num(f);
    o << ", mu " << Num(c.mu) << " (" << ConeName(p.opt.cone) << ")";
    if (c.dim > 1 && s.impratio != 1)
      o << "  note: mu = friction[0]/sqrt(impratio " << Num(s.impratio) << ")";
    o << ", rows " << c.efc_address << "…\n";
  }
  // Solvers beside MuJoCo.
  o << "\nsolvers (same problem, options and warmstart as MuJoCo's final solve)\n";
  o << "  " << EngineName() << " " << mujoco::SolverName(p.opt.solver) << ": "
    << s.file.expected->solver_iter << " iterations\n";
  for (const SolverComparison& c : solvers) {
    o << "  reference " << mujoco::SolverName(c.solver) << ": " << c.result.iterations
      << " iterations, exit " << mujoco::ExitReasonName(c.result.exit) << ", max |f - f_MuJoCo| "
      << Num(c.max_force_difference);
    if (c.row_of_max >= 0) o << " (row " << c.row_of_max << ")";
    o << ", max |qacc - qacc_MuJoCo| " << Num(c.max_qacc_difference) << "\n";
  }
  for (const std::string& w : s.warnings) o << "MuJoCo warning: " << w << "\n";
  return o.str();
}

}  // namespace simatlas::adapters
