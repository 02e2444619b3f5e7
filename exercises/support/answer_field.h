#pragma once
/// @file
/// The checkable fields an exercise asks for: a yes/no, a number with a unit and a tolerance,
/// or a choice among named options. Never free text only (exercises/README.md).

#include <string>
#include <variant>
#include <vector>

namespace simatlas::exercises {

/// What a field holds.
enum class AnswerKind {
  kYesNo,   ///< "yes" or "no"
  kNumber,  ///< a number, optionally followed by the field's unit
  kChoice,  ///< one word from the field's choices
};

/// One field of an exercise's answer.
struct AnswerField {
  std::string key;                       ///< key in the answer file
  AnswerKind kind = AnswerKind::kYesNo;  ///< the form the answer takes (yes/no, number, choice)
  std::string prompt;                    ///< what the field means, printed with the question
  std::string unit;                      ///< numbers: SI unit ("1" dimensionless)
  double relative_tolerance = 0.0;   ///< numbers: |given − expected| ≤ rel·|expected| + abs
  double absolute_tolerance = 0.0;   ///< numbers: for expected values at or near zero
  std::vector<std::string> choices;  ///< choices: the allowed words
};

/// A yes/no field.
AnswerField YesNo(std::string key, std::string prompt);
/// A number field with its unit and tolerance.
AnswerField Number(std::string key, std::string unit, std::string prompt, double relative_tolerance,
                   double absolute_tolerance = 0.0);
/// A choice among named options.
AnswerField Choice(std::string key, std::string prompt, std::vector<std::string> choices);

/// A field's value: yes/no as bool, number as double, choice as its word.
using AnswerValue = std::variant<bool, double, std::string>;

/// Reads text as a value of field ("Yes"/"no" any case; "5e4" or "5e4 N/m"; a listed word).
/// Anything else is an InputError naming the key, the text and the expected form.
AnswerValue ParseAnswerValue(const AnswerField& field, const std::string& text);

/// The value as text ("yes", "50000 N/m", "throws").
std::string FormatAnswerValue(const AnswerField& field, const AnswerValue& value);

/// The expected form of the field ("yes|no", "<number> N/m, within 1%", "throws|point_pair").
std::string DescribeForm(const AnswerField& field);

/// True if given agrees with expected (numbers within the field's tolerance).
bool Agrees(const AnswerField& field, const AnswerValue& given, const AnswerValue& expected);

}  // namespace simatlas::exercises
