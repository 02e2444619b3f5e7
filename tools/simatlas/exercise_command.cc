// `simatlas exercise`: the reading exercises of the three course texts (E3-geometry §5, E3-SAP §6,
// MJ-solvers §10) from one command. It runs the exercise's own program (the ctest's checks,
// exercises/support/exercise_report.h) and prints the question, or grades an answer file: each
// field right or wrong first, then the evidence and the reason.
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
  for (const auto& entry : fs::directory_iterator(fs::path(SIMATLAS_EXERCISES_SOURCE_DIR) / folder, error)) {
    std::smatch match;
    const std::string file = entry.path().filename().string();
    if (std::regex_match(file, match, name)) numbers.push_back(static_cast<int>(core::ParseInteger(file, match[1].str(), 0, 1000000)));
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
  if (fd < 0) return {std::nullopt, std::string("cannot create a report file (") + std::strerror(errno) + ")"};
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
    return {std::nullopt, path + " --gtest_filter=Ex" + std::to_string(n) + ".* wrote no report (exit status " +
                              std::to_string(WIFEXITED(status) ? WEXITSTATUS(status) : -1) + ")"};
  }
  return {report, ""};
}

// The question and the answer form of a report.
void PrintQuestion(const nlohmann::json& report, const std::string& chapter, std::ostream& out) {
  out << report["section"].get<std::string>() << ", exercise " << report["number"].get<int>() << ": "
      << report["question"].get<std::string>() << "\n\nanswer form (one \"key: value\" line per field):\n";
  for (const auto& field : report["fields"]) {
    out << "  " << field["key"].get<std::string>() << ": " << field["form"].get<std::string>() << "    # "
        << field["prompt"].get<std::string>() << "\n";
  }
  out << "\nstart from exercises/" << report["chapter"].get<std::string>() << "/ex"
      << report["number"].get<int>() << "_answer.txt, then: simatlas exercise " << chapter << " "
      << report["number"].get<int>() << " --answer FILE\n";
}

// Grades: each field right or wrong, then the evidence, then the reason. Returns the exit code.
int PrintGrade(const nlohmann::json& report, std::ostream& out, std::ostream& err) {
  const auto& graded = report["graded"];
  out << report["section"].get<std::string>() << ", exercise " << report["number"].get<int>() << ": "
      << report["question"].get<std::string>() << "\n\nyour answer (" << graded["origin"].get<std::string>()
      << "):\n";
  for (const auto& field : graded["fields"]) {
    out << "  " << (field["agrees"].get<bool>() ? "right" : "WRONG") << "  " << field["key"].get<std::string>()
        << ": " << field["message"].get<std::string>() << "\n";
  }
  out << "\nevidence (reference engine):\n";
  for (const auto& line : report["evidence"]) out << "  " << line.get<std::string>() << "\n";
  out << "\nreason: " << report["reason"].get<std::string>() << "\n";
  // The reference solution must agree with the evidence, or the exercise itself is wrong.
  if (report["solution"].is_null() || !report["solution"]["passed"].get<bool>()) {
    err << "simatlas exercise: the evidence does not support the reference solution; the exercise or the "
           "engine is wrong\n";
    return 1;
  }
  const bool passed = graded["passed"].get<bool>();
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

int RunExerciseCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  const std::string usage =
      "usage: simatlas exercise --list | simatlas exercise CHAPTER N [--answer FILE]  "
      "(CHAPTER: e3-geometry, e3-sap, mj-solvers)\n";
  if (args.size() == 1 && args[0] == "--list") return List(out, err);
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
    err << "simatlas exercise: unknown chapter '" << args[0] << "' (one of e3-geometry, e3-sap, mj-solvers)\n";
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
  if (args.size() == 2) {
    const Run run = RunExercise(folder, n, {{"SIMATLAS_EXERCISE_QUESTION_ONLY", "1"}});
    if (!run.report) {
      err << "simatlas exercise: " << run.error << "\n";
      return 1;
    }
    PrintQuestion(*run.report, chapter, out);
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
  // A file that is not an answer sheet ("line without ':'", a repeated key) is bad input.
  if (!(*run.report)["error"].get<std::string>().empty()) {
    err << "simatlas exercise: " << (*run.report)["error"].get<std::string>() << "\n";
    return kExitBadInput;
  }
  return PrintGrade(*run.report, out, err);
}

}  // namespace simatlas::tools
