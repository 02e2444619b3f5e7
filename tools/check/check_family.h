#pragma once
/// @file
/// `simatlas check`: the property suite as a tool for other people's contact code.
/// This header defines what a *family* is — the unit `simatlas check NAME` runs — and the
/// Session through which a family's properties talk to the program under test.
///
/// The program under test speaks the line protocol of docs/pages/check_protocol.md: it reads
/// one query per line on stdin, {"law": "sap.friction_cone", "inputs": {...}}, and writes one
/// answer per line, {"outputs": {...}} or {"error": "..."}. Names and units are those of
/// `simatlas law NAME` (`simatlas law --list`); ±∞ travels as the strings "inf" / "-inf"
/// (reference/laws/law_json.h), vectors as JSON arrays, labels as strings, flags as booleans.
///
/// A family is:
///   - a name (`material`, `sap.friction_cone`, …) and its course section;
///   - the laws it queries, each with a rapidcheck generator of input objects, the reference it
///     is compared with on *every* query (the differential comparison), and per-output
///     tolerances (absolute + relative, with the reason);
///   - a list of properties: a name, the course statement, and a body run inside rapidcheck that
///     draws inputs, queries the program through the Session and asserts with RC_ASSERT.
///
/// How a run works (tools/check/check_run.h): for each law, one automatic property
/// "<law> matches the reference" (draw inputs, query, compare); then each property of the
/// family, judged by its own assertions (Property::compares_with_reference: only a property
/// whose claim is the comparison compares its queries with the reference). A NaN (null) output
/// fails the case that produced it, with its inputs; the run goes on with the next property.
/// A failing case is shrunk by rapidcheck; the report shows the queries of the shrunk case
/// (inputs, expected, got) and the property that failed.
///
/// Protocol faults (garbage line, missing or unknown output key, wrong kind, timeout, exit or
/// crash of the program) throw ProtocolError from the Session. Properties must
/// NOT catch it: the runner turns it into exit code 2, never into a property failure.
///
/// Adding a family (e.g. a whole-solve family):
///   1. write `tools/check/families/<name>_family.cc` defining `Family Make<Name>Family()`;
///   2. declare it in tools/check/families.h and append it to AllFamilies() in
///      tools/check/family_registry.cc (one line each, surgical edits);
///   3. add a faithful and a deliberately wrong external port under tools/check/test/ and
///      `simatlas check` CLI tests in tools/check/test/CMakeLists.txt.
/// A family whose law is not in the reference registry (e.g. a whole solve) sets
/// LawUnderCheck::reference (and usually LawUnderCheck::compare, to check optimality
/// conditions instead of values) and LawUnderCheck::output_names.

#include <rapidcheck.h>

#include <Eigen/Dense>
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>
#include <vector>

namespace simatlas::check {

/// A JSON value of the line protocol (queries, answers, inputs and outputs objects).
using Json = nlohmann::json;

/// A fault of the program under test in the line protocol (not a wrong answer): garbage line,
/// missing/unknown key, non-finite number, timeout, exit or crash. Exit code 2.
class ProtocolError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// One answer of the program: exactly one of outputs / error is meaningful.
struct Answer {
  bool ok = false;    ///< true: {"outputs": {...}}; false: {"error": "..."}
  Json outputs;       ///< the outputs object when ok
  std::string error;  ///< the program's error text when !ok
};

/// The program under test as the runner sees it: one query in, one answer out.
/// tools/check/protocol_client.h implements it over pipes; tests may implement it in-process.
class Program {
 public:
  virtual ~Program() = default;
  /// Sends {"law": law, "inputs": inputs} and returns the answer. Checks only the answer's
  /// shape ({"outputs": object} or {"error": string}); throws ProtocolError on faults.
  virtual Answer Ask(const std::string& law, const Json& inputs) = 0;
};

/// Accepted difference for one numeric output, per element for vectors:
///   |got − expected| ≤ abs + rel·|expected|,
/// and ±∞ must match exactly. Labels and flags always compare exactly.
struct Tolerance {
  double abs = 0.0;  ///< absolute slack, in the output's unit
  double rel = 0.0;  ///< relative slack (1 = 100 %)
};

/// One law a family queries.
struct LawUnderCheck {
  /// Name sent in the "law" field; also the reference registry's name unless `reference` is set.
  std::string law;
  /// Generator of input objects {name: number | "inf" | [numbers] | label | bool}, with the
  /// names and units of `simatlas law` (build numbers with JsonNumber below). Generate inside
  /// the law's domain: the automatic property queries these inputs and expects outputs.
  std::function<rc::Gen<Json>()> inputs;
  /// Tolerance of every numeric output unless overridden in output_tolerances.
  Tolerance tolerance;
  /// Per-output overrides, by output name.
  std::map<std::string, Tolerance> output_tolerances = {};
  /// Why these tolerances (one line; shown by `simatlas check --list` and in the docs).
  std::string tolerance_reason = {};
  /// Expected outputs for inputs. Empty: evaluate the registered law (laws::AllLaws()) on the
  /// inputs. Throwing core::InputError means "the reference rejects these inputs": the program
  /// must then answer {"error": ...}, and an answer with outputs is a failure.
  std::function<Json(const Json& inputs)> reference = {};
  /// Custom acceptance of an answer: returns "" when `got` (the outputs object) is right for
  /// `inputs`, otherwise a one-line reason. `expected` is the reference's outputs. Empty: compare
  /// every output of `expected` with `got` within the tolerances above. Solver families check
  /// optimality conditions here (and may compare the values too, loosely).
  std::function<std::string(const Json& inputs, const Json& expected, const Json& got)> compare =
      {};
  /// Output names the answer must carry (exactly these keys). Empty: the registered law's
  /// outputs, or no key check when the law is not registered.
  std::vector<std::string> output_names = {};
};

class Session;

/// One property: run inside rapidcheck (rc::detail::checkProperty) once per case; draws
/// inputs (`*generator` or Session::Draw), queries through the Session, asserts with
/// RC_ASSERT / RC_FAIL / RC_PRE. May query the program any number of times (e.g. symmetry:
/// query with the sides swapped and compare the two answers).
struct Property {
  std::string name;       ///< snake_case, unique in the family ("symmetric_in_the_two_sides")
  std::string statement;  ///< the course's claim in one line, with its equation
  std::function<void(Session& session)> body;  ///< one case: draw, query, RC_ASSERT
  /// The laws the body draws from or queries (at least one, all in the family). The Session
  /// refuses any other law (a family bug, reported as the property's failure), so the list is
  /// true; `simatlas check LAW` runs the properties whose list is exactly {LAW}.
  std::vector<std::string> laws = {};
  /// True when the claim is the comparison with the reference itself (the automatic
  /// "<law> matches the reference" and PropertyOverGeneratedInputs): then every query is compared
  /// with the reference. False (the default): the body's assertions alone judge the property, so
  /// a port that is symmetric but wrong passes the symmetry property and fails only the comparison.
  bool compares_with_reference = false;
};

/// A family: what `simatlas check NAME` runs.
struct Family {
  std::string name;                  ///< e.g. "material", "sap.friction_cone", "mujoco.row"
  std::string section;               ///< course section, e.g. "E3-SAP §3.1"
  std::string summary;               ///< one line for `simatlas check --list`
  std::vector<LawUnderCheck> laws;   ///< every law the properties query (at least one)
  std::vector<Property> properties;  ///< the family's properties (besides the automatic
                                     ///< "<law> matches the reference" of each law)
  /// The law of `laws` named law, or nullptr.
  const LawUnderCheck* Find(const std::string& law) const;
};

/// One query of a case, as the report shows it.
struct Exchange {
  std::string law;      ///< the law queried
  Json inputs;          ///< the inputs object sent
  Json expected;        ///< reference outputs, or {"error": message} when the reference rejects
  Json got;             ///< {"outputs": ...} or {"error": ...} as the program answered
  std::string verdict;  ///< "" when accepted, else why not (differential comparison)
};

/// What properties use to talk to the program under test during one rapidcheck case.
/// Every query is logged (the report of a failing case shows the shrunk case's log).
class Session {
 public:
  /// A session over family's laws talking to program; both must outlive it.
  Session(const Family& family, Program& program);

  /// Inputs drawn from the generator of `law` (inside a property only).
  Json Draw(const std::string& law);

  /// Queries law on inputs and returns the outputs object. Fails the case (RC_FAIL) when an
  /// output is NaN (null), when the program answers {"error"} for inputs the reference accepts,
  /// and, in a property that compares with the reference (Property::compares_with_reference, or
  /// no property set), when it answers outputs for inputs the reference rejects or outputs that
  /// differ from the reference beyond the law's tolerances (or the law's custom compare rejects
  /// them). law must be in the family.
  Json Outputs(const std::string& law, const Json& inputs);

  /// Queries law on inputs the reference should reject (out of the law's domain): fails the
  /// case unless the program answers {"error": ...}; when the reference unexpectedly accepts,
  /// the answer is compared as in Outputs. Returns the program's answer.
  Answer Rejects(const std::string& law, const Json& inputs);

  /// Number output of an outputs object (accepts "inf"/"-inf"); fails the case on a wrong kind.
  static double Number(const Json& outputs, const std::string& name);
  /// Vector output of an outputs object; fails the case on a wrong kind.
  static Eigen::VectorXd Vector(const Json& outputs, const std::string& name);

  /// The queries of the current case (cleared by the runner at the start of each case).
  const std::vector<Exchange>& log() const { return log_; }
  /// Forgets the logged queries (the runner calls it before each case).
  void ClearLog() { log_.clear(); }
  /// The property whose cases run next: only its Property::laws may be drawn or queried
  /// (nullptr: any law of the family). The property must outlive the session's use of it.
  void SetProperty(const Property* property) { property_ = property; }
  /// The family whose laws this session may query.
  const Family& family() const { return family_; }

 private:
  const LawUnderCheck& Law(const std::string& law) const;
  const Family& family_;
  Program& program_;
  const Property* property_ = nullptr;
  std::vector<Exchange> log_;
};

/// A number as the protocol writes it: finite numbers as JSON numbers, ±∞ as "inf"/"-inf".
Json JsonNumber(double value);
/// A vector as a JSON array of numbers.
Json JsonVector(const Eigen::VectorXd& value);
/// Reads a protocol number (JSON number or "inf"/"-inf"); throws ProtocolError otherwise
/// (what names the quantity in the message).
double ReadNumber(const Json& value, const std::string& what);
/// Reads a protocol array of numbers (ReadNumber per entry, what[i] in messages); any other
/// shape throws ProtocolError.
Eigen::VectorXd ReadVector(const Json& value, const std::string& what);

/// A property over one law's generated inputs: draws inputs of `law`, queries them (with the
/// differential comparison), then calls predicate(inputs, outputs, session), which asserts
/// with RC_ASSERT and may query again. The brief's "predicate over (inputs, outputs)".
Property PropertyOverInputs(
    std::string name, std::string statement, std::string law,
    std::function<void(const Json& inputs, const Json& outputs, Session& session)> predicate);

/// A property over inputs of `law` drawn from `inputs` instead of the law's own generator (a
/// shape the default rarely reaches, e.g. mixed scales or one cone type): each case is one
/// query, and the claim is the differential comparison the Session makes on every query.
Property PropertyOverGeneratedInputs(std::string name, std::string statement, std::string law,
                                     rc::Gen<Json> inputs);

/// One example exchange of law, as the protocol page shows it and `simatlas check --example LAW`
/// prints it: inputs drawn from the law's generator with the given seed (rapidcheck size 0, the smallest),
/// and the reference's answer, {"outputs": ...} or {"error": ...} in Exchange::expected.
Exchange ExampleExchange(const LawUnderCheck& law, std::uint64_t seed);

/// Every family, in course order (tools/check/family_registry.cc).
const std::vector<Family>& AllFamilies();
/// The family named name; else the family holding a law named name; else nullptr.
const Family* FindFamily(const std::string& name);
/// The part of family that checks one law alone: named after the law, with only that law (its
/// automatic differential property) and the properties whose Property::laws is exactly {law}.
/// Throws std::invalid_argument when the family has no law named law.
Family RestrictToLaw(const Family& family, const std::string& law);
/// What `simatlas check NAME` runs: the family named NAME, or RestrictToLaw of the family that
/// holds a law named NAME (`simatlas check material.friction` checks the friction law only);
/// std::nullopt when NAME is neither.
std::optional<Family> CheckTarget(const std::string& name);
/// Throws std::logic_error naming the family and the property when a property declares no law
/// or a law the family does not hold (run before every check, so a family bug is never silent).
void ValidateFamily(const Family& family);

}  // namespace simatlas::check
