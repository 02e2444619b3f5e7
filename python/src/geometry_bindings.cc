// E3-geometry §1.1 (roles and collision filtering) for the Python package: a scene of
// bodies and geometries addressed by name, over reference/geometry/scene_geometry.h. No rule is
// written here: registration, the inherent and declared exclusions, Finalize's adjacent-body
// filter and the candidate pairs are the reference's. The Python layer (simatlas/geometry.py)
// adds the docstrings.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <map>
#include <string>
#include <utility>
#include <vector>

#include "python/src/bindings.h"
#include "reference/core/errors.h"
#include "reference/geometry/scene_geometry.h"
#include "reference/geometry/shapes.h"

namespace py = pybind11;

namespace simatlas::python {

namespace {

using geometry::FrameId;
using geometry::GeometryId;

// A SceneGeometry with names for its frames and geometries (copyable: a copy is a Context).
class NamedScene {
 public:
  NamedScene() { frames_["world"] = scene_.world_frame(); }

  void AddBody(const std::string& name, bool welded) {
    frames_[name] = scene_.AddBody(name, welded);
  }
  void AddJoint(const std::string& parent, const std::string& child) {
    scene_.AddJoint(Frame(parent), Frame(child));
  }
  // Proximity role: a shape (sphere r | box w d h | capsule r l | cylinder r l | halfspace),
  // rigid or compliant with modulus E [Pa] and resolution hint [m] (0: not given), friction
  // μs = μd = mu.
  void RegisterCollision(const std::string& body, const std::string& name, const std::string& shape,
                         const std::vector<double>& sizes, double modulus, double resolution_hint,
                         double mu) {
    geometry::ProximityProperties p;
    p.compliance = modulus > 0 ? geometry::Compliance::kCompliant : geometry::Compliance::kRigid;
    if (modulus > 0) p.hydroelastic_modulus = modulus;
    if (resolution_hint > 0) p.resolution_hint = resolution_hint;
    p.coulomb_friction = geometry::FrictionProperty{mu, mu};
    RequireNewName(name);
    Remember(name, scene_.RegisterCollisionGeometry(Frame(body), name, MakeShape(shape, sizes), p));
  }
  void RegisterVisual(const std::string& body, const std::string& name, const std::string& shape,
                      const std::vector<double>& sizes) {
    RequireNewName(name);
    Remember(name, scene_.RegisterVisualGeometry(Frame(body), name, MakeShape(shape, sizes)));
  }
  bool HasProximity(const std::string& name) const {
    return scene_.geometry(Geometry(name)).roles.Has(geometry::Role::kProximity);
  }
  void ExcludeBetween(const std::vector<std::string>& a, const std::vector<std::string>& b) {
    scene_.ExcludeBetween(Set(a), Set(b));
  }
  void ExcludeWithin(const std::vector<std::string>& a) { scene_.ExcludeWithin(Set(a)); }
  void AllowBetween(const std::vector<std::string>& a, const std::vector<std::string>& b) {
    scene_.AllowBetween(Set(a), Set(b));
  }
  void Finalize() { scene_.Finalize(); }
  bool InherentlyExcluded(const std::string& a, const std::string& b) const {
    return scene_.IsInherentlyExcluded(Geometry(a), Geometry(b));
  }
  bool CollisionFiltered(const std::string& a, const std::string& b) const {
    return scene_.CollisionFiltered(Geometry(a), Geometry(b));
  }
  std::vector<std::pair<std::string, std::string>> CandidatePairs() const {
    std::vector<std::pair<std::string, std::string>> pairs;
    for (const auto& [a, b] : scene_.CandidatePairs()) {
      pairs.emplace_back(scene_.geometry(a).name, scene_.geometry(b).name);
    }
    return pairs;
  }

 private:
  static geometry::Shape MakeShape(const std::string& kind, const std::vector<double>& s) {
    const auto need = [&](std::size_t n) {
      if (s.size() != n) {
        core::ThrowInputError("sizes of " + kind, static_cast<double>(s.size()), "1",
                              std::to_string(n) + " numbers [m]");
      }
    };
    if (kind == "sphere") return need(1), geometry::MakeSphere(s[0]);
    if (kind == "box") return need(3), geometry::MakeBox(s[0], s[1], s[2]);
    if (kind == "capsule") return need(2), geometry::MakeCapsule(s[0], s[1]);
    if (kind == "cylinder") return need(2), geometry::MakeCylinder(s[0], s[1]);
    if (kind == "halfspace") return need(0), geometry::MakeHalfSpace();
    throw core::InputError("shape = '" + kind +
                           "' must be one of sphere, box, capsule, cylinder, halfspace");
  }
  FrameId Frame(const std::string& name) const {
    const auto it = frames_.find(name);
    if (it == frames_.end())
      throw core::InputError("body = '" + name + "' is not a body of this scene");
    return it->second;
  }
  GeometryId Geometry(const std::string& name) const {
    const auto it = geometries_.find(name);
    if (it == geometries_.end()) {
      throw core::InputError("geometry = '" + name + "' is not a geometry of this scene");
    }
    return it->second;
  }
  void RequireNewName(const std::string& name) const {
    if (geometries_.count(name) != 0) {
      throw core::InputError("geometry name '" + name +
                             "' is used twice (names address geometries here)");
    }
  }
  void Remember(const std::string& name, GeometryId id) { geometries_[name] = id; }
  // Names of bodies stand for their proximity geometries when the declaration is applied.
  geometry::GeometrySet Set(const std::vector<std::string>& names) const {
    geometry::GeometrySet set;
    for (const auto& name : names) {
      if (geometries_.count(name) != 0) {
        set.Add(Geometry(name));
      } else {
        set.Add(Frame(name));
      }
    }
    return set;
  }

  geometry::SceneGeometry scene_;
  std::map<std::string, FrameId> frames_;
  std::map<std::string, GeometryId> geometries_;
};

}  // namespace

void BindGeometry(py::module_& m) {
  py::class_<NamedScene>(m, "GeometryScene")
      .def(py::init<>())
      .def("add_body", &NamedScene::AddBody, py::arg("name"), py::arg("welded") = false)
      .def("add_joint", &NamedScene::AddJoint)
      .def("register_collision", &NamedScene::RegisterCollision, py::arg("body"), py::arg("name"),
           py::arg("shape"), py::arg("sizes"), py::arg("modulus") = 0.0,
           py::arg("resolution_hint") = 0.0, py::arg("mu") = 0.5)
      .def("register_visual", &NamedScene::RegisterVisual)
      .def("has_proximity", &NamedScene::HasProximity)
      .def("exclude_between", &NamedScene::ExcludeBetween)
      .def("exclude_within", &NamedScene::ExcludeWithin)
      .def("allow_between", &NamedScene::AllowBetween)
      .def("finalize", &NamedScene::Finalize)
      .def("inherently_excluded", &NamedScene::InherentlyExcluded)
      .def("collision_filtered", &NamedScene::CollisionFiltered)
      .def("candidate_pairs", &NamedScene::CandidatePairs)
      .def("copy", [](const NamedScene& s) { return NamedScene(s); });
}

}  // namespace simatlas::python
