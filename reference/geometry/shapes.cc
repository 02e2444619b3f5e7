// E3-geometry §1.1: shape kinds, their names and size validation.
#include "reference/geometry/shapes.h"

#include <utility>

#include "reference/core/errors.h"

namespace simatlas::geometry {

std::string_view ShapeName(ShapeKind kind) {
  switch (kind) {
    case ShapeKind::kSphere: return "sphere";
    case ShapeKind::kBox: return "box";
    case ShapeKind::kCapsule: return "capsule";
    case ShapeKind::kCylinder: return "cylinder";
    case ShapeKind::kEllipsoid: return "ellipsoid";
    case ShapeKind::kHalfSpace: return "half_space";
    case ShapeKind::kMesh: return "mesh";
    case ShapeKind::kConvex: return "convex";
  }
  return "unknown";
}

ShapeKind ParseShapeKind(std::string_view text) {
  std::string choices;
  for (ShapeKind kind : kAllShapeKinds) {
    if (ShapeName(kind) == text) return kind;
    choices += (choices.empty() ? "" : "|") + std::string(ShapeName(kind));
  }
  throw core::InputError("shape = '" + std::string(text) + "' must be one of " + choices);
}

Shape MakeSphere(double radius) {
  core::RequirePositive("radius", radius, "m");
  return {ShapeKind::kSphere, core::Vector3(radius, 0, 0), "", 1.0};
}

Shape MakeBox(double width, double depth, double height) {
  core::RequirePositive("width", width, "m");
  core::RequirePositive("depth", depth, "m");
  core::RequirePositive("height", height, "m");
  return {ShapeKind::kBox, core::Vector3(width, depth, height), "", 1.0};
}

Shape MakeCapsule(double radius, double length) {
  core::RequirePositive("radius", radius, "m");
  core::RequirePositive("length", length, "m");
  return {ShapeKind::kCapsule, core::Vector3(radius, length, 0), "", 1.0};
}

Shape MakeCylinder(double radius, double length) {
  core::RequirePositive("radius", radius, "m");
  core::RequirePositive("length", length, "m");
  return {ShapeKind::kCylinder, core::Vector3(radius, length, 0), "", 1.0};
}

Shape MakeEllipsoid(double a, double b, double c) {
  core::RequirePositive("a", a, "m");
  core::RequirePositive("b", b, "m");
  core::RequirePositive("c", c, "m");
  return {ShapeKind::kEllipsoid, core::Vector3(a, b, c), "", 1.0};
}

Shape MakeHalfSpace() { return {ShapeKind::kHalfSpace, core::Vector3::Zero(), "", 1.0}; }

namespace {

// Mesh and Convex: a named file and a positive scale.
Shape MakeFileShape(ShapeKind kind, std::string file_name, double scale) {
  if (file_name.empty()) {
    throw core::InputError("file_name = '' must name a mesh file (" + std::string(ShapeName(kind)) +
                           ")");
  }
  core::RequirePositive("scale", scale, "1");
  return {kind, core::Vector3::Zero(), std::move(file_name), scale};
}

}  // namespace

Shape MakeMesh(std::string file_name, double scale) {
  return MakeFileShape(ShapeKind::kMesh, std::move(file_name), scale);
}

Shape MakeConvex(std::string file_name, double scale) {
  return MakeFileShape(ShapeKind::kConvex, std::move(file_name), scale);
}

Shape MakeUnitShape(ShapeKind kind) {
  switch (kind) {
    case ShapeKind::kSphere: return MakeSphere(1.0);
    case ShapeKind::kBox: return MakeBox(1.0, 1.0, 1.0);
    case ShapeKind::kCapsule: return MakeCapsule(1.0, 1.0);
    case ShapeKind::kCylinder: return MakeCylinder(1.0, 1.0);
    case ShapeKind::kEllipsoid: return MakeEllipsoid(1.0, 1.0, 1.0);
    case ShapeKind::kHalfSpace: return MakeHalfSpace();
    case ShapeKind::kMesh: return MakeMesh("unit.obj");
    case ShapeKind::kConvex: return MakeConvex("unit.obj");
  }
  throw core::InputError("shape kind out of range");
}

}  // namespace simatlas::geometry
