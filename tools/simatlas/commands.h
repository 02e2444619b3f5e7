#pragma once
/// @file
/// The subcommands of the `simatlas` program. The program is thin: each command parses its
/// arguments, calls reference/, and prints. Exit codes: 0 success, 1 a check failed,
/// 2 bad input (usage, unknown key, out-of-domain value, malformed file).

#include <functional>
#include <iosfwd>
#include <string>
#include <vector>

namespace simatlas::tools {

/// Exit code for bad input of any kind.
inline constexpr int kExitBadInput = 2;

/// `simatlas law --list [--json]` and `simatlas law NAME key=value ... [--json]`.
int RunLawCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

/// The synopsis of `simatlas sap`, shared by `simatlas --help` and the command's usage line.
inline constexpr const char* kSapSynopsis =
    "sap solve FILE [--line-search exact|backtracking] "
    "[--linear-solver dense|block_sparse_cholesky] [--repeat N] [--json]";

/// Runs a command body: an InputError prints "`command`: message" on err and gives exit 2 (bad
/// input), a NumericalError (an answer that cannot be trusted: a check failed) the same line and
/// exit 1, as docs/CONVENTIONS.md says; otherwise the body's own exit code.
int RunGuarded(const std::string& command, std::ostream& err, const std::function<int()>& body);

/// `simatlas sap solve FILE [--line-search exact|backtracking]
/// [--linear-solver dense|block_sparse_cholesky] [--repeat N] [--json]`: E3-SAP §4 on a
/// simatlas/sap-problem/1 file; exit 1 when the solver fails to converge.
int RunSapCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

/// `simatlas simulate --list [--json]` and `simatlas simulate SCENE key=value ... [--csv FILE]
/// [--json]`: the built-in scenes run by the discrete step driver (E3-SAP §2, §5).
int RunSimulateCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

/// `simatlas lab --list [--json]` and `simatlas lab NAME|all [--quick] [--json]`: the lab's
/// experiments (reference/lab/), progress on stderr.
int RunLabCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

/// `simatlas chapter CHAPTER|all [SECTION] [--json] [--output-dir DIR]` and `simatlas chapter --list`:
/// the walkthroughs; exit 1 when a claim does not hold.
int RunChapterCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

/// `simatlas exercise --list`, `simatlas exercise CHAPTER N` (question and answer form) and
/// `simatlas exercise CHAPTER N --answer FILE` (each field right/wrong, then the evidence and the
/// reason): the reading exercises, by the exercise programs' own checks; exit 0 all right, 1 some
/// wrong, 2 bad input (an unreadable or malformed answer file, with the reason).
int RunExerciseCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

/// `simatlas mujoco solve FILE [options] [--repeat N] [--json]`: MJ-solvers §4–§6 on a
/// simatlas/mujoco-problem/1 file; defaults from the file's opt, every option of
/// io::MujocoOptionTable as a flag (`--cg-update hager-zhang`); --repeat adds
/// seconds_per_solve (mean of N solves). `mujoco dump|inspect` go to the two functions below;
/// `mujoco --help` lists everything with defaults.
int RunMujocoCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

/// `simatlas mujoco dump MODEL.xml OUT.json [model options] [--engine 3.15|2.2.2]`: loads an MJCF
/// with MuJoCo (3.15.0 by default, run as the program simatlas-mujoco315; 2.2.2 linked here),
/// settles it and writes the constraint problem with MuJoCo's answer (args[0] is "dump").
int RunMujocoDump(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

/// `simatlas mujoco inspect MODEL.xml [model options] [--json] [--engine 3.15|2.2.2]`: every
/// constraint row of the settled state in the course's terms, and the reference solvers beside
/// MuJoCo (args[0] is "inspect").
int RunMujocoInspect(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

/// Runs one `simatlas mujoco` subcommand body: an InputError prints one line on err and gives
/// exit 2, a NumericalError (an answer that cannot be trusted) one line and exit 1.
int RunMujocoGuarded(std::ostream& err, const std::function<int()>& body);

/// The `dump` and `inspect` part of `simatlas mujoco --help`.
void PrintMujocoModelHelp(std::ostream& out);

/// `simatlas check --list [--json]` and `simatlas check FAMILY|LAW --against 'COMMAND' [--cases N]
/// [--seed S] [--timeout T] [--json]`: a law family's properties and the differential comparison
/// with the reference, run against another program over the line protocol
/// (docs/pages/check_protocol.md); exit 1 when a property fails, 2 on usage or protocol errors.
int RunCheckCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

}  // namespace simatlas::tools
