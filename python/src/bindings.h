#pragma once
/// @file
/// The Python package: the parts of the extension `simatlas._core`, one binding
/// function per part (laws, problems and solvers, scenes). Bindings are thin: they call
/// reference/ and hand JSON text or numpy arrays to the pure-Python layer in
/// python/simatlas/, which adds the docstrings with units.

#include <pybind11/pybind11.h>

namespace simatlas::scenes {
struct Scene;
}  // namespace simatlas::scenes

namespace simatlas::python {

/// The law registry (DESIGN.md, "The law registry"): `laws_json()`, `law_json(name, args)`.
void BindLaws(pybind11::module_& m);

/// E3-SAP §4: `sap_read(path)`, `sap_parse(text)`, `sap_solve(text)`.
void BindSap(pybind11::module_& m);

/// MJ-solvers §2–§6: `mujoco_read(path)`, `mujoco_parse(text)`, `mujoco_solve(text, options)`.
void BindMujoco(pybind11::module_& m);

/// E3-SAP §2, MJ-solvers §7: `simulate(scene, arguments)`, the step driver's run of a scene.
void BindScenes(pybind11::module_& m);

/// E3-geometry §1.1: `GeometryScene`, bodies and geometries by name over geometry::SceneGeometry
/// (roles, inherent and declared collision filters, candidate pairs).
void BindGeometry(pybind11::module_& m);

/// E3-geometry §1, §2.1, §2.2: `plant_defaults`, `halfspace_point_pairs`, `contact_surface`,
/// `field_pressure` — the reference's defaults, its point pairs against the ground and its
/// hydroelastic surfaces for placed shapes.
void BindContact(pybind11::module_& m);
/// The lab (reference/lab/): `lab_list_json()`, `lab_run_json(name, quick, progress)`,
/// `lab_scene_model(name)` (a lab scene as data for the live engines) and
/// `lab_external_runs_json(runs_json)` (their runs as rows of the scenes table).
void BindLab(pybind11::module_& m);

/// A built scene as data, the description a second engine builds the same scene from: bodies
/// (index, name, mass [kg], p_BoBcm_B [m], I_BBcm_B [kg·m²]), joints, gravity [m/s²], q0, v0,
/// applied external forces, contact geometry (shape, sizes [m], poses), the contact material
/// (k, side k [N/m], d [s/m], τd [s], vs [m/s]) and whether a smooth step replaces contact.
pybind11::dict SceneModelDict(const scenes::Scene& scene);

/// Errors: core::InputError becomes ValueError (the message unchanged), core::NumericalError
/// becomes `simatlas._core.NumericalError` (a subclass of ArithmeticError).
void BindErrors(pybind11::module_& m);

}  // namespace simatlas::python
