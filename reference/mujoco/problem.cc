// MJ-solvers §2–§5 — the constraint problem, its blocks and its validation.
#include "reference/mujoco/problem.h"

#include <algorithm>
#include <cmath>

#include "reference/core/errors.h"
#include "reference/mujoco/tree_factor.h"

namespace simatlas::mujoco {

namespace {

struct KindName {
  RowKind kind;
  const char* name;
};
constexpr KindName kKindNames[] = {
    {RowKind::kEquality, "equality"},
    {RowKind::kFrictionDof, "friction_dof"},
    {RowKind::kFrictionTendon, "friction_tendon"},
    {RowKind::kLimitJoint, "limit_joint"},
    {RowKind::kLimitTendon, "limit_tendon"},
    {RowKind::kContactFrictionless, "contact_frictionless"},
    {RowKind::kContactPyramidal, "contact_pyramidal"},
    {RowKind::kContactElliptic, "contact_elliptic"},
};

bool IsContactKind(RowKind kind) {
  return kind == RowKind::kContactFrictionless || kind == RowKind::kContactPyramidal ||
         kind == RowKind::kContactElliptic;
}

std::string Indexed(const char* name, int i) {
  return std::string(name) + "[" + std::to_string(i) + "]";
}

std::string Indexed2(const char* name, int i, int j) {
  return Indexed(name, i) + "[" + std::to_string(j) + "]";
}

// Element checks run once per problem (O(nv² + nefc·nv), when it is prepared): each tests the
// value first and builds the quantity's name only for the message of a value that fails.
void CheckFinite(const char* name, int i, double value, const char* unit) {
  if (!std::isfinite(value)) core::RequireFinite(Indexed(name, i), value, unit);
}
void CheckPositive(const char* name, int i, double value, const char* unit) {
  if (!(std::isfinite(value) && value > 0)) core::RequirePositive(Indexed(name, i), value, unit);
}
void CheckNonNegative(const char* name, int i, double value, const char* unit) {
  if (!(std::isfinite(value) && value >= 0)) {
    core::RequireNonNegative(Indexed(name, i), value, unit);
  }
}

}  // namespace

std::string RowKindName(RowKind kind) {
  for (const auto& entry : kKindNames) {
    if (entry.kind == kind) return entry.name;
  }
  return "unknown";
}

RowKind ParseRowKind(const std::string& name) {
  for (const auto& entry : kKindNames) {
    if (name == entry.name) return entry.kind;
  }
  throw core::InputError("type = \"" + name +
                         "\" must be one of equality, friction_dof, friction_tendon, limit_joint, "
                         "limit_tendon, contact_frictionless, contact_pyramidal, contact_elliptic");
}

std::string SolverName(SolverKind solver) {
  switch (solver) {
    case SolverKind::kPGS: return "PGS";
    case SolverKind::kCG: return "CG";
    case SolverKind::kNewton: return "Newton";
  }
  return "unknown";
}

SolverKind ParseSolverName(const std::string& name) {
  if (name == "PGS" || name == "pgs") return SolverKind::kPGS;
  if (name == "CG" || name == "cg") return SolverKind::kCG;
  if (name == "Newton" || name == "newton") return SolverKind::kNewton;
  throw core::InputError("solver = \"" + name + "\" must be one of PGS, CG, Newton");
}

void SetVersion(Version version, Options& opt) {
  // 4.0.1 runs 3.15's paths (the 3.x rules below); only its exit scale differs.
  const bool v315 = version != Version::kMuJoCo222;
  opt.version = version;
  // 3.10: Hager–Zhang directions; 3.11: momentum PGS; 3.9: the shuffled PGS order.
  opt.cg_update = v315 ? CGUpdate::kHagerZhang : CGUpdate::kPolakRibierePlus;
  opt.pgs_momentum = v315;
  opt.pgs_shuffle = v315;
  // The primal loop's rules and arithmetic (the version seam, primal_rules.h, reads them).
  opt.line_search = v315 ? LineSearch::kMuJoCo3 : LineSearch::kMuJoCo222;
  opt.exit_rules = v315 ? ExitRules::kMuJoCo3 : ExitRules::kMuJoCo222;
  opt.arithmetic = v315 ? Arithmetic::kCourse : Arithmetic::kMuJoCo222;
  // 3.17 (changelog, commit c8362756d): the exits scaled by the current M's trace.
  opt.exit_scale =
      version == Version::kMuJoCo401 ? ExitScaleRule::kTrace : ExitScaleRule::kMeanInertia;
}

bool IslandsByDefault(Version version) { return version != Version::kMuJoCo222; }

void RequireVersionRuns(const Options& opt, bool islands) {
  if (opt.version != Version::kMuJoCo222) return;
  const auto refuse = [](const std::string& option, const std::string& since) {
    throw core::InputError(option + " under version 2.2.2: MuJoCo 2.2.2 never ran it (" + since +
                           "); use version 3.15, or leave the option at 2.2.2's value");
  };
  if (opt.cg_update == CGUpdate::kHagerZhang) {
    refuse("cg_update = hager-zhang", "Hager–Zhang CG arrived in 3.10");
  }
  if (opt.pgs_momentum) refuse("pgs_momentum = on", "momentum PGS arrived in 3.11");
  if (opt.pgs_shuffle) refuse("pgs_shuffle = on", "the shuffled PGS order arrived in 3.9");
  if (opt.line_search == LineSearch::kMuJoCo3) {
    refuse("line_search = 3.x", "3.x's PrimalSearch replaced CGsearch");
  }
  if (opt.exit_rules == ExitRules::kMuJoCo3) {
    refuse("exit_rules = 3.x", "the certificate and decrement exits arrived in 3.x");
  }
  if (islands) refuse("islands = on", "constraint islands arrived in 3.x");
  if (opt.exit_scale == ExitScaleRule::kTrace) {
    refuse("exit_scale = trace", "the trace exit scale arrived in 3.17");
  }
}

std::vector<Block> MakeBlocks(const Problem& problem) {
  std::vector<Block> blocks;
  const int nefc = problem.nefc();
  for (int i = 0; i < nefc;) {
    // An elliptic contact of dim > 1 is one block of dim rows, normal first.
    if (problem.kind[i] == RowKind::kContactElliptic) {
      const Contact& c = problem.contacts[problem.contact[i]];
      if (c.dim > 1) {
        blocks.push_back({i, c.dim, true, problem.contact[i]});
        i += c.dim;
        continue;
      }
    }
    blocks.push_back({i, 1, false, problem.contact[i]});
    ++i;
  }
  return blocks;
}

void ValidateProblem(const Problem& p) {
  if (p.nv < 0) core::ThrowInputError("nv", p.nv, "1", ">= 0");
  const int nefc = p.nefc();
  if (p.M.rows() != p.nv || p.M.cols() != p.nv) {
    core::ThrowInputError("M rows", static_cast<double>(p.M.rows()), "1", "nv x nv");
  }
  if (p.qacc_smooth.size() != p.nv) {
    core::ThrowInputError("qacc_smooth length", static_cast<double>(p.qacc_smooth.size()), "1",
                          "equal to nv");
  }
  if (p.J.rows() != nefc || p.J.cols() != p.nv || p.R.size() != nefc || p.aref.size() != nefc ||
      p.frictionloss.size() != nefc || static_cast<int>(p.contact.size()) != nefc) {
    core::ThrowInputError("efc arrays", nefc, "1", "all of length nefc with J nefc x nv");
  }
  for (int i = 0; i < p.nv; ++i) {
    CheckFinite("qacc_smooth", i, p.qacc_smooth[i], "m/s^2 or rad/s^2");
    for (int j = 0; j < p.nv; ++j) {
      if (!std::isfinite(p.M(i, j))) {
        core::RequireFinite(Indexed2("M", i, j), p.M(i, j), "kg or kg m^2");
      }
      // Symmetry, each pair once.
      if (j <= i) continue;
      if (std::abs(p.M(i, j) - p.M(j, i)) >
          1e-9 * (std::abs(p.M(i, j)) + std::abs(p.M(j, i)) + 1e-300)) {
        core::ThrowInputError(Indexed2("M", i, j), p.M(i, j), "kg", "equal to M[j][i] (symmetric)");
      }
    }
  }
  // Positive diagonal here; full positive definiteness is checked when M is factored (Prepare,
  // prepare.h: InputError naming the failing pivot).
  for (int i = 0; i < p.nv; ++i) {
    if (!(p.M(i, i) > 0)) core::RequirePositive(Indexed2("M", i, i), p.M(i, i), "kg or kg m^2");
  }
  // τs, when given: MuJoCo's qfrc_smooth, one finite entry per DOF.
  if (p.qfrc_smooth.size() != 0) {
    if (p.qfrc_smooth.size() != p.nv) {
      core::ThrowInputError("qfrc_smooth length", static_cast<double>(p.qfrc_smooth.size()), "1",
                            "0 (absent) or nv = " + std::to_string(p.nv));
    }
    for (int i = 0; i < p.nv; ++i) CheckFinite("qfrc_smooth", i, p.qfrc_smooth[i], "N or N m");
  }
  // A given DOF tree: a forest in MuJoCo's order carrying all of M's nonzeros.
  if (!p.dof_parentid.empty()) {
    if (static_cast<int>(p.dof_parentid.size()) != p.nv) {
      core::ThrowInputError("dof_parentid length", static_cast<double>(p.dof_parentid.size()), "1",
                            "equal to nv (or absent)");
    }
    for (int i = 0; i < p.nv; ++i) {
      if (p.dof_parentid[i] < -1 || p.dof_parentid[i] >= i) {
        core::ThrowInputError(Indexed("dof_parentid", i), p.dof_parentid[i], "1",
                              "-1 (a root) or a DOF index < " + std::to_string(i));
      }
    }
    int i = 0, j = 0;
    if (!MatchesTree(p.M, p.dof_parentid, &i, &j)) {
      core::ThrowInputError(Indexed2("M", i, j), p.M(i, j), "kg or kg m^2",
                            "0: DOF " + std::to_string(j) + " is not an ancestor of DOF " +
                                std::to_string(i) + " in dof_parentid");
    }
  }
  for (int i = 0; i < nefc; ++i) {
    CheckPositive("efc.R", i, p.R[i], "1/kg");
    CheckFinite("efc.aref", i, p.aref[i], "m/s^2");
    CheckNonNegative("efc.frictionloss", i, p.frictionloss[i], "N");
    for (int j = 0; j < p.nv; ++j) CheckFinite("efc.J", i, p.J(i, j), "1");
    const bool contact_row = IsContactKind(p.kind[i]);
    if (contact_row != (p.contact[i] >= 0)) {
      core::ThrowInputError(Indexed("efc.contact", i), p.contact[i], "1",
                            "present exactly on contact rows");
    }
    if (contact_row && p.contact[i] >= static_cast<int>(p.contacts.size())) {
      core::ThrowInputError(Indexed("efc.contact", i), p.contact[i], "1", "< number of contacts");
    }
  }
  // Each contact owns its rows: 1 (frictionless), 2(dim−1) (pyramidal), dim (elliptic).
  for (int c = 0; c < static_cast<int>(p.contacts.size()); ++c) {
    const Contact& con = p.contacts[c];
    if (con.dim != 1 && con.dim != 3 && con.dim != 4 && con.dim != 6) {
      core::ThrowInputError(Indexed("contacts.dim", c), con.dim, "1", "1, 3, 4 or 6");
    }
    CheckNonNegative("contacts.mu", c, con.mu, "1");
    if (con.efc_address < 0 || con.efc_address >= nefc) {
      core::ThrowInputError(Indexed("contacts.efc_address", c), con.efc_address, "1",
                            "a row index < nefc");
    }
    const RowKind kind = p.kind[con.efc_address];
    const int rows = con.dim == 1                         ? 1
                     : kind == RowKind::kContactPyramidal ? 2 * (con.dim - 1)
                                                          : con.dim;
    for (int r = 0; r < rows; ++r) {
      const int row = con.efc_address + r;
      if (row >= nefc || p.contact[row] != c || p.kind[row] != kind) {
        core::ThrowInputError(
            Indexed("contacts.efc_address", c), con.efc_address, "1",
            "the first of " + std::to_string(rows) + " consecutive rows of this contact");
      }
    }
    // Each friction coefficient in use, named with its contact.
    for (int j = 0; j < con.dim - 1; ++j) {
      if (!(std::isfinite(con.friction[j]) && con.friction[j] > 0)) {
        core::RequirePositive(Indexed("contacts", c) + Indexed(".friction", j), con.friction[j],
                              "1");
      }
    }
  }
}

Problem SubProblem(const Problem& p, const std::vector<int>& dofs, const std::vector<int>& rows) {
  Problem s;
  s.nv = static_cast<int>(dofs.size());
  s.opt = p.opt;
  s.M.resize(s.nv, s.nv);
  s.qacc_smooth.resize(s.nv);
  // The tree restricted to ascending DOFs: each DOF's parent is its nearest ancestor in the set.
  if (!p.dof_parentid.empty() && std::is_sorted(dofs.begin(), dofs.end())) {
    std::vector<int> index(p.nv, -1);
    for (int i = 0; i < s.nv; ++i) index[dofs[i]] = i;
    s.dof_parentid.resize(s.nv);
    for (int i = 0; i < s.nv; ++i) {
      int a = p.dof_parentid[dofs[i]];
      while (a >= 0 && index[a] < 0) a = p.dof_parentid[a];
      s.dof_parentid[i] = a >= 0 ? index[a] : -1;
    }
  }
  for (int i = 0; i < s.nv; ++i) {
    s.qacc_smooth[i] = p.qacc_smooth[dofs[i]];
    for (int j = 0; j < s.nv; ++j) s.M(i, j) = p.M(dofs[i], dofs[j]);
  }
  const int n = static_cast<int>(rows.size());
  s.J.resize(n, s.nv);
  s.R.resize(n);
  s.aref.resize(n);
  s.frictionloss.resize(n);
  std::vector<int> new_contact(p.contacts.size(), -1);
  for (int r = 0; r < n; ++r) {
    const int i = rows[r];
    for (int j = 0; j < s.nv; ++j) s.J(r, j) = p.J(i, dofs[j]);
    s.R[r] = p.R[i];
    s.aref[r] = p.aref[i];
    s.frictionloss[r] = p.frictionloss[i];
    s.kind.push_back(p.kind[i]);
    int c = -1;
    if (p.contact[i] >= 0) {
      // Contacts are renumbered in order of first appearance; efc_address follows.
      if (new_contact[p.contact[i]] < 0) {
        new_contact[p.contact[i]] = static_cast<int>(s.contacts.size());
        Contact con = p.contacts[p.contact[i]];
        con.efc_address = r;
        s.contacts.push_back(con);
      }
      c = new_contact[p.contact[i]];
    }
    s.contact.push_back(c);
  }
  return s;
}

}  // namespace simatlas::mujoco
