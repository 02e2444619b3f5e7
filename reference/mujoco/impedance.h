#pragma once
/// @file
/// MJ-solvers §2a: row parameters — solref/solimp sanitising (getsolparam), the impedance
/// sigmoid I(r) (getimpedance), stiffness K, damping B, regulariser R and reference
/// acceleration aref (mj_makeImpedance), and the friction-row R scaling with the regularised
/// cone coefficient μ. Symbols as in the formula sheet: tc, ζ, dmin, dmax, width, mid, p, Â.

#include <array>
#include <vector>

#include "reference/mujoco/constants.h"

namespace simatlas::mujoco {

/// mjMINIMP: the lower clamp of dmin, dmax and midpoint (getsolparam).
inline constexpr double kMinImp = 1e-4;
/// mjMAXIMP: the upper clamp of dmin, dmax and midpoint, so I < 1 and R > 0.
inline constexpr double kMaxImp = 0.9999;
/// mjMINMU: the smallest friction coefficient MuJoCo lets through.
inline constexpr double kMinMu = 1e-5;

/// solref = (timeconst [s], dampratio [1]) standard, or (−stiffness [1/s²], −damping [1/s]) direct.
using SolRef = std::array<double, 2>;
/// solimp = (dmin, dmax, width [m], midpoint, power).
using SolImp = std::array<double, 5>;

/// MuJoCo's default solref (0.02 s, 1): timeconst 0.02 s, critical damping.
inline constexpr SolRef kDefaultSolRef = {0.02, 1.0};
/// MuJoCo's default solimp (0.9, 0.95, 0.001 m, 0.5, 2).
inline constexpr SolImp kDefaultSolImp = {0.9, 0.95, 0.001, 0.5, 2.0};

/// The parameters a row really uses, and which sanitising branch fired.
struct SolParams {
  SolRef solref = kDefaultSolRef;  ///< solref after the mixed-sign and refsafe rules
  SolImp solimp = kDefaultSolImp;  ///< solimp after the clamps
  bool mixed_replaced = false;     ///< exactly one of solref[0], solref[1] > 0 → default solref
  bool refsafe_clamped = false;    ///< timeconst raised to 2h
};

/// True when solref is in the standard (timeconst, dampratio) format, i.e. solref[0] > 0.
bool IsStandardSolRef(const SolRef& solref);

/// getsolparam: mixed-sign solref → default; refsafe (standard format only):
/// timeconst ← max(timeconst, 2h); dmin, dmax, midpoint clamped to [1e-4, 0.9999];
/// width ≥ 0; power ≥ 1. Non-finite entries or timestep ≤ 0 throw InputError.
SolParams SanitiseSolParams(const SolRef& solref, const SolImp& solimp, double timestep,
                            bool refsafe);

/// I(r) and dI/dr [1/m] from (2.1), for an already sanitised solimp.
struct Impedance {
  double imp = 0;        ///< I ∈ (0, 1)
  double imp_prime = 0;  ///< dI/d pos, signed like (pos − margin)
};

/// getimpedance (2.1): flat when dmin == dmax or width ≤ 1e-15; x = |r − margin|/width
/// saturates at dmax for x ≥ 1 and dmin for x ≤ 0; otherwise the two-piece power sigmoid
/// with midpoint mid and power p.
Impedance EvaluateImpedance(double pos, double margin, const SolImp& solimp);

/// Stiffness K [1/s²] and damping B [1/s] of (2.2); both use dmax, not I.
struct StiffnessDamping {
  double K = 0;  ///< stiffness K [1/s²]
  double B = 0;  ///< damping B [1/s]
};
/// standard: K = 1/max(1e-15, dmax² tc² ζ²), B = 2/max(1e-15, dmax tc);
/// direct:   K = −solref[0]/max(1e-15, dmax²), B = −solref[1]/max(1e-15, dmax).
StiffnessDamping EvaluateStiffnessDamping(const SolRef& solref, double dmax);

/// Everything mj_makeImpedance stores for one row (efc_KBIP, efc_R, efc_aref).
struct RowParameters {
  double K = 0;          ///< stiffness K [1/s²] (0 for frictionloss / elliptic friction rows)
  double B = 0;          ///< damping B [1/s]
  double imp = 0;        ///< impedance I ∈ (0, 1)
  double imp_prime = 0;  ///< dI/d pos [1/m]
  double R = 0;          ///< regulariser before any friction scaling
  double aref = 0;       ///< −B vel − K I (pos − margin)
  SolParams params;      ///< the sanitised parameters used
};

/// Inputs of one row. distance is r of (2.1) (efc_pos for contacts and limits, ‖pos₁:₃‖ for a
/// connect); pos is this row's own efc_pos used in aref.
struct RowInput {
  double diag_approx = 0;          ///< Â ≥ 0
  double distance = 0;             ///< r [m] for the impedance
  double pos = 0;                  ///< efc_pos of this row [m]
  double margin = 0;               ///< [m]
  double vel = 0;                  ///< J qvel [m/s]
  SolRef solref = kDefaultSolRef;  ///< the row's solref as given (sanitised here)
  SolImp solimp = kDefaultSolImp;  ///< the row's solimp as given (sanitised here)
  double timestep = 0.002;         ///< h [s]
  bool refsafe = true;             ///< the refsafe flag: timeconst ≥ 2h for standard solref
  bool zero_stiffness = false;     ///< frictionloss rows and elliptic friction rows: K = 0
};

/// (2.1)–(2.2): sanitise, I, K, B, R = max(1e-15, (1 − I)/I · Â), aref.
RowParameters MakeRowParameters(const RowInput& input);

/// Regularised cone coefficient and per-row R of one frictional contact (2.3).
struct FrictionRegularisation {
  double mu = 0;          ///< μ = friction[0] √(R₁/R₀)
  std::vector<double> R;  ///< dim rows (elliptic) or 2(dim − 1) edges (pyramidal)
};

/// Elliptic contact of dimension dim ∈ {3, 4, 6}: R₁ = R₀/impratio, μ = friction[0]√(R₁/R₀),
/// R_{j+1} = R₁ friction[0]²/friction[j]², j = 1 … dim−2. R0 is the normal row's R.
FrictionRegularisation EllipticFrictionR(double R0, double impratio,
                                         const std::array<double, 5>& friction, int dim);

/// Pyramidal contact of dimension dim ∈ {3, 4, 6}: μ as elliptic; every one of the 2(dim−1)
/// edges gets R_py = 2 μ² R₀, with R₀ the first edge's unscaled R.
FrictionRegularisation PyramidalFrictionR(double R0, double impratio,
                                          const std::array<double, 5>& friction, int dim);

/// Â of a contact row (§2a): frictionless/elliptic normal and sliding rows → tran, elliptic
/// torsional/rolling rows → rot; pyramidal edge e (pair j = e/2) → tran + friction_j²·(j < 2 ?
/// tran : rot). tran, rot are the summed body_invweight0 halves of the two bodies.
double ContactDiagApprox(double tran, double rot, const std::array<double, 5>& friction,
                         bool pyramidal, int row_in_contact);

}  // namespace simatlas::mujoco
