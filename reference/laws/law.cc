// DESIGN.md "The law registry": signatures, arguments, evaluation and the registry.
#include "reference/laws/law.h"

#include <cmath>
#include <set>
#include <sstream>
#include <stdexcept>

#include "reference/core/errors.h"
#include "reference/core/parse.h"

namespace simatlas::laws {

using core::InputError;

void Values::Set(const std::string& name, Value value) {
  for (auto& entry : entries_) {
    if (entry.first == name) {
      entry.second = std::move(value);
      return;
    }
  }
  entries_.emplace_back(name, std::move(value));
}

bool Values::Has(const std::string& name) const {
  for (const auto& entry : entries_) {
    if (entry.first == name) return true;
  }
  return false;
}

const Value& Values::Get(const std::string& name) const {
  for (const auto& entry : entries_) {
    if (entry.first == name) return entry.second;
  }
  throw InputError("missing value '" + name + "'");
}

double Values::Number(const std::string& name) const {
  const Value& value = Get(name);
  if (const double* number = std::get_if<double>(&value)) return *number;
  throw InputError("'" + name + "' must be a number");
}

Eigen::VectorXd Values::Vector(const std::string& name) const {
  const Value& value = Get(name);
  if (const auto* vector = std::get_if<Eigen::VectorXd>(&value)) return *vector;
  if (const double* number = std::get_if<double>(&value)) {
    return Eigen::VectorXd::Constant(1, *number);
  }
  throw InputError("'" + name + "' must be a vector (comma list of numbers)");
}

const std::string& Values::Label(const std::string& name) const {
  const Value& value = Get(name);
  if (const auto* label = std::get_if<std::string>(&value)) return *label;
  throw InputError("'" + name + "' must be a label");
}

bool Values::Flag(const std::string& name) const {
  const Value& value = Get(name);
  if (const bool* flag = std::get_if<bool>(&value)) return *flag;
  throw InputError("'" + name + "' must be true or false");
}

void Registry::Add(Law law) {
  if (law.name.empty() || !law.evaluate) {
    throw std::logic_error("a law needs a name and an evaluate function");
  }
  if (Find(law.name) != nullptr) throw std::logic_error("law registered twice: " + law.name);
  std::set<std::string> names;
  for (const auto& q : law.inputs) {
    if (!names.insert(q.name).second) {
      throw std::logic_error("law " + law.name + " declares input " + q.name + " twice");
    }
  }
  laws_.push_back(std::move(law));
}

const Law* Registry::Find(const std::string& name) const {
  for (const auto& law : laws_) {
    if (law.name == name) return &law;
  }
  return nullptr;
}

const Law& Registry::Get(const std::string& name) const {
  if (const Law* law = Find(name)) return *law;
  throw InputError("unknown law '" + name + "' (simatlas law --list shows every law)");
}

namespace {

const Quantity* FindInput(const Law& law, const std::string& key) {
  for (const auto& q : law.inputs) {
    if (q.name == key) return &q;
  }
  return nullptr;
}

std::string InputNames(const Law& law) {
  std::string names;
  for (const auto& q : law.inputs) names += (names.empty() ? "" : ", ") + q.name;
  return names.empty() ? "(none)" : names;
}

std::string SizesText(const std::vector<int>& sizes) {
  std::string text;
  for (int size : sizes) text += (text.empty() ? "" : " or ") + std::to_string(size);
  return text;
}

Value ParseValue(const Quantity& q, const std::string& text) {
  switch (q.kind) {
    case ValueKind::kNumber: return core::ParseNumber(q.name, text);
    case ValueKind::kVector: {
      std::vector<double> numbers;
      std::size_t start = 0;
      while (true) {
        const std::size_t comma = text.find(',', start);
        numbers.push_back(core::ParseNumber(q.name, text.substr(start, comma - start)));
        if (comma == std::string::npos) break;
        start = comma + 1;
      }
      return Eigen::VectorXd(
          Eigen::Map<Eigen::VectorXd>(numbers.data(), static_cast<Eigen::Index>(numbers.size())));
    }
    case ValueKind::kLabel: return text;
    case ValueKind::kFlag:
      if (text == "true" || text == "1") return true;
      if (text == "false" || text == "0") return false;
      throw InputError(q.name + " = '" + text + "' must be true or false");
  }
  throw std::logic_error("unhandled value kind");
}

// Checks the kind, vector length and label of one input value.
void CheckInput(const Quantity& q, const Value& value) {
  switch (q.kind) {
    case ValueKind::kNumber:
      if (!std::holds_alternative<double>(value)) {
        throw InputError(q.name + " must be a number [" + q.unit + "]");
      }
      return;
    case ValueKind::kVector: {
      Eigen::Index size = 0;
      if (const auto* v = std::get_if<Eigen::VectorXd>(&value)) {
        size = v->size();
      } else if (std::holds_alternative<double>(value)) {
        size = 1;
      } else {
        throw InputError(q.name + " must be a comma list of numbers [" + q.unit + "]");
      }
      if (!q.sizes.empty()) {
        bool allowed = false;
        for (int s : q.sizes) allowed = allowed || s == size;
        if (!allowed) {
          throw InputError(q.name + " has " + std::to_string(size) + " numbers but must have " +
                           SizesText(q.sizes) + " [" + q.unit + "]");
        }
      }
      return;
    }
    case ValueKind::kLabel: {
      const auto* label = std::get_if<std::string>(&value);
      if (label == nullptr) throw InputError(q.name + " must be a label");
      if (!q.choices.empty()) {
        for (const auto& c : q.choices) {
          if (c == *label) return;
        }
        std::string choices;
        for (const auto& c : q.choices) choices += (choices.empty() ? "" : ", ") + c;
        throw InputError(q.name + " = '" + *label + "' must be one of: " + choices);
      }
      return;
    }
    case ValueKind::kFlag:
      if (!std::holds_alternative<bool>(value)) throw InputError(q.name + " must be true or false");
      return;
  }
}

bool HasNaN(const Value& value) {
  if (const double* d = std::get_if<double>(&value)) return std::isnan(*d);
  if (const auto* v = std::get_if<Eigen::VectorXd>(&value)) return v->hasNaN();
  return false;
}

// The kind and constraints of a quantity, without the "optional" prefix.
std::string DescribeKindOnly(const Quantity& q) {
  switch (q.kind) {
    case ValueKind::kNumber: return "number";
    case ValueKind::kVector:
      return q.sizes.empty() ? "vector" : "vector[" + SizesText(q.sizes) + "]";
    case ValueKind::kLabel: {
      std::string text = "one of ";
      for (std::size_t i = 0; i < q.choices.size(); ++i) text += (i ? "|" : "") + q.choices[i];
      return q.choices.empty() ? "label" : text;
    }
    case ValueKind::kFlag: return "true|false";
  }
  return "";
}

}  // namespace

Values ParseArguments(const Law& law, const std::vector<std::string>& arguments) {
  Values values;
  for (const auto& argument : arguments) {
    const std::size_t equals = argument.find('=');
    if (equals == std::string::npos || equals == 0) {
      throw InputError("argument '" + argument + "' must have the form key=value");
    }
    const std::string key = argument.substr(0, equals);
    const Quantity* q = FindInput(law, key);
    if (q == nullptr) {
      throw InputError("unknown key '" + key + "' for law " + law.name +
                       " (its inputs: " + InputNames(law) + ")");
    }
    if (values.Has(key)) throw InputError("key '" + key + "' given twice");
    values.Set(key, ParseValue(*q, argument.substr(equals + 1)));
  }
  return values;
}

Values Evaluate(const Law& law, const Values& given) {
  Values inputs;
  for (const auto& q : law.inputs) {
    if (given.Has(q.name)) {
      CheckInput(q, given.Get(q.name));
      inputs.Set(q.name, given.Get(q.name));
    } else if (q.default_value) {
      inputs.Set(q.name, *q.default_value);
    } else if (!q.optional) {
      throw InputError("missing input '" + q.name + "' [" + q.unit + "] for law " + law.name);
    }
  }
  for (const auto& entry : given.entries()) {
    if (FindInput(law, entry.first) == nullptr) {
      throw InputError("unknown key '" + entry.first + "' for law " + law.name +
                       " (its inputs: " + InputNames(law) + ")");
    }
  }
  Values raw = law.evaluate(inputs);
  Values outputs;
  for (const auto& q : law.outputs) {
    if (!raw.Has(q.name)) {
      throw std::logic_error("law " + law.name + " did not compute output " + q.name);
    }
    const Value& value = raw.Get(q.name);
    if (HasNaN(value)) {
      throw core::NumericalError("law " + law.name + " produced NaN for output " + q.name + " [" +
                                 q.unit + "]");
    }
    outputs.Set(q.name, value);
  }
  return outputs;
}

std::string FormatValue(const Value& value) {
  if (const double* d = std::get_if<double>(&value)) return core::FormatNumber(*d);
  if (const auto* v = std::get_if<Eigen::VectorXd>(&value)) {
    std::string text;
    for (Eigen::Index i = 0; i < v->size(); ++i) {
      text += (i ? "," : "") + core::FormatNumber((*v)(i));
    }
    return text;
  }
  if (const auto* s = std::get_if<std::string>(&value)) return *s;
  return std::get<bool>(value) ? "true" : "false";
}

std::string DescribeKind(const Quantity& q) {
  return (q.optional ? "optional " : "") + DescribeKindOnly(q);
}

}  // namespace simatlas::laws
