// `simatlas lab`: the lab's experiments (reference/lab/lab_experiment.h) — list them, or run one
// or all, printing tables and findings (text) or the whole result (--json); progress on stderr.
#include <cmath>
#include <iomanip>
#include <ostream>

#include <nlohmann/json.hpp>

#include "reference/core/errors.h"
#include "reference/lab/lab_experiment.h"
#include "reference/lab/lab_format.h"
#include "tools/simatlas/commands.h"

namespace simatlas::tools {

namespace {

nlohmann::json CellJson(const lab::LabCell& c) {
  if (c.is_text) return c.text;
  if (!c.number) return nullptr;
  if (!std::isfinite(*c.number)) {
    throw core::NumericalError("lab: a table cell is " + lab::FormatValue(c.number) +
                               ", not finite");
  }
  return *c.number;
}

nlohmann::json ResultJson(const lab::LabResult& r) {
  nlohmann::json tables = nlohmann::json::array();
  for (const lab::LabTable& t : r.tables) {
    nlohmann::json rows = nlohmann::json::array();
    for (const auto& row : t.rows) {
      nlohmann::json cells = nlohmann::json::array();
      for (const lab::LabCell& c : row) cells.push_back(CellJson(c));
      rows.push_back(cells);
    }
    tables.push_back(
        {{"title", t.title}, {"columns", t.columns}, {"units", t.units}, {"rows", rows}});
  }
  return {{"name", r.name}, {"section", r.section}, {"tables", tables},
          {"findings", r.findings}, {"seconds", r.seconds}};
}

void PrintText(const lab::LabResult& r, std::ostream& out) {
  out << "== " << r.name << " (" << r.section << "), " << std::fixed << std::setprecision(1)
      << r.seconds << " s\n";
  out.unsetf(std::ios::fixed);
  for (const lab::LabTable& t : r.tables) {
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
  out << "\nfindings:\n";
  for (const std::string& f : r.findings) out << "  - " << f << "\n";
}

}  // namespace

int RunLabCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  return RunGuarded("simatlas lab", err, [&] {
    bool json = false, list = false;
    lab::LabSize size;
    std::vector<std::string> names;
    for (const std::string& a : args) {
      if (a == "--json") {
        json = true;
      } else if (a == "--quick") {
        size.quick = true;
      } else if (a == "--list" || a == "list" || a == "LIST") {
        list = true;
      } else if (!a.empty() && a[0] == '-') {
        throw core::InputError("lab: unknown option '" + a + "' (use --json, --quick, --list)");
      } else {
        names.push_back(a);
      }
    }
    if (list || names.empty()) {
      nlohmann::json all = nlohmann::json::array();
      for (const lab::LabExperiment& e : lab::AllLabExperiments()) {
        if (json) {
          all.push_back({{"name", e.name}, {"section", e.section}, {"summary", e.summary}});
        } else {
          out << e.name << "  (" << e.section << ")\n    " << e.summary << "\n";
        }
      }
      if (json) out << all.dump(2) << "\n";
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
    nlohmann::json results = nlohmann::json::array();
    for (const lab::LabExperiment* e : experiments) {
      const lab::LabResult r = e->run(size, progress);
      if (json) {
        results.push_back(ResultJson(r));
      } else {
        PrintText(r, out);
      }
    }
    if (json) out << nlohmann::json{{"quick", size.quick}, {"experiments", results}}.dump(1) << "\n";
    return 0;
  });
}

}  // namespace simatlas::tools
