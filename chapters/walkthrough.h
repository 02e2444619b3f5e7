#pragma once
/// @file
/// Chapter walkthroughs (all three course texts): for each course section, a function that
/// prints the section's claims in the order of the text, each with the live numbers the
/// reference engine computes, checked against an independent value (hand arithmetic, a published
/// Drake or MuJoCo test value, MuJoCo 2.2.2's answer in an example file), and a verdict
/// (`[holds]` / `[FAILS]`); narration lines are indented `  · …` and carry no verdict.
/// `simatlas chapter CHAPTER [SECTION] [--json]` runs them; the `walkthroughs` build target
/// writes `<build>/course/walkthroughs/<chapter>.txt` and `.json`; ctests check every claim and
/// that every section of docs/sections.json has one.

#include <functional>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include "reference/laws/law.h"

namespace simatlas::chapters {

/// Named live numbers of one line ({"fn", 105.0}), in the order given.
using LineValues = std::vector<std::pair<std::string, double>>;

/// One printed line of a walkthrough.
struct WalkthroughLine {
  bool claim = false;  ///< true: a claim with a verdict; false: narration
  std::string text;    ///< the line as printed, without the verdict or the indent
  LineValues values;   ///< the live numbers the line states (may be empty for narration)
  bool holds = true;   ///< claims: whether the numbers support it (narration: true)
};

/// Prints claims and narration, keeps every line, and counts the claims that do not hold.
class Narrator {
 public:
  /// A narrator printing to out (which must outlive it), with no line yet.
  explicit Narrator(std::ostream& out) : out_(out) {}
  /// A line of explanation (no verdict), printed `  · text`.
  void Say(const std::string& text, LineValues values = {});
  /// A claim of the text with its live evidence, printed `  [holds] text` or `  [FAILS] text`;
  /// holds says whether the numbers agree with the independent value.
  void Claim(const std::string& text, bool holds, LineValues values = {});
  /// Number of claims printed.
  int claims() const { return claims_; }
  /// Number of claims printed whose numbers did not support them (FAILS); 0 for a passing run.
  int failures() const { return failures_; }
  /// Every line printed, in order.
  const std::vector<WalkthroughLine>& lines() const { return lines_; }

 private:
  std::ostream& out_;
  int claims_ = 0;
  int failures_ = 0;
  std::vector<WalkthroughLine> lines_;
};

/// One course section's walkthrough.
struct Section {
  std::string chapter;                 ///< "e3-geometry", "e3-sap", "mj-solvers"
  std::string number;                  ///< "3", "2.1"
  std::function<void(Narrator&)> run;  ///< prints the section's claims in the order of the text
  /// "title_zh — title_en" of docs/sections.json (the one registry of titles), set by AllSections
  /// (empty until then, so a section table lists chapter, number and function only).
  std::string title{};
};

/// Every walkthrough section, in course order, each with its title from docs/sections.json
/// (written into the build at configure time). Throws std::logic_error naming a section that
/// docs/sections.json does not list.
const std::vector<Section>& AllSections();

/// Formats a number with the given significant digits ("100000", "0.5454545").
std::string Num(double value, int digits = 7);

/// Evaluates the law called name with "key=value" arguments, exactly as `simatlas law` does.
laws::Values Law(const std::string& name, const std::vector<std::string>& arguments);

/// Registers the E3-geometry walkthroughs.
void AddE3GeometrySections(std::vector<Section>& sections);
/// Registers the E3-SAP walkthroughs.
void AddE3SapSections(std::vector<Section>& sections);
/// Registers the MJ-solvers walkthroughs.
void AddMjSolversSections(std::vector<Section>& sections);

}  // namespace simatlas::chapters
