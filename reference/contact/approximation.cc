// E3-geometry §1 and §3 "Field consumers": the discrete approximation, plant defaults, and the
// material fields each consumer reads.
#include "reference/contact/approximation.h"

#include <string>

#include "reference/core/errors.h"

namespace simatlas::contact {

std::string_view ApproximationName(DiscreteContactApproximation approximation) {
  switch (approximation) {
    case DiscreteContactApproximation::kSap: return "sap";
    case DiscreteContactApproximation::kSimilar: return "similar";
    case DiscreteContactApproximation::kLagged: return "lagged";
  }
  return "unknown";
}

DiscreteContactApproximation ParseApproximation(std::string_view text) {
  for (DiscreteContactApproximation a :
       {DiscreteContactApproximation::kSap, DiscreteContactApproximation::kSimilar,
        DiscreteContactApproximation::kLagged}) {
    if (ApproximationName(a) == text) return a;
  }
  // TAMSI is named explicitly: historical tutorials use it, 1.57.0 does not have it.
  if (text == "tamsi") {
    throw core::InputError(
        "discrete_contact_approximation = 'tamsi' must be one of sap|similar|lagged: Drake "
        "1.57.0 has no TAMSI entry in the enum or getter (E3-geometry §1)");
  }
  throw core::InputError("discrete_contact_approximation = '" + std::string(text) +
                         "' must be one of sap|similar|lagged");
}

void ValidatePlantDefaults(const PlantDefaults& d) {
  core::RequireNonNegative("time_step", d.time_step, "s");
  core::RequirePositive("stiction_tolerance", d.stiction_tolerance, "m/s");
  core::RequirePositive("penetration_allowance", d.penetration_allowance, "m");
  core::RequireNonNegative("sap_near_rigid_threshold", d.sap_near_rigid_threshold, "1");
}

MaterialFieldUse MaterialFieldsUsed(DiscreteContactApproximation approximation) {
  MaterialFieldUse use;
  // Every discrete approximation reads the combined dynamic friction only.
  use.dynamic_friction = true;
  // kSap: linear compliance with relaxation time; Similar/Lagged: Hunt–Crossley d.
  if (approximation == DiscreteContactApproximation::kSap) {
    use.relaxation_time = true;
  } else {
    use.hunt_crossley_dissipation = true;
  }
  return use;
}

MaterialFieldUse ContinuousMaterialFieldsUsed(ContactRepresentation representation) {
  MaterialFieldUse use;
  // The continuous model dissipates with Hunt–Crossley d on both paths.
  use.hunt_crossley_dissipation = true;
  use.dynamic_friction = true;
  // Only the point path's Stribeck curve reads μs; hydro's atan uses μd alone.
  use.static_friction = representation == ContactRepresentation::kPointPair;
  return use;
}

}  // namespace simatlas::contact
