// Chapter walkthroughs of the three course texts (E3-geometry, E3-SAP, MJ-solvers): the narrator
// that prints claims and narration and keeps each line for the JSON records.
#include "chapters/walkthrough.h"

#include <cmath>
#include <sstream>

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

const std::vector<Section>& AllSections() {
  static const std::vector<Section> sections = [] {
    std::vector<Section> s;
    AddE3GeometrySections(s);
    AddE3SapSections(s);
    AddMjSolversSections(s);
    return s;
  }();
  return sections;
}

}  // namespace simatlas::chapters
