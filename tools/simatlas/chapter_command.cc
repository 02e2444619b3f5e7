// `simatlas chapter`: run the walkthroughs of a chapter (or one section, or all chapters).
#include <filesystem>
#include <fstream>
#include <ostream>
#include <set>
#include <system_error>

#include "chapters/walkthrough.h"
#include "tools/simatlas/commands.h"

namespace simatlas::tools {

namespace {

// Runs the sections that match; returns the number of claims that do not hold.
int RunSections(const std::string& chapter, const std::string& section, std::ostream& out) {
  int failures = 0;
  for (const auto& s : chapters::AllSections()) {
    if (chapter != "all" && s.chapter != chapter) continue;
    if (!section.empty() && s.number != section) continue;
    out << s.chapter << " §" << s.number << "  " << s.title << "\n";
    chapters::Narrator narrator(out);
    s.run(narrator);
    failures += narrator.failures();
    out << "\n";
  }
  return failures;
}

}  // namespace

int RunChapterCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  std::string output_dir;
  std::vector<std::string> rest;
  bool list = false;
  for (std::size_t i = 0; i < args.size(); ++i) {
    if (args[i] == "--output-dir" && i + 1 < args.size()) {
      output_dir = args[++i];
    } else if (args[i] == "--list") {
      list = true;
    } else {
      rest.push_back(args[i]);
    }
  }
  std::set<std::string> chapters;
  for (const auto& s : chapters::AllSections()) chapters.insert(s.chapter);
  if (list) {
    for (const auto& s : chapters::AllSections()) {
      out << s.chapter << " " << s.number << "  " << s.title << "\n";
    }
    return 0;
  }
  if (rest.empty() || rest.size() > 2) {
    err << "usage: simatlas chapter CHAPTER|all [SECTION] [--output-dir DIR] | simatlas chapter --list\n";
    return kExitBadInput;
  }
  const std::string chapter = rest[0];
  const std::string section = rest.size() == 2 ? rest[1] : "";
  if (chapter != "all" && chapters.count(chapter) == 0) {
    err << "simatlas chapter: unknown chapter '" << chapter << "' (simatlas chapter --list)\n";
    return kExitBadInput;
  }
  if (!section.empty()) {
    bool found = false;
    for (const auto& s : chapters::AllSections()) found |= s.chapter == chapter && s.number == section;
    if (!found) {
      err << "simatlas chapter: chapter " << chapter << " has no section '" << section << "'\n";
      return kExitBadInput;
    }
  }
  int failures = 0;
  if (output_dir.empty()) {
    failures = RunSections(chapter, section, out);
  } else {
    // An output directory that cannot be made is bad input (exit 2), not a crash.
    std::error_code error;
    std::filesystem::create_directories(output_dir, error);
    if (error || !std::filesystem::is_directory(output_dir)) {
      err << "simatlas chapter: --output-dir " << output_dir
          << " cannot be created as a directory (" << (error ? error.message() : "not a directory")
          << ")\n";
      return kExitBadInput;
    }
    for (const auto& name : chapters) {
      if (chapter != "all" && name != chapter) continue;
      const auto path = std::filesystem::path(output_dir) / (name + ".txt");
      std::ofstream file(path);
      if (!file) {
        err << "simatlas chapter: " << path.string() << " cannot be opened for writing\n";
        return kExitBadInput;
      }
      failures += RunSections(name, section, file);
      out << "wrote " << path.string() << "\n";
    }
  }
  if (failures > 0) {
    err << "simatlas chapter: " << failures << " claim(s) do not hold\n";
    return 1;
  }
  return 0;
}

}  // namespace simatlas::tools
