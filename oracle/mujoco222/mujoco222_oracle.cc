// The MuJoCo 2.2.2 oracle: scene loading, settling, and conversion of mjData into the
// reference's problem (MJ-solvers §2–§5). Model fields used follow MuJoCo 2.2.2's
// engine_core_constraint.c (getsolparam, getposdim, mj_diagApprox), as listed in the formula
// sheet §2a.
#include "oracle/mujoco222/mujoco222_oracle.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <stdexcept>

#include "adapters/mujoco_model/mujoco_model.h"
#include "reference/mujoco/impedance.h"

namespace simatlas::oracle222 {

namespace {

/// Where a row's parameters come from in the model (2.2.2 field names).
struct RowSource {
  bool supported = true;
  mujoco::SolRef solref{};
  mujoco::SolImp solimp{};
  double distance = 0;    // r of (2.1)
  double imp_margin = 0;  // margin used with r
  double diag = 0;        // Â before the friction scaling
  bool zero_stiffness = false;
};

template <int N>
std::array<double, N> Copy(const mjtNum* x) {
  std::array<double, N> out{};
  for (int i = 0; i < N; ++i) out[i] = x[i];
  return out;
}

double BodyTran(const mjModel* m, int body) { return m->body_invweight0[2 * body]; }
double BodyRot(const mjModel* m, int body) { return m->body_invweight0[2 * body + 1]; }

RowSource Source(const mjModel* m, const mjData* d, int i) {
  RowSource s;
  const int id = d->efc_id[i];
  s.distance = d->efc_pos[i];
  s.imp_margin = d->efc_margin[i];
  switch (d->efc_type[i]) {
    case mjCNSTR_EQUALITY: {
      s.solref = Copy<2>(m->eq_solref + mjNREF * id);
      s.solimp = Copy<5>(m->eq_solimp + mjNIMP * id);
      const int o1 = m->eq_obj1id[id], o2 = m->eq_obj2id[id];
      if (m->eq_type[id] == mjEQ_CONNECT) {
        // Distance: norm of the 3 rows of this connect; Â: translational invweight0 of both bodies.
        int first = i;
        while (first > 0 && d->efc_type[first - 1] == mjCNSTR_EQUALITY &&
               d->efc_id[first - 1] == id)
          --first;
        s.distance = std::sqrt(d->efc_pos[first] * d->efc_pos[first] +
                               d->efc_pos[first + 1] * d->efc_pos[first + 1] +
                               d->efc_pos[first + 2] * d->efc_pos[first + 2]);
        s.diag = BodyTran(m, o1) + BodyTran(m, o2);
      } else if (m->eq_type[id] == mjEQ_JOINT) {
        s.diag = m->dof_invweight0[m->jnt_dofadr[o1]] +
                 (o2 >= 0 ? m->dof_invweight0[m->jnt_dofadr[o2]] : 0.0);
      } else if (m->eq_type[id] == mjEQ_TENDON) {
        s.diag = m->tendon_invweight0[o1] + (o2 >= 0 ? m->tendon_invweight0[o2] : 0.0);
      } else {
        s.supported = false;  // weld (torquescale-weighted distance) and others
      }
      break;
    }
    case mjCNSTR_FRICTION_DOF:
      s.solref = Copy<2>(m->dof_solref + mjNREF * id);
      s.solimp = Copy<5>(m->dof_solimp + mjNIMP * id);
      s.diag = m->dof_invweight0[id];
      s.zero_stiffness = true;
      break;
    case mjCNSTR_FRICTION_TENDON:
      s.solref = Copy<2>(m->tendon_solref_fri + mjNREF * id);
      s.solimp = Copy<5>(m->tendon_solimp_fri + mjNIMP * id);
      s.diag = m->tendon_invweight0[id];
      s.zero_stiffness = true;
      break;
    case mjCNSTR_LIMIT_JOINT:
      s.solref = Copy<2>(m->jnt_solref + mjNREF * id);
      s.solimp = Copy<5>(m->jnt_solimp + mjNIMP * id);
      s.diag = m->dof_invweight0[m->jnt_dofadr[id]];
      break;
    case mjCNSTR_LIMIT_TENDON:
      s.solref = Copy<2>(m->tendon_solref_lim + mjNREF * id);
      s.solimp = Copy<5>(m->tendon_solimp_lim + mjNIMP * id);
      s.diag = m->tendon_invweight0[id];
      break;
    default: {
      // Contacts: the contact's distance and includemargin for every row; Â from the two
      // bodies' invweight0 halves.
      const mjContact& con = d->contact[id];
      s.solref = Copy<2>(con.solref);
      s.solimp = Copy<5>(con.solimp);
      s.distance = con.dist;
      s.imp_margin = con.includemargin;
      const int b1 = m->geom_bodyid[con.geom1], b2 = m->geom_bodyid[con.geom2];
      const double tran = BodyTran(m, b1) + BodyTran(m, b2);
      const double rot = BodyRot(m, b1) + BodyRot(m, b2);
      const int local = i - con.efc_address;
      s.diag = mujoco::ContactDiagApprox(tran, rot, Copy<5>(con.friction),
                                         d->efc_type[i] == mjCNSTR_CONTACT_PYRAMIDAL, local);
      s.zero_stiffness = d->efc_type[i] == mjCNSTR_CONTACT_ELLIPTIC && local > 0;
      break;
    }
  }
  return s;
}

bool IsContact(int type) { return type >= mjCNSTR_CONTACT_FRICTIONLESS; }

std::vector<double> Row(const mjtNum* x, int n) { return std::vector<double>(x, x + n); }

}  // namespace

std::string SceneFile(const std::string& name) {
  return std::string(SIMATLAS_ORACLE_SCENES_DIR) + "/" + name;
}

std::string SampleModelFile(const std::string& relative) {
  return std::string(SIMATLAS_MUJOCO_MODEL_DIR) + "/" + relative;
}

Scene Load(const std::string& path, mjtCone cone) {
  // The adapter's loader (one owner); its InputError is a std::invalid_argument.
  adapters::ModelData loaded = adapters::LoadModelFile(path);
  loaded.model->opt.cone = cone;
  Scene s;
  s.name = path;
  s.model = loaded.model;
  s.data = loaded.data;
  return s;
}

void SettleAndSolve(Scene& scene, int steps) {
  // The adapter's settling: steps, then a dense, converged final mj_forward (1000, 1e-15).
  adapters::ModelOptions options;
  options.steps = steps;
  options.iterations = 1000;
  options.tolerance = 1e-15;
  const adapters::SettleRecord record =
      adapters::SettleModel(scene.model.get(), scene.data.get(), options, scene.name);
  scene.step_warmstart = record.warmstart;
}

namespace {

/// ProblemOf (MuJoCo's own τs included, so the 2.2.2 path sums exactly as MuJoCo does) on
/// MuJoCo's dense path.
mujoco::Problem ProblemWithSmoothForce(const mjModel* m, const mjData* d) {
  mujoco::Problem p = adapters::ProblemOf(m, d);
  // MuJoCo solved it with mjJAC_DENSE (SettledScene): the reference takes the same path.
  p.opt.jacobian =
      m->opt.jacobian == mjJAC_DENSE ? mujoco::Jacobian::kDense : mujoco::Jacobian::kAuto;
  return p;
}

}  // namespace

MujocoSolve SolveWithMujoco(const Scene& scene, mjtSolver solver, int iterations, double tolerance,
                            const std::optional<core::VectorX>& warmstart, int noslip_iterations) {
  const mjModel* m0 = scene.model.get();
  // Private copies: the cached scene keeps its converged answer for the other tests.
  const std::shared_ptr<mjModel> model(mj_copyModel(nullptr, m0), mj_deleteModel);
  const std::shared_ptr<mjData> data(mj_copyData(nullptr, m0, scene.data.get()), mj_deleteData);
  mjModel* m = model.get();
  mjData* d = data.get();
  m->opt.solver = solver;
  m->opt.iterations = iterations;
  m->opt.tolerance = tolerance;
  m->opt.noslip_iterations = noslip_iterations;
  if (warmstart) {
    m->opt.disableflags &= ~mjDSBL_WARMSTART;
    Eigen::Map<core::VectorX>(d->qacc_warmstart, m->nv) = *warmstart;
  } else {
    m->opt.disableflags |= mjDSBL_WARMSTART;
  }
  mj_forward(m, d);
  MujocoSolve out;
  out.solver_iter = d->solver_iter;
  for (int i = 0; i < std::min(d->solver_iter, static_cast<int>(mjNSOLVER)); ++i) {
    const mjSolverStat& s = d->solver[i];
    out.stats.push_back(
        {s.improvement, s.gradient, s.lineslope, s.nactive, s.nchange, s.neval, s.nupdate});
  }
  out.qacc = Eigen::Map<const core::VectorX>(d->qacc, m->nv);
  out.efc_force = Eigen::Map<const core::VectorX>(d->efc_force, d->nefc);
  out.problem = ProblemWithSmoothForce(m, d);
  return out;
}

MujocoRows ReadRows(const Scene& scene) {
  const mjModel* m = scene.model.get();
  const mjData* d = scene.data.get();
  const int n = d->nefc;
  MujocoRows r;
  auto vec = [n](const mjtNum* x) { return core::VectorX(Eigen::Map<const core::VectorX>(x, n)); };
  r.R = vec(d->efc_R);
  r.aref = vec(d->efc_aref);
  r.b = vec(d->efc_b);
  r.force = vec(d->efc_force);
  r.pos = vec(d->efc_pos);
  r.margin = vec(d->efc_margin);
  r.vel = vec(d->efc_vel);
  r.diag_approx = vec(d->efc_diagApprox);
  r.qacc = Eigen::Map<const core::VectorX>(d->qacc, m->nv);
  for (int i = 0; i < n; ++i) {
    r.KBIP.push_back(Copy<4>(d->efc_KBIP + 4 * i));
    r.state.push_back(d->efc_state[i]);
  }
  r.solver_iter = d->solver_iter;
  return r;
}

mujoco::Problem ExtractProblem(const Scene& scene) {
  return ProblemWithSmoothForce(scene.model.get(), scene.data.get());
}

std::vector<std::optional<ReferenceRow>> ReferenceRows(const Scene& scene) {
  const mjModel* m = scene.model.get();
  const mjData* d = scene.data.get();
  const bool refsafe = !(m->opt.disableflags & mjDSBL_REFSAFE);
  std::vector<std::optional<ReferenceRow>> rows(d->nefc);
  // (2.1)–(2.2) row by row from the model's own parameters.
  for (int i = 0; i < d->nefc; ++i) {
    const RowSource s = Source(m, d, i);
    if (!s.supported) continue;
    mujoco::RowInput in;
    in.diag_approx = s.diag;
    in.distance = s.distance;
    in.pos = d->efc_pos[i];
    in.margin = s.imp_margin;
    in.vel = d->efc_vel[i];
    in.solref = s.solref;
    in.solimp = s.solimp;
    in.timestep = m->opt.timestep;
    in.refsafe = refsafe;
    in.zero_stiffness = s.zero_stiffness;
    const mujoco::RowParameters p = mujoco::MakeRowParameters(in);
    ReferenceRow r{p.K, p.B, p.imp, p.imp_prime, p.R, p.aref};
    // aref uses the row's own efc_margin (contacts: the contact's includemargin on the normal).
    r.aref = -p.B * in.vel - p.K * p.imp * (d->efc_pos[i] - d->efc_margin[i]);
    rows[i] = r;
  }
  // (2.3): friction scaling per contact.
  for (int c = 0; c < d->ncon; ++c) {
    const mjContact& con = d->contact[c];
    if (con.efc_address < 0 || con.dim == 1 || !rows[con.efc_address]) continue;
    const double R0 = rows[con.efc_address]->R;
    const bool elliptic = d->efc_type[con.efc_address] == mjCNSTR_CONTACT_ELLIPTIC;
    const auto scaled =
        elliptic ? mujoco::EllipticFrictionR(R0, m->opt.impratio, Copy<5>(con.friction), con.dim)
                 : mujoco::PyramidalFrictionR(R0, m->opt.impratio, Copy<5>(con.friction), con.dim);
    for (size_t k = 0; k < scaled.R.size(); ++k) rows[con.efc_address + k]->R = scaled.R[k];
  }
  return rows;
}

nlohmann::json ProblemDocument(const Scene& scene, const std::string& source) {
  const mjModel* m = scene.model.get();
  const mjData* d = scene.data.get();
  const mujoco::Problem p = ExtractProblem(scene);
  const MujocoRows rows = ReadRows(scene);
  using nlohmann::json;
  json doc;
  doc["schema"] = "simatlas/mujoco-problem/1";
  doc["source"] = source;
  doc["nv"] = p.nv;
  json M = json::array();
  for (int i = 0; i < p.nv; ++i)
    M.push_back(std::vector<double>(p.M.row(i).begin(), p.M.row(i).end()));
  doc["M"] = M;
  doc["dof_parentid"] = p.dof_parentid;
  doc["qacc_smooth"] = Row(d->qacc_smooth, m->nv);
  doc["opt"] = {{"cone", m->opt.cone == mjCONE_ELLIPTIC ? "elliptic" : "pyramidal"},
                {"solver", mujoco::SolverName(p.opt.solver)},
                {"iterations", m->opt.iterations},
                {"tolerance", m->opt.tolerance},
                {"impratio", m->opt.impratio},
                {"timestep", m->opt.timestep},
                {"meaninertia", m->stat.meaninertia}};
  json efc = json::array();
  for (int i = 0; i < d->nefc; ++i) {
    const RowSource s = Source(m, d, i);
    json row = {{"type", mujoco::RowKindName(p.kind[i])},
                {"J", Row(d->efc_J + static_cast<size_t>(i) * m->nv, m->nv)},
                {"R", d->efc_R[i]},
                {"aref", d->efc_aref[i]},
                {"frictionloss", d->efc_frictionloss[i]},
                {"solref", s.solref},
                {"solimp", s.solimp},
                {"pos", d->efc_pos[i]},
                {"margin", d->efc_margin[i]},
                {"vel", d->efc_vel[i]},
                {"diag_approx", d->efc_diagApprox[i]},
                {"KBIP", rows.KBIP[i]}};
    if (IsContact(d->efc_type[i])) row["contact"] = d->efc_id[i];
    efc.push_back(row);
  }
  doc["efc"] = efc;
  json contacts = json::array();
  for (int c = 0; c < d->ncon; ++c) {
    const mjContact& con = d->contact[c];
    if (con.efc_address < 0) continue;
    contacts.push_back({{"index", c},
                        {"dim", con.dim},
                        {"friction", Row(con.friction, 5)},
                        {"mu", con.mu},
                        {"efc_address", con.efc_address}});
  }
  doc["contacts"] = contacts;
  doc["expected"] = {{"efc_force", Row(d->efc_force, d->nefc)},
                     {"qacc", Row(d->qacc, m->nv)},
                     {"efc_b", Row(d->efc_b, d->nefc)},
                     {"solver_iter", d->solver_iter}};
  return doc;
}

}  // namespace simatlas::oracle222
