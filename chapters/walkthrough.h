#pragma once
/// @file
/// Chapter walkthroughs: for each course section, a function that prints the section's claims
/// in the order of the text, each with the live numbers the reference engine computes and a
/// verdict (holds / FAILS). `simatlas chapter CHAPTER [SECTION]` runs them; the `walkthroughs`
/// build target writes their output to `<build>/course/walkthroughs/`; a ctest checks every claim.

#include <functional>
#include <ostream>
#include <string>
#include <vector>

#include "reference/laws/law.h"

namespace simatlas::chapters {

/// Prints claims and counts the ones that do not hold.
class Narrator {
 public:
  /// A narrator printing to out (which must outlive it), with no claim counted yet.
  explicit Narrator(std::ostream& out) : out_(out) {}
  /// A line of explanation (no verdict).
  void Say(const std::string& text);
  /// A claim of the text with its live evidence; holds says whether the numbers support it.
  void Claim(const std::string& text, bool holds);
  /// Number of claims printed.
  int claims() const { return claims_; }
  /// Number of claims printed whose numbers did not support them (FAILS); 0 for a passing run.
  int failures() const { return failures_; }

 private:
  std::ostream& out_;
  int claims_ = 0;
  int failures_ = 0;
};

/// One course section's walkthrough.
struct Section {
  std::string chapter;  ///< "e3-geometry", "e3-sap", "mj-solvers"
  std::string number;   ///< "3", "2.1"
  std::string title;    ///< original title with the English one
  std::function<void(Narrator&)> run;  ///< prints the section's claims in the order of the text
};

/// Every walkthrough section, in course order.
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
