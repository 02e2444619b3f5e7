// Chapter walkthroughs of the three course texts (E3-geometry, E3-SAP, MJ-solvers): the narrator
// that prints claims and narration and keeps each line for the JSON records.
#include "chapters/walkthrough.h"

#include <cmath>
#include <sstream>
#include <stdexcept>

namespace simatlas::chapters {

void Narrator::Say(const std::string& text, LineValues values) {
  out_ << "      · " << text << "\n";
  lines_.push_back({false, text, std::move(values), true});
}

void Narrator::Claim(const std::string& text, bool holds, LineValues values) {
  ++claims_;
  if (!holds) ++failures_;
  out_ << "  [" << (holds ? "holds" : "FAILS") << "] " << text << "\n";
  lines_.push_back({true, text, std::move(values), holds});
}

std::string Num(double value, int digits) {
  if (std::isinf(value)) return value > 0 ? "inf" : "-inf";
  std::ostringstream text;
  text.precision(digits);
  text << value;
  return text.str();
}

laws::Values Law(const std::string& name, const std::vector<std::string>& arguments) {
  const laws::Law& law = laws::AllLaws().Get(name);
  return laws::Evaluate(law, laws::ParseArguments(law, arguments));
}

namespace {

// One title of docs/sections.json.
struct SectionTitle {
  const char* chapter;
  const char* number;
  const char* title;  // "title_zh — title_en"
};

// Every section of docs/sections.json, written by chapters/CMakeLists.txt at configure time.
constexpr SectionTitle kSectionTitles[] = {
#include "chapters/section_titles.inc"
};

std::string TitleOf(const Section& section) {
  for (const SectionTitle& entry : kSectionTitles) {
    if (section.chapter == entry.chapter && section.number == entry.number) return entry.title;
  }
  throw std::logic_error("walkthrough " + section.chapter + " §" + section.number +
                         " is not a section of docs/sections.json");
}

}  // namespace

const std::vector<Section>& AllSections() {
  static const std::vector<Section> sections = [] {
    std::vector<Section> s;
    AddE3GeometrySections(s);
    AddE3SapSections(s);
    AddMjSolversSections(s);
    for (Section& section : s) section.title = TitleOf(section);
    return s;
  }();
  return sections;
}

}  // namespace simatlas::chapters
