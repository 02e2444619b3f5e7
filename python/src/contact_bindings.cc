// E3-geometry §1, §2.1 and §2.2 for the Python package: the plant defaults of the reference
// (reference/contact/approximation.h, material.h), its point-pair queries against the ground
// half space (reference/scenes/halfspace_queries.h) and its hydroelastic contact surfaces
// (reference/geometry/contact_surface.h) for shapes at given poses. No query or default is
// written here; the bindings place the shapes and hand back the results.
#include <pybind11/eigen.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <string>
#include <vector>

#include "python/src/bindings.h"
#include "reference/contact/approximation.h"
#include "reference/contact/material.h"
#include "reference/core/errors.h"
#include "reference/geometry/contact_surface.h"
#include "reference/geometry/pressure_field.h"
#include "reference/geometry/volume_mesh.h"
#include "reference/scenes/halfspace_queries.h"
#include "reference/scenes/sphere_queries.h"

namespace py = pybind11;

namespace simatlas::python {

namespace {

py::list PairDicts(const std::vector<contact::PenetrationAsPointPair>& found);

// Point pairs of a sphere (radius), box (sides) or capsule (radius, length) at pose X_WG
// against the ground z ≤ 0 (A = ground, B = the shape).
py::list HalfSpacePointPairs(const std::string& shape, const std::vector<double>& sizes,
                             const core::Matrix3& R_WG, const core::Vector3& p_WG) {
  scenes::ContactGeometry g;
  const auto need = [&](std::size_t n) {
    if (sizes.size() != n) {
      core::ThrowInputError("sizes of " + shape, static_cast<double>(sizes.size()), "1",
                            std::to_string(n) + " numbers [m]");
    }
  };
  if (shape == "sphere") {
    need(1), g.shape = scenes::ShapeType::kSphere, g.radius = sizes[0];
  } else if (shape == "box") {
    need(3), g.shape = scenes::ShapeType::kBox,
             g.sides = core::Vector3(sizes[0], sizes[1], sizes[2]);
  } else if (shape == "capsule") {
    need(2), g.shape = scenes::ShapeType::kCapsule, g.radius = sizes[0], g.length = sizes[1];
  } else {
    throw core::InputError("shape = '" + shape + "' must be one of sphere, box, capsule");
  }
  const multibody::RigidTransform X_WG{R_WG, p_WG};
  return PairDicts(scenes::HalfSpacePenetration(g, X_WG, multibody::RigidTransform{}, 1));
}

// A point pair as a dict (p_WCa, p_WCb, nhat_BA_W, depth).
py::list PairDicts(const std::vector<contact::PenetrationAsPointPair>& found) {
  py::list pairs;
  for (const auto& pair : found) {
    py::dict d;
    d["p_WCa"] = pair.p_WCa;
    d["p_WCb"] = pair.p_WCb;
    d["nhat_BA_W"] = pair.nhat_BA_W;
    d["depth"] = pair.depth;
    pairs.append(d);
  }
  return pairs;
}

// Sphere A (radius, centre p_WA) against B: a sphere (sizes (r,)) centred at p_WB or a box
// (sizes (w, d, h)) at pose (R_WB, p_WB).
py::list SpherePointPairs(double r_A, const core::Vector3& p_WA, const std::string& shape_B,
                          const std::vector<double>& sizes, const core::Matrix3& R_WB,
                          const core::Vector3& p_WB) {
  if (shape_B == "sphere" && sizes.size() == 1) {
    return PairDicts(scenes::SphereSpherePenetration(p_WA, r_A, p_WB, sizes[0], 1, 2));
  }
  if (shape_B == "box" && sizes.size() == 3) {
    return PairDicts(scenes::SphereBoxPenetration(p_WA, r_A, multibody::RigidTransform{R_WB, p_WB},
                                                  core::Vector3(sizes[0], sizes[1], sizes[2]), 1,
                                                  2));
  }
  throw core::InputError("shape_B = '" + shape_B + "' with " + std::to_string(sizes.size()) +
                         " sizes must be sphere (r) or box (w, d, h)");
}

// One side of a hydroelastic pair: shape, sizes [m], modulus E [Pa] (0: rigid), resolution
// hint [m] (spheres), pose (R_WS, p_WS).
struct Side {
  std::string shape;
  std::vector<double> sizes;
  double modulus = 0.0;
  double resolution_hint = 0.0;
  core::Matrix3 R = core::Matrix3::Identity();
  core::Vector3 p = core::Vector3::Zero();
};

Side ReadSide(const py::dict& d, const char* which) {
  Side s;
  s.shape = d["shape"].cast<std::string>();
  if (d.contains("sizes")) s.sizes = d["sizes"].cast<std::vector<double>>();
  if (d.contains("modulus")) s.modulus = d["modulus"].cast<double>();
  if (d.contains("resolution_hint")) s.resolution_hint = d["resolution_hint"].cast<double>();
  if (d.contains("R")) s.R = d["R"].cast<core::Matrix3>();
  if (d.contains("p")) s.p = d["p"].cast<core::Vector3>();
  const std::size_t n = s.shape == "sphere" ? 1 : s.shape == "box" ? 3 : 0;
  if (s.shape != "sphere" && s.shape != "box" && s.shape != "halfspace") {
    throw core::InputError(std::string(which) + " shape = '" + s.shape +
                           "' must be one of sphere, box, halfspace");
  }
  if (s.sizes.size() != n) {
    core::ThrowInputError(std::string(which) + " sizes of " + s.shape,
                          static_cast<double>(s.sizes.size()), "1",
                          std::to_string(n) + " numbers [m]");
  }
  return s;
}

// The compliant side's field in world: its volume mesh placed at the pose, p = E e.
geometry::PressureField Field(const Side& s) {
  const geometry::VolumeMesh mesh =
      s.shape == "sphere"
          ? geometry::MakeSphereVolumeMesh(s.sizes[0], s.resolution_hint)
          : geometry::MakeBoxVolumeMesh(core::Vector3(s.sizes[0], s.sizes[1], s.sizes[2]));
  return geometry::MakePressureField(geometry::TransformVolumeMesh(mesh, s.R, s.p), s.modulus);
}

// The surface of compliant M against N (rigid half space z ≤ 0 of N's pose, rigid box or
// sphere, or compliant sphere or box): each face as a dict, the total area [m²] and the
// elastic force on M [N].
py::dict ContactSurface(const py::dict& m_side, const py::dict& n_side) {
  const Side M = ReadSide(m_side, "M"), N = ReadSide(n_side, "N");
  if (M.shape == "halfspace" || !(M.modulus > 0)) {
    throw core::InputError("M must be a compliant sphere or box (modulus > 0 Pa)");
  }
  const geometry::PressureField field_M = Field(M);
  geometry::ContactSurface surface;
  if (N.shape == "halfspace") {
    if (N.modulus > 0)
      throw core::InputError(
          "N: a compliant half space needs a slab thickness; only a rigid one is bound");
    surface = geometry::ComputeContactSurface(field_M, geometry::HalfSpacePlane{N.R.col(2), N.p});
  } else if (N.modulus > 0) {
    surface = geometry::ComputeContactSurface(field_M, Field(N));
  } else if (N.shape == "box") {
    surface = geometry::ComputeContactSurface(
        field_M,
        geometry::MakeRigidBoxSurface(core::Vector3(N.sizes[0], N.sizes[1], N.sizes[2]), N.R, N.p));
  } else {
    surface = geometry::ComputeContactSurface(
        field_M, geometry::MakeRigidSphereSurface(N.sizes[0], N.resolution_hint, N.p));
  }
  py::list faces;
  for (const geometry::ContactPolygon& f : surface.faces) {
    core::MatrixX vertices(f.vertices.size(), 3);
    for (std::size_t i = 0; i < f.vertices.size(); ++i) vertices.row(i) = f.vertices[i].transpose();
    py::dict d;
    d["vertices"] = vertices;
    d["area"] = f.area;
    d["centroid"] = f.centroid;
    d["normal"] = f.normal;
    d["pressure"] = f.pressure;
    d["gM"] = f.gM;
    d["gN"] = f.gN;
    faces.append(d);
  }
  py::dict out;
  out["faces"] = faces;
  out["area"] = surface.TotalArea();
  out["force_on_M"] = surface.ElasticForceOnM();
  return out;
}

// p = E e of compliant M (sphere or box at its pose) at the world points (rows) [Pa]: the
// linear field of the tetrahedron holding each point (0 outside the mesh).
core::VectorX FieldPressure(const py::dict& m_side, const core::MatrixX& points) {
  const geometry::PressureField field = Field(ReadSide(m_side, "M"));
  core::VectorX p = core::VectorX::Zero(points.rows());
  for (Eigen::Index i = 0; i < points.rows(); ++i) {
    const core::Vector3 x = points.row(i).transpose();
    // The containing tetrahedron: all barycentric coordinates ≥ −1e-9.
    for (std::size_t t = 0; t < field.mesh.tetrahedra.size(); ++t) {
      const auto& tet = field.mesh.tetrahedra[t];
      core::Matrix3 E;
      for (int k = 0; k < 3; ++k)
        E.col(k) = field.mesh.vertices[tet[k + 1]] - field.mesh.vertices[tet[0]];
      const core::Vector3 b = E.partialPivLu().solve(x - field.mesh.vertices[tet[0]]);
      if (b.minCoeff() >= -1e-9 && b.sum() <= 1 + 1e-9) {
        p(i) = field.field[t].At(x);
        break;
      }
    }
  }
  return p;
}

// The reference's plant defaults (E3-geometry §1 formula sheet), the discrete assembly's
// per-side relaxation time and SceneGraph's default proximity properties.
py::dict PlantDefaults() {
  const contact::PlantDefaults d;
  const contact::DefaultProximityProperties p;
  py::dict proximity;
  proximity["hunt_crossley_dissipation"] = p.hunt_crossley_dissipation;
  proximity["relaxation_time"] = p.relaxation_time;
  proximity["point_stiffness"] = p.point_stiffness;
  proximity["static_friction"] = p.static_friction;
  proximity["dynamic_friction"] = p.dynamic_friction;
  proximity["hydroelastic_modulus"] = p.hydroelastic_modulus;
  proximity["resolution_hint"] = p.resolution_hint;
  py::dict out;
  out["time_step"] = d.time_step;
  out["stiction_tolerance"] = d.stiction_tolerance;
  out["penetration_allowance"] = d.penetration_allowance;
  out["sap_near_rigid_threshold"] = d.sap_near_rigid_threshold;
  out["contact_model"] = std::string(contact::ContactModelName(d.contact_model));
  out["discrete_contact_approximation"] =
      std::string(contact::ApproximationName(d.discrete_contact_approximation));
  out["contact_surface_representation"] =
      d.contact_surface_representation == contact::SurfaceMeshRepresentation::kPolygon ? "polygon"
                                                                                       : "triangle";
  out["default_relaxation_time"] = contact::kDefaultRelaxationTime;
  out["default_proximity_properties"] = proximity;
  return out;
}

}  // namespace

void BindContact(py::module_& m) {
  m.def(
      "plant_defaults", &PlantDefaults,
      "The reference's plant defaults, per-side relaxation time and default proximity properties.");
  m.def("halfspace_point_pairs", &HalfSpacePointPairs, py::arg("shape"), py::arg("sizes"),
        py::arg("R_WG"), py::arg("p_WG"),
        "Point pairs of a shape at pose (R_WG, p_WG) against the ground z <= 0 (A = ground).");
  m.def("sphere_point_pairs", &SpherePointPairs, py::arg("r_A"), py::arg("p_WA"),
        py::arg("shape_B"), py::arg("sizes"), py::arg("R_WB"), py::arg("p_WB"),
        "Point pairs of sphere A against a sphere or box B (A = the sphere).");
  m.def("contact_surface", &ContactSurface, py::arg("M"), py::arg("N"),
        "Hydroelastic contact surface of compliant M against N: faces, area, force_on_M.");
  m.def("field_pressure", &FieldPressure, py::arg("M"), py::arg("points"),
        "Pressure E e [Pa] of compliant M at world points (rows of an n x 3 array).");
}

}  // namespace simatlas::python
