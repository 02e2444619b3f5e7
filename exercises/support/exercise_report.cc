// The reading exercises (E3-geometry §5, E3-SAP §6, MJ-solvers §10): the exercise protocol's
// report for `simatlas exercise` (exercises/README.md): environment
// switches and the JSON file an exercise program writes.
#include "exercises/support/exercise_report.h"

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "reference/core/errors.h"

namespace simatlas::exercises {

namespace {

// The value of an environment variable, or "" if unset.
std::string Environment(const char* name) {
  const char* value = std::getenv(name);
  return value == nullptr ? "" : value;
}

// A verdict as {origin, passed, fields: [{key, agrees, message}]}.
nlohmann::ordered_json VerdictJson(const Verdict& verdict) {
  nlohmann::ordered_json fields = nlohmann::ordered_json::array();
  for (const FieldVerdict& field : verdict.fields) {
    fields.push_back({{"key", field.key}, {"agrees", field.agrees}, {"message", field.message}});
  }
  return {{"origin", verdict.origin}, {"passed", verdict.passed}, {"fields", fields}};
}

}  // namespace

std::optional<std::filesystem::path> AnswerFileOverride() {
  const std::string file = Environment("SIMATLAS_EXERCISE_ANSWER_FILE");
  if (file.empty()) return std::nullopt;
  return std::filesystem::path(file);
}

bool QuestionOnlyMode() { return !Environment("SIMATLAS_EXERCISE_QUESTION_ONLY").empty(); }

void WriteExerciseReport(const ExerciseReport& report) {
  const std::string path = Environment("SIMATLAS_EXERCISE_REPORT");
  if (path.empty() || report.exercise == nullptr) return;
  const Exercise& exercise = *report.exercise;
  nlohmann::ordered_json fields = nlohmann::ordered_json::array();
  for (const AnswerField& field : exercise.fields) {
    fields.push_back({{"key", field.key}, {"form", DescribeForm(field)}, {"prompt", field.prompt}});
  }
  nlohmann::ordered_json json = {{"chapter", exercise.chapter},
                                 {"number", exercise.number},
                                 {"section", exercise.section},
                                 {"question", exercise.question},
                                 {"fields", fields}};
  json["evidence"] = report.evidence ? nlohmann::ordered_json(report.evidence->lines())
                                     : nlohmann::ordered_json::array();
  json["solution"] = report.solution ? VerdictJson(*report.solution) : nlohmann::ordered_json();
  json["graded"] = report.graded ? VerdictJson(*report.graded) : nlohmann::ordered_json();
  json["reason"] = report.reason;
  json["error"] = report.error;
  json["hint"] = report.hint;
  std::ofstream file(path);
  if (file) file << json.dump(1) << "\n";
  if (!file) {
    throw core::InputError("exercise report " + path + " cannot be written (" +
                           std::strerror(errno) + ")");
  }
}

namespace {

// The comment lines of a solution file after its title line, without the leading "# ", that
// start with "hint:" (hint = true, without that word) or do not (hint = false), joined by spaces.
std::string SolutionComments(const std::filesystem::path& solution_file, bool hint) {
  std::ifstream file(solution_file);
  std::string line, text;
  bool title = true;
  while (std::getline(file, line)) {
    if (line.rfind("#", 0) != 0) continue;
    // The first comment line is the title ("E3-SAP §6, exercise 6 — reference solution.").
    if (title) {
      title = false;
      continue;
    }
    std::size_t start = line.find_first_not_of("# ");
    if (start == std::string::npos) continue;
    const bool is_hint = line.compare(start, 5, "hint:") == 0;
    if (is_hint != hint) continue;
    if (is_hint) start = line.find_first_not_of(' ', start + 5);
    if (start == std::string::npos) continue;
    text += (text.empty() ? "" : " ") + line.substr(start);
  }
  return text;
}

}  // namespace

std::string SolutionReason(const std::filesystem::path& solution_file) {
  return SolutionComments(solution_file, false);
}

std::string SolutionHint(const std::filesystem::path& solution_file) {
  return SolutionComments(solution_file, true);
}

}  // namespace simatlas::exercises
