#pragma once
/// @file
/// The line-protocol client of `simatlas check` (docs/pages/check_protocol.md): spawns the
/// program under test once per run as `/bin/sh -c COMMAND` in its own process group, writes one
/// JSON query per line to its stdin and reads one JSON answer per line from its stdout, each
/// within a timeout. Every fault of the program — a line that is not JSON, an answer that is not
/// {"outputs": {...}} or {"error": "..."}, a timeout, an exit or a crash (reported with the
/// signal's name) — is a ProtocolError; after the first fault every query throws it again.
/// The program's stderr is passed through.

#include <string>
#include <sys/types.h>

#include "tools/check/check_family.h"

namespace simatlas::check {

/// The program under test as a child process spoken to over pipes (one per run).
class ProcessProgram : public Program {
 public:
  /// Starts `/bin/sh -c command`; timeout_s bounds the wait for each answer (> 0).
  ProcessProgram(const std::string& command, double timeout_s);
  /// Closes the program's stdin, gives it a moment to exit, then kills its process group.
  ~ProcessProgram() override;
  ProcessProgram(const ProcessProgram&) = delete;
  ProcessProgram& operator=(const ProcessProgram&) = delete;

  /// Writes {"law": law, "inputs": inputs} as one line and reads one answer line within the
  /// timeout; every fault (and every query after the first fault) throws ProtocolError.
  Answer Ask(const std::string& law, const Json& inputs) override;

  /// Number of queries answered so far.
  int answered() const { return answered_; }

 private:
  // Writes the whole line; a closed pipe is reported as the program's exit.
  void WriteLine(const std::string& line);
  // Reads one line (without the newline) before the deadline.
  std::string ReadLine(const std::string& query);
  // Describes how the program ended (exit status or signal) after its stdout closed.
  std::string DescribeExit();
  // Records the fault, stops the program, and throws.
  [[noreturn]] void Fail(const std::string& message);
  void Stop();

  std::string command_;
  double timeout_s_;
  pid_t pid_ = -1;
  int to_child_ = -1;
  int from_child_ = -1;
  std::string buffer_;
  std::string fault_;
  int answered_ = 0;
};

}  // namespace simatlas::check
