#pragma once
/// @file
/// E3-SAP §2.2 "Hydroelastic 由面片变成离散约束" (formula sheet E3-SAP §2.2, (2.3)): every face of
/// a contact surface becomes one discrete constraint with a local linear law f(φ) = −k·φ,
///
///   skip if area a ≤ 1e-14 m²;  skip if gM < 1e-14 or gN < 1e-14 Pa/m  (kGradientEpsilon)
///   g = 1/(1/gM + 1/gN)  (a rigid side has g = ∞ and drops out: g = the other side's gradient)
///   fe0 = a·p0 [N],  k = a·g [N/m],  φ0 = −p0/g [m]
///   contact point = face centroid; frame C of §0.2 with nhat_BA_W = face normal.
///
/// So f(φ0) = −k·φ0 = a·g·p0/g = fe0 and f(0) = 0: the face behaves as a point spring that
/// would reach zero force after moving |φ0| along its normal. k [N/m] is a per-face stiffness,
/// not comparable with the modulus E [Pa]. Mirrors Drake `discrete_update_manager.cc`,
/// AppendDiscreteContactPairsForHydroelasticContact.

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "reference/contact/contact_model.h"
#include "reference/core/numeric.h"
#include "reference/geometry/contact_surface.h"

namespace simatlas::contact {

/// Faces with area at or below this are skipped [m²].
inline constexpr double kMinFaceArea = 1e-14;
/// Faces with gM or gN below this are skipped [Pa/m] (Drake's kGradientEpsilon).
inline constexpr double kGradientEpsilon = 1e-14;

/// Why a face gives no constraint.
enum class FaceSkip {
  kNone,     ///< the face gives a constraint
  kArea,     ///< area ≤ kMinFaceArea
  kGradient  ///< gM or gN < kGradientEpsilon
};

/// "none", "area", "gradient".
std::string FaceSkipName(FaceSkip skip);

/// One face's constraint data (all zero when skipped).
struct DiscreteFace {
  double fe0 = 0.0;                 ///< a·p0 [N]
  double k = 0.0;                   ///< a·g [N/m]
  double phi0 = 0.0;                ///< −p0/g [m]
  double g = 0.0;                   ///< 1/(1/gM + 1/gN) [Pa/m]
  FaceSkip skip = FaceSkip::kNone;  ///< why the face gives no constraint (kNone: it does)
  /// True if the face is skipped (then every number above is 0).
  bool skipped() const { return skip != FaceSkip::kNone; }
};

/// (2.3) from a face's area a [m²] (finite, ≥ 0), p0 [Pa] (finite, ≥ 0) and the two gradients
/// gM, gN [Pa/m] (finite or +∞ for a rigid side; NaN and −∞ rejected). Both +∞ is an
/// InputError: a surface always has a compliant side (E3-SAP §2.2).
DiscreteFace MakeDiscreteFace(double area, double p0, double gM, double gN);

/// A face turned into a constraint: its data, contact point and frame.
struct DiscreteFaceConstraint {
  int face_index = 0;                          ///< index into the surface's faces
  DiscreteFace face;                           ///< fe0, k, phi0, g of the face (never skipped here)
  core::Vector3 p_WC = core::Vector3::Zero();  ///< face centroid [m]
  core::Matrix3 R_WC = core::Matrix3::Identity();  ///< §0.2: Cz = −face normal (A into B)
};

/// One constraint per face that is not skipped, in face order.
std::vector<DiscreteFaceConstraint> MakeDiscreteFaceConstraints(
    const geometry::ContactSurface& surface);

/// The §2.2 contract wired to the contact-model choice (contact_model.h, not re-implemented):
/// ChooseRepresentation(model, a, b) decides first. Surface → compute_surface() is called and
/// its faces become constraints; point pair (kPoint, or the fallback of
/// kHydroelasticWithFallback) → nullopt and compute_surface is never called (the caller makes
/// a point pair instead); unsupported (e.g. rigid–rigid under strict kHydroelastic) → the
/// chooser's InputError naming the pair.
std::optional<std::vector<DiscreteFaceConstraint>> MakeHydroelasticConstraints(
    ContactModel model, const ContactSide& a, const ContactSide& b,
    const std::function<geometry::ContactSurface()>& compute_surface);

}  // namespace simatlas::contact
