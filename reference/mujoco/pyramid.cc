// MJ-solvers §2b — pyramid encode/decode (MuJoCo engine_util_misc.c: mju_decodePyramid,
// mju_encodePyramid).
#include "reference/mujoco/pyramid.h"

#include <string>

#include "reference/core/errors.h"

namespace simatlas::mujoco {

namespace {

void RequireFrictions(const core::VectorX& mu) {
  if (mu.size() < 1) core::ThrowInputError("mu length", 0, "1", ">= 1");
  for (int j = 0; j < mu.size(); ++j) {
    core::RequirePositive("mu[" + std::to_string(j) + "]", mu[j], "1");
  }
}

}  // namespace

ConeForce DecodePyramid(const core::VectorX& edges, const core::VectorX& mu) {
  RequireFrictions(mu);
  if (edges.size() != 2 * mu.size()) {
    core::ThrowInputError("edges length", static_cast<double>(edges.size()), "1",
                          "2 x (length of mu) = " + std::to_string(2 * mu.size()));
  }
  for (int e = 0; e < edges.size(); ++e) {
    core::RequireFinite("edges[" + std::to_string(e) + "]", edges[e], "N");
  }
  ConeForce out;
  // normal = Σ edges.
  out.normal = edges.sum();
  // tangent_j = (p_{2j} − p_{2j+1}) μ_j.
  out.tangent.resize(mu.size());
  for (int j = 0; j < mu.size(); ++j) out.tangent[j] = (edges[2 * j] - edges[2 * j + 1]) * mu[j];
  return out;
}

core::VectorX EncodePyramid(const ConeForce& force, const core::VectorX& mu) {
  RequireFrictions(mu);
  if (force.tangent.size() != mu.size()) {
    core::ThrowInputError("tangent length", static_cast<double>(force.tangent.size()), "1",
                          "equal to the length of mu");
  }
  core::RequireFinite("normal", force.normal, "N");
  const double share = force.normal / static_cast<double>(mu.size());
  core::VectorX edges(2 * mu.size());
  // Each pair carries f₀/(d−1) in total and the difference f_j/μ_j.
  for (int j = 0; j < mu.size(); ++j) {
    core::RequireFinite("tangent[" + std::to_string(j) + "]", force.tangent[j], "N");
    edges[2 * j] = 0.5 * (share + force.tangent[j] / mu[j]);
    edges[2 * j + 1] = 0.5 * (share - force.tangent[j] / mu[j]);
  }
  return edges;
}

}  // namespace simatlas::mujoco
