#pragma once
/// @file
/// Numpy arrays from the engine's vectors and per-iteration records, for the
/// bindings of the solvers and scenes (the statistics of E3-SAP §4.2 and MJ-solvers §5 become
/// one array per field).

#include <vector>

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include "reference/core/numeric.h"

namespace simatlas::python {

/// A float64 array holding a copy of x.
inline pybind11::array_t<double> Array(const core::VectorX& x) {
  pybind11::array_t<double> a(static_cast<pybind11::ssize_t>(x.size()));
  for (Eigen::Index i = 0; i < x.size(); ++i) a.mutable_at(i) = x(i);
  return a;
}

/// A one-dimensional array of field(record) over records (T double or int).
template <typename T, typename Record, typename Field>
pybind11::array_t<T> Column(const std::vector<Record>& records, Field field) {
  pybind11::array_t<T> a(static_cast<pybind11::ssize_t>(records.size()));
  for (std::size_t k = 0; k < records.size(); ++k) {
    a.mutable_at(static_cast<pybind11::ssize_t>(k)) = static_cast<T>(field(records[k]));
  }
  return a;
}

/// A list of float64 arrays, one per vector (vectors of different lengths stay apart).
inline pybind11::list Arrays(const std::vector<core::VectorX>& xs) {
  pybind11::list list;
  for (const auto& x : xs) list.append(Array(x));
  return list;
}

}  // namespace simatlas::python
