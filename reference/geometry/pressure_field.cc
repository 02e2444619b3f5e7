// E3-geometry §2.2: pressure p = E·e on a tetrahedral mesh, and the compliant half space's field.
#include "reference/geometry/pressure_field.h"

#include <cmath>
#include <string>
#include <utility>

#include "reference/core/errors.h"

namespace simatlas::geometry {

using core::Vector3;

PressureField MakePressureField(VolumeMesh mesh, double modulus) {
  core::RequirePositive("hydroelastic_modulus", modulus, "Pa");
  PressureField result;
  result.modulus = modulus;
  result.pressure.reserve(mesh.extent.size());
  for (std::size_t i = 0; i < mesh.extent.size(); ++i) {
    const double e = mesh.extent[i];
    if (!(e >= 0.0 && e <= 1.0)) {
      core::ThrowInputError("extent e of vertex " + std::to_string(i), e, "1", "in [0, 1]");
    }
    // p = E·e (course §2.2).
    result.pressure.push_back(modulus * e);
  }
  result.field.reserve(mesh.tetrahedra.size());
  for (const auto& tet : mesh.tetrahedra) {
    // ∇p solves [x_b − x_a, x_c − x_a, x_d − x_a]ᵀ ∇p = [p_b − p_a, p_c − p_a, p_d − p_a].
    core::Matrix3 edges;
    Vector3 rise;
    const Vector3& xa = mesh.vertices[tet[0]];
    for (int k = 0; k < 3; ++k) {
      edges.row(k) = (mesh.vertices[tet[k + 1]] - xa).transpose();
      rise[k] = result.pressure[tet[k + 1]] - result.pressure[tet[0]];
    }
    LinearField f;
    f.gradient = edges.partialPivLu().solve(rise);
    f.value_at_origin = result.pressure[tet[0]] - f.gradient.dot(xa);
    result.field.push_back(f);
  }
  result.mesh = std::move(mesh);
  return result;
}

void ValidateHalfSpacePlane(const HalfSpacePlane& plane) {
  for (int i = 0; i < 3; ++i) {
    core::RequireFinite("half-space normal", plane.normal_W[i], "1");
    core::RequireFinite("half-space point p_WO", plane.p_WO[i], "m");
  }
  if (std::abs(plane.normal_W.norm() - 1.0) > 1e-10) {
    core::ThrowInputError("half-space |normal|", plane.normal_W.norm(), "1", "1 (unit vector)");
  }
}

LinearField CompliantHalfSpaceField(const HalfSpacePlane& plane, double modulus,
                                    double slab_thickness) {
  ValidateHalfSpacePlane(plane);
  core::RequirePositive("hydroelastic_modulus", modulus, "Pa");
  core::RequirePositive("slab_thickness", slab_thickness, "m");
  // p(x) = −(E/s)·n̂·(x − p_WO) = (E/s)·n̂·p_WO − (E/s)·n̂·x.
  const double slope = modulus / slab_thickness;
  LinearField f;
  f.gradient = -slope * plane.normal_W;
  f.value_at_origin = slope * plane.normal_W.dot(plane.p_WO);
  return f;
}

}  // namespace simatlas::geometry
