#pragma once
/// @file
/// The exercise protocol (exercises/README.md). A reading exercise, inside one GoogleTest:
///   1. StateQuestion prints the question, the fields to answer and the files read;
///   2. the test computes the evidence with the reference engine, printing each line
///      (Evidence::Show) and recording the value each field must have (Evidence::Imply);
///   3. CheckAnswers checks that the evidence supports the reference solution
///      (`exercises/<chapter>/ex<N>_solution.txt`) — a failure there means the exercise or the
///      engine is wrong — and then grades the chosen answer file against the evidence.
/// Which file is graded: the CMake cache variable SIMATLAS_EXERCISE_ANSWERS ("solutions",
/// the default used by CI, or "answers", the student's `exercises/<chapter>/ex<N>_answer.txt`),
/// overridable at run time with the environment variable of the same name (solutions, answers,
/// or a directory holding `<chapter>/<N>.txt`).

#include <filesystem>
#include <map>
#include <ostream>
#include <string>
#include <vector>

#include "exercises/support/answer_field.h"
#include "exercises/support/answer_sheet.h"

namespace simatlas::exercises {

/// One reading exercise.
struct Exercise {
  std::string
      chapter;     ///< chapter as the CLI names it, its folder under exercises/ ("e3-geometry")
  int number = 0;  ///< N: the answer form is `<chapter>/ex<N>_answer.txt`
  std::string section;              ///< course section ("E3-geometry §5")
  std::string question;             ///< as the course asks it
  std::vector<AnswerField> fields;  ///< what an answer must give
};

/// What the reference engine shows: printed lines, and the value each field must have.
class Evidence {
 public:
  /// Prints one line of evidence ("  evidence: …") and keeps it.
  void Show(const std::string& line);
  /// Records the value the evidence gives the field key.
  void Imply(const std::string& key, AnswerValue value);
  /// True if the evidence gives key a value.
  bool Implies(const std::string& key) const;
  /// The value the evidence gives key (std::out_of_range if none).
  const AnswerValue& Implied(const std::string& key) const;
  /// Every printed line, in order.
  const std::vector<std::string>& lines() const { return lines_; }

 private:
  std::vector<std::string> lines_;
  std::map<std::string, AnswerValue> implied_;
};

/// The grade of one field.
struct FieldVerdict {
  std::string key;      ///< the field's key in the answer file
  bool agrees = false;  ///< true if the answer gives the value the evidence implies
  std::string message;  ///< "ok: no" or what is wrong and what to write
};

/// The grade of one answer file.
struct Verdict {
  std::string origin;                ///< the graded file
  bool passed = false;               ///< every field agrees and no unknown key is present
  std::vector<FieldVerdict> fields;  ///< one verdict per field, unknown keys included
};

/// Grades sheet against the evidence, field by field. A missing, malformed or disagreeing
/// field fails, and so does an unknown key (a typo must not pass silently).
Verdict Grade(const Exercise& exercise, const AnswerSheet& sheet, const Evidence& evidence);

/// The verdict as printed lines.
std::string FormatVerdict(const Verdict& verdict);

/// Why sheet cannot be graded, one line per problem, or none: the unchanged blank form (no key
/// given), a missing or empty field, a value not of its field's form, a key the exercise does
/// not ask for. A sheet with problems is a bad answer file (`simatlas exercise` exits 2 and
/// shows neither evidence nor reason); only a well-formed sheet is right or wrong.
std::vector<std::string> FormProblems(const Exercise& exercise, const AnswerSheet& sheet);

/// "answers" or "solutions" (or a directory) — what is graded (see the file comment).
std::string GradedAnswersLabel();
/// The answer file of exercise for mode: "answers" `exercises/<chapter>/ex<N>_answer.txt`,
/// "solutions" `exercises/<chapter>/ex<N>_solution.txt`, a directory `dir/<chapter>/<N>.txt`.
std::filesystem::path AnswerPath(const std::string& mode, const Exercise& exercise);

/// Prints the question, each field's key, meaning and form, and the files read.
void StateQuestion(const Exercise& exercise, std::ostream& out);

/// Ends the protocol inside a GoogleTest: every field must be implied by the evidence, the
/// reference solution must agree with it, and the graded answer file must agree with it.
/// Prints both verdicts; each disagreement is a test failure with its message.
void CheckAnswers(const Exercise& exercise, const Evidence& evidence);

}  // namespace simatlas::exercises
