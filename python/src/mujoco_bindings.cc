// MJ-solvers §2–§6: simatlas.mujoco — problem files through reference/io and
// SolveProblem with every option of io::MujocoOptionTable, parsed by io::ApplyMujocoOption (the
// CLI's parser); the answer and the per-iteration statistics as numpy arrays.
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>
#include <pybind11/eigen.h>
#include <pybind11/stl.h>

#include "python/src/bindings.h"
#include "python/src/numpy_columns.h"
#include "reference/io/mujoco_options.h"
#include "reference/io/mujoco_problem.h"
#include "reference/io/problem_writer.h"
#include "reference/mujoco/solve.h"
#include "reference/mujoco/warmstart.h"
#include "tools/simatlas/finite_output.h"

namespace simatlas::python {

namespace {

namespace py = pybind11;

// The parsed document; JSON syntax errors are bad input.
io::MujocoProblemFile Parse(const std::string& text) {
  const nlohmann::json document = nlohmann::json::parse(text, nullptr, false);
  if (document.is_discarded()) throw core::InputError("mujoco problem: the text is not JSON");
  return io::ParseMujocoProblem(document);
}

// (canonical document, the file's `expected` as a dict or None).
py::tuple Read(const std::string& path) {
  const io::MujocoProblemFile file = io::ReadMujocoProblem(path);
  py::object expected = py::none();
  if (file.expected) {
    py::dict e;
    e["efc_force"] = Array(file.expected->efc_force);
    e["qacc"] = Array(file.expected->qacc);
    e["efc_b"] = Array(file.expected->efc_b);
    e["solver_iter"] = file.expected->solver_iter;
    expected = e;
  }
  // With the file's settings: its islands and warmstart as it gives them (absent: the version's).
  return py::make_tuple(io::WriteMujocoProblem(file.problem, file.source, file.settings).dump(),
                        expected);
}

// The statistics of each iteration (main solver, then NoSlip), one array per field.
py::dict StatsColumns(const std::vector<mujoco::IterationStats>& stats) {
  using S = mujoco::IterationStats;
  py::dict d;
  d["improvement"] = Column<double>(stats, [](const S& s) { return s.improvement; });
  d["gradient"] = Column<double>(stats, [](const S& s) { return s.gradient; });
  d["lineslope"] = Column<double>(stats, [](const S& s) { return s.lineslope; });
  d["nactive"] = Column<int>(stats, [](const S& s) { return s.nactive; });
  d["nchange"] = Column<int>(stats, [](const S& s) { return s.nchange; });
  d["neval"] = Column<int>(stats, [](const S& s) { return s.neval; });
  d["nupdate"] = Column<int>(stats, [](const S& s) { return s.nupdate; });
  return d;
}

// Solves the document's problem with the options as text (io::ApplyMujocoOption's keys and
// values, applied over the document's opt and settings) and a warmstart given as an array; the
// same finiteness gate as the CLI.
py::dict Solve(const std::string& text, const std::vector<io::MujocoOptionText>& options,
               const std::optional<core::VectorX>& warmstart) {
  io::MujocoSolveInput input = io::WithMujocoOptions(Parse(text), options);
  if (warmstart) {
    mujoco::RequireWarmstart(input.problem->problem().nv, *warmstart, "warmstart");
    input.settings.qacc_warmstart = *warmstart;
  }
  const mujoco::Problem& problem = input.problem->problem();
  const mujoco::SolveResult r = mujoco::SolveProblem(*input.problem, input.settings);
  tools::RequireFiniteOutput("qacc", r.qacc, "m/s^2");
  tools::RequireFiniteOutput("efc_force", r.efc_force, "N");
  tools::RequireFiniteOutput("cost", r.cost, "J");
  py::dict d;
  d["solver"] = mujoco::SolverName(problem.opt.solver);
  d["efc_force"] = Array(r.efc_force);
  d["qacc"] = Array(r.qacc);
  d["iterations"] = r.iterations;
  d["exit"] = mujoco::ExitReasonName(r.exit);
  d["iteration_cap_reached"] = r.exit == mujoco::ExitReason::kIterations;
  d["noslip_iterations"] = r.noslip_iterations;
  d["cost"] = r.cost;
  d["stats"] = StatsColumns(r.stats);
  if (!r.island_stats.empty()) {
    py::list per;
    for (const mujoco::IslandStats& island : r.island_stats) {
      py::dict i;
      i["iterations"] = island.iterations;
      i["exit"] = mujoco::ExitReasonName(island.exit);
      i["noslip_iterations"] = island.noslip_iterations;
      i["stats"] = StatsColumns(island.stats);
      per.append(i);
    }
    d["island_stats"] = per;
  }
  return d;
}

}  // namespace

void BindMujoco(py::module_& m) {
  m.def("mujoco_read", &Read, py::arg("path"),
        "Reads a simatlas/mujoco-problem/1 file: (canonical JSON text, expected dict or None).");
  m.def(
      "mujoco_parse",
      [](const std::string& text) {
        const io::MujocoProblemFile file = Parse(text);
        return io::WriteMujocoProblem(file.problem, file.source, file.settings).dump();
      },
      py::arg("text"), "Validates a mujoco-problem document (JSON text); its canonical text.");
  m.def(
      "mujoco_options",
      [] {
        py::list table;
        for (const io::MujocoOptionInfo& o : io::MujocoOptionTable()) {
          table.append(py::make_tuple(o.key, o.values, o.default_value, o.meaning));
        }
        return table;
      },
      "The solver options as io::MujocoOptionTable lists them: (key, values, default, "
      "meaning) tuples.");
  m.def("mujoco_solve", &Solve, py::arg("text"), py::arg("options"), py::arg("warmstart"),
        "Solves a mujoco-problem document (JSON text) with options as (key, text) pairs and an "
        "optional warmstart array; a dict.");
}

}  // namespace simatlas::python
