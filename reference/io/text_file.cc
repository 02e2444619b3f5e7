// DESIGN.md "Conventions": a file error names the file and the system's reason.
// Text files with the system's reason on failure (issue 20). The reason is strerror(errno) of
// the failing open/read; a directory is named as such (std::ifstream opens a directory on Linux
// and fails only at the first read, with no errno of its own).
#include "reference/io/text_file.h"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <sstream>
#include <system_error>

#include "reference/core/errors.h"

namespace simatlas::io {

namespace {

// The system's description of errno (e.g. "No such file or directory").
std::string SystemReason(int error) { return std::strerror(error); }

}  // namespace

std::string ReadTextFile(const std::string& path, const std::string& what) {
  const std::string prefix = what + " " + path + " cannot be read: ";
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) throw core::InputError(prefix + SystemReason(EISDIR));
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
  if (std::filesystem::is_directory(path, ec)) throw core::InputError(prefix + SystemReason(EISDIR));
  errno = 0;
  std::ofstream out(path);
  if (!out) throw core::InputError(prefix + SystemReason(errno != 0 ? errno : EACCES));
  return out;
}

nlohmann::json ReadJsonFile(const std::string& path, const std::string& what) {
  const std::string text = ReadTextFile(path, what);
  try {
    return nlohmann::json::parse(text);
  } catch (const nlohmann::json::exception& e) {
    throw core::InputError(what + " " + path + " is not valid JSON: " + e.what());
  }
}

}  // namespace simatlas::io
