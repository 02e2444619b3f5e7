// `simatlas check`: runs a law family's properties and the differential comparison
// with the reference against another program that speaks the line protocol of
// docs/pages/check_protocol.md. Exit 0 all properties hold, 1 a property fails, 2 usage or
// protocol error (malformed answer, timeout, crash of the program under test).
#include <cmath>
#include <iostream>
#include <limits>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "reference/core/errors.h"
#include "reference/core/parse.h"
#include "tools/check/check_run.h"
#include "tools/simatlas/commands.h"

namespace simatlas::tools {

namespace {

constexpr const char* kUsage =
    "usage: simatlas check --list [--json]\n"
    "       simatlas check --example LAW [--seed S]   (one query line and the reference's answer line)\n"
    "       simatlas check FAMILY|LAW --against 'COMMAND' [--cases N] [--seed S] [--timeout T] [--json]";

int Usage(std::ostream& err, const std::string& message) {
  err << "simatlas check: " << message << "\n" << kUsage << "\n";
  return kExitBadInput;
}

// The properties that `simatlas check LAW` runs besides the differential one: those of family
// that query law alone.
std::vector<std::string> OwnPropertyNames(const check::Family& family, const std::string& law) {
  std::vector<std::string> names;
  for (const auto& p : check::RestrictToLaw(family, law).properties) names.push_back(p.name);
  return names;
}

// `simatlas check --list`: the families, their laws and tolerances, their properties.
int ListFamilies(bool json, std::ostream& out) {
  if (json) {
    check::Json families = check::Json::array();
    for (const auto& family : check::AllFamilies()) {
      check::Json laws = check::Json::array();
      for (const auto& law : family.laws) {
        check::Json overrides = check::Json::object();
        for (const auto& [name, tol] : law.output_tolerances) {
          overrides[name] = {{"abs", tol.abs}, {"rel", tol.rel}};
        }
        laws.push_back({{"law", law.law},
                        {"tolerance", {{"abs", law.tolerance.abs}, {"rel", law.tolerance.rel}}},
                        {"output_tolerances", overrides},
                        {"tolerance_reason", law.tolerance_reason},
                        {"properties", OwnPropertyNames(family, law.law)}});
      }
      check::Json properties = check::Json::array();
      for (const auto& p : family.properties) {
        properties.push_back({{"name", p.name}, {"statement", p.statement}, {"laws", p.laws}});
      }
      families.push_back({{"name", family.name},
                          {"section", family.section},
                          {"summary", family.summary},
                          {"laws", laws},
                          {"properties", properties}});
    }
    out << families.dump(2) << "\n";
    return 0;
  }
  for (const auto& family : check::AllFamilies()) {
    out << family.name << "  (" << family.section << ")\n    " << family.summary << "\n";
    for (const auto& law : family.laws) {
      out << "    law " << law.law << ": abs " << law.tolerance.abs << ", rel "
          << law.tolerance.rel;
      for (const auto& [name, tol] : law.output_tolerances) {
        out << "; " << name << ": abs " << tol.abs << ", rel " << tol.rel;
      }
      out << " — " << law.tolerance_reason << "\n";
      const std::vector<std::string> own = OwnPropertyNames(family, law.law);
      out << "      `simatlas check " << law.law << "` runs: " << law.law
          << " matches the reference";
      for (const auto& p : own) out << ", " << p;
      out << "\n";
    }
    for (const auto& p : family.properties) {
      out << "    property " << p.name << ": " << p.statement;
      if (p.laws.size() > 1) {
        out << " (queries";
        for (const auto& law : p.laws) out << " " << law;
        out << ": run with the family only)";
      }
      out << "\n";
    }
  }
  return 0;
}

}  // namespace

int RunCheckCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  bool json = false;
  bool list = false;
  bool example = false;
  bool have_seed = false;
  std::string name;
  std::string command;
  bool have_command = false;
  check::RunOptions options;
  options.seed = std::random_device{}();
  // Options and the one positional FAMILY|LAW.
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    const bool has_value = i + 1 < args.size();
    if (a == "--json") {
      json = true;
    } else if (a == "--list") {
      list = true;
    } else if (a == "--example") {
      example = true;
    } else if (a == "--against" || a == "--cases" || a == "--seed" || a == "--timeout") {
      if (!has_value) return Usage(err, a + " needs a value");
      const std::string& v = args[++i];
      try {
        if (a == "--against") {
          command = v;
          have_command = true;
        } else if (a == "--cases") {
          options.cases = static_cast<int>(core::ParseInteger("--cases", v, 1, 1000000));
        } else if (a == "--seed") {
          options.seed = static_cast<std::uint64_t>(
              core::ParseInteger("--seed", v, 0, std::numeric_limits<long long>::max()));
          have_seed = true;
        } else {
          options.timeout_s = core::ParseNumber("--timeout", v);
          if (!(options.timeout_s > 0.0) || !std::isfinite(options.timeout_s)) {
            return Usage(err, "--timeout = '" + v + "' s must be a finite number > 0");
          }
        }
      } catch (const core::InputError& e) {
        return Usage(err, e.what());
      }
    } else if (a.rfind("--", 0) == 0) {
      return Usage(err, "unknown option '" + a + "'");
    } else if (name.empty()) {
      name = a;
    } else {
      return Usage(err, "unexpected argument '" + a + "'");
    }
  }
  if (list) {
    // --list takes nothing but --json: a family name or --against with it is a usage mistake.
    if (!name.empty() || have_command) {
      return Usage(err, "--list takes no family and no --against (simatlas check --list [--json])");
    }
    return ListFamilies(json, out);
  }
  if (example) {
    // --example LAW [--seed S]: the protocol's two lines for one generated query.
    if (name.empty() || have_command || json) {
      return Usage(err,
                   "--example takes one LAW and optionally --seed (simatlas check --example LAW)");
    }
    const check::Family* family = check::FindFamily(name);
    const check::LawUnderCheck* law = family != nullptr ? family->Find(name) : nullptr;
    if (law == nullptr) {
      return Usage(err,
                   "unknown law '" + name + "' (simatlas check --list lists each family's laws)");
    }
    const check::Exchange e = check::ExampleExchange(*law, have_seed ? options.seed : 1);
    out << check::Json{{"law", e.law}, {"inputs", e.inputs}}.dump() << "\n"
        << e.expected.dump() << "\n";
    return 0;
  }
  if (name.empty()) return Usage(err, "which family or law? (simatlas check --list)");
  // A family runs whole; a law runs its differential comparison and its own properties only.
  const std::optional<check::Family> family = check::CheckTarget(name);
  if (!family) {
    return Usage(err, "unknown family or law '" + name + "' (simatlas check --list lists them)");
  }
  if (!have_command || command.empty()) return Usage(err, "--against 'COMMAND' is required");

  const check::RunReport report = check::RunFamilyAgainst(*family, command, options);
  if (json) {
    out << check::ReportJson(report).dump() << "\n";
  } else {
    out << check::ReportText(report);
  }
  if (report.protocol_error) {
    err << "simatlas check: protocol error of the program under test: " << *report.protocol_error
        << "\n";
  } else if (!report.AllPassed()) {
    err << "simatlas check: a property fails; reproduce with --seed " << options.seed << " --cases "
        << options.cases << "\n";
  }
  return report.ExitCode();
}

}  // namespace simatlas::tools
