#pragma once
/// @file
/// E3-geometry §3 "材料组合必须按具体字段分别读" — read each combined material field separately.
/// Mirrors Drake `multibody/plant/contact_properties.cc` (GetCombined…), `coulomb_friction.h`,
/// `multibody/hydroelastics/hydroelastic_engine.cc` (continuous hydro E*, d*) and
/// `MultibodyPlant::EstimatePointContactParameters` (penalty fallback). Formula sheet §3, (2.5), (3.1).
///
/// Each combined quantity has its own law; there is no common "take the minimum" rule:
///   point stiffness k [N/m]     k = k₁k₂/(k₁+k₂)                       (springs in series)
///   Hunt–Crossley d [s/m]       d = k₂/(k₁+k₂)·d₁ + k₁/(k₁+k₂)·d₂       (softer side weighs more)
///   hydroelastic d [s/m]        same, with the moduli E₁, E₂ [Pa] as weights
///   μs and μd [1]               μ = 2μ₁μ₂/(μ₁+μ₂), each separately     (equal sides keep μ)
///   relaxation time τ [s]       τ = τ₁ + τ₂                            (plain sum)

#include <optional>

namespace simatlas::contact {

/// Discrete point stiffness of two sides [N/m] (`GetCombinedPointContactStiffness`).
/// k = ∞ marks a rigid side. Branches: k₁ = ∞ → k₂; k₂ = ∞ → k₁; else sd(k₁k₂, k₁+k₂).
/// Both ∞, a negative or NaN stiffness: InputError.
double CombinePointStiffness(double k1, double k2);

/// Hunt–Crossley dissipation [s/m] of the discrete paths, weighted by each side's own stiffness
/// (point) or hydroelastic modulus (hydro) (`GetCombinedHuntCrossleyDissipation`).
/// Branches: both weights ∞ → error; w₁ + w₂ = 0 → 0; w₁ = ∞ → d₂; w₂ = ∞ → d₁;
/// else w₂/(w₁+w₂)·d₁ + w₁/(w₁+w₂)·d₂. d₁, d₂ must be finite and >= 0.
double CombineHuntCrossleyDissipation(double w1, double w2, double d1, double d2);

/// Coulomb friction of one surface: μs >= μd >= 0 (Drake's `CoulombFriction` throws otherwise).
struct CoulombFriction {
  double static_friction = 0.0;   ///< μs [1]
  double dynamic_friction = 0.0;  ///< μd [1]
};

/// Checks μs, μd >= 0 (finite) and μd <= μs; names the offending key with the given suffix
/// (e.g. "1" gives "mu_s1", "mu_d1").
CoulombFriction MakeCoulombFriction(double mu_static, double mu_dynamic,
                                    const char* side_suffix = "");

/// Each coefficient combined on its own: μ = sd(2μ₁μ₂, μ₁+μ₂) (`CalcContactFrictionFromSurfaceProperties`).
CoulombFriction CombineFriction(const CoulombFriction& surface1, const CoulombFriction& surface2);

/// Per-side relaxation time used by the discrete assembly when a geometry has none [s]
/// (`default_dissipation_time_constant` in `discrete_update_manager.cc`). The public material
/// table says a missing value throws; the code uses this fallback (the reference follows the code).
inline constexpr double kDefaultRelaxationTime = 0.1;

/// SAP relaxation time τ = τ₁ + τ₂ [s]; a side left out (nullopt) contributes
/// kDefaultRelaxationTime. A negative τᵢ: "Relaxation time must be non-negative" InputError.
double CombineRelaxationTime(std::optional<double> tau1, std::optional<double> tau2);

/// Combined (k, d) of the continuous point path (`CombinePointContactParameters`).
struct PointContactParameters {
  double stiffness = 0.0;    ///< k [N/m]
  double dissipation = 0.0;  ///< d [s/m]
};

/// Continuous point path: k = sd(k₁k₂, k₁+k₂), d = sd(k₂, k₁+k₂)·d₁ + sd(k₁, k₁+k₂)·d₂.
/// This path has no ∞ branch: in Drake a rigid (∞) side yields NaN. The reference refuses ∞
/// with an InputError saying so instead of passing a NaN on.
PointContactParameters CombineContinuousPointParameters(double k1, double k2, double d1, double d2);

/// Combined modulus and dissipation of the continuous hydroelastic path, formula sheet (2.5).
struct HydroelasticParameters {
  double modulus = 0.0;      ///< E* [Pa] (∞ when both sides are rigid)
  double dissipation = 0.0;  ///< d* [s/m]
};

/// E* = E_B if E_A = ∞; E_A if E_B = ∞; else E_A E_B/(E_A+E_B).
/// d* = ½(d_A + d_B) if E* = ∞; else Σ over finite sides (E*/E_i)·d_i.
HydroelasticParameters CombineContinuousHydroelastic(double modulus_a, double modulus_b,
                                                     double dissipation_a, double dissipation_b);

/// The plant's penalty-method fallback for missing point stiffness / dissipation (3.1).
struct PenaltyParameters {
  double combined_stiffness = 0.0;      ///< k_c = m g/δ [N/m]
  double per_geometry_stiffness = 0.0;  ///< 2 k_c [N/m], so two defaults combine to k_c
  double dissipation = 0.0;             ///< d = t_s/δ [s/m], t_s = 1/ω, ω = √(k_c/m)
};

/// k_c = m g/δ, ω = √(k_c/m), t_s = 1/ω, d = 1.0·t_s/δ; g = 9.81 m/s² when gravity_norm is 0.
/// largest_mass m [kg] > 0, gravity_norm [m/s²] >= 0, penetration_allowance δ [m] > 0.
PenaltyParameters EstimatePenaltyParameters(double largest_mass, double gravity_norm,
                                            double penetration_allowance);

/// SceneGraph's DefaultProximityProperties backfill values (`geometry/scene_graph_config.h`).
struct DefaultProximityProperties {
  double hunt_crossley_dissipation = 50.0;  ///< [s/m]
  double relaxation_time = 0.1;             ///< [s]
  double point_stiffness = 1e6;             ///< [N/m]
  double static_friction = 0.5;             ///< [1]
  double dynamic_friction = 0.5;            ///< [1]
  double hydroelastic_modulus = 1e7;        ///< [Pa]
  double resolution_hint = 0.02;            ///< [m]
  // slab_thickness and margin are unset by default; compliance_type is "undefined".
};

}  // namespace simatlas::contact
