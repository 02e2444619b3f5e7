#pragma once
/// @file
/// E3-geometry §1 (the third of the "three choices") and §3 "Field consumers": the discrete
/// contact approximation, the plant defaults of the formula sheet (E3-geometry §1, src
/// `multibody_plant.h`, `multibody_plant_config.h`), and which material fields each consumer
/// actually reads.
///
/// DiscreteContactApproximation {kSap, kSimilar, kLagged}, default kLagged. All three run in
/// the SAP solver: "kSap" names the approximation, not the solver. TAMSI: the course states
/// Drake 1.57.0 has no TAMSI entry in the enum or getter (the formula sheet notes kTamsi was
/// deprecated at the checked commit with removal date 2026-09-01); the reference therefore has
/// no kTamsi and rejects the name with an explanation.
///
/// Field consumers (course §3 last paragraph; Drake hydroelastic user guide, Appendix B
/// "Current dissipation models"):
///   kSap              relaxation time τ (linear Kelvin–Voigt); Hunt–Crossley d ignored
///   kSimilar, kLagged Hunt–Crossley d; τ ignored
///   every discrete    combined dynamic friction μd only; μs never read (§4)
///   continuous point  Hunt–Crossley d, and μs and μd (Stribeck curve, §4)
///   continuous hydro  Hunt–Crossley d, and μd only (atan regularisation, §4)

#include <string_view>

#include "reference/contact/contact_model.h"
#include "reference/contact/friction_regularization.h"

namespace simatlas::contact {

/// Drake `DiscreteContactApproximation` at 1.57.0 per the course (no kTamsi).
enum class DiscreteContactApproximation {
  kSap,      ///< SAP's compliant constraint with relaxation time τ (E3-SAP §3.1); reads τ, μd
  kSimilar,  ///< Hunt–Crossley, Similar convex approximation (E3-SAP §3.2); reads d, μd
  kLagged  ///< Hunt–Crossley, Lagged convex approximation (E3-SAP §3.2, the default); reads d, μd
};

/// The plant's default approximation.
inline constexpr DiscreteContactApproximation kDefaultDiscreteContactApproximation =
    DiscreteContactApproximation::kLagged;

/// "sap", "similar", "lagged" (MultibodyPlantConfig spelling).
std::string_view ApproximationName(DiscreteContactApproximation approximation);
/// Inverse of ApproximationName. "tamsi" throws an InputError saying 1.57.0 has no TAMSI entry
/// (course §1); any other unknown text lists the choices.
DiscreteContactApproximation ParseApproximation(std::string_view text);

/// How a contact surface's faces are built (Drake `HydroelasticContactRepresentation`).
enum class SurfaceMeshRepresentation {
  kTriangle,  ///< each surface polygon split into triangles
  kPolygon    ///< one face per clipped polygon (the plant default)
};

/// The plant defaults of the formula sheet, E3-geometry §1.
struct PlantDefaults {
  double time_step = 1e-3;                                ///< [s]; 0 would mean a continuous plant
  double stiction_tolerance = kDefaultStictionTolerance;  ///< vs [m/s]
  double penetration_allowance = 1e-3;                    ///< δ [m]
  double sap_near_rigid_threshold = 1.0;                  ///< [1]
  ContactModel contact_model = kDefaultContactModel;      ///< kHydroelasticWithFallback
  /// kLagged; used only when time_step > 0.
  DiscreteContactApproximation discrete_contact_approximation =
      kDefaultDiscreteContactApproximation;
  /// kPolygon (Drake's default for discrete plants).
  SurfaceMeshRepresentation contact_surface_representation = SurfaceMeshRepresentation::kPolygon;
};

/// Checks time_step ≥ 0, stiction_tolerance > 0, penetration_allowance > 0,
/// sap_near_rigid_threshold ≥ 0 (all finite); InputError naming the field otherwise.
void ValidatePlantDefaults(const PlantDefaults& defaults);

/// Which material fields a consumer reads (true = read).
struct MaterialFieldUse {
  bool relaxation_time = false;            ///< τ [s]
  bool hunt_crossley_dissipation = false;  ///< d [s/m]
  bool static_friction = false;            ///< μs [1]
  bool dynamic_friction = false;           ///< μd [1]
  /// Equal when the same fields are read (tests compare whole sets).
  bool operator==(const MaterialFieldUse&) const = default;
};

/// Fields read by a discrete approximation, for point pairs and surfaces alike:
/// kSap → {τ, μd}; kSimilar, kLagged → {d, μd}.
MaterialFieldUse MaterialFieldsUsed(DiscreteContactApproximation approximation);

/// Fields read by the continuous plant: point pair → {d, μs, μd}; surface → {d, μd}.
MaterialFieldUse ContinuousMaterialFieldsUsed(ContactRepresentation representation);

}  // namespace simatlas::contact
