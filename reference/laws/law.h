#pragma once
/// @file
/// DESIGN.md "The law registry" — every formula of the course as a named law.
/// The law registry (DESIGN.md, "The law registry"): every formula a student may want to
/// evaluate is a named law with its course section, its inputs and outputs with units and
/// defaults, and the function that computes it. One registry drives `simatlas law`, the
/// docs' table of laws, the property suite's differential checks and the figure sweeps.
/// A law returns numbers, vectors, labels and flags; it never prints.

#include <Eigen/Dense>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <variant>
#include <vector>

namespace simatlas::laws {

/// One value of a law's input or output.
using Value = std::variant<double, Eigen::VectorXd, std::string, bool>;

/// What a quantity holds.
enum class ValueKind {
  kNumber,  ///< one double; "inf" allowed where the law says so
  kVector,  ///< a comma list of doubles (sizes restricts the length)
  kLabel,   ///< one word from choices
  kFlag,    ///< true/false (outputs such as "skipped")
};

/// An input or output of a law.
struct Quantity {
  std::string name;                     ///< key as typed on the command line
  ValueKind kind = ValueKind::kNumber;  ///< kind of value
  std::string unit;                     ///< SI unit ("N/m", "s/m", "1" for dimensionless)
  std::string description;              ///< one line, in the course's words
  std::optional<Value> default_value;   ///< absent: the input is required (unless optional)
  bool optional = false;                ///< may be left out (the law states what that means)
  std::vector<int> sizes;               ///< allowed vector lengths (empty: any length)
  std::vector<std::string> choices;     ///< allowed labels
};

/// Named values in a fixed order (the order the law declares them).
class Values {
 public:
  /// Sets (or replaces) the value of name.
  void Set(const std::string& name, Value value);
  /// True if name has a value.
  bool Has(const std::string& name) const;
  /// The value of name; throws InputError naming the key when absent.
  const Value& Get(const std::string& name) const;
  /// The number under name (throws if absent or not a number).
  double Number(const std::string& name) const;
  /// The vector under name (a number is returned as a vector of length 1).
  Eigen::VectorXd Vector(const std::string& name) const;
  /// The label under name.
  const std::string& Label(const std::string& name) const;
  /// The flag under name.
  bool Flag(const std::string& name) const;
  /// All entries in insertion order.
  const std::vector<std::pair<std::string, Value>>& entries() const { return entries_; }

 private:
  std::vector<std::pair<std::string, Value>> entries_;
};

/// A law: a formula of the course with its signature.
struct Law {
  std::string name;               ///< e.g. "material.point_stiffness"
  std::string section;            ///< e.g. "E3-geometry §3"
  std::string summary;            ///< one line: the formula in words
  std::vector<Quantity> inputs;   ///< in the order `--list` shows them
  std::vector<Quantity> outputs;  ///< in the order the law returns them
  /// Computes the outputs from complete inputs (defaults filled, kinds checked).
  /// Domain violations throw core::InputError naming the key.
  std::function<Values(const Values&)> evaluate;
};

/// The set of laws, in registration order.
class Registry {
 public:
  /// Adds a law; throws std::logic_error on a duplicate name or a malformed signature.
  void Add(Law law);
  /// The law called name, or nullptr.
  const Law* Find(const std::string& name) const;
  /// The law called name; throws InputError ("unknown law …") otherwise.
  const Law& Get(const std::string& name) const;
  /// Every law in registration order.
  const std::vector<Law>& all() const { return laws_; }

 private:
  std::vector<Law> laws_;
};

/// The registry of every law of the reference engine (built once, on first use).
const Registry& AllLaws();

/// Parses "key=value" arguments against law's inputs: unknown keys, repeated keys, missing
/// required inputs, bad numbers, wrong vector lengths and unknown labels throw InputError.
/// Defaults are filled in.
Values ParseArguments(const Law& law, const std::vector<std::string>& arguments);

/// Fills defaults, checks presence and kinds of the inputs, evaluates, and checks that every
/// declared output is present and no output is NaN (a NaN is a core::NumericalError).
Values Evaluate(const Law& law, const Values& inputs);

/// Text of a value for tables and messages ("inf", "0.1,0,-0.1", labels as they are).
std::string FormatValue(const Value& value);

/// Text of a quantity's kind and constraints for `--list` ("number", "vector[3]", "one of a|b").
std::string DescribeKind(const Quantity& quantity);

}  // namespace simatlas::laws
