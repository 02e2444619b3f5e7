// `simatlas law`: list the registry or evaluate one law.
#include <iomanip>
#include <ostream>

#include "reference/core/errors.h"
#include "reference/laws/law.h"
#include "reference/laws/law_json.h"
#include "tools/simatlas/commands.h"

namespace simatlas::tools {

namespace {

std::string QuantityLine(const laws::Quantity& q) {
  std::string line = q.name + " [" + q.unit + "] " + laws::DescribeKind(q);
  if (q.default_value) line += ", default " + laws::FormatValue(*q.default_value);
  if (!q.description.empty()) line += " — " + q.description;
  return line;
}

void PrintList(std::ostream& out) {
  for (const auto& law : laws::AllLaws().all()) {
    out << law.name << "  (" << law.section << ")\n    " << law.summary << "\n    inputs:\n";
    for (const auto& q : law.inputs) out << "      " << QuantityLine(q) << "\n";
    out << "    outputs:\n";
    for (const auto& q : law.outputs) out << "      " << QuantityLine(q) << "\n";
  }
}

const laws::Quantity* FindOutput(const laws::Law& law, const std::string& name) {
  for (const auto& q : law.outputs) {
    if (q.name == name) return &q;
  }
  return nullptr;
}

}  // namespace

int RunLawCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  bool json = false;
  bool list = false;
  std::vector<std::string> rest;
  for (const auto& a : args) {
    if (a == "--json") {
      json = true;
    } else if (a == "--list") {
      list = true;
    } else {
      rest.push_back(a);
    }
  }
  if (list) {
    if (!rest.empty()) {
      err << "simatlas law: --list takes no other arguments\n";
      return kExitBadInput;
    }
    if (json) {
      nlohmann::json all = nlohmann::json::array();
      for (const auto& law : laws::AllLaws().all()) all.push_back(laws::LawToJson(law));
      out << all.dump(2) << "\n";
    } else {
      PrintList(out);
    }
    return 0;
  }
  if (rest.empty()) {
    err << "usage: simatlas law NAME key=value ... [--json] | simatlas law --list [--json]\n";
    return kExitBadInput;
  }
  return RunGuarded("simatlas law", err, [&] {
    const laws::Law& law = laws::AllLaws().Get(rest[0]);
    const laws::Values inputs =
        laws::ParseArguments(law, std::vector<std::string>(rest.begin() + 1, rest.end()));
    const laws::Values outputs = laws::Evaluate(law, inputs);
    if (json) {
      out << laws::LawAnswerToJson(law, outputs).dump() << "\n";
    } else {
      for (const auto& [name, value] : outputs.entries()) {
        const laws::Quantity* q = FindOutput(law, name);
        out << name << " = " << laws::FormatValue(value);
        if (q != nullptr && q->unit != "1" && !q->unit.empty()) out << " " << q->unit;
        out << "\n";
      }
    }
    return 0;
  });
}

}  // namespace simatlas::tools
