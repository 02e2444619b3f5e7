#pragma once
/// @file
/// The lab's contact models, side by side: SAP's three approximations of E3-SAP §3 (kSap, kSimilar,
/// kLagged; scenes::StepWithContact) and MuJoCo's soft constraint model of MJ-solvers §2–§4 under
/// its three solvers and two cones (StepWithMujocoContact, with the course's 3.15 options).

#include <string>
#include <vector>

#include "reference/mujoco/problem.h"

namespace simatlas::lab {

/// Whose contact model steps the scene.
enum class Engine {
  kSap,    ///< E3-SAP: the discrete step of scenes/contact_step.h
  kMujoco  ///< MJ-solvers: the bridge of mujoco_contact_step.h
};

/// One model of the lab.
struct LabModel {
  std::string name;              ///< e.g. "sap", "lagged", "newton_elliptic"
  Engine engine = Engine::kSap;  ///< whose model
  std::string approximation;     ///< SAP: sap | similar | lagged
  mujoco::SolverKind solver = mujoco::SolverKind::kNewton;  ///< MuJoCo: PGS, CG, Newton
  mujoco::Cone cone = mujoco::Cone::kElliptic;              ///< MuJoCo: pyramidal or elliptic
  std::string section;                                      ///< the course section of the model
};

/// sap, similar, lagged, then pgs/cg/newton × pyramidal/elliptic (9 models).
const std::vector<LabModel>& AllLabModels();

/// The model called name; InputError listing the names otherwise.
const LabModel& FindLabModel(const std::string& name);

}  // namespace simatlas::lab
