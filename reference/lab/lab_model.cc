// The lab's nine contact models (E3-SAP §3, MJ-solvers §2–§4).
#include "reference/lab/lab_model.h"

#include <cctype>

#include "reference/core/errors.h"

namespace simatlas::lab {

const std::vector<LabModel>& AllLabModels() {
  static const std::vector<LabModel> models = [] {
    std::vector<LabModel> m;
    for (const char* a : {"sap", "similar", "lagged"}) {
      LabModel model;
      model.name = a;
      model.engine = Engine::kSap;
      model.approximation = a;
      model.section = std::string(a) == "sap" ? "E3-SAP §3.1" : "E3-SAP §3.2";
      m.push_back(model);
    }
    for (mujoco::SolverKind s :
         {mujoco::SolverKind::kPGS, mujoco::SolverKind::kCG, mujoco::SolverKind::kNewton}) {
      for (mujoco::Cone c : {mujoco::Cone::kPyramidal, mujoco::Cone::kElliptic}) {
        LabModel model;
        model.engine = Engine::kMujoco;
        model.solver = s;
        model.cone = c;
        std::string solver = mujoco::SolverName(s);
        for (char& ch : solver) ch = static_cast<char>(std::tolower(ch));
        model.name = solver + (c == mujoco::Cone::kPyramidal ? "_pyramidal" : "_elliptic");
        model.section = "MJ-solvers §4";
        m.push_back(model);
      }
    }
    return m;
  }();
  return models;
}

const LabModel& FindLabModel(const std::string& name) {
  std::string known;
  for (const LabModel& m : AllLabModels()) {
    if (m.name == name) return m;
    known += (known.empty() ? "" : ", ") + m.name;
  }
  throw core::InputError("model = '" + name + "' is not a lab model; the models are " + known);
}

}  // namespace simatlas::lab
