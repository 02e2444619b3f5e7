#pragma once
/// @file
/// E3-geometry §1.1 and §2.2: the shapes a geometry can have. Sizes are in metres and are
/// validated on construction (finite and > 0). Names as text ("sphere", "box", …) are what the
/// command line and the laws use. Drake's `geometry/shape_specification.h` has the same eight
/// kinds; Mesh and Convex carry a file name (never read here) and a scale.

#include <array>
#include <string>
#include <string_view>

#include "reference/core/numeric.h"

namespace simatlas::geometry {

/// The eight shape kinds, in the order the course's support tables use them.
enum class ShapeKind { kSphere, kBox, kCapsule, kCylinder, kEllipsoid, kHalfSpace, kMesh, kConvex };

/// Every kind, for tables and generators.
inline constexpr std::array<ShapeKind, 8> kAllShapeKinds = {
    ShapeKind::kSphere,    ShapeKind::kBox,       ShapeKind::kCapsule, ShapeKind::kCylinder,
    ShapeKind::kEllipsoid, ShapeKind::kHalfSpace, ShapeKind::kMesh,    ShapeKind::kConvex};

/// "sphere", "box", "capsule", "cylinder", "ellipsoid", "half_space", "mesh", "convex".
std::string_view ShapeName(ShapeKind kind);

/// Inverse of ShapeName; unknown text throws InputError listing the choices.
ShapeKind ParseShapeKind(std::string_view text);

/// A shape with its sizes [m]. Build it with the Make* functions, which validate.
struct Shape {
  ShapeKind kind = ShapeKind::kSphere;
  /// Sphere: (r, 0, 0); Box: (width, depth, height); Capsule and Cylinder: (r, length, 0);
  /// Ellipsoid: semi-axes (a, b, c); HalfSpace: unused (z ≤ 0 in its frame);
  /// Mesh, Convex: unused (see file_name and scale).
  core::Vector3 size = core::Vector3::Zero();
  std::string file_name;  ///< Mesh and Convex only (".obj" or ".vtk" in Drake; not read here)
  double scale = 1.0;     ///< Mesh and Convex only [1]
};

Shape MakeSphere(double radius);
Shape MakeBox(double width, double depth, double height);
Shape MakeCapsule(double radius, double length);
Shape MakeCylinder(double radius, double length);
Shape MakeEllipsoid(double a, double b, double c);
Shape MakeHalfSpace();
Shape MakeMesh(std::string file_name, double scale = 1.0);
Shape MakeConvex(std::string file_name, double scale = 1.0);

/// A shape of the given kind with unit sizes (1 m, file "unit.obj") — for tables, laws and tests
/// where only the kind matters.
Shape MakeUnitShape(ShapeKind kind);

}  // namespace simatlas::geometry
