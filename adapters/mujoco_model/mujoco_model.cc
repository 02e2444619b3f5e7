// MJ-solvers §2–§5 on any MJCF: load, settle and copy mjData out. Compiled three times: against
// MuJoCo 2.2.2 (Debian, simatlas_mujoco_model222), MuJoCo 3.15.0 (the PyPI wheel,
// simatlas_mujoco_model315) and MuJoCo 4.0.1 (the PyPI wheel, simatlas_mujoco_model401); the few
// names that differ are chosen by mjVERSION_HEADER (2.2.2: 222, 3.15.0: 3015000, 4.0.1:
// 4000001). The rows' given parameters are where getsolparam (engine_core_constraint.c) reads them
// from, before its mixed-sign, refsafe and clamp rules.
#include "adapters/mujoco_model/mujoco_model.h"

#include <algorithm>
#include <cmath>
#include <map>

#include <mujoco/mujoco.h>

#include "reference/core/errors.h"
#include "reference/io/mujoco_options.h"
#include "reference/mujoco/prepare.h"

#if defined(SIMATLAS_EXPECT_MUJOCO_HEADER) && mjVERSION_HEADER != SIMATLAS_EXPECT_MUJOCO_HEADER
#error "<mujoco/mujoco.h> is not the MuJoCo this library is built for (include path order)"
#endif

namespace simatlas::adapters {

namespace {

// mju_warning goes to MUJOCO_LOG.TXT and stdout unless a handler is set: collect instead.
std::vector<std::string>* g_warnings = nullptr;
void CollectWarning(const char* message) {
  if (g_warnings) g_warnings->push_back(message);
}

template <int N>
std::array<double, N> Copy(const mjtNum* x) {
  std::array<double, N> out{};
  for (int i = 0; i < N; ++i) out[i] = x[i];
  return out;
}

core::VectorX Vec(const mjtNum* x, int n) { return Eigen::Map<const core::VectorX>(x, n); }

mujoco::RowKind Kind(int type) {
  switch (type) {
    case mjCNSTR_EQUALITY: return mujoco::RowKind::kEquality;
    case mjCNSTR_FRICTION_DOF: return mujoco::RowKind::kFrictionDof;
    case mjCNSTR_FRICTION_TENDON: return mujoco::RowKind::kFrictionTendon;
    case mjCNSTR_LIMIT_JOINT: return mujoco::RowKind::kLimitJoint;
    case mjCNSTR_LIMIT_TENDON: return mujoco::RowKind::kLimitTendon;
    case mjCNSTR_CONTACT_FRICTIONLESS: return mujoco::RowKind::kContactFrictionless;
    case mjCNSTR_CONTACT_PYRAMIDAL: return mujoco::RowKind::kContactPyramidal;
    default: return mujoco::RowKind::kContactElliptic;
  }
}

bool IsContact(int type) { return type >= mjCNSTR_CONTACT_FRICTIONLESS; }

// "TYPE name", or "TYPE N" for an unnamed object.
std::string Name(const mjModel* m, int type, int id, const char* what) {
  const char* name = mj_id2name(m, type, id);
  return name && *name ? std::string(name) : std::string(what) + " " + std::to_string(id);
}

// Owner and given parameters of row i (getsolparam's sources): the owner's name and the model
// arrays (or the mjContact) its solref and solimp are read from.
void Describe(const mjModel* m, const mjData* d, int i, RowView& row) {
  const int id = d->efc_id[i];
  const mjtNum* solref = nullptr;
  const mjtNum* solimp = nullptr;
  const int ref = mjNREF * id, imp = mjNIMP * id;
  switch (d->efc_type[i]) {
    case mjCNSTR_EQUALITY:
      row.owner = "equality " + Name(m, mjOBJ_EQUALITY, id, "equality");
      solref = m->eq_solref + ref, solimp = m->eq_solimp + imp;
      break;
    case mjCNSTR_FRICTION_DOF:
      row.owner = "dof of joint " + Name(m, mjOBJ_JOINT, m->dof_jntid[id], "joint");
      solref = m->dof_solref + ref, solimp = m->dof_solimp + imp;
      break;
    case mjCNSTR_FRICTION_TENDON:
      row.owner = "tendon " + Name(m, mjOBJ_TENDON, id, "tendon");
      solref = m->tendon_solref_fri + ref, solimp = m->tendon_solimp_fri + imp;
      break;
    case mjCNSTR_LIMIT_JOINT:
      row.owner = "joint " + Name(m, mjOBJ_JOINT, id, "joint");
      solref = m->jnt_solref + ref, solimp = m->jnt_solimp + imp;
      break;
    case mjCNSTR_LIMIT_TENDON:
      row.owner = "tendon " + Name(m, mjOBJ_TENDON, id, "tendon");
      solref = m->tendon_solref_lim + ref, solimp = m->tendon_solimp_lim + imp;
      break;
    default: {
      const mjContact& con = d->contact[id];
      row.owner = "contact " + Name(m, mjOBJ_GEOM, con.geom1, "geom") + " / " +
                  Name(m, mjOBJ_GEOM, con.geom2, "geom");
      solref = con.solref, solimp = con.solimp;
      break;
    }
  }
  row.solref = Copy<2>(solref);
  row.solimp = Copy<5>(solimp);
}

// efc_J as a dense nefc × nv matrix: 2.2.2 wrote it dense under mjJAC_DENSE; 3.x keeps
// compressed rows (efc_J_rownnz, _rowadr, _colind) whenever mj_isSparse, dense otherwise.
core::MatrixX DenseJacobian(const mjModel* m, const mjData* d) {
  const int nv = m->nv, nefc = d->nefc;
#if mjVERSION_HEADER >= 3000000
  if (mj_isSparse(m)) {
    core::MatrixX J = core::MatrixX::Zero(nefc, nv);
    for (int i = 0; i < nefc; ++i) {
      const int adr = d->efc_J_rowadr[i];
      for (int k = 0; k < d->efc_J_rownnz[i]; ++k)
        J(i, d->efc_J_colind[adr + k]) = d->efc_J[adr + k];
    }
    return J;
  }
#endif
  return Eigen::Map<const Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>>(
      d->efc_J, nefc, nv);
}

// The state of row i in the last solve. 3.x's CG and Newton solve island by island on the
// iefc_* copies and mj_fwdConstraint (engine_forward.c) copies back qacc, qfrc_constraint and
// efc_force only: efc_state keeps the states of the update before the solve (the humanoid of
// chapters/mj-solvers/pages/inspect_humanoid.md has a limit row with 91 N marked satisfied
// there), so the state is read from iefc_state through map_efc2iefc. PGS, a model without
// islands and 2.2.2 solve on the efc_* arrays themselves.
int StateOf(const mjModel* m, const mjData* d, int i) {
#if mjVERSION_HEADER >= 3000000
  if (d->nisland > 0 && m->opt.solver != mjSOL_PGS) return d->iefc_state[d->map_efc2iefc[i]];
#else
  (void)m;
#endif
  return d->efc_state[i];
}

}  // namespace

std::string EngineName() { return std::string("MuJoCo ") + mj_versionString(); }

int SolverIterations(const mjData* d) {
#if mjVERSION_HEADER >= 3000000
  // One count per island (3.x); without islands slot 0 holds the monolithic solve.
  int total = 0;
  for (int k = 0; k < std::max(1, std::min(d->nisland, static_cast<int>(mjNISLAND))); ++k) {
    total += d->solver_niter[k];
  }
  return total;
#else
  return d->solver_iter;
#endif
}

ModelData LoadModelFile(const std::string& path) {
  char error[1000] = "";
  mjModel* m = mj_loadXML(path.c_str(), nullptr, error, sizeof(error));
  if (m == nullptr) {
    // MuJoCo's message may span lines; the program's errors are one line.
    std::string message = error[0] ? error : "unknown error";
    while (!message.empty() && (message.back() == '\n' || message.back() == ' '))
      message.pop_back();
    for (size_t k = message.find('\n'); k != std::string::npos; k = message.find('\n', k)) {
      message.replace(k, 1, " ");
    }
    throw core::InputError("MuJoCo cannot load model " + path + ": " + message);
  }
  ModelData out;
  out.model = std::shared_ptr<mjModel>(m, mj_deleteModel);
  out.data = std::shared_ptr<mjData>(mj_makeData(m), mj_deleteData);
  return out;
}

mujoco::Problem ProblemOf(const mjModel* m, const mjData* d) {
  const int nv = m->nv, nefc = d->nefc;
  mujoco::Problem p;
  p.nv = nv;
  std::vector<mjtNum> dense(static_cast<size_t>(nv) * nv);
#if mjVERSION_HEADER >= 3011000
  // 3.11 dropped mjData.qM's place in the API: mj_fullM reads the current M itself.
  mj_fullM(m, d, dense.data());
#else
  mj_fullM(m, dense.data(), d->qM);
#endif
  p.M = Eigen::Map<const Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>>(
      dense.data(), nv, nv);
  // M's DOF tree (MuJoCo's dof_parentid: parents precede children), for mj_factorM's factor.
  p.dof_parentid.assign(m->dof_parentid, m->dof_parentid + nv);
  p.qacc_smooth = Vec(d->qacc_smooth, nv);
  p.J = DenseJacobian(m, d);
  // τs exactly as MuJoCo summed it: its solvers start from it (formats/mujoco-problem.md).
  p.qfrc_smooth = Vec(d->qfrc_smooth, nv);
  p.R = Vec(d->efc_R, nefc);
  p.aref = Vec(d->efc_aref, nefc);
  p.frictionloss = Vec(d->efc_frictionloss, nefc);
  std::map<int, int> position;
  for (int c = 0; c < d->ncon; ++c) {
    const mjContact& con = d->contact[c];
    if (con.efc_address < 0) continue;
    position[c] = static_cast<int>(p.contacts.size());
    p.contacts.push_back({con.dim, Copy<5>(con.friction), con.mu, con.efc_address});
  }
  for (int i = 0; i < nefc; ++i) {
    p.kind.push_back(Kind(d->efc_type[i]));
    p.contact.push_back(IsContact(d->efc_type[i]) ? position.at(d->efc_id[i]) : -1);
  }
  mujoco::Options& o = p.opt;
  // The problem is solved as the engine that wrote it solves it (SetVersion: 2.2.2 writes
  // opt.version "2.2.2" into a dumped file, 3.15 the defaults); `mujoco solve --version` overrides.
#if mjVERSION_HEADER >= 4000000
  // 4.0.1: 3.15's paths with the exits scaled by the current M's trace (3.17, c8362756d).
  mujoco::SetVersion(mujoco::Version::kMuJoCo401, o);
#elif mjVERSION_HEADER >= 3000000
  mujoco::SetVersion(mujoco::Version::kMuJoCo315, o);
#else
  mujoco::SetVersion(mujoco::Version::kMuJoCo222, o);
#endif
  o.cone = m->opt.cone == mjCONE_ELLIPTIC ? mujoco::Cone::kElliptic : mujoco::Cone::kPyramidal;
  o.solver = m->opt.solver == mjSOL_PGS  ? mujoco::SolverKind::kPGS
             : m->opt.solver == mjSOL_CG ? mujoco::SolverKind::kCG
                                         : mujoco::SolverKind::kNewton;
  o.iterations = m->opt.iterations;
  o.tolerance = m->opt.tolerance;
  o.impratio = m->opt.impratio;
  o.timestep = m->opt.timestep;
  o.meaninertia = m->stat.meaninertia;
// 3.x numbers its headers major·10⁶ + minor·10³ + patch (3.15.0: 3015000); 2.2.2 used 222.
#if mjVERSION_HEADER >= 3000000
  // 3.x: the line search's cap and tolerance are options, and so is NoSlip (SetVersion above
  // set Hager–Zhang CG (3.10) and momentum PGS (3.11) over the shuffled order (MuJoCo 3.9)).
  o.ls_iterations = m->opt.ls_iterations;
  o.ls_tolerance = m->opt.ls_tolerance;
  o.noslip_iterations = m->opt.noslip_iterations;
  o.noslip_tolerance = m->opt.noslip_tolerance;
#endif
  return p;
}

// The loaded model and what Settle keeps for Read.
struct LoadedModel::Impl {
  std::string path;
  std::shared_ptr<mjModel> model;
  std::shared_ptr<mjData> data;
  std::vector<std::string> warnings;  // MuJoCo's warnings of the final mj_forward
  core::VectorX warmstart;            // qacc_warmstart before the final mj_forward
};

std::string ModelOptionsHelp() {
  return "    --steps N  (default 0)  mj_step calls with the model's own options\n"
         "    --keyframe K  (default none: qpos0)  start from the model's keyframe K\n"
         "    --cone pyramidal|elliptic  (default the model's)  friction cone for the whole run\n"
         "    --solver pgs|cg|newton  (default the model's)  MuJoCo's solver for the final solve\n"
         "    --iterations N  (default 1000)  cap of the final solve\n"
         "    --tolerance T  (default 1e-15)  tolerance of the final solve (converged answer)\n"
         "    --warmstart on|off  (default on)  MuJoCo's warmstart in the final solve; on also\n"
         "      writes qacc_warmstart, so `mujoco solve` starts where MuJoCo started\n";
}

bool ApplyModelOption(const std::string& flag, const std::string& value, ModelOptions& options) {
  if (flag == "--steps") {
    options.steps = io::ParseCount(flag, value, 0);
  } else if (flag == "--keyframe") {
    options.keyframe = io::ParseCount(flag, value, 0);
  } else if (flag == "--cone") {
    if (value == "pyramidal") {
      options.cone = mujoco::Cone::kPyramidal;
    } else if (value == "elliptic") {
      options.cone = mujoco::Cone::kElliptic;
    } else {
      throw core::InputError(flag + " = '" + value + "' must be one of pyramidal, elliptic");
    }
  } else if (flag == "--solver") {
    io::MujocoSolveSetup setup;
    io::ApplyMujocoOption(flag, value, 0, setup);
    options.solver = setup.opt.solver;
  } else if (flag == "--iterations") {
    options.iterations = io::ParseCount(flag, value, 1);
  } else if (flag == "--tolerance") {
    options.tolerance = io::ParseNonNegative(flag, value);
  } else if (flag == "--warmstart") {
    options.warmstart = io::ParseSwitch(flag, value);
  } else {
    return false;
  }
  return true;
}

LoadedModel::LoadedModel(const std::string& path) : impl_(std::make_shared<Impl>()) {
  impl_->path = path;
  ModelData loaded = LoadModelFile(path);
  impl_->model = loaded.model;
  impl_->data = loaded.data;
}

SettleRecord SettleModel(mjModel* m, mjData* d, const ModelOptions& options,
                         const std::string& path) {
  if (options.keyframe) {
    if (m->nkey == 0) {
      throw core::InputError("--keyframe = " + std::to_string(*options.keyframe) + ": " + path +
                             " has no keyframes");
    }
    if (*options.keyframe >= m->nkey) {
      throw core::InputError("--keyframe = " + std::to_string(*options.keyframe) + " must be < " +
                             std::to_string(m->nkey) + " (the keyframes of " + path + ")");
    }
    mj_resetDataKeyframe(m, d, *options.keyframe);
  }
  if (options.cone)
    m->opt.cone = *options.cone == mujoco::Cone::kElliptic ? mjCONE_ELLIPTIC : mjCONE_PYRAMIDAL;
  mju_user_warning = CollectWarning;
  std::vector<std::string> stepping;
  g_warnings = &stepping;
  for (int k = 0; k < options.steps; ++k) mj_step(m, d);
  // The final solve: dense Jacobian (the problem format is dense), the requested solver,
  // cap and tolerance; only its warnings are kept.
  m->opt.jacobian = mjJAC_DENSE;
  if (options.solver) {
    m->opt.solver = *options.solver == mujoco::SolverKind::kPGS  ? mjSOL_PGS
                    : *options.solver == mujoco::SolverKind::kCG ? mjSOL_CG
                                                                 : mjSOL_NEWTON;
  }
  m->opt.iterations = options.iterations;
  m->opt.tolerance = options.tolerance;
  if (!options.warmstart) m->opt.disableflags |= mjDSBL_WARMSTART;
  // mj_fwdConstraint overwrites qacc_warmstart with its answer: keep the start it used.
  SettleRecord record;
  record.warmstart = Vec(d->qacc_warmstart, m->nv);
  g_warnings = &record.warnings;
  mj_forward(m, d);
  g_warnings = nullptr;
  mju_user_warning = nullptr;
  // MuJoCo resets a state with a bad number and warns; a NaN must not travel on.
  for (int i = 0; i < m->nv; ++i) {
    if (!std::isfinite(d->qacc[i])) {
      throw core::InputError("MuJoCo's qacc[" + std::to_string(i) + "] of " + path +
                             " is not finite after " + std::to_string(options.steps) + " steps");
    }
  }
  return record;
}

void LoadedModel::Settle(const ModelOptions& options) {
  SettleRecord record = SettleModel(impl_->model.get(), impl_->data.get(), options, impl_->path);
  impl_->warmstart = std::move(record.warmstart);
  impl_->warnings = std::move(record.warnings);
}

Snapshot LoadedModel::Read(const std::string& source) const {
  const mjModel* m = impl_->model.get();
  const mjData* d = impl_->data.get();
  const int nefc = d->nefc;
  Snapshot s;
  s.file.source = source;
  s.file.problem = ProblemOf(m, d);
  if (!(m->opt.disableflags & mjDSBL_WARMSTART)) s.file.settings.qacc_warmstart = impl_->warmstart;
#if mjVERSION_HEADER >= 3000000
  // 3.x solves island by island unless mjDSBL_ISLAND (2.2.2 has no islands).
  s.file.settings.islands = !(m->opt.disableflags & mjDSBL_ISLAND);
#endif
  s.file.expected = io::MujocoExpected{Vec(d->efc_force, nefc), Vec(d->qacc, m->nv),
                                       Vec(d->efc_b, nefc), SolverIterations(d)};
  s.refsafe = !(m->opt.disableflags & mjDSBL_REFSAFE);
  s.timestep = m->opt.timestep;
  s.impratio = m->opt.impratio;
  s.warnings = impl_->warnings;
  for (int i = 0; i < nefc; ++i) {
    RowView row;
    row.kind = Kind(d->efc_type[i]);
    row.id = d->efc_id[i];
    Describe(m, d, i, row);
    row.pos = d->efc_pos[i];
    row.margin = d->efc_margin[i];
    row.vel = d->efc_vel[i];
#if mjVERSION_HEADER >= 3000000
    // 3.x renamed efc_diagApprox to efc_diagA (exact under mjENBL_DIAGEXACT, else Â).
    row.diag_approx = d->efc_diagA[i];
#else
    row.diag_approx = d->efc_diagApprox[i];
#endif
    row.KBIP = Copy<4>(d->efc_KBIP + 4 * i);
    row.R = d->efc_R[i];
    row.D = d->efc_D[i];
    row.aref = d->efc_aref[i];
    row.b = d->efc_b[i];
    row.force = d->efc_force[i];
    row.state = StateOf(m, d, i);
    s.file.rows.push_back(
        {row.solref, row.solimp, row.pos, row.margin, row.vel, row.diag_approx, row.KBIP});
    s.rows.push_back(row);
  }
  for (int c = 0; c < d->ncon; ++c) {
    const mjContact& con = d->contact[c];
    if (con.efc_address < 0) continue;
    s.file.contact_indices.push_back(c);
    s.contacts.push_back({c, con.dim, Copy<5>(con.friction), con.mu, con.efc_address,
                          Name(m, mjOBJ_GEOM, con.geom1, "geom"),
                          Name(m, mjOBJ_GEOM, con.geom2, "geom"), con.dist});
  }
  return s;
}

Snapshot SnapshotOf(const std::string& path, const ModelOptions& options) {
  LoadedModel model(path);
  model.Settle(options);
  std::string source = EngineName() + " " + path + " steps=" + std::to_string(options.steps);
  if (options.keyframe) source += " keyframe=" + std::to_string(*options.keyframe);
  Snapshot s = model.Read(source);
  // The same validation a file gets on reading.
  mujoco::RequireValidProblem(s.file.problem);
  return s;
}

}  // namespace simatlas::adapters
