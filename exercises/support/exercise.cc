// The exercise protocol: question, evidence, reference check, grading (exercises/README.md).
#include "exercises/support/exercise.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <iostream>
#include <sstream>

#include "exercises/support/exercise_report.h"
#include "reference/core/errors.h"

#ifndef SIMATLAS_EXERCISES_SOURCE_DIR
#error "SIMATLAS_EXERCISES_SOURCE_DIR must name the exercises/ folder"
#endif
#ifndef SIMATLAS_EXERCISE_ANSWERS
#error "SIMATLAS_EXERCISE_ANSWERS must be solutions or answers"
#endif

namespace simatlas::exercises {

void Evidence::Show(const std::string& line) {
  std::cout << "  evidence: " << line << "\n";
  lines_.push_back(line);
}

void Evidence::Imply(const std::string& key, AnswerValue value) {
  implied_[key] = std::move(value);
}

bool Evidence::Implies(const std::string& key) const { return implied_.count(key) > 0; }

const AnswerValue& Evidence::Implied(const std::string& key) const { return implied_.at(key); }

namespace {

// Grades one field of the sheet.
FieldVerdict GradeField(const AnswerField& field, const AnswerSheet& sheet,
                        const Evidence& evidence) {
  FieldVerdict verdict{field.key, false, ""};
  const std::string how = "write \"" + field.key + ": " + DescribeForm(field) + "\"";
  // Missing or empty.
  if (!sheet.Has(field.key) || sheet.Get(field.key).empty()) {
    verdict.message = "missing: " + how;
    return verdict;
  }
  // Malformed.
  AnswerValue given;
  try {
    given = ParseAnswerValue(field, sheet.Get(field.key));
  } catch (const core::InputError& error) {
    verdict.message = std::string("malformed: ") + error.what();
    return verdict;
  }
  // Compared with the evidence (none given: the form is checked only).
  if (!evidence.Implies(field.key)) {
    verdict.message = "well-formed: " + FormatAnswerValue(field, given);
    return verdict;
  }
  const AnswerValue& expected = evidence.Implied(field.key);
  verdict.agrees = Agrees(field, given, expected);
  verdict.message = (verdict.agrees ? "ok: " : "wrong: ") + FormatAnswerValue(field, given) +
                    (verdict.agrees ? "" : " (the evidence disagrees)");
  return verdict;
}

}  // namespace

Verdict Grade(const Exercise& exercise, const AnswerSheet& sheet, const Evidence& evidence) {
  Verdict verdict;
  verdict.origin = sheet.origin();
  // Each asked field.
  for (const AnswerField& field : exercise.fields) {
    verdict.fields.push_back(GradeField(field, sheet, evidence));
  }
  // Each key the exercise does not ask for (a typo such as "anwser").
  for (const auto& [key, value] : sheet.entries()) {
    bool known = false;
    for (const AnswerField& field : exercise.fields) known = known || field.key == key;
    if (!known)
      verdict.fields.push_back({key, false, "unknown key (this exercise asks for other keys)"});
  }
  verdict.passed = true;
  for (const FieldVerdict& field : verdict.fields) verdict.passed = verdict.passed && field.agrees;
  return verdict;
}

std::string FormatVerdict(const Verdict& verdict) {
  std::ostringstream out;
  out << "  " << (verdict.passed ? "PASS" : "FAIL") << " " << verdict.origin << "\n";
  for (const FieldVerdict& field : verdict.fields) {
    out << "    " << field.key << ": " << field.message << "\n";
  }
  return out.str();
}

std::vector<std::string> FormProblems(const Exercise& exercise, const AnswerSheet& sheet) {
  std::string keys;
  for (const AnswerField& field : exercise.fields) keys += (keys.empty() ? "" : ", ") + field.key;
  // The shipped form, unchanged: every key still commented out.
  if (sheet.entries().empty()) {
    return {"answer file " + sheet.origin() +
            " gives no answer (the blank form: every key is "
            "commented out); remove the '#' before each key (" +
            keys + ") and fill it in"};
  }
  std::vector<std::string> problems;
  for (const FieldVerdict& field : Grade(exercise, sheet, Evidence()).fields) {
    const bool unknown = field.message.rfind("unknown key", 0) == 0;
    if (unknown) {
      problems.push_back(sheet.origin() + ": " + field.key +
                         ": unknown key (this exercise asks for " + keys + ")");
    } else if (field.message.rfind("missing", 0) == 0 || field.message.rfind("malformed", 0) == 0) {
      problems.push_back(sheet.origin() + ": " + field.key + ": " + field.message);
    }
  }
  return problems;
}

std::string GradedAnswersLabel() {
  const char* override_mode = std::getenv("SIMATLAS_EXERCISE_ANSWERS");
  return override_mode != nullptr && *override_mode != '\0' ? override_mode
                                                            : SIMATLAS_EXERCISE_ANSWERS;
}

std::filesystem::path AnswerPath(const std::string& mode, const Exercise& exercise) {
  const std::string n = std::to_string(exercise.number);
  const std::filesystem::path folder =
      std::filesystem::path(SIMATLAS_EXERCISES_SOURCE_DIR) / exercise.chapter;
  if (mode == "answers") return folder / ("ex" + n + "_answer.txt");
  if (mode == "solutions") return folder / ("ex" + n + "_solution.txt");
  return std::filesystem::path(mode) / exercise.chapter / (n + ".txt");
}

void StateQuestion(const Exercise& exercise, std::ostream& out) {
  out << "\n[" << exercise.section << ", exercise " << exercise.number << "] " << exercise.question
      << "\n";
  const auto override_file = AnswerFileOverride();
  out << "  answer in "
      << (override_file ? *override_file : AnswerPath(GradedAnswersLabel(), exercise)).string()
      << " (graded: " << (override_file ? "the given file" : GradedAnswersLabel()) << ") with:\n";
  for (const AnswerField& field : exercise.fields) {
    out << "    " << field.key << ": " << DescribeForm(field) << "    # " << field.prompt << "\n";
  }
  // Question-only mode (simatlas exercise CHAPTER N): report the question and stop here.
  if (QuestionOnlyMode()) {
    ExerciseReport report;
    report.exercise = &exercise;
    WriteExerciseReport(report);
    throw QuestionOnly{};
  }
}

void CheckAnswers(const Exercise& exercise, const Evidence& evidence) {
  // The evidence must speak to every field, or the exercise itself is incomplete.
  for (const AnswerField& field : exercise.fields) {
    ASSERT_TRUE(evidence.Implies(field.key))
        << "exercise " << exercise.number << ": the evidence gives no value for " << field.key;
  }
  // The reference solution must agree with the evidence (else exercise or engine is wrong).
  const std::filesystem::path solution_path = AnswerPath("solutions", exercise);
  const AnswerSheet solution = AnswerSheet::Load(solution_path);
  const Verdict reference = Grade(exercise, solution, evidence);
  std::cout << "  reference solution:\n" << FormatVerdict(reference);
  EXPECT_TRUE(reference.passed) << "the evidence does not support the reference solution "
                                << solution.origin();
  ExerciseReport report{&exercise,
                        &evidence,
                        reference,
                        std::nullopt,
                        SolutionReason(solution_path),
                        "",
                        SolutionHint(solution_path)};
  // The graded answer (solutions, the student's answers, or SIMATLAS_EXERCISE_ANSWER_FILE) must
  // agree with the evidence.
  const std::filesystem::path graded_path =
      AnswerFileOverride().value_or(AnswerPath(GradedAnswersLabel(), exercise));
  if (graded_path == solution_path) {
    report.graded = reference;  // graded just above
  } else {
    try {
      const AnswerSheet sheet = AnswerSheet::Load(graded_path);
      const Verdict graded = Grade(exercise, sheet, evidence);
      report.graded = graded;
      std::cout << "  your answer:\n" << FormatVerdict(graded);
      // A blank or malformed sheet is a bad file, not a wrong answer (no evidence is shown).
      for (const std::string& problem : FormProblems(exercise, sheet)) {
        report.error += (report.error.empty() ? "" : "\n") + problem;
      }
      EXPECT_TRUE(graded.passed) << "answer " << graded_path.string() << " does not agree with "
                                 << "the evidence printed above:\n"
                                 << FormatVerdict(graded);
    } catch (const core::InputError& error) {
      report.error = error.what();
      ADD_FAILURE() << "answer file not readable: " << error.what();
    }
  }
  WriteExerciseReport(report);
}

}  // namespace simatlas::exercises
