#pragma once
// E3-SAP §2 and §5: running a scene in the scene tests.
// Test support shared by the scene tests: run a scene by name with key=value arguments and
// read one of its named summary results.
#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <vector>

#include "reference/scenes/scene.h"
#include "reference/scenes/step_driver.h"

namespace simatlas::scenes::testing {

// A finished run: the parsed arguments, the built scene and its trajectory.
struct SceneRun {
  SceneArguments arguments;
  Scene scene;
  Trajectory trajectory;
};

// Builds scene `name` from "key=value" arguments and simulates it with the driver options.
inline SceneRun RunScene(const std::string& name, const std::vector<std::string>& args) {
  const SceneDefinition& def = FindScene(name);
  SceneRun run{ParseSceneArguments(def, args), {}, {}};
  run.scene = def.build(run.arguments);
  run.trajectory = Simulate(run.scene, ReadDriverOptions(run.arguments));
  return run;
}

// The named summary entry of a run (nullopt for a null entry); a missing name is a test failure.
inline std::optional<double> Summary(const std::string& scene, const SceneRun& run,
                                     const std::string& key) {
  for (const SummaryEntry& e :
       FindScene(scene).summarize(run.scene, run.arguments, run.trajectory)) {
    if (e.name == key) return e.value;
  }
  ADD_FAILURE() << "no summary entry " << key;
  return std::nullopt;
}

}  // namespace simatlas::scenes::testing
