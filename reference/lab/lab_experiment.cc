// The lab's experiments registry (lab_experiment.h; DESIGN.md "Round 3: the course's engines, live").
#include "reference/lab/lab_experiment.h"

#include "reference/core/errors.h"

namespace simatlas::lab {

const std::vector<LabExperiment>& AllLabExperiments() {
  static const std::vector<LabExperiment> experiments = {
      {"scenes", "E3-SAP §2.2, §3; MJ-solvers §2–§4",
       "(a) every lab scene under SAP's 3 approximations and MuJoCo's 3 solvers × 2 cones",
       RunScenesExperiment, ScenesTables},
      {"convergence", "E3-SAP §4.2; MJ-solvers §4–§5",
       "(b) SAP's exit criterion vs rel_tolerance; MuJoCo iterations vs tolerance, PGS momentum",
       RunConvergenceExperiment, ConvergenceTables},
      {"stability", "MJ-solvers §7–§8; E3-SAP §5",
       "(c) the largest stable dt against the contact stiffness per integrator and for SAP",
       RunStabilityExperiment, StabilityTables},
      {"scale", "E3-SAP §4; MJ-solvers §4",
       "(d) iterations and time per solve against the number of contacts: SAP, PGS, CG, Newton",
       RunScaleExperiment, ScaleTables},
      {"derivatives", "MJ-solvers §9; E3-SAP §5.1",
       "(e) FD transition Jacobian error against eps; SAP's sensitivity across stick/slip",
       RunDerivativesExperiment, DerivativesTables},
  };
  return experiments;
}

const LabExperiment& FindLabExperiment(const std::string& name) {
  std::string known;
  for (const LabExperiment& e : AllLabExperiments()) {
    if (e.name == name) return e;
    known += (known.empty() ? "" : ", ") + e.name;
  }
  throw core::InputError("experiment = '" + name +
                         "' is not a lab experiment; the experiments are " + known + " (or all)");
}

}  // namespace simatlas::lab
