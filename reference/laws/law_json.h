#pragma once
/// @file
/// DESIGN.md "The law registry" — law values and signatures as JSON.
/// JSON form of law values and signatures: numbers, arrays of numbers, strings and booleans.
/// JSON has no infinity, so ±∞ is written as the strings "inf" / "-inf" and read back from them.

#include <nlohmann/json.hpp>

#include "reference/laws/law.h"

namespace simatlas::laws {

/// One value as JSON.
nlohmann::json ValueToJson(const Value& value);
/// {name: value, ...} in declaration order.
nlohmann::json ValuesToJson(const Values& values);
/// A law's signature: name, section, summary, inputs and outputs with kind, unit, default.
nlohmann::json LawToJson(const Law& law);
/// Inputs from a JSON object {key: number | "inf" | [numbers] | string | bool}, checked
/// against law's inputs like ParseArguments (unknown keys and wrong kinds throw InputError).
Values ValuesFromJson(const Law& law, const nlohmann::json& object);
/// The answer of `simatlas law NAME ... --json`: {"law": law.name, "outputs": {...}}. The one
/// writer of that object, shared by the command-line program and the Python package.
nlohmann::json LawAnswerToJson(const Law& law, const Values& outputs);

}  // namespace simatlas::laws
