// `simatlas lab`: the lab's experiments (reference/lab/lab_experiment.h) — list them, define
// their columns (--help), or run one or all, printing tables and findings (text) or the whole
// result (--json); progress on stderr. `scenes` also shows the live engines' rows of the same
// scenes (MuJoCo's mj_step and Drake's plant, oracle/lab/lab_engines.py run by the build's
// engines venv), or says why they are missing.
#include <unistd.h>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <map>
#include <nlohmann/json.hpp>
#include <ostream>

#include "reference/core/errors.h"
#include "reference/lab/lab_experiment.h"
#include "reference/lab/lab_format.h"
#include "reference/lab/lab_json.h"
#include "reference/lab/lab_scene.h"
#include "tools/simatlas/child_process.h"
#include "tools/simatlas/commands.h"

namespace simatlas::tools {

namespace {

namespace fs = std::filesystem;

void PrintTable(const lab::LabTable& t, std::ostream& out) {
  out << "\n" << t.title << "\n";
  for (std::size_t c = 0; c < t.columns.size(); ++c) {
    out << (c ? "\t" : "") << t.columns[c] << (t.units[c].empty() ? "" : " [" + t.units[c] + "]");
  }
  out << "\n";
  for (const auto& row : t.rows) {
    for (std::size_t c = 0; c < row.size(); ++c) {
      out << (c ? "\t" : "") << (row[c].is_text ? row[c].text : lab::FormatValue(row[c].number));
    }
    out << "\n";
  }
}

void PrintText(const lab::LabResult& r, std::ostream& out) {
  out << "== " << r.name << " (" << r.section << "), " << std::fixed << std::setprecision(1)
      << r.seconds << " s\n";
  out.unsetf(std::ios::fixed);
  for (const lab::LabTable& t : r.tables) PrintTable(t, out);
  out << "\n(simatlas lab --help defines every column.)\n\nfindings:\n";
  for (const std::string& f : r.findings) out << "  - " << f << "\n";
}

// `lab --help`: usage, the experiments, the scenes and every column of every table.
void PrintHelp(std::ostream& out) {
  out << "simatlas lab NAME|all [--quick] [--json] [--no-live]\n"
         "  run a lab experiment (tables and findings; --json: the whole result; --quick: the CI\n"
         "  size). `scenes` also runs the live engines on the same scenes (MuJoCo 3.15 mj_step,\n"
         "  Drake's plant; oracle/lab/lab_engines.py under the build's engines venv) and prints\n"
         "  their rows, or why they are missing; --no-live skips them.\n"
         "simatlas lab --list [--json]   the experiments with their course sections\n"
         "\nexperiments:\n";
  for (const lab::LabExperiment& e : lab::AllLabExperiments()) {
    out << "  " << e.name << "  (" << e.section << ")  " << e.summary << "\n";
  }
  out << "\nscenes (experiment scenes; mass 1 kg per body, μ = 0.4, k = 1e5 N/m per point pair):\n";
  for (const std::string& name : lab::LabSceneNames()) {
    out << "  " << name << "  " << lab::MakeLabScene(name).description << "\n";
  }
  out << "\ncolumns (γ = f h: a contact's impulse over the step [N·s], frame (t1, t2, n); vn, vt: its\n"
         "separation and slip velocity after the step; the scenes' criteria are maxima over the\n"
         "steps and the contact pairs):\n";
  for (const lab::LabExperiment& e : lab::AllLabExperiments()) {
    for (const lab::LabTable& t : e.tables()) {
      out << "\n  " << e.name << ": " << t.title << "\n";
      for (std::size_t c = 0; c < t.columns.size(); ++c) {
        out << "    " << t.columns[c] << (t.units[c].empty() ? "" : " [" + t.units[c] + "]") << ": "
            << t.definitions.at(c) << "\n";
      }
    }
  }
}

// The live engines' rows of the lab scenes as lab_engines.py writes them ({"title", "columns",
// "units", "definitions", "rows", "findings", "engines", "missing", "not_built", "seconds"}),
// or {"missing": [why]} when they cannot run in this build. The runner, its interpreter (the
// engines venv, SIMATLAS_ENGINES_PYTHON at configure time or in the environment) and the
// package it imports are this build's.
nlohmann::json LiveRows(bool quick, std::ostream& err) {
  const char* env = std::getenv("SIMATLAS_ENGINES_PYTHON");
  const std::string python = env && *env ? env : SIMATLAS_ENGINES_PYTHON_PROGRAM;
  const auto missing = [](const std::string& why) {
    return nlohmann::json{{"missing", nlohmann::json::array({why})}};
  };
  if (python.empty()) {
    return missing(
        "this build has no engines venv (SIMATLAS_ENGINES_PYTHON was empty at "
        "configure time): run scripts/setup_engines.sh BUILD_DIR and configure again");
  }
  if (!fs::exists(python)) {
    return missing("the engines' interpreter " + python +
                   " does not exist: run "
                   "scripts/setup_engines.sh BUILD_DIR and configure again");
  }
  const fs::path out =
      fs::temp_directory_path() / ("simatlas_lab_engines_" + std::to_string(::getpid()) + ".json");
  std::vector<std::string> args = {SIMATLAS_LAB_ENGINES_RUNNER, "--out", out.string()};
  if (quick) args.push_back("--quick");
  const char* path = std::getenv("PYTHONPATH");
  const ChildResult r = RunChild(python, args,
                                 {"PYTHONPATH=" + std::string(SIMATLAS_PYTHON_PACKAGE_DIR) +
                                  (path && *path ? ":" + std::string(path) : "")});
  err << r.err;
  if (r.exit_code != 0) {
    fs::remove(out);
    const std::string tail = r.err.size() > 400 ? r.err.substr(r.err.size() - 400) : r.err;
    return missing("the live engines' runner " + std::string(SIMATLAS_LAB_ENGINES_RUNNER) +
                   " exited with " + std::to_string(r.exit_code) + " (" + tail + ")");
  }
  std::ifstream file(out);
  nlohmann::json live = nlohmann::json::parse(file, nullptr, false);
  fs::remove(out);
  if (live.is_discarded() || !live.is_object()) {
    return missing("the live engines' runner wrote no JSON object");
  }
  // the shapes PrintLive reads, checked once
  try {
    (void)live.at("engines").get<std::map<std::string, std::string>>();
    (void)live.at("missing").get<std::vector<std::string>>();
    (void)live.at("not_built").get<std::map<std::string, std::string>>();
    (void)live.at("title").get<std::string>();
    (void)live.at("columns").get<std::vector<std::string>>();
    (void)live.at("units").get<std::vector<std::string>>();
    (void)live.at("findings").get<std::vector<std::string>>();
    (void)live.at("seconds").get<double>();
    for (const auto& row : live.at("rows")) {
      for (const auto& c : row) {
        if (!c.is_string() && !c.is_number() && !c.is_null()) throw std::runtime_error("a cell");
      }
    }
  } catch (const std::exception& e) {
    return missing(std::string("the live engines' runner wrote malformed JSON (") + e.what() + ")");
  }
  return live;
}

// The live rows in text: which engines ran (name and version), what is missing and why, then
// their table and findings.
void PrintLive(const nlohmann::json& live, std::ostream& out) {
  out << "\n== live engines: the same scenes run by the engines themselves";
  std::string ran;
  if (live.contains("engines")) {
    for (const auto& [name, version] : live["engines"].items()) {
      ran += (ran.empty() ? "" : ", ") + name + " " + version.get<std::string>();
    }
  }
  out << (ran.empty() ? " (none ran)" : " (" + ran + ")");
  if (live.contains("seconds")) {
    out << ", " << std::fixed << std::setprecision(1) << live["seconds"].get<double>() << " s";
    out.unsetf(std::ios::fixed);
  }
  out << "\n";
  const nlohmann::json missing = live.value("missing", nlohmann::json::array());
  for (const auto& why : missing) out << "not run: " << why.get<std::string>() << "\n";
  const nlohmann::json not_built = live.value("not_built", nlohmann::json::object());
  for (const auto& [what, why] : not_built.items()) {
    out << "no " << what << " rows: " << why.get<std::string>() << "\n";
  }
  if (!live.contains("rows") || live["rows"].empty()) return;
  lab::LabTable t;
  t.title = live["title"].get<std::string>();
  t.columns = live["columns"].get<std::vector<std::string>>();
  t.units = live["units"].get<std::vector<std::string>>();
  for (const auto& row : live["rows"]) {
    std::vector<lab::LabCell> cells;
    for (const auto& c : row) {
      cells.push_back(c.is_string()
                          ? lab::TextCell(c.get<std::string>())
                          : lab::NumberCell(c.is_null() ? std::nullopt
                                                        : std::optional<double>(c.get<double>())));
    }
    t.rows.push_back(std::move(cells));
  }
  PrintTable(t, out);
  out << "\nfindings (live engines):\n";
  for (const auto& f : live["findings"]) out << "  - " << f.get<std::string>() << "\n";
}

}  // namespace

int RunLabCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  return RunGuarded("simatlas lab", err, [&] {
    bool json = false, list = false, live = true;
    lab::LabSize size;
    std::vector<std::string> names;
    for (const std::string& a : args) {
      if (a == "--json") {
        json = true;
      } else if (a == "--quick") {
        size.quick = true;
      } else if (a == "--no-live") {
        live = false;
      } else if (a == "--help" || a == "-h" || a == "help") {
        PrintHelp(out);
        return 0;
      } else if (a == "--list" || a == "list" || a == "LIST") {
        list = true;
      } else if (!a.empty() && a[0] == '-') {
        throw core::InputError("lab: unknown option '" + a +
                               "' (use --json, --quick, --list, --no-live, --help)");
      } else {
        names.push_back(a);
      }
    }
    if (list || names.empty()) {
      if (json) {
        out << lab::LabListJson() << "\n";
        return 0;
      }
      for (const lab::LabExperiment& e : lab::AllLabExperiments()) {
        out << e.name << "  (" << e.section << ")\n    " << e.summary << "\n";
      }
      out << "(simatlas lab --help defines every column of their tables)\n";
      return 0;
    }
    if (names.size() == 1 && names[0] == "all") {
      names.clear();
      for (const lab::LabExperiment& e : lab::AllLabExperiments()) names.push_back(e.name);
    }
    std::vector<const lab::LabExperiment*> experiments;
    for (const std::string& n : names) experiments.push_back(&lab::FindLabExperiment(n));
    const lab::LabProgress progress = [&err](const std::string& line) {
      err << "[lab] " << line << "\n" << std::flush;
    };
    std::vector<lab::LabResult> results;
    nlohmann::json live_rows;  // the scenes' live rows, when scenes ran
    for (const lab::LabExperiment* e : experiments) {
      results.push_back(e->run(size, progress));
      if (e->name == "scenes") {
        live_rows = live ? LiveRows(size.quick, err)
                         : nlohmann::json{{"missing", {"not asked for (--no-live)"}}};
      }
      if (json) continue;
      PrintText(results.back(), out);
      if (e->name == "scenes") {
        PrintLive(live_rows, out);
      } else {
        out << "\n(no live engine runs this experiment: the live engines' rows are the scenes', "
               "simatlas lab scenes)\n";
      }
    }
    if (!json) return 0;
    nlohmann::json doc = nlohmann::json::parse(lab::LabRunJson(results, size.quick));
    for (auto& r : doc["experiments"]) {
      if (r["name"] == "scenes") r["live"] = live_rows;
    }
    out << doc.dump(1) << "\n";
    return 0;
  });
}

}  // namespace simatlas::tools
