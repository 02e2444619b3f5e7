#pragma once
/// @file
/// E3-SAP §4.2 — the two line searches of SapSolver along v + αΔv: the exact one (Newton with
/// bisection fallback on dℓ/dα, default) and backtracking (Armijo), with Drake's defaults.
/// Drake: sap_solver.cc PerformExactLineSearch, PerformBackTrackingLineSearch;
/// sap_solver.h SapSolverParameters.

#include <functional>

namespace simatlas::sap {

/// ℓ(α) along the search line; fills ℓ'(α) and ℓ''(α) when the pointers are not null.
using CostAlongLine = std::function<double(double alpha, double* dell, double* d2ell)>;

/// Exact line search parameters (defaults of SapSolverParameters).
struct ExactLineSearchParameters {
  int max_iterations = 100;  ///< Newton-with-bisection iterations before NumericalError
  double alpha_max = 1.5;    ///< α_max: the search interval is [0, α_max] [1]
};

/// Backtracking parameters (defaults of SapSolverParameters).
struct BacktrackingLineSearchParameters {
  int max_iterations = 40;       ///< backtracking steps before NumericalError
  double armijo_c = 1e-4;        ///< c of Armijo's ℓ(α) < ℓ(0) + c α ℓ'(0) [1]
  double rho = 0.8;              ///< ρ, the factor α is multiplied by per step [1]
  double alpha_max = 1.0 / 0.8;  ///< 1/ρ = 1.25
};

/// Step length and the number of line-search iterations it took.
struct LineSearchResult {
  double alpha = 0.0;  ///< accepted step length α [1]
  int iterations = 0;  ///< iterations the search took (0 when α was accepted at once)
};

/// Exact search (§4.2): ℓ'(0) ≥ 0 throws; ℓ'(α_max) ≤ 0 → α_max; −ℓ'(0) < εca + εcr ℓ(α_max)
/// → α = 1; else α₀ = min(−ℓ'(0)/ℓ''(α_max), α_max) (NaN throws) and Newton with bisection on
/// f(α) = ℓ'(α)/(−ℓ'(0)) over [0, α_max], f_tol = 1e-8, α_tol = 1e-8 α₀. Throws
/// core::NumericalError when a rule above says so or the budget runs out.
LineSearchResult PerformExactLineSearch(const CostAlongLine& ell, double dell0,
                                        const ExactLineSearchParameters& parameters,
                                        double cost_abs_tolerance, double cost_rel_tolerance);

/// Backtracking (§4.2): start at α_max; accept it at once if ℓ'(α_max) < 0 or ℓ'(α_max) is below
/// the slop (relative_slop/10)·max(1, (|ℓ(α_max)| + |ℓ(0)|)/2); else α ← ρα while the cost keeps
/// decreasing, and return the last α before the cost rose if it passes Armijo
/// ℓ(α) < ℓ(0) + c α ℓ'(0). Throws if ℓ'(0) ≥ 0 or nothing is accepted within max_iterations.
LineSearchResult PerformBacktrackingLineSearch(const CostAlongLine& ell, double ell0, double dell0,
                                               const BacktrackingLineSearchParameters& parameters,
                                               double relative_slop);

}  // namespace simatlas::sap
