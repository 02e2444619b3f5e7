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
  for (std::size_t t = 0; t < mesh.tetrahedra.size(); ++t) {
    const auto& tet = mesh.tetrahedra[t];
    // ∇p solves [e1 e2 e3]ᵀ ∇p = [p_b − p_a, p_c − p_a, p_d − p_a] with e_k = x_{k} − x_a. In
    // closed form (Cramer's rule): ∇p = Σ_k (p_k − p_a)·(e_{k+1} × e_{k+2}) / (e1·(e2 × e3)),
    // which is Σ p_i ∇b_i with the barycentric gradients ∇b_i of Drake's
    // VolumeMesh::MaybeCalcGradBarycentric (geometry/proximity/volume_mesh.h; CalcGradBarycentric
    // in older releases), as VolumeMesh::CalcGradientVectorOfLinearField sums them. Drake returns
    // no gradient for a flat tetrahedron; here that is an InputError.
    const Vector3& xa = mesh.vertices[tet[0]];
    const Vector3 e1 = mesh.vertices[tet[1]] - xa;
    const Vector3 e2 = mesh.vertices[tet[2]] - xa;
    const Vector3 e3 = mesh.vertices[tet[3]] - xa;
    const Vector3 n1 = e2.cross(e3), n2 = e3.cross(e1), n3 = e1.cross(e2);
    const double six_volume = e1.dot(n1);
    if (!(std::abs(six_volume) > 0.0)) {
      core::ThrowInputError("volume of tetrahedron " + std::to_string(t), six_volume / 6.0, "m^3",
                            "non-zero (a flat tetrahedron has no pressure gradient)");
    }
    const double pa = result.pressure[tet[0]];
    LinearField f;
    f.gradient = ((result.pressure[tet[1]] - pa) * n1 + (result.pressure[tet[2]] - pa) * n2 +
                  (result.pressure[tet[3]] - pa) * n3) /
                 six_volume;
    f.value_at_origin = pa - f.gradient.dot(xa);
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
