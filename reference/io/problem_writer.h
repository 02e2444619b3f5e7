#pragma once
/// @file
/// E3-SAP §4 and MJ-solvers §2–§5 — writing the problems of both solvers.
/// Writers of the two problem formats (formats/sap-problem.md, formats/mujoco-problem.md): the
/// inverse of the readers in sap_problem.h and mujoco_problem.h, so that a problem built in
/// memory (a generated test problem, a `simatlas check` query) travels as the same JSON a file
/// holds. ParseSapProblem(WriteSapProblem(p)) and ParseMujocoProblem(WriteMujocoProblem(p))
/// give p back exactly (numbers are written with round-trip precision).

#include <string>

#include <nlohmann/json.hpp>

#include "reference/io/mujoco_problem.h"
#include "reference/mujoco/problem.h"
#include "reference/mujoco/solve.h"
#include "reference/sap/sap_problem.h"
#include "reference/sap/sap_solver.h"

namespace simatlas::io {

/// A `simatlas/sap-problem/1` document. Joint limits are written by their `dof` (recovered
/// from their J block, which must be the ±e_dof rows MakeLimitJacobian builds); an infinite
/// (rigid) limit stiffness and infinite limits are left out, as the format's defaults. The
/// `parameters` object lists every overridable solver parameter.
nlohmann::json WriteSapProblem(const sap::SapProblem& problem,
                               const sap::SapSolverParameters& parameters = {},
                               const std::string& source = "");

/// A `simatlas/mujoco-problem/1` document (no `expected`, no per-row records). Contacts get
/// MuJoCo indices 0, 1, … in list order. The 3.15 `opt` keys, `opt.islands` and
/// `qacc_warmstart` are written only when they differ from the defaults.
nlohmann::json WriteMujocoProblem(const mujoco::Problem& problem, const std::string& source = "",
                                  const mujoco::SolveSettings& settings = {});

/// The whole file: WriteMujocoProblem plus the per-row records present in `file.rows`,
/// `expected` when present, and the contact ids of `file.contact_indices` (when it has one per
/// contact): the inverse of ParseMujocoProblem.
nlohmann::json WriteMujocoProblemFile(const MujocoProblemFile& file);

}  // namespace simatlas::io
