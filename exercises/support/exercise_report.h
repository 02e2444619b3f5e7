#pragma once
/// @file
/// The reading exercises (E3-geometry §5, E3-SAP §6, MJ-solvers §10): the machine-readable side
/// of the exercise protocol (exercises/README.md), read by
/// `simatlas exercise`. An exercise program run with these environment variables
///   SIMATLAS_EXERCISE_REPORT=FILE         writes FILE: question, fields, evidence, verdicts, reason
///   SIMATLAS_EXERCISE_ANSWER_FILE=FILE    grades FILE instead of `ANSWERS/CHAPTER/N.txt`
///   SIMATLAS_EXERCISE_QUESTION_ONLY=1     stops after the question (no evidence is computed)
/// does the same checks as its ctest; only what is written and which file is graded change.

#include <optional>
#include <string>

#include "exercises/support/exercise.h"

namespace simatlas::exercises {

/// Thrown by StateQuestion in question-only mode to end the exercise before its evidence.
struct QuestionOnly {};

/// The answer file named by SIMATLAS_EXERCISE_ANSWER_FILE, if set and non-empty.
std::optional<std::filesystem::path> AnswerFileOverride();

/// True if SIMATLAS_EXERCISE_QUESTION_ONLY is set to a non-empty value.
bool QuestionOnlyMode();

/// What one run of an exercise produced; absent parts stay empty.
struct ExerciseReport {
  const Exercise* exercise = nullptr;  ///< the exercise (its question and fields)
  const Evidence* evidence = nullptr;  ///< the evidence shown, or null in question-only mode
  std::optional<Verdict> solution;     ///< the reference solution's grade
  std::optional<Verdict> graded;       ///< the graded answer's grade
  std::string reason;                  ///< the reference solution's explanation (its comments)
  std::string error;                   ///< why the graded answer cannot be graded (unreadable,
                                       ///< blank or malformed: FormProblems), one line each
  std::string hint;                    ///< where to look, without the answer (SolutionHint)
};

/// Writes report as JSON to SIMATLAS_EXERCISE_REPORT, if that is set (does nothing otherwise).
/// Throws core::InputError naming the file and the system's reason if it cannot be written.
void WriteExerciseReport(const ExerciseReport& report);

/// The explanation of a solution file: its comment lines after the first (the title line),
/// without the leading "# ", joined by spaces; "# hint:" lines are not part of it.
std::string SolutionReason(const std::filesystem::path& solution_file);

/// The hint of a solution file: the text of its "# hint: …" comment lines, joined by spaces
/// (where to look and what to evaluate, never the answer), or "" if it has none.
std::string SolutionHint(const std::filesystem::path& solution_file);

}  // namespace simatlas::exercises
