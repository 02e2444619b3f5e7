// Running a family's properties through rapidcheck against a program: explicit
// TestParams (seed, max_success) so the run is reproducible, a silent listener, the shrunk case
// read back from the Session's log of the last failing execution (rapidcheck runs the accepted
// shrink last, so the last failing execution is the reported counterexample).
#include <rapidcheck.h>
#include <rapidcheck/detail/Property.h>
#include <rapidcheck/detail/Configuration.h>
#include <rapidcheck/detail/TestListener.h>

#include <iostream>
#include <memory>
#include <sstream>

#include "tools/check/check_run.h"
#include "tools/check/protocol_client.h"

namespace simatlas::check {

namespace {

// rapidcheck's listener interface, saying nothing (the report is ours).
class SilentListener : public rc::detail::TestListener {
 public:
  void onTestCaseFinished(const rc::detail::CaseDescription&) override {}
  void onShrinkTried(const rc::detail::CaseDescription&, bool) override {}
  void onTestFinished(const rc::detail::TestMetadata&, const rc::detail::TestResult&) override {}
};

// The automatic property of each law: generated inputs, compared with the reference.
Property MatchesReference(const LawUnderCheck& law) {
  Property property;
  property.name = law.law + " matches the reference";
  std::ostringstream statement;
  statement << "every output of " << law.law << " within abs " << law.tolerance.abs << " + rel "
            << law.tolerance.rel << " of the reference";
  for (const auto& [name, tol] : law.output_tolerances) {
    statement << "; " << name << ": abs " << tol.abs << " + rel " << tol.rel;
  }
  statement << " (" << law.tolerance_reason << ")";
  property.statement = statement.str();
  property.laws = {law.law};
  property.compares_with_reference = true;
  property.body = [name = law.law](Session& session) { session.Outputs(name, session.Draw(name)); };
  return property;
}

// State shared by the cases of one property run.
struct CaseState {
  std::optional<std::string> protocol_error;
  std::vector<Exchange> failing_log;
  std::string failing_description;  // why that same execution failed
};

PropertyOutcome RunProperty(const Family& family, const Property& property, Program& program,
                            const RunOptions& options, CaseState& state) {
  Session session(family, program);
  session.SetProperty(&property);
  // One case: a fresh log; a protocol fault ends the run (every later case is discarded
  // without querying); a failing case keeps its log.
  auto testable = [&]() {
    if (state.protocol_error) RC_DISCARD("protocol error");
    session.ClearLog();
    try {
      property.body(session);
    } catch (const ProtocolError& e) {
      if (!state.protocol_error) state.protocol_error = e.what();
      RC_DISCARD("protocol error");
    } catch (const rc::detail::CaseResult& result) {
      if (result.type == rc::detail::CaseResult::Type::Failure) {
        state.failing_log = session.log();
        state.failing_description = result.description;
      }
      throw;
    } catch (...) {
      state.failing_log = session.log();
      throw;
    }
  };
  rc::detail::TestParams params;
  params.seed = options.seed;
  params.maxSuccess = options.cases;
  rc::detail::TestMetadata metadata;
  metadata.id = family.name + "/" + property.name;
  metadata.description = property.name;
  SilentListener listener;
  const rc::detail::TestResult result =
      rc::detail::checkProperty(rc::detail::toProperty(testable), metadata, params, listener);

  PropertyOutcome outcome;
  outcome.name = property.name;
  outcome.statement = property.statement;
  rc::detail::SuccessResult success;
  rc::detail::FailureResult failure;
  rc::detail::GaveUpResult gave_up;
  rc::detail::Error error;
  if (result.match(success)) {
    outcome.passed = true;
    outcome.cases_passed = success.numSuccess;
  } else if (result.match(failure)) {
    outcome.cases_passed = failure.numSuccess;
    // The description of the execution whose queries are shown (rapidcheck's own is that of
    // its last rerun, which a program that fails only once no longer fails).
    outcome.failure =
        state.failing_description.empty() ? failure.description : state.failing_description;
    outcome.counterexample = state.failing_log;
    outcome.reproduce =
        "--seed " + std::to_string(options.seed) + " --cases " + std::to_string(options.cases);
  } else if (result.match(gave_up)) {
    outcome.cases_passed = gave_up.numSuccess;
    // A protocol error shows up as "gave up" (every later case discarded); otherwise too many
    // inputs fell outside the law's domain, which is a fault of the family, reported as failure.
    outcome.failure =
        state.protocol_error ? "stopped by a protocol error" : "gave up: " + gave_up.description;
  } else if (result.match(error)) {
    outcome.failure = "rapidcheck error: " + error.description;
  }
  return outcome;
}

std::string Dump(const Json& j) { return j.dump(); }

// A failure description as report lines: rapidcheck's "FILE:LINE:\nRC_ASSERT(...)\n\nExpands
// to:\n..." on indented lines, the file named from the repository root.
std::string FailureLines(std::string failure, const std::string& indent) {
  while (failure.rfind("../", 0) == 0) failure.erase(0, 3);
  std::string out;
  std::istringstream lines(failure);
  for (std::string line; std::getline(lines, line);) {
    if (line.empty()) continue;
    out += (out.empty() ? "" : "\n" + indent) + line;
  }
  return out;
}

// A word for /bin/sh: as it is when it needs no quoting, else in single quotes.
std::string ShellWord(const std::string& word) {
  const bool plain =
      !word.empty() &&
      word.find_first_not_of(
          "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-./=:+,") ==
          std::string::npos;
  if (plain) return word;
  std::string quoted = "'";
  for (const char c : word) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return quoted + "'";
}

}  // namespace

bool RunReport::AllPassed() const {
  if (protocol_error) return false;
  for (const auto& p : properties) {
    if (!p.passed) return false;
  }
  return true;
}

int RunReport::ExitCode() const {
  if (protocol_error) return 2;
  return AllPassed() ? 0 : 1;
}

RunReport RunFamily(const Family& family, Program& program, const RunOptions& options) {
  // rapidcheck loads its global configuration (RC_PARAMS) once and announces it on stderr; the
  // run uses explicit TestParams instead, so load it quietly.
  {
    std::streambuf* saved = std::cerr.rdbuf(nullptr);
    rc::detail::configuration();
    std::cerr.rdbuf(saved);
    std::cerr.clear();
  }
  ValidateFamily(family);
  RunReport report;
  report.family = family.name;
  report.options = options;
  std::vector<Property> properties;
  for (const auto& law : family.laws) properties.push_back(MatchesReference(law));
  for (const auto& property : family.properties) properties.push_back(property);
  CaseState state;
  for (const auto& property : properties) {
    state.failing_log.clear();
    state.failing_description.clear();
    report.properties.push_back(RunProperty(family, property, program, options, state));
    if (state.protocol_error) {
      report.protocol_error = state.protocol_error;
      break;
    }
  }
  return report;
}

RunReport RunFamilyAgainst(const Family& family, const std::string& command,
                           const RunOptions& options) {
  RunReport report;
  try {
    ProcessProgram program(command, options.timeout_s);
    report = RunFamily(family, program, options);
    report.against = command;
  } catch (const ProtocolError& e) {
    report.family = family.name;
    report.against = command;
    report.options = options;
    report.protocol_error = e.what();
  }
  return report;
}

std::string ReportText(const RunReport& report) {
  std::ostringstream out;
  out << "simatlas check " << report.family << ": " << report.options.cases
      << " cases per property, seed " << report.options.seed << "\n";
  int failed = 0;
  for (const auto& p : report.properties) {
    if (p.passed) {
      out << "  [pass] " << p.name << " (" << p.cases_passed << " cases)\n";
      continue;
    }
    if (report.protocol_error && p.failure == "stopped by a protocol error") {
      out << "  [stop] " << p.name << " (protocol error, see below)\n";
      continue;
    }
    ++failed;
    out << "  [FAIL] " << p.name << " after " << p.cases_passed << " passing cases\n";
    out << "         property: " << p.statement << "\n";
    out << "         failure:  " << FailureLines(p.failure, "                   ") << "\n";
    if (!p.counterexample.empty()) out << "         shrunk counterexample:\n";
    for (const auto& e : p.counterexample) {
      out << "           query    {\"law\": \"" << e.law << "\", \"inputs\": " << Dump(e.inputs)
          << "}\n";
      out << "           expected " << Dump(e.expected) << "\n";
      out << "           got      " << Dump(e.got) << "\n";
      // The verdict that failed the case is the failure line above: printed once.
      if (!e.verdict.empty() && e.verdict != p.failure) {
        out << "           verdict  " << e.verdict << "\n";
      }
    }
    if (!p.reproduce.empty()) {
      out << "         reproduce: "
          << (report.against.empty()
                  ? p.reproduce
                  : "simatlas check " + ShellWord(report.family) + " --against " +
                        ShellWord(report.against) + " " + p.reproduce)
          << "\n";
    }
  }
  if (report.protocol_error) {
    out << "protocol error: " << *report.protocol_error << "\n";
  } else {
    out << (failed == 0 ? "all " + std::to_string(report.properties.size()) + " properties hold"
                        : std::to_string(failed) + " of " +
                              std::to_string(report.properties.size()) + " properties fail")
        << "\n";
  }
  return out.str();
}

Json ReportJson(const RunReport& report) {
  Json properties = Json::array();
  for (const auto& p : report.properties) {
    Json counterexample = Json::array();
    for (const auto& e : p.counterexample) {
      counterexample.push_back({{"law", e.law},
                                {"inputs", e.inputs},
                                {"expected", e.expected},
                                {"got", e.got},
                                {"verdict", e.verdict}});
    }
    Json entry = {{"name", p.name},
                  {"statement", p.statement},
                  {"passed", p.passed},
                  {"cases_passed", p.cases_passed}};
    if (!p.passed) {
      entry["failure"] = p.failure;
      entry["counterexample"] = counterexample;
      entry["reproduce"] = p.reproduce;
    }
    properties.push_back(entry);
  }
  Json j = {{"family", report.family},     {"cases", report.options.cases},
            {"seed", report.options.seed}, {"timeout_s", report.options.timeout_s},
            {"properties", properties},    {"exit_code", report.ExitCode()}};
  j["protocol_error"] = report.protocol_error ? Json(*report.protocol_error) : Json(nullptr);
  return j;
}

}  // namespace simatlas::check
