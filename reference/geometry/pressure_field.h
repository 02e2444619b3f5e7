#pragma once
/// @file
/// E3-geometry §2.2: the pressure field p = E·e of a compliant geometry [Pa], E the hydroelastic
/// modulus [Pa] and e the extent (volume_mesh.h), and the compliant half space's field
/// p = E·(depth below the boundary)/slab_thickness. Inside each tetrahedron p is linear,
/// p(x) = p_o + ∇p·x, with a constant gradient ∇p [Pa/m]. (Drake names this field "e" in
/// ContactSurface::e_MN and in the traction calculator; the course writes pe.)

#include <vector>

#include "reference/core/numeric.h"
#include "reference/geometry/volume_mesh.h"

namespace simatlas::geometry {

/// A linear scalar field p(x) = value_at_origin + gradient·x [Pa, Pa/m].
struct LinearField {
  double value_at_origin = 0.0;                    ///< p_o = p(0) [Pa]
  core::Vector3 gradient = core::Vector3::Zero();  ///< ∇p, constant [Pa/m]
  /// p(x) [Pa].
  double At(const core::Vector3& x) const { return value_at_origin + gradient.dot(x); }
};

/// A compliant geometry: its mesh (in world) and p = E·e at every vertex.
struct PressureField {
  VolumeMesh mesh;                 ///< tetrahedra in world [m] with the extent e per vertex
  double modulus = 0.0;            ///< E [Pa]
  std::vector<double> pressure;    ///< E·e at every vertex [Pa]
  std::vector<LinearField> field;  ///< p on each tetrahedron
};

/// p = E·e on every vertex and the linear field of every tetrahedron (solving the 3×3 system of
/// its edge vectors). E finite and > 0 [Pa]; e must be in [0, 1].
PressureField MakePressureField(VolumeMesh mesh, double modulus);

/// A half space {x : n̂·(x − p_WO) ≤ 0} with outward unit normal n̂ [1] through p_WO [m]
/// (Drake's HalfSpace is z ≤ 0 in its frame H: n̂ = z_H, p_WO = origin of H).
struct HalfSpacePlane {
  core::Vector3 normal_W = core::Vector3::UnitZ();  ///< outward unit normal n̂, in world [1]
  core::Vector3 p_WO = core::Vector3::Zero();       ///< a point of the boundary plane, in world [m]
  /// n̂·(x − p_WO) [m]: < 0 inside.
  double SignedDistance(const core::Vector3& x) const { return normal_W.dot(x - p_WO); }
};

/// Checks that the normal is a unit vector (to 1e-10) and all entries finite.
void ValidateHalfSpacePlane(const HalfSpacePlane& plane);

/// Compliant half space (course §2.2, AddCompliantHydroelasticPropertiesForHalfSpace): e is the
/// depth below the boundary over the slab thickness, p = E·(−n̂·(x − p_WO))/slab_thickness, so
/// ∇p = −(E/slab)·n̂. The field keeps growing below the slab (Drake's half-space field is linear
/// and unbounded). E, slab_thickness finite and > 0.
LinearField CompliantHalfSpaceField(const HalfSpacePlane& plane, double modulus,
                                    double slab_thickness);

}  // namespace simatlas::geometry
