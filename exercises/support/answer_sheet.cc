// The "key: value" answer-file format of the exercises (exercises/README.md).
#include "exercises/support/answer_sheet.h"

#include <cerrno>
#include <cstring>

#include <algorithm>
#include <cctype>
#include <fstream>
#include <sstream>

#include "reference/core/errors.h"

namespace simatlas::exercises {

namespace {

// Removes leading and trailing blanks.
std::string Trim(std::string_view text) {
  const auto is_blank = [](char c) { return std::isspace(static_cast<unsigned char>(c)) != 0; };
  while (!text.empty() && is_blank(text.front())) text.remove_prefix(1);
  while (!text.empty() && is_blank(text.back())) text.remove_suffix(1);
  return std::string(text);
}

// A key is a lower_snake_case word: [a-z0-9_]+.
bool IsKey(const std::string& key) {
  return !key.empty() && std::all_of(key.begin(), key.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_';
  });
}

// "file:line: message" as an InputError.
[[noreturn]] void ThrowAt(const std::string& origin, int line, const std::string& message) {
  throw core::InputError(origin + ":" + std::to_string(line) + ": " + message);
}

}  // namespace

AnswerSheet AnswerSheet::Parse(std::string_view text, std::string origin) {
  AnswerSheet sheet;
  sheet.origin_ = std::move(origin);
  std::istringstream lines{std::string(text)};
  std::string raw;
  int number = 0;
  while (std::getline(lines, raw)) {
    ++number;
    // A whole-line comment or a blank line carries nothing.
    std::string line = Trim(raw);
    if (line.empty() || line.front() == '#') continue;
    // An inline comment starts at " #".
    if (const auto hash = line.find(" #"); hash != std::string::npos)
      line = Trim(line.substr(0, hash));
    // key: value, split at the first ':'.
    const auto colon = line.find(':');
    if (colon == std::string::npos) {
      ThrowAt(sheet.origin_, number, "line \"" + line + "\" must be \"key: value\"");
    }
    const std::string key = Trim(line.substr(0, colon));
    const std::string value = Trim(line.substr(colon + 1));
    if (!IsKey(key)) {
      ThrowAt(sheet.origin_, number, "key \"" + key + "\" must be a lower_snake_case word");
    }
    if (sheet.Has(key)) ThrowAt(sheet.origin_, number, "key \"" + key + "\" is given twice");
    sheet.entries_.emplace_back(key, value);
  }
  return sheet;
}

AnswerSheet AnswerSheet::Load(const std::filesystem::path& path) {
  // A directory opens as a stream on Linux but cannot be read as text.
  if (std::filesystem::is_directory(path)) {
    throw core::InputError("answer file " + path.string() + " cannot be read (" +
                           std::strerror(EISDIR) + ")");
  }
  std::ifstream file(path);
  if (!file) {
    throw core::InputError("answer file " + path.string() + " cannot be read (" +
                           std::strerror(errno) + ")");
  }
  std::ostringstream text;
  text << file.rdbuf();
  return Parse(text.str(), path.string());
}

bool AnswerSheet::Has(const std::string& key) const {
  return std::any_of(entries_.begin(), entries_.end(),
                     [&](const auto& entry) { return entry.first == key; });
}

const std::string& AnswerSheet::Get(const std::string& key) const {
  for (const auto& [name, value] : entries_) {
    if (name == key) return value;
  }
  throw core::InputError(origin_ + ": key \"" + key + "\" is missing");
}

}  // namespace simatlas::exercises
