// Checkable answer fields: parsing a student's text and comparing it with the evidence.
#include "exercises/support/answer_field.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <sstream>

#include "reference/core/errors.h"
#include "reference/core/parse.h"

namespace simatlas::exercises {

namespace {

std::string Lower(std::string text) {
  std::transform(text.begin(), text.end(), text.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return text;
}

// "key = "text" must be <form>" as an InputError.
[[noreturn]] void ThrowBadValue(const AnswerField& field, const std::string& text) {
  throw core::InputError(field.key + " = \"" + text + "\" must be " + DescribeForm(field));
}

// Removes a trailing " <unit>" (the field's own unit) from a number's text.
std::string WithoutUnit(const AnswerField& field, const std::string& text) {
  const std::string suffix = " " + field.unit;
  if (!field.unit.empty() && text.size() > suffix.size() &&
      text.compare(text.size() - suffix.size(), suffix.size(), suffix) == 0) {
    return text.substr(0, text.size() - suffix.size());
  }
  return text;
}

}  // namespace

AnswerField YesNo(std::string key, std::string prompt) {
  AnswerField field;
  field.key = std::move(key);
  field.kind = AnswerKind::kYesNo;
  field.prompt = std::move(prompt);
  return field;
}

AnswerField Number(std::string key, std::string unit, std::string prompt, double relative_tolerance,
                   double absolute_tolerance) {
  AnswerField field;
  field.key = std::move(key);
  field.kind = AnswerKind::kNumber;
  field.prompt = std::move(prompt);
  field.unit = std::move(unit);
  field.relative_tolerance = relative_tolerance;
  field.absolute_tolerance = absolute_tolerance;
  return field;
}

AnswerField Choice(std::string key, std::string prompt, std::vector<std::string> choices) {
  AnswerField field;
  field.key = std::move(key);
  field.kind = AnswerKind::kChoice;
  field.prompt = std::move(prompt);
  field.choices = std::move(choices);
  return field;
}

AnswerValue ParseAnswerValue(const AnswerField& field, const std::string& text) {
  switch (field.kind) {
    case AnswerKind::kYesNo: {
      const std::string word = Lower(text);
      if (word == "yes") return true;
      if (word == "no") return false;
      ThrowBadValue(field, text);
    }
    case AnswerKind::kNumber: {
      try {
        return core::ParseNumber(field.key, WithoutUnit(field, text));
      } catch (const core::InputError&) {
        ThrowBadValue(field, text);
      }
    }
    case AnswerKind::kChoice: {
      const std::string word = Lower(text);
      if (std::find(field.choices.begin(), field.choices.end(), word) != field.choices.end()) {
        return word;
      }
      ThrowBadValue(field, text);
    }
  }
  ThrowBadValue(field, text);
}

std::string FormatAnswerValue(const AnswerField& field, const AnswerValue& value) {
  if (const bool* yes = std::get_if<bool>(&value)) return *yes ? "yes" : "no";
  if (const double* number = std::get_if<double>(&value)) {
    std::ostringstream text;
    text.precision(6);
    text << *number;
    if (!field.unit.empty() && field.unit != "1") text << " " << field.unit;
    return text.str();
  }
  return std::get<std::string>(value);
}

std::string DescribeForm(const AnswerField& field) {
  switch (field.kind) {
    case AnswerKind::kYesNo: return "yes|no";
    case AnswerKind::kNumber: {
      std::ostringstream form;
      form << "<number>";
      if (!field.unit.empty() && field.unit != "1") form << " [" << field.unit << "]";
      if (field.relative_tolerance > 0)
        form << ", within " << field.relative_tolerance * 100 << "%";
      if (field.absolute_tolerance > 0) {
        form << (field.relative_tolerance > 0 ? " or " : ", within ") << field.absolute_tolerance;
      }
      return form.str();
    }
    case AnswerKind::kChoice: {
      std::string form;
      for (const std::string& choice : field.choices) form += (form.empty() ? "" : "|") + choice;
      return form;
    }
  }
  return "";
}

bool Agrees(const AnswerField& field, const AnswerValue& given, const AnswerValue& expected) {
  if (given.index() != expected.index()) return false;
  if (field.kind != AnswerKind::kNumber) return given == expected;
  // |given − expected| ≤ rel·|expected| + abs
  const double a = std::get<double>(given);
  const double b = std::get<double>(expected);
  return std::abs(a - b) <= field.relative_tolerance * std::abs(b) + field.absolute_tolerance;
}

}  // namespace simatlas::exercises
