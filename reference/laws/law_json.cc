// DESIGN.md "The law registry": law values and signatures as JSON.
#include "reference/laws/law_json.h"

#include <cmath>

#include "reference/core/errors.h"
#include "reference/core/parse.h"

namespace simatlas::laws {

using core::InputError;
using nlohmann::json;

namespace {

json NumberToJson(double x) {
  if (std::isinf(x)) return x > 0 ? json("inf") : json("-inf");
  return json(x);
}

// A JSON value in an error message: scalars as written, arrays and objects by kind and size
// only. Dumping a nested value recurses once per level, and a deeply nested input overflowed
// the stack (a deep-nesting input written for the fuzz corpus).
std::string Shown(const json& j) {
  if (j.is_array()) return "an array of " + std::to_string(j.size()) + " elements";
  if (j.is_object()) return "an object of " + std::to_string(j.size()) + " keys";
  return j.dump();
}

double NumberFromJson(const std::string& key, const json& j) {
  if (j.is_number()) return j.get<double>();
  if (j.is_string()) return core::ParseNumber(key, j.get<std::string>());
  throw InputError(key + " must be a number (or \"inf\"), got " + Shown(j));
}

}  // namespace

json ValueToJson(const Value& value) {
  if (const double* d = std::get_if<double>(&value)) return NumberToJson(*d);
  if (const auto* v = std::get_if<Eigen::VectorXd>(&value)) {
    json array = json::array();
    for (Eigen::Index i = 0; i < v->size(); ++i) array.push_back(NumberToJson((*v)(i)));
    return array;
  }
  if (const auto* s = std::get_if<std::string>(&value)) return json(*s);
  return json(std::get<bool>(value));
}

json ValuesToJson(const Values& values) {
  json object = json::object();
  for (const auto& [name, value] : values.entries()) object[name] = ValueToJson(value);
  return object;
}

namespace {

json QuantityToJson(const Quantity& q) {
  json j = {{"name", q.name},
            {"kind", DescribeKind(q)},
            {"unit", q.unit},
            {"description", q.description}};
  if (q.default_value) j["default"] = ValueToJson(*q.default_value);
  return j;
}

}  // namespace

json LawToJson(const Law& law) {
  json inputs = json::array();
  for (const auto& q : law.inputs) inputs.push_back(QuantityToJson(q));
  json outputs = json::array();
  for (const auto& q : law.outputs) outputs.push_back(QuantityToJson(q));
  return {{"name", law.name},
          {"section", law.section},
          {"summary", law.summary},
          {"inputs", inputs},
          {"outputs", outputs}};
}

Values ValuesFromJson(const Law& law, const json& object) {
  if (!object.is_object()) throw InputError("law inputs must be a JSON object");
  Values values;
  for (const auto& [key, j] : object.items()) {
    const Quantity* q = nullptr;
    for (const auto& input : law.inputs) {
      if (input.name == key) q = &input;
    }
    if (q == nullptr) throw InputError("unknown key '" + key + "' for law " + law.name);
    switch (q->kind) {
      case ValueKind::kNumber: values.Set(key, NumberFromJson(key, j)); break;
      case ValueKind::kVector: {
        if (!j.is_array()) {
          values.Set(key, NumberFromJson(key, j));
          break;
        }
        Eigen::VectorXd v(static_cast<Eigen::Index>(j.size()));
        for (std::size_t i = 0; i < j.size(); ++i) {
          v(static_cast<Eigen::Index>(i)) = NumberFromJson(key, j[i]);
        }
        values.Set(key, v);
        break;
      }
      case ValueKind::kLabel:
        if (!j.is_string()) throw InputError(key + " must be a string, got " + Shown(j));
        values.Set(key, j.get<std::string>());
        break;
      case ValueKind::kFlag:
        if (!j.is_boolean()) throw InputError(key + " must be true or false, got " + Shown(j));
        values.Set(key, j.get<bool>());
        break;
    }
  }
  return values;
}

json LawAnswerToJson(const Law& law, const Values& outputs) {
  return {{"law", law.name}, {"outputs", ValuesToJson(outputs)}};
}

}  // namespace simatlas::laws
