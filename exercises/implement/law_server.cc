// The implementation exercises (E3-geometry §3) as a program under test of
// `simatlas check`: a line-protocol adapter (docs/pages/check_protocol.md) that reads one query per
// line, {"law": "material.point_stiffness", "inputs": {"k1": 1e5, "k2": "inf"}}, calls the
// graded implementation of that law (the student's exercises/implement/<law>_student.cc or, in
// the solutions build, exercises/implement/<law>_solution.cc) and writes
// {"outputs": {...}} or {"error": "..."}. It answers the three exercise laws only; any other
// law is an error. The adapter computes nothing itself.
#include <cmath>
#include <iostream>
#include <limits>
#include <stdexcept>
#include <string>

#include <nlohmann/json.hpp>

#include "exercises/implement/dissipation.h"
#include "exercises/implement/friction.h"
#include "exercises/implement/point_stiffness.h"

namespace {

using nlohmann::json;
namespace implement = simatlas::exercises::implement;

// A protocol number: a JSON number, or "inf"/"-inf" for ±∞.
double Number(const json& inputs, const std::string& name) {
  if (!inputs.contains(name)) throw std::invalid_argument("input " + name + " is missing");
  const json& value = inputs.at(name);
  if (value.is_number()) return value.get<double>();
  if (value == "inf") return std::numeric_limits<double>::infinity();
  if (value == "-inf") return -std::numeric_limits<double>::infinity();
  throw std::invalid_argument("input " + name + " = " + value.dump() +
                              " must be a number or \"inf\"");
}

// ±∞ as the strings the protocol uses, other numbers as JSON numbers.
json Out(double x) {
  if (std::isinf(x)) return x > 0 ? json("inf") : json("-inf");
  return x;
}

// One query → the outputs of the student's law.
json Answer(const std::string& law, const json& in) {
  if (law == "material.point_stiffness") {
    return {{"k", Out(implement::CombinePointStiffness(Number(in, "k1"), Number(in, "k2")))}};
  }
  if (law == "material.dissipation") {
    return {{"d", Out(implement::CombineHuntCrossleyDissipation(
                      Number(in, "k1"), Number(in, "k2"), Number(in, "d1"), Number(in, "d2")))}};
  }
  if (law == "material.friction") {
    const auto mu = implement::CombineFriction({Number(in, "mu_s1"), Number(in, "mu_d1")},
                                               {Number(in, "mu_s2"), Number(in, "mu_d2")});
    return {{"mu_s", Out(mu.static_friction)}, {"mu_d", Out(mu.dynamic_friction)}};
  }
  throw std::invalid_argument(
      "law " + law + " is not an implementation exercise (point_stiffness, dissipation, friction)");
}

}  // namespace

int main() {
  std::string line;
  while (std::getline(std::cin, line)) {
    if (line.empty()) continue;
    json reply;
    // A rejected input (the student's InputError) or the blank's "not implemented" is an error
    // answer; the grader decides what it means.
    try {
      const json query = json::parse(line);
      reply = {{"outputs", Answer(query.at("law").get<std::string>(), query.at("inputs"))}};
    } catch (const std::exception& e) {
      reply = {{"error", e.what()}};
    }
    std::cout << reply.dump() << std::endl;
  }
  return 0;
}
