#pragma once
/// @file
/// Exercise helper (not part of the engine): the ANALYTIC contact surface of a compliant sphere
/// pressed into a rigid half-space, cut into rings that play the role of faces, and the closed
/// form of Σ a·g, the sum of the discrete local stiffnesses k = a·g (E3-SAP §2.2, formula sheet
/// (2.3)). Exercise 6 sets it beside the engine's tessellated surface (reference/geometry/).
///
/// Linear pressure field of a compliant sphere of radius R [m] and modulus E [Pa]: the extent
/// e = 1 − ‖x‖/R (0 on the surface, 1 at the centre), pe = E e. Pressed a depth δ into a rigid
/// half-space, the surface is the disk of radius a on the plane at height R − δ above the
/// centre:
///   a² = R² − (R − δ)² = 2Rδ − δ².
/// At a point of the disk at radius r, ‖x‖ = √((R − δ)² + r²), so
///   pe(r) = E (1 − √((R − δ)² + r²)/R),
/// and the field's gradient E/R along x̂ has normal component (the rigid side adds gN = ∞, so
/// g = gM)
///   g(r) = (E/R) cos θ = (E/R) (R − δ)/√((R − δ)² + r²)    [Pa/m].
/// Summing k = a·g over the faces approximates the integral
///   ∫₀ᵃ g(r) 2πr dr = (E/R)(R − δ) 2π [√((R − δ)² + r²)]₀ᵃ = 2π E δ (R − δ)/R,
/// whose leading term for δ ≪ R is π a² E/R (cos θ ≥ (R − δ)/R ≈ 1): a stiffness in N/m that
/// depends on R and δ and is nowhere near the modulus E in Pa.

#include <vector>

namespace simatlas::exercises {

/// One ring of the contact disk, treated as one face (first-order, centroid quadrature).
struct SurfaceFace {
  double area = 0.0;               ///< a [m²]
  double centroid_radius = 0.0;    ///< r of the ring's mid-radius [m]
  double pressure_gradient = 0.0;  ///< g at the centroid [Pa/m]
};

/// The disk of a sphere (radius R [m] > 0, modulus E [Pa] > 0) pressed δ [m] into a rigid
/// half-space (0 < δ < R), cut into rings of equal width. rings >= 1. InputError otherwise.
std::vector<SurfaceFace> SphereOnHalfSpaceFaces(double modulus, double radius, double depth,
                                                int rings);

/// Σ a·g [N/m] over the faces: the sum of the discrete local stiffnesses.
double SumOfLocalStiffness(const std::vector<SurfaceFace>& faces);

/// The closed form 2π E δ (R − δ)/R [N/m] of the integral above.
double SphereOnHalfSpaceStiffnessIntegral(double modulus, double radius, double depth);

/// The leading-order form π a² E/R with a² = 2Rδ − δ² [N/m].
double SphereOnHalfSpaceStiffnessLeadingOrder(double modulus, double radius, double depth);

}  // namespace simatlas::exercises
