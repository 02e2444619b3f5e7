// The kSap friction-cone constraint (E3-SAP §3.1, formula sheet (3.2)–(3.3)) as a stand-alone
// program that speaks the `simatlas check` line protocol (docs/pages/check_protocol.md). It links
// nothing but nlohmann-json:
//   g++ -std=c++17 -O2 friction_cone_port.cc -o friction_cone_port
//   simatlas check sap.friction_cone --against ./friction_cone_port
#include <nlohmann/json.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <iostream>
#include <stdexcept>
#include <string>

using nlohmann::json;
using Vec3 = std::array<double, 3>;

// A protocol number: a JSON number or the strings "inf" / "-inf".
double Number(const json& j) {
  if (j.is_string()) return std::stod(j.get<std::string>());  // stod reads "inf"
  return j.get<double>();
}

// An optional input with its default.
double NumberOr(const json& inputs, const char* key, double fallback) {
  return inputs.contains(key) ? Number(inputs[key]) : fallback;
}

json Array(const Vec3& v) { return json::array({v[0], v[1], v[2]}); }

json FrictionCone(const json& in) {
  const double h = Number(in["dt"]), phi0 = Number(in["phi0"]), mu = Number(in["mu"]);
  const double k = Number(in["k"]), tau = Number(in["tau"]);
  const double beta = NumberOr(in, "beta", 1.0), sigma = NumberOr(in, "sigma", 1e-3);
  if (!(h > 0 && mu >= 0 && k > 0 && tau >= 0 && beta >= 0 && sigma > 0)) {
    throw std::invalid_argument("need dt > 0, mu >= 0, k > 0, tau >= 0, beta >= 0, sigma > 0");
  }
  // Delassus estimate: one number (all three entries) or three.
  Vec3 w{};
  const json& wj = in["w"].is_array() ? in["w"] : json::array({in["w"]});
  for (int i = 0; i < 3; ++i) w[i] = Number(wj[wj.size() == 1 ? 0 : i]);
  const double w_rms = std::sqrt((w[0] * w[0] + w[1] * w[1] + w[2] * w[2]) / 3);
  const double wt = std::max(0.5 * (w[0] + w[1]), w_rms), wn = std::max(w[2], w_rms);
  // Regularisation, formula sheet E3-SAP (3.2): near-rigid floor or the linear compliance with
  // relaxation time.
  const double pi = 3.14159265358979323846;
  const double Rn = std::max(beta * beta / (4 * pi * pi) * wn, 1 / (h * k * (h + tau)));
  const double Rt = sigma * wt;
  const Vec3 R{Rt, Rt, Rn};
  const double vhat_n = -phi0 / (h + tau);
  // Un-projected impulse y = R⁻¹ (v̂ − vc).
  const Vec3 vhat{0, 0, vhat_n};
  Vec3 y{};
  for (int i = 0; i < 3; ++i) y[i] = (vhat[i] - Number(in["vc"][i])) / R[i];
  // Projection on F_μ in the R norm, formula sheet E3-SAP (3.3), soft norm without an offset.
  const double yr = std::sqrt(y[0] * y[0] + y[1] * y[1] + 1e-14), yn = y[2];
  const double mu_hat = mu * Rt / Rn, mu_tilde2 = mu * mu * Rt / Rn;
  Vec3 gamma{0, 0, 0};
  std::string mode;
  if (yr <= mu * yn) {
    mode = "stiction";
    gamma = y;
  } else if (yn > -mu_hat * yr) {
    mode = "sliding";
    const double gn = (yn + mu_hat * yr) / (1 + mu_tilde2);
    gamma = {mu * gn * y[0] / yr, mu * gn * y[1] / yr, gn};
  } else {
    mode = "no_contact";
  }
  // Constraint potential ½ γᵀ R γ.
  double cost = 0;
  for (int i = 0; i < 3; ++i) cost += 0.5 * R[i] * gamma[i] * gamma[i];
  return {
      {"Rt", Rt},     {"Rn", Rn},    {"vhat_n", vhat_n}, {"y", Array(y)}, {"gamma", Array(gamma)},
      {"mode", mode}, {"cost", cost}};
}

int main() {
  std::string line;
  // One query per line in, one answer per line out (flushed: the checker waits for it).
  while (std::getline(std::cin, line)) {
    json answer;
    try {
      const json query = json::parse(line);
      if (query.at("law") != "sap.friction_cone") throw std::invalid_argument("unknown law");
      answer = {{"outputs", FrictionCone(query.at("inputs"))}};
    } catch (const std::exception& e) {
      answer = {{"error", e.what()}};
    }
    std::cout << answer.dump() << std::endl;
  }
  return 0;
}
