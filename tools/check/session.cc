// The Session of `simatlas check`: every query of a property goes through here, is
// validated against the law's outputs (a fault of shape is a ProtocolError), compared with the
// reference (the differential comparison, within the law's tolerances), and logged for the
// report of the shrunk counterexample.
#include <rapidcheck.h>

#include <algorithm>
#include <cmath>
#include <set>
#include <sstream>

#include "reference/core/errors.h"
#include "reference/laws/law.h"
#include "reference/laws/law_json.h"
#include "tools/check/check_family.h"

namespace simatlas::check {

namespace {

// Fails the current rapidcheck case with a plain message (what RC_FAIL throws, without the
// file:line prefix, so the report reads like the course).
[[noreturn]] void FailCase(const std::string& message) {
  throw rc::detail::CaseResult(rc::detail::CaseResult::Type::Failure, message);
}

std::string Text(double x) { return core::FormatNumber(x); }

// True for a protocol number: a finite JSON number or "inf"/"-inf".
bool IsProtocolNumber(const Json& j) {
  if (j.is_number()) return std::isfinite(j.get<double>());
  return j.is_string() && (j == "inf" || j == "-inf");
}

// The first null, non-finite number or "nan" string in value, as "<where> is NaN (…)", or ""
// (a JSON writer turns NaN into null). A NaN answer is a wrong answer, not a protocol fault.
std::string NonFiniteIn(const Json& value, const std::string& where) {
  if (value.is_null()) return where + " is null (NaN, as a JSON writer writes it)";
  if (value.is_number() && !std::isfinite(value.get<double>())) {
    return where + " is the non-finite number " + value.dump();
  }
  if (value.is_string() && (value == "nan" || value == "NaN" || value == "-nan")) {
    return where + " is NaN (" + value.dump() + ")";
  }
  if (value.is_array() || value.is_object()) {
    for (const auto& [key, item] : value.items()) {
      const std::string found = NonFiniteIn(item, where + "[" + key + "]");
      if (!found.empty()) return found;
    }
  }
  return "";
}

// Checks the outputs object against the law's declared outputs: exactly these keys, each of
// its kind. Faults are ProtocolErrors (a wrong shape, not a wrong value).
void ValidateOutputs(const LawUnderCheck& law, const Json& outputs) {
  const std::string where = "answer to " + law.law;
  const laws::Law* registered = law.reference ? nullptr : laws::AllLaws().Find(law.law);
  std::vector<std::string> names = law.output_names;
  if (names.empty() && registered != nullptr) {
    for (const auto& q : registered->outputs) names.push_back(q.name);
  }
  if (names.empty()) return;
  const std::set<std::string> declared(names.begin(), names.end());
  for (const auto& [key, value] : outputs.items()) {
    if (declared.count(key) == 0) {
      std::string list;
      for (const auto& name : names) list += (list.empty() ? "" : ", ") + name;
      throw ProtocolError(where + " has unknown output '" + key + "' (the law's outputs: " + list +
                          ")");
    }
  }
  for (const auto& name : names) {
    if (!outputs.contains(name)) throw ProtocolError(where + " lacks output '" + name + "'");
  }
  if (registered == nullptr) return;
  // Kinds of the registered law's outputs.
  for (const auto& q : registered->outputs) {
    const Json& value = outputs[q.name];
    const std::string what = where + ": output '" + q.name + "' [" + q.unit + "]";
    switch (q.kind) {
      case laws::ValueKind::kNumber:
        if (!IsProtocolNumber(value)) {
          throw ProtocolError(what + " must be a number (or \"inf\"), got " + value.dump());
        }
        break;
      case laws::ValueKind::kVector: {
        bool ok = value.is_array();
        if (ok) {
          for (const auto& item : value) ok = ok && IsProtocolNumber(item);
        }
        if (!ok) throw ProtocolError(what + " must be an array of numbers, got " + value.dump());
        break;
      }
      case laws::ValueKind::kLabel:
        if (!value.is_string()) {
          throw ProtocolError(what + " must be a string label, got " + value.dump());
        }
        break;
      case laws::ValueKind::kFlag:
        if (!value.is_boolean()) {
          throw ProtocolError(what + " must be true or false, got " + value.dump());
        }
        break;
    }
  }
}

// The reference outputs of a registered law on JSON inputs (defaults filled by Evaluate).
Json EvaluateRegistered(const std::string& name, const Json& inputs) {
  const laws::Law& law = laws::AllLaws().Get(name);
  return laws::ValuesToJson(laws::Evaluate(law, laws::ValuesFromJson(law, inputs)));
}

// One scalar within tolerance; "" or the reason.
std::string CompareNumber(const std::string& name, double expected, double got, Tolerance tol) {
  if (std::isinf(expected) || std::isinf(got)) {
    if (expected == got) return "";
    return "output '" + name + "' = " + Text(got) + ", the reference gives " + Text(expected);
  }
  const double allowed = tol.abs + tol.rel * std::abs(expected);
  const double difference = std::abs(got - expected);
  if (difference <= allowed) return "";
  return "output '" + name + "' = " + Text(got) + ", the reference gives " + Text(expected) +
         " (|difference| " + Text(difference) + " > " + Text(tol.abs) + " + " + Text(tol.rel) +
         "·|reference|)";
}

// Default comparison: every output of expected against got, within tolerances.
std::string CompareOutputs(const LawUnderCheck& law, const Json& expected, const Json& got) {
  for (const auto& [name, want] : expected.items()) {
    if (!got.contains(name)) return "output '" + name + "' is missing";
    const Json& have = got[name];
    const auto it = law.output_tolerances.find(name);
    const Tolerance tol = it != law.output_tolerances.end() ? it->second : law.tolerance;
    if (IsProtocolNumber(want)) {
      if (!IsProtocolNumber(have)) return "output '" + name + "' is not a number: " + have.dump();
      const std::string verdict =
          CompareNumber(name, ReadNumber(want, name), ReadNumber(have, name), tol);
      if (!verdict.empty()) return verdict;
    } else if (want.is_array()) {
      if (!have.is_array() || have.size() != want.size()) {
        return "output '" + name + "' = " + have.dump() + " must be an array of " +
               std::to_string(want.size()) + " numbers";
      }
      for (std::size_t i = 0; i < want.size(); ++i) {
        const std::string element = name + "[" + std::to_string(i) + "]";
        if (!IsProtocolNumber(have[i])) return "output '" + element + "' is not a number";
        const std::string verdict =
            CompareNumber(element, ReadNumber(want[i], element), ReadNumber(have[i], element), tol);
        if (!verdict.empty())
          return verdict + "; whole vector " + have.dump() + ", reference " + want.dump();
      }
    } else if (want != have) {
      return "output '" + name + "' = " + have.dump() + ", the reference gives " + want.dump();
    }
  }
  return "";
}

}  // namespace

const LawUnderCheck* Family::Find(const std::string& law) const {
  for (const auto& entry : laws) {
    if (entry.law == law) return &entry;
  }
  return nullptr;
}

Json JsonNumber(double value) { return laws::ValueToJson(laws::Value(value)); }

Json JsonVector(const Eigen::VectorXd& value) { return laws::ValueToJson(laws::Value(value)); }

double ReadNumber(const Json& value, const std::string& what) {
  if (value.is_number()) {
    const double x = value.get<double>();
    if (!std::isfinite(x)) throw ProtocolError(what + " is a non-finite number " + value.dump());
    return x;
  }
  if (value == "inf") return std::numeric_limits<double>::infinity();
  if (value == "-inf") return -std::numeric_limits<double>::infinity();
  throw ProtocolError(what + " must be a number (or \"inf\"), got " + value.dump());
}

Eigen::VectorXd ReadVector(const Json& value, const std::string& what) {
  if (!value.is_array())
    throw ProtocolError(what + " must be an array of numbers, got " + value.dump());
  Eigen::VectorXd v(static_cast<Eigen::Index>(value.size()));
  for (std::size_t i = 0; i < value.size(); ++i) {
    v(static_cast<Eigen::Index>(i)) = ReadNumber(value[i], what + "[" + std::to_string(i) + "]");
  }
  return v;
}

Session::Session(const Family& family, Program& program) : family_(family), program_(program) {}

const LawUnderCheck& Session::Law(const std::string& law) const {
  const LawUnderCheck* entry = family_.Find(law);
  if (entry == nullptr) {
    throw std::logic_error("family " + family_.name + " does not declare law " + law);
  }
  if (property_ != nullptr &&
      std::find(property_->laws.begin(), property_->laws.end(), law) == property_->laws.end()) {
    throw std::logic_error("property " + property_->name + " of family " + family_.name +
                           " queries law " + law + ", which its Property::laws does not list");
  }
  return *entry;
}

Json Session::Draw(const std::string& law) { return *Law(law).inputs(); }

namespace {

// The reference's answer: outputs, or {"error": message} when it rejects the inputs.
struct Expected {
  bool ok = false;
  Json outputs;
  std::string error;
};

Expected ReferenceAnswer(const LawUnderCheck& law, const Json& inputs) {
  Expected expected;
  try {
    expected.outputs = law.reference ? law.reference(inputs) : EvaluateRegistered(law.law, inputs);
    expected.ok = true;
  } catch (const core::InputError& e) {
    expected.error = e.what();
  }
  return expected;
}

}  // namespace

Exchange ExampleExchange(const LawUnderCheck& law, std::uint64_t seed) {
  const Json inputs = law.inputs()(rc::Random(seed), 0).value();
  const Expected expected = ReferenceAnswer(law, inputs);
  Exchange exchange;
  exchange.law = law.law;
  exchange.inputs = inputs;
  exchange.expected =
      expected.ok ? Json{{"outputs", expected.outputs}} : Json{{"error", expected.error}};
  return exchange;
}

namespace {

// A NaN in the program's outputs fails the case with the query logged (its inputs are the
// counterexample), so the run goes on with the next property; "" when all are numbers.
std::string NonFiniteOutput(const std::string& law, const Answer& answer) {
  if (!answer.ok) return "";
  for (const auto& [key, value] : answer.outputs.items()) {
    const std::string found = NonFiniteIn(value, "output '" + key + "'");
    if (!found.empty()) return law + ": " + found + " for these inputs";
  }
  return "";
}

}  // namespace

Json Session::Outputs(const std::string& name, const Json& inputs) {
  const LawUnderCheck& law = Law(name);
  const Expected expected = ReferenceAnswer(law, inputs);
  const Answer answer = program_.Ask(name, inputs);
  Exchange exchange{name, inputs, expected.ok ? expected.outputs : Json{{"error", expected.error}},
                    answer.ok ? Json{{"outputs", answer.outputs}} : Json{{"error", answer.error}},
                    NonFiniteOutput(name, answer)};
  if (!exchange.verdict.empty()) {
    log_.push_back(exchange);
    FailCase(exchange.verdict);
  }
  if (answer.ok) ValidateOutputs(law, answer.outputs);
  // Both reject: these inputs are outside the law's domain; not a case of this property.
  if (!expected.ok && !answer.ok) {
    log_.push_back(exchange);
    throw rc::detail::CaseResult(rc::detail::CaseResult::Type::Discard,
                                 "inputs outside the law's domain");
  }
  // A property's own claim is judged by its body alone; only the properties whose claim is the
  // comparison with the reference (Property::compares_with_reference) compare here.
  const bool compare = property_ == nullptr || property_->compares_with_reference;
  if (!expected.ok) {
    if (compare) {
      exchange.verdict = name + ": the reference rejects these inputs (" + expected.error +
                         ") but the program answered outputs";
    }
  } else if (!answer.ok) {
    exchange.verdict = name + ": the program answered error '" + answer.error +
                       "' for inputs the reference accepts";
  } else if (compare) {
    const std::string verdict = law.compare ? law.compare(inputs, expected.outputs, answer.outputs)
                                            : CompareOutputs(law, expected.outputs, answer.outputs);
    if (!verdict.empty()) exchange.verdict = name + ": " + verdict;
  }
  log_.push_back(exchange);
  if (!log_.back().verdict.empty()) FailCase(log_.back().verdict);
  return answer.outputs;
}

Answer Session::Rejects(const std::string& name, const Json& inputs) {
  const LawUnderCheck& law = Law(name);
  const Expected expected = ReferenceAnswer(law, inputs);
  if (expected.ok) {
    // The reference accepts after all: an ordinary differential query.
    Answer answer;
    answer.ok = true;
    answer.outputs = Outputs(name, inputs);
    return answer;
  }
  const Answer answer = program_.Ask(name, inputs);
  Exchange exchange{name, inputs, Json{{"error", expected.error}},
                    answer.ok ? Json{{"outputs", answer.outputs}} : Json{{"error", answer.error}},
                    NonFiniteOutput(name, answer)};
  if (exchange.verdict.empty() && answer.ok) ValidateOutputs(law, answer.outputs);
  if (exchange.verdict.empty() && answer.ok) {
    exchange.verdict = name + ": inputs outside the law's domain (" + expected.error +
                       ") must be answered with {\"error\": ...}, the program answered outputs";
  }
  log_.push_back(exchange);
  if (!log_.back().verdict.empty()) FailCase(log_.back().verdict);
  return answer;
}

double Session::Number(const Json& outputs, const std::string& name) {
  if (!outputs.contains(name)) FailCase("output '" + name + "' is missing");
  return ReadNumber(outputs[name], "output '" + name + "'");
}

Eigen::VectorXd Session::Vector(const Json& outputs, const std::string& name) {
  if (!outputs.contains(name) || !outputs[name].is_array()) {
    FailCase("output '" + name + "' must be an array of numbers");
  }
  const Json& array = outputs[name];
  Eigen::VectorXd v(static_cast<Eigen::Index>(array.size()));
  for (std::size_t i = 0; i < array.size(); ++i) {
    v(static_cast<Eigen::Index>(i)) = ReadNumber(array[i], "output '" + name + "'");
  }
  return v;
}

Property PropertyOverInputs(
    std::string name, std::string statement, std::string law,
    std::function<void(const Json& inputs, const Json& outputs, Session& session)> predicate) {
  Property property;
  property.name = std::move(name);
  property.statement = std::move(statement);
  property.laws = {law};
  property.body = [law = std::move(law), predicate = std::move(predicate)](Session& session) {
    const Json inputs = session.Draw(law);
    const Json outputs = session.Outputs(law, inputs);
    predicate(inputs, outputs, session);
  };
  return property;
}

Property PropertyOverGeneratedInputs(std::string name, std::string statement, std::string law,
                                     rc::Gen<Json> inputs) {
  Property property;
  property.name = std::move(name);
  property.statement = std::move(statement);
  property.laws = {law};
  property.body = [law = std::move(law), inputs = std::move(inputs)](Session& session) {
    session.Outputs(law, *inputs);
  };
  property.compares_with_reference = true;
  return property;
}

}  // namespace simatlas::check
