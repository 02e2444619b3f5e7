// E3-SAP §4, §4.2: simatlas.sap — problem files through reference/io (the readers
// validate, the writer gives the canonical document) and SolveSapProblem with the answer and
// the per-iteration statistics as numpy arrays, as `simatlas sap solve --json` reports them.
#include <string>

#include <nlohmann/json.hpp>

#include "python/src/bindings.h"
#include "python/src/numpy_columns.h"
#include "reference/io/problem_writer.h"
#include "reference/io/sap_problem.h"
#include "reference/sap/sap_solver.h"
#include "tools/simatlas/finite_output.h"

namespace simatlas::python {

namespace {

namespace py = pybind11;

// The canonical document (problem, parameters, source) of a parsed file.
std::string Canonical(const io::SapProblemFile& file) {
  return io::WriteSapProblem(file.problem, file.parameters, file.source).dump();
}

// The parsed document; JSON syntax errors are bad input.
io::SapProblemFile Parse(const std::string& text) {
  const nlohmann::json document = nlohmann::json::parse(text, nullptr, false);
  if (document.is_discarded()) throw core::InputError("sap problem: the text is not JSON");
  return io::ParseSapProblem(document);
}

// The statistics of each Newton iteration, one array per field.
py::dict StatsColumns(const std::vector<sap::SapIterationStats>& stats) {
  using S = sap::SapIterationStats;
  py::dict d;
  d["cost"] = Column<double>(stats, [](const S& s) { return s.cost; });
  d["momentum_residual"] = Column<double>(stats, [](const S& s) { return s.momentum_residual; });
  d["momentum_scale"] = Column<double>(stats, [](const S& s) { return s.momentum_scale; });
  d["alpha"] = Column<double>(stats, [](const S& s) { return s.alpha; });
  d["line_search_iterations"] =
      Column<int>(stats, [](const S& s) { return s.line_search_iterations; });
  return d;
}

// Solves the document's problem with its parameters; the same finiteness gate as the CLI.
py::dict Solve(const std::string& text) {
  const io::SapProblemFile file = Parse(text);
  const sap::SapSolverResult r = sap::SolveSapProblem(file.problem, file.parameters);
  tools::RequireFiniteOutput("v", r.v, "m/s");
  for (std::size_t i = 0; i < r.gamma.size(); ++i) {
    tools::RequireFiniteOutput("constraint " + std::to_string(i) + " gamma", r.gamma[i], "N*s");
    tools::RequireFiniteOutput("constraint " + std::to_string(i) + " vc", r.vc[i], "m/s");
  }
  tools::RequireFiniteOutput("cost", r.cost, "J");
  tools::RequireFiniteOutput("momentum_residual", r.momentum_residual, "sqrt(J)");
  py::dict d;
  d["status"] = r.success ? "success" : "failure";
  d["v"] = Array(r.v);
  d["gamma"] = Arrays(r.gamma);
  d["vc"] = Arrays(r.vc);
  d["iterations"] = r.iterations;
  d["optimality_criterion_reached"] = r.optimality_criterion_reached;
  d["cost_criterion_reached"] = r.cost_criterion_reached;
  d["momentum_residual"] = r.momentum_residual;
  d["momentum_scale"] = r.momentum_scale;
  d["cost"] = r.cost;
  d["stats"] = StatsColumns(r.stats);
  return d;
}

}  // namespace

void BindSap(py::module_& m) {
  m.def(
      "sap_read", [](const std::string& path) { return Canonical(io::ReadSapProblem(path)); },
      py::arg("path"), "Reads a simatlas/sap-problem/1 file; its canonical JSON text.");
  m.def(
      "sap_parse", [](const std::string& text) { return Canonical(Parse(text)); }, py::arg("text"),
      "Validates a sap-problem document (JSON text); its canonical JSON text.");
  m.def("sap_solve", &Solve, py::arg("text"),
        "Solves a sap-problem document (JSON text) with its parameters; the answer as a dict.");
}

}  // namespace simatlas::python
