#pragma once
/// @file
/// An answer file of a reading exercise: a tiny "key: value" format (exercises/README.md).
///
///   # a comment line (ignored), blank lines ignored
///   answer: no                      <- one key per line, first ':' separates key and value
///   combined_stiffness: 50000 N/m   <- a number may carry the field's unit after it
///   strict_outcome: throws          # text after " #" is a comment
///
/// Keys are lower_snake_case words. A key given twice or a line without ':' is an InputError
/// naming the file and line. Parsing knows nothing about an exercise; answer_field.h reads
/// the values.

#include <filesystem>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace simatlas::exercises {

/// The entries of one answer file, in file order.
class AnswerSheet {
 public:
  /// Parses text; origin (a path) names the source in error messages.
  static AnswerSheet Parse(std::string_view text, std::string origin);
  /// Reads and parses path; a missing file is an InputError naming it.
  static AnswerSheet Load(const std::filesystem::path& path);

  /// True if key was given.
  bool Has(const std::string& key) const;
  /// The value of key (trimmed, comment removed); InputError if absent.
  const std::string& Get(const std::string& key) const;
  /// Every (key, value) in file order.
  const std::vector<std::pair<std::string, std::string>>& entries() const { return entries_; }
  /// Where the sheet came from (a path, or a label for parsed text).
  const std::string& origin() const { return origin_; }

 private:
  std::string origin_;
  std::vector<std::pair<std::string, std::string>> entries_;
};

}  // namespace simatlas::exercises
