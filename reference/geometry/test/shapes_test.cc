// Unit tests of E3-geometry §1.1 shapes: names round-trip, sizes are validated.
#include "reference/geometry/shapes.h"

#include <gtest/gtest.h>

#include <cmath>
#include <set>
#include <string>

#include "reference/core/errors.h"

namespace simatlas::geometry {
namespace {

using core::InputError;

TEST(ShapeName, EveryKindHasADistinctNameThatParsesBack) {
  std::set<std::string> names;
  for (ShapeKind kind : kAllShapeKinds) {
    names.insert(std::string(ShapeName(kind)));
    EXPECT_EQ(ParseShapeKind(ShapeName(kind)), kind);
  }
  EXPECT_EQ(names.size(), 8u);
  EXPECT_EQ(ShapeName(ShapeKind::kSphere), "sphere");
  EXPECT_EQ(ShapeName(ShapeKind::kHalfSpace), "half_space");
}

TEST(ShapeName, UnknownTextListsTheChoices) {
  try {
    ParseShapeKind("cone");
    FAIL() << "cone is not a Drake shape";
  } catch (const InputError& e) {
    const std::string message = e.what();
    EXPECT_NE(message.find("'cone'"), std::string::npos);
    EXPECT_NE(message.find("sphere|box|capsule"), std::string::npos);
  }
}

TEST(MakeShape, StoresSizesInMetres) {
  const Shape box = MakeBox(0.1, 0.2, 0.3);
  EXPECT_EQ(box.kind, ShapeKind::kBox);
  EXPECT_EQ(box.size, core::Vector3(0.1, 0.2, 0.3));
  const Shape capsule = MakeCapsule(0.05, 0.4);
  EXPECT_EQ(capsule.size.x(), 0.05);
  EXPECT_EQ(capsule.size.y(), 0.4);
  EXPECT_EQ(MakeMesh("bowl.vtk", 2.0).file_name, "bowl.vtk");
  EXPECT_EQ(MakeConvex("hull.obj", 0.5).scale, 0.5);
}

TEST(MakeShape, RejectsNonPositiveOrNonFiniteSizes) {
  EXPECT_THROW(MakeSphere(0.0), InputError);
  EXPECT_THROW(MakeSphere(-0.05), InputError);
  EXPECT_THROW(MakeSphere(std::nan("")), InputError);
  EXPECT_THROW(MakeBox(1, 1, INFINITY), InputError);
  EXPECT_THROW(MakeCylinder(0.1, 0.0), InputError);
  EXPECT_THROW(MakeEllipsoid(1, -1, 1), InputError);
  EXPECT_THROW(MakeMesh(""), InputError);
  EXPECT_THROW(MakeConvex("a.obj", 0.0), InputError);
  try {
    MakeSphere(-0.05);
  } catch (const InputError& e) {
    EXPECT_EQ(std::string(e.what()), "radius = -0.05 m must be > 0");
  }
}

TEST(MakeUnitShape, HasTheRequestedKind) {
  for (ShapeKind kind : kAllShapeKinds) EXPECT_EQ(MakeUnitShape(kind).kind, kind);
}

}  // namespace
}  // namespace simatlas::geometry
