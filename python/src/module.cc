// DESIGN.md "The law registry"; E3-geometry, E3-SAP, MJ-solvers through the reference
// engine: the extension module simatlas._core, assembled from one binding file per part.
#include <pybind11/pybind11.h>

#include "python/src/bindings.h"

PYBIND11_MODULE(_core, m) {
  m.doc() =
      "simatlas._core: bindings over the simatlas reference engine (use the simatlas package)";
  simatlas::python::BindErrors(m);
  simatlas::python::BindLaws(m);
  simatlas::python::BindSap(m);
  simatlas::python::BindMujoco(m);
  simatlas::python::BindScenes(m);
  simatlas::python::BindGeometry(m);
  simatlas::python::BindContact(m);
  simatlas::python::BindLab(m);
}
