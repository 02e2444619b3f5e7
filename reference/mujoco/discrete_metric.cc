// MJ-solvers §8: effective metric, force shift, implicit rows, refsafe and the support table.
// Equation numbers (N.M) are the formula sheet's (course/FORMULAS.md).
#include "reference/mujoco/discrete_metric.h"

#include <cmath>

#include "reference/core/errors.h"

namespace simatlas::mujoco {

namespace {

void RequireSquareLike(const core::MatrixX& M, const core::MatrixX& X, const char* name) {
  if (X.rows() != M.rows() || X.cols() != M.cols()) {
    core::ThrowInputError(std::string(name) + " rows", static_cast<double>(X.rows()), "1",
                          "equal to the size of M (" + std::to_string(M.rows()) + ", square)");
  }
}

}  // namespace

// (8.1) M̂ = M + hD + h²K.
core::MatrixX EffectiveMetric(const core::MatrixX& M, const core::MatrixX& D,
                              const core::MatrixX& K, double h) {
  core::RequirePositive("h", h, "s");
  if (M.rows() != M.cols()) {
    core::ThrowInputError("M cols", static_cast<double>(M.cols()), "1", "equal to its rows");
  }
  RequireSquareLike(M, D, "D");
  RequireSquareLike(M, K, "K");
  return M + h * D + h * h * K;
}

// (8.1) τ̂s = τs − hKv.
core::VectorX ShiftedForce(const core::VectorX& tau_s, const core::MatrixX& K,
                           const core::VectorX& v, double h) {
  core::RequirePositive("h", h, "s");
  if (K.rows() != tau_s.size() || K.cols() != v.size()) {
    core::ThrowInputError("K rows", static_cast<double>(K.rows()), "1",
                          "equal to the sizes of tau_s and v");
  }
  return tau_s - h * K * v;
}

// (8.2) c = 1 + hB + h²KI, aref_s = −(B + hKI) vel − KI(r − margin), R̃ = R/c, ãref = aref_s/c.
ImplicitRow MakeImplicitRow(double K, double B, double imp, double R, double r, double margin,
                            double vel, double h) {
  core::RequireNonNegative("K", K, "1/s^2");
  core::RequireNonNegative("B", B, "1/s");
  core::RequirePositive("imp", imp, "1");
  if (imp >= 1) core::ThrowInputError("imp", imp, "1", "< 1 (impedance in (0, 1))");
  core::RequirePositive("R", R, "1/kg");
  core::RequireFinite("r", r, "m");
  core::RequireFinite("margin", margin, "m");
  core::RequireFinite("vel", vel, "m/s");
  core::RequirePositive("h", h, "s");
  ImplicitRow row;
  row.c = 1 + h * B + h * h * K * imp;
  row.aref_s = -(B + h * K * imp) * vel - K * imp * (r - margin);
  row.R = R / row.c;
  row.aref = row.aref_s / row.c;
  return row;
}

// refsafe under discrete: h²KI > 1 → K = 1/(h²I), B = 2/(h√I).
RefsafeRow DiscreteRefsafe(double K, double B, double imp, double h, bool standard_format) {
  core::RequireNonNegative("K", K, "1/s^2");
  core::RequireNonNegative("B", B, "1/s");
  core::RequirePositive("imp", imp, "1");
  core::RequirePositive("h", h, "s");
  RefsafeRow out{K, B, false};
  if (!standard_format || h * h * K * imp <= 1) return out;
  out.K = 1 / (h * h * imp);
  out.B = 2 / (h * std::sqrt(imp));
  out.replaced = true;
  return out;
}

namespace {

[[noreturn]] void Reject(const std::string& what, const std::string& rule) {
  throw core::InputError("integrator options: " + what + " is rejected (" + rule +
                         ", MJ-solvers §8 support table)");
}

}  // namespace

void CheckDiscreteSupport(const DiscreteOptions& o) {
  const bool discrete = o.integrator == "discrete";
  const bool known = discrete || o.integrator == "euler" || o.integrator == "implicit" ||
                     o.integrator == "implicitfast" || o.integrator == "rk4";
  if (!known) {
    throw core::InputError("integrator = " + o.integrator +
                           " must be one of euler, implicit, implicitfast, rk4, discrete");
  }
  if (o.solver != "pgs" && o.solver != "cg" && o.solver != "newton") {
    throw core::InputError("solver = " + o.solver + " must be one of pgs, cg, newton");
  }
  // implicit/implicitfast + flex elasticity: requires discrete in this version.
  if ((o.integrator == "implicit" || o.integrator == "implicitfast") && o.flex_elasticity) {
    Reject(o.integrator + " + flex elasticity", "requires the discrete integrator");
  }
  // IPC: requires discrete + CG; rejects fwdinv and sleep.
  if (o.ipc) {
    if (!discrete || o.solver != "cg")
      Reject("IPC with " + o.integrator + " + " + o.solver, "IPC requires discrete + CG");
    if (o.fwdinv) Reject("IPC + fwdinv", "IPC rejects fwdinv");
    if (o.sleep) Reject("IPC + sleep", "IPC rejects sleep");
  }
  if (!discrete) return;
  // discrete + flex metric + PGS/NoSlip.
  if (o.flex_metric && o.solver == "pgs") Reject("discrete + flex metric + PGS", "run-time check");
  if (o.flex_metric && o.noslip) Reject("discrete + flex metric + NoSlip", "run-time check");
  // discrete + flex + Newton with general attachments: use CG.
  if (o.flex_metric && o.solver == "newton" && o.general_flex_attachment) {
    Reject("discrete + flex + Newton with general attachments or non-assemblable nodes", "use CG");
  }
  // discrete + sleep: without islands or with a flex metric.
  if (o.sleep && !o.islands) Reject("discrete + sleep without islands", "run-time check");
  if (o.sleep && o.flex_metric) Reject("discrete + sleep with a flex metric", "run-time check");
}

}  // namespace simatlas::mujoco
