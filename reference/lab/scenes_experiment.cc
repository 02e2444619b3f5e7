// E3-SAP §3, MJ-solvers §2–§4 — experiment (a): every lab scene under every model, side by side (lab_experiment.h).
#include <chrono>

#include "reference/lab/lab_experiment.h"
#include "reference/lab/lab_format.h"
#include "reference/lab/lab_run.h"
#include "reference/lab/scenes_table.h"

namespace simatlas::lab {

LabResult RunScenesExperiment(const LabSize& size, const LabProgress& progress) {
  const auto start = std::chrono::steady_clock::now();
  LabResult result;
  result.name = "scenes";
  result.section = "E3-SAP §2.2, §3; MJ-solvers §2–§4";
  LabTable table = ScenesTable();
  std::vector<double> dts = {1e-3, 1e-2};
  if (size.quick) dts = {1e-2};
  for (double dt : dts) {
    for (const std::string& name : LabSceneNames()) {
      const LabScene scene = MakeLabScene(name);
      std::vector<RunSummary> runs;
      for (const LabModel& model : AllLabModels()) {
        runs.push_back(RunLabScene(scene, model, dt));
        AppendSceneRows(runs.back(), table);
      }
      for (std::string& f : SceneFindings(scene, runs)) result.findings.push_back(std::move(f));
      if (progress) progress("scenes: " + name + " at dt = " + FormatValue(dt) + " s done");
    }
  }
  result.tables.push_back(std::move(table));
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return result;
}

}  // namespace simatlas::lab
