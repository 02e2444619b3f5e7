// Issue 16 (MJ-solvers §2–§6): simatlas.mujoco — problem files through reference/io and
// SolveProblem with every option of mujoco::Options and SolveSettings; the answer and the
// per-iteration statistics as numpy arrays, as `simatlas mujoco solve --json` reports them.
#include <optional>
#include <string>

#include <nlohmann/json.hpp>
#include <pybind11/eigen.h>
#include <pybind11/stl.h>

#include "python/src/bindings.h"
#include "python/src/numpy_columns.h"
#include "reference/io/mujoco_problem.h"
#include "reference/io/problem_writer.h"
#include "reference/mujoco/solve.h"
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
  return py::make_tuple(io::WriteMujocoProblem(file.problem, file.source).dump(), expected);
}

// The options the problem format does not carry (mujoco::Options beyond `opt`, SolveSettings);
// an absent one keeps the reference's default.
struct ExtraOptions {
  std::optional<int> ls_iterations;
  std::optional<double> ls_tolerance;
  std::optional<int> noslip_iterations;
  std::optional<double> noslip_tolerance;
  std::optional<std::string> version;
  std::optional<std::string> cg_update;
  std::optional<bool> pgs_momentum;
  std::optional<bool> pgs_shuffle;
  std::optional<core::VectorX> warmstart;
  bool islands = false;
};

// The version switch by its name ("2.2.2" or "3.15").
mujoco::Version ParseVersion(const std::string& name) {
  if (name == "2.2.2") return mujoco::Version::kMuJoCo222;
  if (name == "3.15") return mujoco::Version::kMuJoCo315;
  throw core::InputError("version = '" + name + "' must be one of 2.2.2, 3.15");
}

// CG's β rule by its name.
mujoco::CGUpdate ParseCGUpdate(const std::string& name) {
  if (name == "polak_ribiere_plus") return mujoco::CGUpdate::kPolakRibierePlus;
  if (name == "hager_zhang") return mujoco::CGUpdate::kHagerZhang;
  throw core::InputError("cg_update = '" + name +
                         "' must be one of polak_ribiere_plus, hager_zhang");
}

// Checks the given extra options and writes them into the problem's options; the settings.
mujoco::SolveSettings Apply(const ExtraOptions& x, mujoco::Problem& p) {
  if (x.ls_iterations) {
    if (*x.ls_iterations < 1) core::ThrowInputError("ls_iterations", *x.ls_iterations, "1", ">= 1");
    p.opt.ls_iterations = *x.ls_iterations;
  }
  if (x.ls_tolerance) {
    core::RequirePositive("ls_tolerance", *x.ls_tolerance, "1");
    p.opt.ls_tolerance = *x.ls_tolerance;
  }
  if (x.noslip_iterations) {
    if (*x.noslip_iterations < 0) {
      core::ThrowInputError("noslip_iterations", *x.noslip_iterations, "1", ">= 0");
    }
    p.opt.noslip_iterations = *x.noslip_iterations;
  }
  if (x.noslip_tolerance) {
    core::RequireNonNegative("noslip_tolerance", *x.noslip_tolerance, "1");
    p.opt.noslip_tolerance = *x.noslip_tolerance;
  }
  if (x.version) p.opt.version = ParseVersion(*x.version);
  if (x.cg_update) p.opt.cg_update = ParseCGUpdate(*x.cg_update);
  if (x.pgs_momentum) p.opt.pgs_momentum = *x.pgs_momentum;
  if (x.pgs_shuffle) p.opt.pgs_shuffle = *x.pgs_shuffle;
  mujoco::SolveSettings settings;
  if (x.warmstart) {
    if (x.warmstart->size() != p.nv) {
      throw core::InputError("warmstart has " + std::to_string(x.warmstart->size()) +
                             " entries; it must have nv = " + std::to_string(p.nv) + " [m/s^2]");
    }
    for (Eigen::Index i = 0; i < x.warmstart->size(); ++i) {
      core::RequireFinite("warmstart[" + std::to_string(i) + "]", (*x.warmstart)(i), "m/s^2");
    }
  }
  settings.qacc_warmstart = x.warmstart;
  settings.islands = x.islands;
  return settings;
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

// Solves the document's problem (its `opt`) with the extra options; the same finiteness gate
// as the CLI.
py::dict Solve(const std::string& text, const ExtraOptions& extra) {
  mujoco::Problem problem = Parse(text).problem;
  const mujoco::SolveSettings settings = Apply(extra, problem);
  const mujoco::SolveResult r = mujoco::SolveProblem(problem, settings);
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
  return d;
}

}  // namespace

void BindMujoco(py::module_& m) {
  m.def("mujoco_read", &Read, py::arg("path"),
        "Reads a simatlas/mujoco-problem/1 file: (canonical JSON text, expected dict or None).");
  m.def("mujoco_parse",
        [](const std::string& text) {
          const io::MujocoProblemFile file = Parse(text);
          return io::WriteMujocoProblem(file.problem, file.source).dump();
        },
        py::arg("text"), "Validates a mujoco-problem document (JSON text); its canonical text.");
  py::class_<ExtraOptions>(m, "MujocoOptions",
                           "Options beyond the document's `opt` (None keeps the default).")
      .def(py::init<>())
      .def_readwrite("ls_iterations", &ExtraOptions::ls_iterations)
      .def_readwrite("ls_tolerance", &ExtraOptions::ls_tolerance)
      .def_readwrite("noslip_iterations", &ExtraOptions::noslip_iterations)
      .def_readwrite("noslip_tolerance", &ExtraOptions::noslip_tolerance)
      .def_readwrite("version", &ExtraOptions::version)
      .def_readwrite("cg_update", &ExtraOptions::cg_update)
      .def_readwrite("pgs_momentum", &ExtraOptions::pgs_momentum)
      .def_readwrite("pgs_shuffle", &ExtraOptions::pgs_shuffle)
      .def_readwrite("warmstart", &ExtraOptions::warmstart)
      .def_readwrite("islands", &ExtraOptions::islands);
  m.def("mujoco_solve", &Solve, py::arg("text"), py::arg("options"),
        "Solves a mujoco-problem document (JSON text) with the extra options; a dict.");
}

}  // namespace simatlas::python
