// The MuJoCo 3.15.0 oracle: a live mj_forward of the wheel's engine and its per-island
// statistics (mjdata.h of 3.15.0: solver[mjNISLAND·mjNSOLVER], solver_niter, solver_nnz,
// nisland, dof_island, efc_island). Compiled a second time against MuJoCo 4.0.1's headers as the
// 4.0.1 oracle: mjdata.h of 4.0.1 keeps these fields, so nothing here differs by version.
#include "oracle/mujoco315/mujoco315_oracle.h"

#include <algorithm>
#include <memory>

namespace simatlas::SIMATLAS_LIVE_ORACLE {

std::string SceneFile(const std::string& name) {
  return std::string(SIMATLAS_ORACLE_SCENES_DIR) + "/" + name;
}

std::string SampleModelFile(const std::string& relative) {
  return std::string(SIMATLAS_MUJOCO_MODEL_DIR) + "/" + relative;
}

adapters::ModelData LoadAndSettle(const std::string& path, mjtCone cone, int steps,
                                  core::VectorX* warmstart_out) {
  adapters::ModelData scene = adapters::LoadModelFile(path);
  scene.model->opt.cone = cone;
  adapters::ModelOptions options;
  options.steps = steps;
  const adapters::SettleRecord record =
      adapters::SettleModel(scene.model.get(), scene.data.get(), options, path);
  if (warmstart_out) *warmstart_out = record.warmstart;
  return scene;
}

Solve SolveLive(const adapters::ModelData& scene, const Settings& settings) {
  const mjModel* m0 = scene.model.get();
  const std::shared_ptr<mjModel> model(mj_copyModel(nullptr, m0), mj_deleteModel);
  const std::shared_ptr<mjData> data(mj_copyData(nullptr, m0, scene.data.get()), mj_deleteData);
  mjModel* m = model.get();
  mjData* d = data.get();
  m->opt.jacobian = mjJAC_DENSE;
  m->opt.solver = settings.solver;
  m->opt.iterations = settings.iterations;
  m->opt.tolerance = settings.tolerance;
  m->opt.noslip_iterations = settings.noslip_iterations;
  if (settings.islands) {
    m->opt.disableflags &= ~mjDSBL_ISLAND;
  } else {
    m->opt.disableflags |= mjDSBL_ISLAND;
  }
  if (settings.warmstart) {
    m->opt.disableflags &= ~mjDSBL_WARMSTART;
    Eigen::Map<core::VectorX>(d->qacc_warmstart, m->nv) = *settings.warmstart;
  } else {
    m->opt.disableflags |= mjDSBL_WARMSTART;
  }
  mj_forward(m, d);
  Solve out;
  out.nisland = d->nisland;
  // Every island's DOFs and rows; statistics only for the first mjNISLAND (20), the slots
  // mjData has for them.
  for (int k = 0; k < std::max(1, d->nisland); ++k) {
    IslandRecord r;
    r.recorded = k < mjNISLAND;
    r.niter = r.recorded ? d->solver_niter[k] : 0;
    r.nnz = r.recorded ? d->solver_nnz[k] : 0;
    for (int i = 0; r.recorded && i < std::min(r.niter, static_cast<int>(mjNSOLVER)); ++i) {
      const mjSolverStat& s = d->solver[k * mjNSOLVER + i];
      r.stats.push_back(
          {s.improvement, s.gradient, s.lineslope, s.nactive, s.nchange, s.neval, s.nupdate});
    }
    for (int j = 0; j < m->nv; ++j) {
      if (d->nisland == 0 || d->dof_island[j] == k) r.dofs.push_back(j);
    }
    for (int i = 0; i < d->nefc; ++i) {
      if (d->nisland == 0 || d->efc_island[i] == k) r.rows.push_back(i);
    }
    out.islands.push_back(r);
  }
  out.qacc = Eigen::Map<const core::VectorX>(d->qacc, m->nv);
  out.efc_force = Eigen::Map<const core::VectorX>(d->efc_force, d->nefc);
  out.problem = adapters::ProblemOf(m, d);
  out.problem.opt.jacobian = mujoco::Jacobian::kDense;
  return out;
}

}  // namespace simatlas::SIMATLAS_LIVE_ORACLE
