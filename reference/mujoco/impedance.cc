// MJ-solvers §2a — row parameters (formula sheet (2.1)–(2.3)); MuJoCo engine_core_constraint.c:
// getsolparam, getimpedance, mj_makeImpedance, mj_diagApprox.
#include "reference/mujoco/impedance.h"

#include <algorithm>
#include <cmath>
#include <string>

#include "reference/core/errors.h"

namespace simatlas::mujoco {

namespace {

double Clamp(double x, double lo, double hi) { return std::min(hi, std::max(lo, x)); }

void RequireFiniteArray(const char* name, const double* values, int n, const char* unit) {
  for (int i = 0; i < n; ++i) {
    core::RequireFinite(std::string(name) + "[" + std::to_string(i) + "]", values[i], unit);
  }
}

void RequireContactDim(int dim) {
  if (dim != 3 && dim != 4 && dim != 6) {
    core::ThrowInputError("contact dim", dim, "1", "3, 4 or 6 for a frictional contact");
  }
}

}  // namespace

bool IsStandardSolRef(const SolRef& solref) { return solref[0] > 0; }

SolParams SanitiseSolParams(const SolRef& solref, const SolImp& solimp, double timestep,
                            bool refsafe) {
  RequireFiniteArray("solref", solref.data(), 2, "s or 1/s^2");
  RequireFiniteArray("solimp", solimp.data(), 5, "1 (width in m)");
  core::RequirePositive("timestep", timestep, "s");
  SolParams out;
  out.solref = solref;
  out.solimp = solimp;
  // Mixed format (exactly one entry positive): MuJoCo warns and uses the default solref.
  if ((solref[0] > 0) != (solref[1] > 0)) {
    out.solref = kDefaultSolRef;
    out.mixed_replaced = true;
  }
  // refsafe, standard format only: timeconst ≥ 2h (the direct format has no floor).
  if (refsafe && IsStandardSolRef(out.solref) && out.solref[0] < 2 * timestep) {
    out.solref[0] = 2 * timestep;
    out.refsafe_clamped = true;
  }
  // dmin, dmax, midpoint ∈ [mjMINIMP, mjMAXIMP]; width ≥ 0; power ≥ 1.
  out.solimp[0] = Clamp(out.solimp[0], kMinImp, kMaxImp);
  out.solimp[1] = Clamp(out.solimp[1], kMinImp, kMaxImp);
  out.solimp[2] = std::max(0.0, out.solimp[2]);
  out.solimp[3] = Clamp(out.solimp[3], kMinImp, kMaxImp);
  out.solimp[4] = std::max(1.0, out.solimp[4]);
  return out;
}

Impedance EvaluateImpedance(double pos, double margin, const SolImp& solimp) {
  core::RequireFinite("pos", pos, "m");
  core::RequireFinite("margin", margin, "m");
  const double dmin = solimp[0], dmax = solimp[1], width = solimp[2], mid = solimp[3],
               p = solimp[4];
  // Flat: dmin == dmax or no transition width → I = (dmin + dmax)/2.
  if (dmin == dmax || width <= kMinVal) return {0.5 * (dmin + dmax), 0.0};
  // x = |r − margin|/width, remembering the sign for dI/dpos.
  double x = (pos - margin) / width;
  const double sign = x < 0 ? -1.0 : 1.0;
  x = std::abs(x);
  // Saturated: x ≥ 1 → dmax, x ≤ 0 → dmin.
  if (x >= 1 || x <= 0) return {x >= 1 ? dmax : dmin, 0.0};
  double y = 0, y_prime = 0;
  if (p == 1) {
    // Linear: y = x.
    y = x;
    y_prime = 1;
  } else if (x <= mid) {
    // Lower half: y = a x^p, a = 1/mid^(p−1).
    const double a = 1 / std::pow(mid, p - 1);
    y = a * std::pow(x, p);
    y_prime = p * a * std::pow(x, p - 1);
  } else {
    // Upper half: y = 1 − b (1 − x)^p, b = 1/(1 − mid)^(p−1).
    const double b = 1 / std::pow(1 - mid, p - 1);
    y = 1 - b * std::pow(1 - x, p);
    y_prime = p * b * std::pow(1 - x, p - 1);
  }
  // I = dmin + y (dmax − dmin); dI/dpos = y' · sign · (dmax − dmin)/width.
  return {dmin + y * (dmax - dmin), y_prime * sign * (dmax - dmin) / width};
}

StiffnessDamping EvaluateStiffnessDamping(const SolRef& solref, double dmax) {
  if (IsStandardSolRef(solref)) {
    // Standard (tc, ζ): K = 1/(dmax² tc² ζ²), B = 2/(dmax tc).
    const double tc = solref[0], zeta = solref[1];
    return {1 / std::max(kMinVal, dmax * dmax * tc * tc * zeta * zeta),
            2 / std::max(kMinVal, dmax * tc)};
  }
  // Direct (−k, −b): K = k/dmax², B = b/dmax.
  return {-solref[0] / std::max(kMinVal, dmax * dmax), -solref[1] / std::max(kMinVal, dmax)};
}

RowParameters MakeRowParameters(const RowInput& in) {
  core::RequireNonNegative("diag_approx", in.diag_approx, "1/kg or 1/(kg m^2)");
  core::RequireFinite("distance", in.distance, "m");
  core::RequireFinite("pos", in.pos, "m");
  core::RequireFinite("margin", in.margin, "m");
  core::RequireFinite("vel", in.vel, "m/s");
  RowParameters out;
  out.params = SanitiseSolParams(in.solref, in.solimp, in.timestep, in.refsafe);
  // I and dI/dr from the row's distance r.
  const Impedance impedance = EvaluateImpedance(in.distance, in.margin, out.params.solimp);
  out.imp = impedance.imp;
  out.imp_prime = impedance.imp_prime;
  // K, B from solref and dmax; frictionloss and elliptic friction rows have no stiffness.
  const StiffnessDamping kb = EvaluateStiffnessDamping(out.params.solref, out.params.solimp[1]);
  out.K = in.zero_stiffness ? 0.0 : kb.K;
  out.B = kb.B;
  // R = max(1e-15, (1 − I)/I · Â).
  out.R = std::max(kMinVal, (1 - out.imp) / out.imp * in.diag_approx);
  // aref = −B vel − K I (pos − margin).
  out.aref = -out.B * in.vel - out.K * out.imp * (in.pos - in.margin);
  return out;
}

FrictionRegularisation EllipticFrictionR(double R0, double impratio,
                                         const std::array<double, 5>& friction, int dim) {
  RequireContactDim(dim);
  core::RequirePositive("R0", R0, "1/kg");
  core::RequirePositive("impratio", impratio, "1");
  for (int j = 0; j < dim - 1; ++j) {
    core::RequirePositive("friction[" + std::to_string(j) + "]", friction[j], "1");
  }
  FrictionRegularisation out;
  out.R.assign(dim, R0);
  // R₁ = R₀/impratio; μ = friction[0] √(R₁/R₀).
  out.R[1] = R0 / std::max(kMinVal, impratio);
  out.mu = friction[0] * std::sqrt(out.R[1] / out.R[0]);
  // R_{j+1} friction[j]² = R₁ friction[0]²: every row sees the same regularised cone.
  for (int j = 1; j < dim - 1; ++j) {
    out.R[j + 1] = out.R[1] * friction[0] * friction[0] / (friction[j] * friction[j]);
  }
  return out;
}

FrictionRegularisation PyramidalFrictionR(double R0, double impratio,
                                          const std::array<double, 5>& friction, int dim) {
  RequireContactDim(dim);
  core::RequirePositive("R0", R0, "1/kg");
  core::RequirePositive("impratio", impratio, "1");
  core::RequirePositive("friction[0]", friction[0], "1");
  FrictionRegularisation out;
  // μ as for the elliptic cone: friction[0] √(R₁/R₀), R₁ = R₀/impratio.
  const double R1 = R0 / std::max(kMinVal, impratio);
  out.mu = friction[0] * std::sqrt(R1 / R0);
  // Every edge: R_py = 2 μ² R₀.
  out.R.assign(2 * (dim - 1), 2 * out.mu * out.mu * R0);
  return out;
}

double ContactDiagApprox(double tran, double rot, const std::array<double, 5>& friction,
                         bool pyramidal, int row_in_contact) {
  core::RequireNonNegative("tran", tran, "1/kg");
  core::RequireNonNegative("rot", rot, "1/(kg m^2)");
  if (row_in_contact < 0) core::ThrowInputError("row_in_contact", row_in_contact, "1", ">= 0");
  if (pyramidal) {
    // Edge of pair j: tran + friction_j² (j < 2 ? tran : rot).
    const int j = row_in_contact / 2;
    if (j > 4) core::ThrowInputError("row_in_contact", row_in_contact, "1", "< 10 (pyramid edges)");
    return tran + friction[j] * friction[j] * (j < 2 ? tran : rot);
  }
  // Elliptic or frictionless: normal and sliding rows tran, torsional/rolling rows rot.
  if (row_in_contact > 5) core::ThrowInputError("row_in_contact", row_in_contact, "1", "< 6");
  return row_in_contact < 3 ? tran : rot;
}

}  // namespace simatlas::mujoco
