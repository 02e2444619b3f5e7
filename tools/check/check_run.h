#pragma once
/// @file
/// Running a family against a program: each property through rapidcheck with
/// explicit, reproducible parameters (seed, cases), the shrunk counterexample captured from the
/// Session's log of the last failing case. Used by `simatlas check` and by the implementation
/// exercises that grade a student's law.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "tools/check/check_family.h"

namespace simatlas::check {

/// How to run.
struct RunOptions {
  int cases = 100;         ///< rapidcheck max_success per property
  std::uint64_t seed = 1;  ///< rapidcheck seed (the same seed reproduces the run)
  double timeout_s = 5.0;  ///< per-query timeout of the protocol client
};

/// The outcome of one property.
struct PropertyOutcome {
  std::string name;  ///< "<law> matches the reference" or the family's property name
  std::string
      statement;  ///< the claim checked: the course statement, or for the automatic property its tolerances
  bool passed = false;                   ///< every case passed
  int cases_passed = 0;                  ///< successful cases before the failure (or in total)
  std::string failure;                   ///< rapidcheck's description of the shrunk failure
  std::vector<Exchange> counterexample;  ///< queries of the shrunk failing case
  std::string reproduce;  ///< the options that rerun this exact case ("--seed S --cases N");
                          ///< ReportText writes them as the caller's whole command
};

/// The outcome of a run.
struct RunReport {
  std::string family;                       ///< the family's name
  std::string against;                      ///< the program's command (RunFamilyAgainst), or ""
  RunOptions options;                       ///< the options of the run (cases, seed, timeout)
  std::vector<PropertyOutcome> properties;  ///< in run order: automatic ones first
  /// Set when the program broke the protocol (then the run stopped; exit code 2).
  std::optional<std::string> protocol_error;
  /// True if no protocol error occurred and every property passed.
  bool AllPassed() const;
  /// 0 all passed, 1 a property failed, 2 protocol error.
  int ExitCode() const;
};

/// Runs every property of family (the automatic differential one of each law first) against
/// program. ProtocolError never escapes: it ends the run and is stored in protocol_error.
RunReport RunFamily(const Family& family, Program& program, const RunOptions& options);

/// Same, against `/bin/sh -c command` spoken to over the line protocol (one process per run).
RunReport RunFamilyAgainst(const Family& family, const std::string& command,
                           const RunOptions& options);

/// The report as text (for people): each property's verdict; for a failure, its statement, the
/// failure once, the shrunk case's queries and the command that reruns it
/// (`simatlas check FAMILY --against 'COMMAND' --seed S --cases N`).
std::string ReportText(const RunReport& report);
/// The report as JSON (for graders and CI).
Json ReportJson(const RunReport& report);

}  // namespace simatlas::check
