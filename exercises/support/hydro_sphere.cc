// Exercise helper: a compliant sphere on a rigid half-space, faces as rings (hydro_sphere.h).
#include "exercises/support/hydro_sphere.h"

#include <cmath>
#include <numbers>

#include "reference/core/errors.h"

namespace simatlas::exercises {

namespace {

// The sphere and the depth: R > 0, E > 0, 0 < δ < R.
void CheckSphere(double modulus, double radius, double depth) {
  core::RequirePositive("modulus", modulus, "Pa");
  core::RequirePositive("radius", radius, "m");
  core::RequirePositive("depth", depth, "m");
  if (!(depth < radius)) core::ThrowInputError("depth", depth, "m", "< radius");
}

}  // namespace

std::vector<SurfaceFace> SphereOnHalfSpaceFaces(double modulus, double radius, double depth,
                                                int rings) {
  CheckSphere(modulus, radius, depth);
  if (rings < 1) core::ThrowInputError("rings", rings, "1", ">= 1");
  // a² = 2Rδ − δ², the disk's radius; h = R − δ, the plane's height above the centre.
  const double a = std::sqrt(2 * radius * depth - depth * depth);
  const double h = radius - depth;
  std::vector<SurfaceFace> faces;
  for (int i = 0; i < rings; ++i) {
    // Ring [r_in, r_out] of equal width, centroid at its mid-radius.
    const double r_in = a * i / rings;
    const double r_out = a * (i + 1) / rings;
    const double r = 0.5 * (r_in + r_out);
    const double distance = std::sqrt(h * h + r * r);
    SurfaceFace face;
    face.area = std::numbers::pi * (r_out * r_out - r_in * r_in);
    face.centroid_radius = r;
    // g = (E/R) cos θ, cos θ = h/‖x‖.
    face.pressure_gradient = modulus / radius * h / distance;
    faces.push_back(face);
  }
  return faces;
}

double SumOfLocalStiffness(const std::vector<SurfaceFace>& faces) {
  double k = 0.0;
  for (const SurfaceFace& face : faces) k += face.area * face.pressure_gradient;
  return k;
}

double SphereOnHalfSpaceStiffnessIntegral(double modulus, double radius, double depth) {
  CheckSphere(modulus, radius, depth);
  return 2 * std::numbers::pi * modulus * depth * (radius - depth) / radius;
}

double SphereOnHalfSpaceStiffnessLeadingOrder(double modulus, double radius, double depth) {
  CheckSphere(modulus, radius, depth);
  const double a_squared = 2 * radius * depth - depth * depth;
  return std::numbers::pi * a_squared * modulus / radius;
}

}  // namespace simatlas::exercises
