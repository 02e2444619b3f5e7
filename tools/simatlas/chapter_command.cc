// `simatlas chapter`: run the walkthroughs of a chapter (or one section, or all chapters) of the
// three course texts, as text or (--json) one record per printed line.
#include <cmath>
#include <filesystem>
#include <fstream>
#include <ostream>
#include <set>
#include <sstream>
#include <cerrno>
#include <cstring>
#include <utility>
#include <system_error>

#include <nlohmann/json.hpp>

#include "chapters/walkthrough.h"
#include "tools/simatlas/commands.h"

namespace simatlas::tools {

namespace {

// One printed line as {chapter, section, kind, text, values, verdict} (verdict null for narration;
// a non-finite value is written as null, JSON having no inf).
nlohmann::ordered_json LineRecord(const chapters::Section& s,
                                  const chapters::WalkthroughLine& line) {
  nlohmann::ordered_json values = nlohmann::ordered_json::object();
  for (const auto& [name, value] : line.values) {
    values[name] = std::isfinite(value) ? nlohmann::ordered_json(value) : nlohmann::ordered_json();
  }
  nlohmann::ordered_json record;
  record["chapter"] = s.chapter;
  record["section"] = s.number;
  record["kind"] = line.claim ? "claim" : "narration";
  record["text"] = line.text;
  record["values"] = values;
  record["verdict"] = line.claim ? nlohmann::ordered_json(line.holds ? "holds" : "FAILS")
                                 : nlohmann::ordered_json();
  return record;
}

// Runs the sections that match, printing text to out and appending each line's record to
// records (if given); returns the number of claims that do not hold.
int RunSections(const std::string& chapter, const std::string& section, std::ostream& out,
                nlohmann::ordered_json* records = nullptr) {
  int failures = 0;
  for (const auto& s : chapters::AllSections()) {
    if (chapter != "all" && s.chapter != chapter) continue;
    if (!section.empty() && s.number != section) continue;
    out << s.chapter << " §" << s.number << "  " << s.title << "\n";
    chapters::Narrator narrator(out);
    s.run(narrator);
    failures += narrator.failures();
    out << "\n";
    if (records == nullptr) continue;
    for (const auto& line : narrator.lines()) records->push_back(LineRecord(s, line));
  }
  return failures;
}

// Writes text to path; false (with the system's reason on err) if it cannot be written.
bool WriteFile(const std::filesystem::path& path, const std::string& text, std::ostream& err) {
  std::ofstream file(path);
  if (file) file << text;
  if (!file) {
    err << "simatlas chapter: " << path.string() << " cannot be written (" << std::strerror(errno)
        << ")\n";
    return false;
  }
  return true;
}

}  // namespace

int RunChapterCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  std::string output_dir;
  std::vector<std::string> rest;
  bool list = false;
  bool json = false;
  for (std::size_t i = 0; i < args.size(); ++i) {
    if (args[i] == "--output-dir" && i + 1 < args.size()) {
      output_dir = args[++i];
    } else if (args[i] == "--list") {
      list = true;
    } else if (args[i] == "--json") {
      json = true;
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
    err << "usage: simatlas chapter CHAPTER|all [SECTION] [--json] [--output-dir DIR] | simatlas chapter "
           "--list\n";
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
    for (const auto& s : chapters::AllSections())
      found |= s.chapter == chapter && s.number == section;
    if (!found) {
      err << "simatlas chapter: chapter " << chapter << " has no section '" << section << "'\n";
      return kExitBadInput;
    }
  }
  int failures = 0;
  if (output_dir.empty() && json) {
    // JSON only on stdout: the text goes nowhere.
    std::ostringstream text;
    nlohmann::ordered_json records = nlohmann::ordered_json::array();
    failures = RunSections(chapter, section, text, &records);
    out << records.dump(1) << "\n";
  } else if (output_dir.empty()) {
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
      // <chapter>.txt as printed and <chapter>.json with one record per line.
      const auto base = std::filesystem::path(output_dir) / name;
      std::ostringstream text;
      nlohmann::ordered_json records = nlohmann::ordered_json::array();
      failures += RunSections(name, section, text, &records);
      for (const auto& [path, content] :
           {std::pair{base.string() + ".txt", text.str()},
            std::pair{base.string() + ".json", records.dump(1) + "\n"}}) {
        if (!WriteFile(path, content, err)) return kExitBadInput;
        out << "wrote " << path << "\n";
      }
    }
  }
  if (failures > 0) {
    err << "simatlas chapter: " << failures << " claim(s) do not hold\n";
    return 1;
  }
  return 0;
}

}  // namespace simatlas::tools
