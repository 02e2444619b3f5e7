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
enum class ShapeKind {
  kSphere,     ///< ball of radius r
  kBox,        ///< rectangular box with full sizes width × depth × height, centred on its frame
  kCapsule,    ///< cylinder of radius r along z with hemispherical caps
  kCylinder,   ///< flat-ended cylinder of radius r along z
  kEllipsoid,  ///< ellipsoid with semi-axes a, b, c along x, y, z
  kHalfSpace,  ///< the half space z ≤ 0 of its frame (no size)
  kMesh,       ///< a surface or volume mesh named by a file (not read here)
  kConvex      ///< the convex hull of a mesh file (not read here)
};

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
  ShapeKind kind = ShapeKind::kSphere;  ///< which of the eight kinds; decides how size is read
  /// Sphere: (r, 0, 0); Box: (width, depth, height); Capsule and Cylinder: (r, length, 0);
  /// Ellipsoid: semi-axes (a, b, c); HalfSpace: unused (z ≤ 0 in its frame);
  /// Mesh, Convex: unused (see file_name and scale).
  core::Vector3 size = core::Vector3::Zero();
  std::string file_name;  ///< Mesh and Convex only (".obj" or ".vtk" in Drake; not read here)
  double scale = 1.0;     ///< Mesh and Convex only [1]
};

/// Sphere of the given radius [m], size (r, 0, 0). radius finite and > 0, else InputError.
Shape MakeSphere(double radius);
/// Box with full sizes [m] along x, y, z (Drake's Box(width, depth, height)); each finite and
/// > 0, else InputError naming the size.
Shape MakeBox(double width, double depth, double height);
/// Capsule of radius r [m] whose cylindrical part has the given length [m] along z (the caps
/// add r at each end), size (r, length, 0). Both finite and > 0, else InputError.
Shape MakeCapsule(double radius, double length);
/// Cylinder of radius r [m] and length [m] along z, size (r, length, 0). Both finite and > 0,
/// else InputError.
Shape MakeCylinder(double radius, double length);
/// Ellipsoid with semi-axes a, b, c [m] along x, y, z. Each finite and > 0, else InputError.
Shape MakeEllipsoid(double a, double b, double c);
/// The half space z ≤ 0 of its frame; it has no size to validate.
Shape MakeHalfSpace();
/// Mesh named by file_name (never opened here) with a uniform scale [1]. An empty file name or
/// a scale that is not finite and > 0 is an InputError.
Shape MakeMesh(std::string file_name, double scale = 1.0);
/// Convex hull of the mesh named by file_name (never opened here) with a uniform scale [1].
/// Same checks as MakeMesh.
Shape MakeConvex(std::string file_name, double scale = 1.0);

/// A shape of the given kind with unit sizes (1 m, file "unit.obj") — for tables, laws and tests
/// where only the kind matters.
Shape MakeUnitShape(ShapeKind kind);

}  // namespace simatlas::geometry
