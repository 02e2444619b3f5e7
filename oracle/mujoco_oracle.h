#pragma once
/// @file
/// The MuJoCo 2.2.2 oracle (MJ-solvers §2–§5): loads an MJCF scene, settles it, runs
/// mj_forward to convergence and turns mjData into the reference's Problem plus MuJoCo's answer
/// and per-row data (efc_R, efc_KBIP, efc_aref, efc_b). Also the reference's own row parameters
/// computed from the model alone (solref/solimp, invweight0, efc_pos, efc_vel) for the
/// row-by-row impedance comparison.

#include <array>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <mujoco/mujoco.h>
#include <nlohmann/json.hpp>

#include "reference/core/numeric.h"
#include "reference/mujoco/problem.h"

namespace simatlas::oracle {

/// A loaded model with its data (freed together).
struct Scene {
  std::string name;
  std::shared_ptr<mjModel> model;
  std::shared_ptr<mjData> data;
};

/// Path of a project scene (oracle/scenes/NAME) or a sample model (MODEL_DIR/NAME).
std::string SceneFile(const std::string& name);
std::string SampleModelFile(const std::string& relative);

/// Loads an MJCF file with the given cone. Throws std::runtime_error on failure.
Scene Load(const std::string& path, mjtCone cone);

/// mj_step `steps` times with the model's own options, then `mj_forward` with a dense Jacobian,
/// iterations = 1000, tolerance = 1e-15 so that efc_force is MuJoCo's converged answer.
void SettleAndSolve(Scene& scene, int steps);

/// MuJoCo's row data of the last mj_forward.
struct MujocoRows {
  core::VectorX R, aref, b, force, qacc, pos, margin, vel, diag_approx;
  std::vector<std::array<double, 4>> KBIP;
  std::vector<int> state;
  int solver_iter = 0;
};
MujocoRows ReadRows(const Scene& scene);

/// The constraint problem of the last mj_forward (R and aref taken from MuJoCo).
mujoco::Problem ExtractProblem(const Scene& scene);

/// The reference's row parameters computed from the model: K, B, I, I', R (with the friction
/// scaling), aref; nullopt for rows the reference does not cover (weld equalities).
struct ReferenceRow {
  double K = 0, B = 0, imp = 0, imp_prime = 0, R = 0, aref = 0;
};
std::vector<std::optional<ReferenceRow>> ReferenceRows(const Scene& scene);

/// The problem and MuJoCo's answer as a simatlas/mujoco-problem/1 document.
nlohmann::json ProblemDocument(const Scene& scene, const std::string& source);

}  // namespace simatlas::oracle
