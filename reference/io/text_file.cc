// DESIGN.md "Conventions": a file error names the file and the system's reason.
// Text files with the system's reason on failure. The reason is strerror(errno) of
// the failing open/read; a directory is named as such (std::ifstream opens a directory on Linux
// and fails only at the first read, with no errno of its own).
#include "reference/io/text_file.h"

#include <cctype>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <functional>
#include <map>
#include <sstream>
#include <system_error>
#include <vector>

#include "reference/core/errors.h"

namespace simatlas::io {

namespace {

// The system's description of errno (e.g. "No such file or directory").
std::string SystemReason(int error) { return std::strerror(error); }

// JSON has no NaN or infinity, but Python's json.dump writes float("nan") and ±inf as the bare
// words NaN, Infinity and -Infinity. These literals (outside strings, as whole words), in order.
std::vector<std::pair<std::size_t, std::string>> NonFiniteLiterals(const std::string& text) {
  std::vector<std::pair<std::size_t, std::string>> found;
  const auto word_char = [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.';
  };
  bool in_string = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (in_string) {
      if (c == '\\')
        ++i;  // skip the escaped character
      else if (c == '"')
        in_string = false;
      continue;
    }
    if (c == '"') {
      in_string = true;
      continue;
    }
    if (i > 0 && word_char(text[i - 1])) continue;
    for (const char* literal : {"NaN", "Infinity", "-Infinity"}) {
      const std::string word(literal);
      if (text.compare(i, word.size(), word) == 0 &&
          (i + word.size() == text.size() || !word_char(text[i + word.size()]))) {
        found.emplace_back(i, word);
        i += word.size() - 1;
        break;
      }
    }
  }
  return found;
}

// text with the k-th literal replaced by spelling(k, literal).
std::string ReplaceLiterals(
    const std::string& text, const std::vector<std::pair<std::size_t, std::string>>& literals,
    const std::function<std::string(std::size_t, const std::string&)>& spelling) {
  std::string out;
  std::size_t from = 0;
  for (std::size_t k = 0; k < literals.size(); ++k) {
    out += text.substr(from, literals[k].first - from) + spelling(k, literals[k].second);
    from = literals[k].first + literals[k].second.size();
  }
  return out + text.substr(from);
}

// The marker standing for the k-th non-finite literal while the rest of the file is parsed
// (a control character, which a JSON string cannot hold unescaped, makes it unambiguous).
std::string Marker(std::size_t k) { return "\\u0001nonfinite " + std::to_string(k); }

// Where marker strings sit in doc, as key paths ("contacts[2].friction[0]"), by marker index.
void FindMarkers(const nlohmann::json& doc, const std::string& path,
                 std::map<std::size_t, std::string>& where) {
  if (doc.is_string()) {
    const std::string& s = doc.get_ref<const std::string&>();
    const std::string prefix = "\x01nonfinite ";
    if (s.rfind(prefix, 0) == 0) {
      where[std::stoul(s.substr(prefix.size()))] = path.empty() ? "(the document)" : path;
    }
  } else if (doc.is_object()) {
    for (const auto& [key, value] : doc.items()) {
      FindMarkers(value, path.empty() ? key : path + "." + key, where);
    }
  } else if (doc.is_array()) {
    for (std::size_t i = 0; i < doc.size(); ++i) {
      FindMarkers(doc[i], path + "[" + std::to_string(i) + "]", where);
    }
  }
}

// Throws the InputError naming the key path of the first NaN/Infinity literal of text, if the
// text parses once each literal stands in for a string (otherwise the parser's own error follows).
void RefuseNonFiniteLiterals(const std::string& text, const std::string& path,
                             const std::string& what) {
  const auto literals = NonFiniteLiterals(text);
  if (literals.empty()) return;
  const std::string marked = ReplaceLiterals(
      text, literals, [](std::size_t k, const std::string&) { return "\"" + Marker(k) + "\""; });
  const nlohmann::json doc = nlohmann::json::parse(marked, nullptr, false);
  if (doc.is_discarded()) return;
  std::map<std::size_t, std::string> where;
  FindMarkers(doc, "", where);
  if (where.empty()) return;
  const auto& [k, key] = *where.begin();
  const std::size_t more = where.size() - 1;
  const std::string others = more == 0 ? ""
                                       : " (and " + std::to_string(more) + " more such value" +
                                             (more > 1 ? "s" : "") + ")";
  throw core::InputError(what + " " + path + ": " + key + " = " + literals[k].second + others +
                         " is not a JSON number (Python's json.dump writes NaN and ±inf this way); "
                         "write a finite number there");
}

}  // namespace

nlohmann::json ParseJsonWithNonFiniteLiterals(const std::string& text) {
  const std::string spelled =
      ReplaceLiterals(text, NonFiniteLiterals(text), [](std::size_t, const std::string& word) {
        return word == "NaN"        ? std::string("null")
               : word == "Infinity" ? std::string("\"inf\"")
                                    : std::string("\"-inf\"");
      });
  return nlohmann::json::parse(spelled);
}

std::string ReadTextFile(const std::string& path, const std::string& what) {
  const std::string prefix = what + " " + path + " cannot be read: ";
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec))
    throw core::InputError(prefix + SystemReason(EISDIR));
  errno = 0;
  std::ifstream in(path, std::ios::binary);
  if (!in) throw core::InputError(prefix + SystemReason(errno != 0 ? errno : ENOENT));
  std::ostringstream text;
  text << in.rdbuf();
  if (in.bad()) throw core::InputError(prefix + SystemReason(errno != 0 ? errno : EIO));
  return text.str();
}

std::ofstream OpenForWriting(const std::string& path, const std::string& what) {
  const std::string prefix = what + " " + path + " cannot be opened for writing: ";
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec))
    throw core::InputError(prefix + SystemReason(EISDIR));
  errno = 0;
  std::ofstream out(path);
  if (!out) throw core::InputError(prefix + SystemReason(errno != 0 ? errno : EACCES));
  return out;
}

nlohmann::json ReadJsonFile(const std::string& path, const std::string& what) {
  const std::string text = ReadTextFile(path, what);
  RefuseNonFiniteLiterals(text, path, what);
  try {
    return nlohmann::json::parse(text);
  } catch (const nlohmann::json::exception& e) {
    throw core::InputError(what + " " + path + " is not valid JSON: " + e.what());
  }
}

}  // namespace simatlas::io
