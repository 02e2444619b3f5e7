// `simatlas exercise`: the reading exercises of the three course texts (E3-geometry §5, E3-SAP §6,
// MJ-solvers §10) from one command. It runs the exercise's own program (the ctest's checks,
// exercises/support/exercise_report.h) and prints the question, or grades an answer file: a blank
// or malformed file is bad input (exit 2, its problems only); a wrong answer shows each field
// right or WRONG and a hint (exit 1); the evidence and the reason come with a right answer
// (exit 0) or on request (--explain).
#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <ostream>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "reference/core/errors.h"
#include "reference/core/parse.h"
#include "tools/simatlas/commands.h"

extern char** environ;

#ifndef SIMATLAS_EXERCISE_PROGRAM_DIR
#error "SIMATLAS_EXERCISE_PROGRAM_DIR must name <build>/exercises"
#endif
#ifndef SIMATLAS_EXERCISES_SOURCE_DIR
#error "SIMATLAS_EXERCISES_SOURCE_DIR must name the exercises/ folder"
#endif

namespace simatlas::tools {

namespace {

namespace fs = std::filesystem;

// The chapters with reading exercises: command-line name and folder name (the same spelling).
const std::vector<std::pair<std::string, std::string>> kChapters = {
    {"e3-geometry", "e3-geometry"}, {"e3-sap", "e3-sap"}, {"mj-solvers", "mj-solvers"}};

// The exercise numbers of a chapter folder, from exercises/<folder>/ex<N>_<slug>.cc.
std::vector<int> ExerciseNumbers(const std::string& folder) {
  std::vector<int> numbers;
  const std::regex name("ex([0-9]+)_.*\\.cc");
  std::error_code error;
  for (const auto& entry :
       fs::directory_iterator(fs::path(SIMATLAS_EXERCISES_SOURCE_DIR) / folder, error)) {
    std::smatch match;
    const std::string file = entry.path().filename().string();
    if (std::regex_match(file, match, name))
      numbers.push_back(static_cast<int>(core::ParseInteger(file, match[1].str(), 0, 1000000)));
  }
  std::sort(numbers.begin(), numbers.end());
  return numbers;
}

// Runs the exercise program of folder for exercise n with the given extra environment; returns
// the report it wrote, or an error message.
struct Run {
  std::optional<nlohmann::json> report;  ///< the parsed report, if one was written
  std::string error;                     ///< why there is none
};

Run RunExercise(const std::string& folder, int n, const std::map<std::string, std::string>& extra) {
  const fs::path program = fs::path(SIMATLAS_EXERCISE_PROGRAM_DIR) / ("exercises_" + folder);
  if (!fs::exists(program)) {
    return {std::nullopt, "exercise program " + program.string() +
                              " is not built (cmake --build BUILD --target exercises)"};
  }
  // A private report file.
  std::string report_path = (fs::temp_directory_path() / "simatlas_exercise_XXXXXX").string();
  const int fd = mkstemp(report_path.data());
  if (fd < 0)
    return {std::nullopt,
            std::string("cannot create a report file (") + std::strerror(errno) + ")"};
  close(fd);
  // The environment: ours, without the switches, plus the report and the extra variables.
  std::vector<std::string> env;
  for (char** e = environ; *e != nullptr; ++e) {
    const std::string entry(*e);
    if (entry.rfind("SIMATLAS_EXERCISE_", 0) != 0) env.push_back(entry);
  }
  env.push_back("SIMATLAS_EXERCISE_REPORT=" + report_path);
  for (const auto& [key, value] : extra) env.push_back(key + "=" + value);
  std::vector<char*> envp;
  for (std::string& entry : env) envp.push_back(entry.data());
  envp.push_back(nullptr);
  std::string filter = "--gtest_filter=Ex" + std::to_string(n) + ".*";
  std::string path = program.string();
  std::vector<char*> argv = {path.data(), filter.data(), nullptr};
  // The program's own output is not shown: the report carries what is printed here.
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0);
  posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0);
  pid_t pid = 0;
  const int spawned = posix_spawn(&pid, path.c_str(), &actions, nullptr, argv.data(), envp.data());
  posix_spawn_file_actions_destroy(&actions);
  if (spawned != 0) {
    fs::remove(report_path);
    return {std::nullopt, "cannot run " + path + " (" + std::strerror(spawned) + ")"};
  }
  int status = 0;
  waitpid(pid, &status, 0);
  std::ifstream file(report_path);
  const nlohmann::json report = nlohmann::json::parse(file, nullptr, false);
  file.close();
  fs::remove(report_path);
  if (report.is_discarded() || !report.is_object()) {
    return {std::nullopt, path + " --gtest_filter=Ex" + std::to_string(n) +
                              ".* wrote no report (exit status " +
                              std::to_string(WIFEXITED(status) ? WEXITSTATUS(status) : -1) + ")"};
  }
  return {report, ""};
}

// The question and the answer form of a report.
void PrintQuestion(const nlohmann::json& report, const std::string& chapter, std::ostream& out) {
  out << report["section"].get<std::string>() << ", exercise " << report["number"].get<int>()
      << ": " << report["question"].get<std::string>()
      << "\n\nanswer form (one \"key: value\" line per field):\n";
  for (const auto& field : report["fields"]) {
    out << "  " << field["key"].get<std::string>() << ": " << field["form"].get<std::string>()
        << "    # " << field["prompt"].get<std::string>() << "\n";
  }
  out << "\nstart from exercises/" << report["chapter"].get<std::string>() << "/ex"
      << report["number"].get<int>() << "_answer.txt, then: simatlas exercise " << chapter << " "
      << report["number"].get<int>() << " --answer FILE\n";
}

// The evidence and the reason (the answer's explanation): shown after a right answer or on
// request (--explain), never after a wrong one.
void PrintExplanation(const nlohmann::json& report, std::ostream& out) {
  out << "\nevidence (reference engine):\n";
  for (const auto& line : report["evidence"]) out << "  " << line.get<std::string>() << "\n";
  out << "\nreason: " << report["reason"].get<std::string>() << "\n";
}

// Grades: each field right or wrong; then, for a right answer or with explain, the evidence and
// the reason, else a hint. Returns the exit code.
int PrintGrade(const nlohmann::json& report, const std::string& chapter,
               const std::string& answer_file, bool explain, std::ostream& out, std::ostream& err) {
  const auto& graded = report["graded"];
  out << report["section"].get<std::string>() << ", exercise " << report["number"].get<int>()
      << ": " << report["question"].get<std::string>() << "\n\nyour answer ("
      << graded["origin"].get<std::string>() << "):\n";
  for (const auto& field : graded["fields"]) {
    out << "  " << (field["agrees"].get<bool>() ? "right" : "WRONG") << "  "
        << field["key"].get<std::string>() << ": " << field["message"].get<std::string>() << "\n";
  }
  // The reference solution must agree with the evidence, or the exercise itself is wrong.
  if (report["solution"].is_null() || !report["solution"]["passed"].get<bool>()) {
    err << "simatlas exercise: the evidence does not support the reference solution; the exercise or the "
           "engine is wrong\n";
    return 1;
  }
  const bool passed = graded["passed"].get<bool>();
  if (passed || explain) PrintExplanation(report, out);
  if (!passed) {
    const std::string hint = report.value("hint", "");
    if (!hint.empty()) out << "\nhint: " << hint << "\n";
    if (!explain) {
      out << "(the evidence and the reason, which give the answer away: simatlas exercise "
          << chapter << " " << report["number"].get<int>() << " --answer " << answer_file
          << " --explain)\n";
    }
  }
  out << "\n" << (passed ? "all fields right" : "some fields are wrong") << "\n";
  return passed ? 0 : 1;
}

// Lists every reading exercise with its section and question.
int List(std::ostream& out, std::ostream& err) {
  for (const auto& [chapter, folder] : kChapters) {
    for (int n : ExerciseNumbers(folder)) {
      const Run run = RunExercise(folder, n, {{"SIMATLAS_EXERCISE_QUESTION_ONLY", "1"}});
      if (!run.report) {
        err << "simatlas exercise: " << run.error << "\n";
        return 1;
      }
      out << chapter << " " << n << "  " << (*run.report)["section"].get<std::string>() << "  "
          << (*run.report)["question"].get<std::string>() << "\n";
    }
  }
  return 0;
}

}  // namespace

int RunExerciseCommand(const std::vector<std::string>& raw_args, std::ostream& out,
                       std::ostream& err) {
  const std::string usage =
      "usage: simatlas exercise --list | simatlas exercise CHAPTER N [--answer FILE] [--explain]  "
      "(CHAPTER: e3-geometry, e3-sap, mj-solvers; --explain shows the evidence and the reason)\n";
  if (raw_args.size() == 1 && raw_args[0] == "--list") return List(out, err);
  // --explain, anywhere after CHAPTER N.
  std::vector<std::string> args;
  bool explain = false;
  for (std::size_t i = 0; i < raw_args.size(); ++i) {
    if (i >= 2 && raw_args[i] == "--explain" && !(i > 0 && raw_args[i - 1] == "--answer")) {
      explain = true;
    } else {
      args.push_back(raw_args[i]);
    }
  }
  if (args.size() != 2 && !(args.size() == 4 && args[2] == "--answer")) {
    err << usage;
    return kExitBadInput;
  }
  // The chapter, by its command-line or folder name.
  std::string chapter, folder;
  for (const auto& [name, dir] : kChapters) {
    if (args[0] == name || args[0] == dir) chapter = name, folder = dir;
  }
  if (folder.empty()) {
    err << "simatlas exercise: unknown chapter '" << args[0]
        << "' (one of e3-geometry, e3-sap, mj-solvers)\n";
    return kExitBadInput;
  }
  const std::vector<int> numbers = ExerciseNumbers(folder);
  // Not an integer, or none of the chapter's numbers: the same message.
  int n = 0;
  try {
    n = static_cast<int>(core::ParseInteger("N", args[1], 1, 1000));
  } catch (const core::InputError&) {
    n = 0;
  }
  if (std::find(numbers.begin(), numbers.end(), n) == numbers.end()) {
    err << "simatlas exercise: " << chapter << " has no exercise '" << args[1] << "' (1.."
        << (numbers.empty() ? 0 : numbers.back()) << "; simatlas exercise --list)\n";
    return kExitBadInput;
  }
  // The question and form only: the exercise stops before its evidence.
  if (args.size() == 2 && !explain) {
    const Run run = RunExercise(folder, n, {{"SIMATLAS_EXERCISE_QUESTION_ONLY", "1"}});
    if (!run.report) {
      err << "simatlas exercise: " << run.error << "\n";
      return 1;
    }
    PrintQuestion(*run.report, chapter, out);
    return 0;
  }
  // The question, the evidence and the reason, on request (the reference solution is graded).
  if (args.size() == 2) {
    const Run run = RunExercise(folder, n, {{"SIMATLAS_EXERCISE_ANSWERS", "solutions"}});
    if (!run.report) {
      err << "simatlas exercise: " << run.error << "\n";
      return 1;
    }
    out << (*run.report)["section"].get<std::string>() << ", exercise " << n << ": "
        << (*run.report)["question"].get<std::string>() << "\n";
    PrintExplanation(*run.report, out);
    return 0;
  }
  // The answer file must be readable (the system's reason otherwise) before anything runs.
  const fs::path answer = fs::absolute(args[3]);
  std::ifstream probe(answer);
  if (!probe || fs::is_directory(answer)) {
    err << "simatlas exercise: answer file " << args[3] << " cannot be read ("
        << std::strerror(fs::is_directory(answer) ? EISDIR : errno) << ")\n";
    return kExitBadInput;
  }
  const Run run = RunExercise(folder, n, {{"SIMATLAS_EXERCISE_ANSWER_FILE", answer.string()}});
  if (!run.report) {
    err << "simatlas exercise: " << run.error << "\n";
    return 1;
  }
  // A file that cannot be graded (not "key: value", a repeated key, the blank form, a missing,
  // malformed or unknown field) is bad input: its problems only, no evidence, no reason.
  if (!(*run.report)["error"].get<std::string>().empty()) {
    std::istringstream problems((*run.report)["error"].get<std::string>());
    for (std::string line; std::getline(problems, line);)
      err << "simatlas exercise: " << line << "\n";
    return kExitBadInput;
  }
  return PrintGrade(*run.report, chapter, args[3], explain, out, err);
}

}  // namespace simatlas::tools
