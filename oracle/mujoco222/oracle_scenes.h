#pragma once
/// @file
/// The scenes the oracle tests run: the project's own MJCF and real MuJoCo sample models,
/// each settled for a number of steps with its own options.

#include <map>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "oracle/mujoco222/mujoco222_oracle.h"

namespace simatlas::oracle222 {

/// One oracle scene: where its MJCF is, how long to settle it, and the state to set first.
struct SceneSpec {
  std::string label;          ///< short name used in test messages ("t11_sphere", "humanoid", …)
  std::string path;           ///< the MJCF file (SceneFile or SampleModelFile)
  int steps = 0;              ///< mj_step calls before the converged mj_forward
  bool t11_velocity = false;  ///< T11: qvel = (0.1, 0, …) before the solve
  std::vector<std::pair<int, double>> qpos;  ///< (index, value) set before settling
};

/// The five oracle scenes: T11's sphere, the project's mixed-row scene, arm26 with both hinges
/// past their limits, the humanoid and the 22 humanoids.
inline std::vector<SceneSpec> OracleScenes() {
  return {
      {"t11_sphere", SceneFile("t11_sphere.xml"), 0, true, {}},
      {"mixed_rows", SceneFile("mixed_rows.xml"), 300, false, {}},
      // arm26: both hinges pushed past their limits (range 0–120°), then a snapshot.
      {"arm26", SampleModelFile("tendon_arm/arm26.xml"), 0, false, {{0, -0.05}, {1, 2.2}}},
      {"humanoid", SampleModelFile("humanoid/humanoid.xml"), 300, false, {}},
      {"humanoid22", SampleModelFile("humanoid/22_humanoids.xml"), 150, false, {}},
  };
}

/// Loads and settles one scene under the cone (cached: each scene is settled once per cone).
inline Scene Prepare(const SceneSpec& spec, mjtCone cone) {
  static std::map<std::pair<std::string, int>, Scene> cache;
  const auto key = std::make_pair(spec.label, static_cast<int>(cone));
  if (const auto it = cache.find(key); it != cache.end()) return it->second;
  Scene s = Load(spec.path, cone);
  if (spec.t11_velocity) s.data->qvel[0] = 0.1;
  for (const auto& [index, value] : spec.qpos) s.data->qpos[index] = value;
  SettleAndSolve(s, spec.steps);
  cache[key] = s;
  return s;
}

/// The test name of a (scene, cone) parameter: "humanoid_elliptic", "box_stack_pyramidal"
/// (for INSTANTIATE_TEST_SUITE_P over Combine(scenes, cones)).
template <class ParamInfo>
std::string SceneConeName(const ParamInfo& info) {
  return std::get<0>(info.param).label +
         (std::get<1>(info.param) == mjCONE_ELLIPTIC ? "_elliptic" : "_pyramidal");
}

}  // namespace simatlas::oracle222
