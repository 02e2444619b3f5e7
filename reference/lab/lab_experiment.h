#pragma once
/// @file
/// DESIGN.md "Round 3: the course's engines, live" — the lab's experiments, one command each (`simatlas lab NAME`): each returns tables (rows:
/// models or settings, columns: the criteria) and findings sentences built from the numbers.
///   scenes       (a) every lab scene under every model at dt ∈ {1e-3, 1e-2} s (E3-SAP §3, MJ §2–§4)
///   convergence  (b) SAP's exit criterion against rel_tolerance (E3-SAP §4.2) and MuJoCo's
///                iterations against tolerance per solver, PGS momentum on and off (MJ §4–§5)
///   stability    (c) the largest stable dt against the contact stiffness per integrator
///                (MJ §7–§8) and for SAP's discrete step (E3-SAP §5)
///   scale        (d) iterations and time of one solve against the number of contacts, SAP and
///                MuJoCo's PGS, CG, Newton (E3-SAP §4, MJ §4)
///   derivatives  (e) the FD transition Jacobian's error against ε (MJ §9) and SAP's ∂v/∂F
///                against finite differences across the stick/slip boundary (E3-SAP §5.1)

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace simatlas::lab {

/// One cell: a number (nullopt: null, e.g. an event that never happened) or a label.
struct LabCell {
  std::optional<double> number;  ///< the value when the cell is numeric
  std::string text;              ///< the label when the cell is text
  bool is_text = false;          ///< which of the two
};

/// A side-by-side table.
struct LabTable {
  std::string title;                 ///< one line
  std::vector<std::string> columns;  ///< column names
  std::vector<std::string> units;    ///< one per column ("" for labels)
  /// One per column: what it is, as a formula of the course's symbols where it has one (the
  /// unit is units'); printed by `simatlas lab --help` and on the lab's pages.
  std::vector<std::string> definitions;
  std::vector<std::vector<LabCell>> rows;  ///< rows × columns
};

/// What an experiment returns.
struct LabResult {
  std::string name;                   ///< experiment name
  std::string section;                ///< the course section(s) it tests
  std::vector<LabTable> tables;       ///< its tables
  std::vector<std::string> findings;  ///< sentences generated from the tables' numbers
  double seconds = 0.0;               ///< wall time [s]
};

/// How large a run is: the quick size (CI) or the default.
struct LabSize {
  bool quick = false;  ///< quick: dt = 1e-2 s only in `scenes`, fewer problems in `convergence`
};

/// Receives progress lines (the CLI prints them on stderr).
using LabProgress = std::function<void(const std::string& line)>;

/// An experiment: name, course section, one line, and how to run it.
struct LabExperiment {
  std::string name;                                                  ///< e.g. "scenes"
  std::string section;                                               ///< course sections tested
  std::string summary;                                               ///< one line
  std::function<LabResult(const LabSize&, const LabProgress&)> run;  ///< runs it
  /// Its tables before any row: titles, columns, units and definitions (for `lab --help`).
  std::function<std::vector<LabTable>()> tables;
};

/// The experiments in the order of the lab (scenes, convergence, stability, scale, derivatives).
const std::vector<LabExperiment>& AllLabExperiments();

/// The experiment called name; InputError listing the names otherwise.
const LabExperiment& FindLabExperiment(const std::string& name);

/// The empty tables of each experiment, in the order its result holds them: (a) the scenes
/// table (scenes_table.h); (b) SAP's and MuJoCo's convergence tables; (c) the stability table;
/// (d) the scale table; (e) the FD sweep, its laws and the dragged cube's sensitivity.
std::vector<LabTable> ScenesTables();
/// (b)'s empty tables.
std::vector<LabTable> ConvergenceTables();
/// (c)'s empty table.
std::vector<LabTable> StabilityTables();
/// (d)'s empty table.
std::vector<LabTable> ScaleTables();
/// (e)'s empty tables.
std::vector<LabTable> DerivativesTables();

/// (a): every scene × model at dt ∈ {1e-3, 1e-2} s (quick: 1e-2 s only).
LabResult RunScenesExperiment(const LabSize& size, const LabProgress& progress);

/// (b): SAP's exit criterion against rel_tolerance; MuJoCo's iterations against tolerance.
LabResult RunConvergenceExperiment(const LabSize& size, const LabProgress& progress);

/// (c): the largest stable dt against k for euler, implicit, implicitfast, rk4, discrete on the
/// undamped spring and for SAP's discrete step on the pressed ball.
LabResult RunStabilityExperiment(const LabSize& size, const LabProgress& progress);

/// (d): one solve of a grid of cubes (4 contacts each, 12 … 1000 contacts; quick: 12 and 40) by
/// SAP and MuJoCo's PGS, CG, Newton: iterations, time per solve, converged, per size and solver.
LabResult RunScaleExperiment(const LabSize& size, const LabProgress& progress);

/// (e): max |A_FD − A| against ε for the pendulum's hand-derived A (forward and centred), and
/// SAP's ∂vx/∂F against central differences for a cube dragged by F swept through μ m g.
LabResult RunDerivativesExperiment(const LabSize& size, const LabProgress& progress);

}  // namespace simatlas::lab
