#pragma once
/// @file
/// E3-SAP §2–§4 — the problem files of the SAP solver.
/// Reader of `simatlas/sap-problem/1` files (formats/sap-problem.md): one SAP convex problem
/// (E3-SAP §2–§4) and optional solver parameter overrides. Every malformed field is reported as
/// core::InputError naming its JSON path ("constraints[1].stiffness = -5 N/m must be > 0");
/// unknown keys are rejected so that a misspelt field never falls back to a default silently.

#include <string>

#include <nlohmann/json_fwd.hpp>

#include "reference/sap/sap_problem.h"
#include "reference/sap/sap_solver.h"

namespace simatlas::io {

/// One file: the problem and the solver parameters (defaults overridden by `parameters`).
struct SapProblemFile {
  std::string source;                   ///< free text from the file ("" if absent)
  sap::SapProblem problem;              ///< the validated problem
  sap::SapSolverParameters parameters;  ///< Drake's defaults with the file's overrides applied
};

/// Parses a JSON document already read (validates the problem, too).
SapProblemFile ParseSapProblem(const nlohmann::json& document);

/// Reads and parses a file; unreadable files and JSON syntax errors are InputErrors naming the
/// path.
SapProblemFile ReadSapProblem(const std::string& path);

}  // namespace simatlas::io
