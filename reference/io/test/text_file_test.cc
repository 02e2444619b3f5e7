// DESIGN.md "Conventions": a file error names the file and the system's reason.
// Text files: errors name the file, its role and the system's reason. The reasons are
// the C library's strerror texts for ENOENT, ENOTDIR and EISDIR; the cases are chosen so they
// hold for root too (CI runs as root, for whom "Permission denied" cannot be provoked).
#include "reference/io/text_file.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "reference/core/errors.h"
#include "reference/io/test/input_error_of.h"

namespace simatlas::io {
namespace {

std::filesystem::path Scratch(const std::string& name) {
  const auto dir = std::filesystem::temp_directory_path() / "simatlas_text_file_test";
  std::filesystem::create_directories(dir);
  return dir / name;
}

TEST(TextFile, ReadsTheWholeFile) {
  const auto path = Scratch("three_lines.txt");
  std::ofstream(path) << "a\nb\n\nc";
  EXPECT_EQ(ReadTextFile(path.string(), "file"), "a\nb\n\nc");
}

TEST(TextFile, ReadErrorsGiveTheSystemsReason) {
  EXPECT_EQ(InputErrorOf([] { ReadTextFile("/nonexistent/problem.json", "problem file"); }),
            "problem file /nonexistent/problem.json cannot be read: No such file or directory");
  // A regular file used as a directory: ENOTDIR.
  const auto file = Scratch("plain.txt");
  std::ofstream(file) << "x";
  EXPECT_EQ(InputErrorOf([&] { ReadTextFile((file / "inner.json").string(), "file"); }),
            "file " + (file / "inner.json").string() + " cannot be read: Not a directory");
  const auto dir = Scratch("");
  EXPECT_EQ(InputErrorOf([&] { ReadTextFile(dir.string(), "answer file"); }),
            "answer file " + dir.string() + " cannot be read: Is a directory");
}

TEST(TextFile, WriteErrorsGiveTheSystemsReason) {
  EXPECT_EQ(InputErrorOf([] { OpenForWriting("/nonexistent/dir/run.csv", "--csv file"); }),
            "--csv file /nonexistent/dir/run.csv cannot be opened for writing: No such file or "
            "directory");
  const auto dir = Scratch("");
  EXPECT_EQ(InputErrorOf([&] { OpenForWriting(dir.string(), "--csv file"); }),
            "--csv file " + dir.string() + " cannot be opened for writing: Is a directory");
  const auto path = Scratch("out.csv");
  { OpenForWriting(path.string(), "--csv file") << "t,q0\n"; }
  EXPECT_EQ(ReadTextFile(path.string(), "file"), "t,q0\n");
}

// Python's json.dump writes float("nan") and ±inf as bare NaN / Infinity / -Infinity, which JSON
// does not allow: the error names the key path of the first one, not a parser column.
TEST(TextFile, NonFiniteLiteralsAreNamedByTheirKeyPath) {
  const auto path = Scratch("nonfinite.json");
  std::ofstream(path) << R"({"name": "NaN Infinity", "contacts": [{}, {}, {"friction": [NaN, 1]}],)"
                      << R"( "h": -Infinity})";
  EXPECT_EQ(
      InputErrorOf([&] { ReadJsonFile(path.string(), "file"); }),
      "file " + path.string() +
          ": contacts[2].friction[0] = NaN (and 1 more such value) is not a "
          "JSON number (Python's json.dump writes NaN and ±inf this way); write a finite number there");
  std::ofstream(path) << R"({"a": {"b": [1, 2, Infinity]}})";
  EXPECT_NE(
      InputErrorOf([&] { ReadJsonFile(path.string(), "file"); }).find(": a.b[2] = Infinity is not"),
      std::string::npos);
  // Inside strings and inside other words the letters are not literals; a file that is invalid
  // for another reason keeps the parser's message.
  std::ofstream(path) << R"({"label": "NaN", "xNaN": 1})";
  EXPECT_EQ(ReadJsonFile(path.string(), "file")["label"], "NaN");
  std::ofstream(path) << R"({"a": NaN,})";
  EXPECT_NE(InputErrorOf([&] { ReadJsonFile(path.string(), "file"); }).find("is not valid JSON"),
            std::string::npos);
}

}  // namespace
}  // namespace simatlas::io
