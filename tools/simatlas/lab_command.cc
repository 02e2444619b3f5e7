// `simatlas lab`: the lab's experiments (reference/lab/lab_experiment.h) — list them, or run one
// or all, printing tables and findings (text) or the whole result (--json); progress on stderr.
#include <cmath>
#include <iomanip>
#include <ostream>

#include "reference/core/errors.h"
#include "reference/lab/lab_experiment.h"
#include "reference/lab/lab_format.h"
#include "reference/lab/lab_json.h"
#include "tools/simatlas/commands.h"

namespace simatlas::tools {

namespace {

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
      if (json) {
        out << lab::LabListJson() << "\n";
        return 0;
      }
      for (const lab::LabExperiment& e : lab::AllLabExperiments()) {
        out << e.name << "  (" << e.section << ")\n    " << e.summary << "\n";
      }
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
    for (const lab::LabExperiment* e : experiments) {
      results.push_back(e->run(size, progress));
      if (!json) PrintText(results.back(), out);
    }
    if (json) out << lab::LabRunJson(results, size.quick) << "\n";
    return 0;
  });
}

}  // namespace simatlas::tools
