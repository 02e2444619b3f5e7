#pragma once
/// @file
/// DESIGN.md "Conventions" — text files whose errors name the file and the system's reason.
/// Reading and creating the project's text files (problem files, answer sheets, CSV output) with
/// errors that name the file and the system's reason: "No such file or directory",
/// "Permission denied", "Is a directory".

#include <fstream>
#include <string>

#include <nlohmann/json.hpp>

namespace simatlas::io {

/// The whole content of the file at path. `what` names the file's role in the message
/// ("problem file", "answer file"). Throws core::InputError "<what> <path> cannot be read: <reason>"
/// with the system's reason (strerror of open/read), and "<what> <path> cannot be read: Is a
/// directory" for a directory.
std::string ReadTextFile(const std::string& path, const std::string& what);

/// The JSON document in the file at path (ReadTextFile, then the parse). Throws core::InputError
/// "<what> <path> is not valid JSON: <parser's reason>" for syntax errors and numbers beyond a
/// double (1e999) alike. A bare NaN, Infinity or -Infinity (what Python's json.dump writes for
/// non-finite floats) is refused by the key path that holds it: "<what> <path>:
/// contacts[2].friction[0] = NaN is not a JSON number …" (the first in the file).
nlohmann::json ReadJsonFile(const std::string& path, const std::string& what);

/// text parsed as JSON after the bare words NaN, Infinity and -Infinity outside strings (what
/// Python's json.dumps writes for non-finite floats) are read as null, "inf" and "-inf" (the law
/// protocol's spellings, reference/laws/law_json.h). For `simatlas check`'s answers, where a NaN
/// is a wrong answer to report with its inputs, not a syntax error. Throws
/// nlohmann::json::parse_error for any other syntax error.
nlohmann::json ParseJsonWithNonFiniteLiterals(const std::string& text);

/// A stream writing to path, created or truncated. Throws core::InputError "<what> <path> cannot be
/// opened for writing: <reason>" with the system's reason.
std::ofstream OpenForWriting(const std::string& path, const std::string& what);

}  // namespace simatlas::io
