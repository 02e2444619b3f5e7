#pragma once
/// @file
/// E3-SAP §3.1–§3.2, MJ-solvers §2a–§3 — why a lab model misses a Coulomb law: the reason of
/// each finding "outside" (scenes_table.h), derived from the contact model's own numbers (the
/// lab scene's k, τd, μ, m and the model's regularisation) and shown with the run's evidence
/// (RunDiagnostics). The mechanisms, each stated only where its condition holds:
///   SAP near-rigid    kSap's Rn = β² wn/(4π²) exceeds 1/(h k (h + τd)) at the run's end
///                     (E3-SAP §3.1 (3.2)): the contact is softer than k;
///   SAP gliding       kSap's sliding branch (3.3) or Similar's z = vn − μ s(vt) (3.2) pushes a
///                     sliding contact apart at vn ≈ μ ‖vt‖; shown when the body flew;
///   MuJoCo pyramid    the 4 edges push 2/(μ²(1 + μ²)) times the mapped normal row: a shallower
///                     rest depth, overshot out of contact by the rows' damped ring;
///   MuJoCo creep      friction rows have K = 0: below the rim friction is viscous, B/R per
///                     contact, so a held load creeps;
///   MuJoCo gliding    a sliding contact's normal target acceleration rises by μ B ‖vt‖;
///   large step        g h² exceeds the rest depth m g/(n k) (ω h > 1 with ω = √(n k/m)):
///                     contacts, found at each step's start, open and close a step late.
/// Equation numbers (N.M) are the formula sheet's (course/FORMULAS.md).

#include <string>

#include "reference/lab/lab_run.h"
#include "reference/lab/lab_scene.h"

namespace simatlas::lab {

/// One run's reason for missing its law.
struct OutsideReason {
  /// One or two sentences from the model's parameters: the same words for every run of one
  /// contact family at one dt and scene, so the findings name it once for all of them.
  std::string mechanism;
  /// The run's own numbers (flight, contacts opening late, slip, rim contacts).
  std::string evidence;
};

/// Why run's outcome lies outside its law. run.model's last word names the lab model
/// ("newton_pyramidal", "MuJoCo 3.15.0 newton_pyramidal", "Drake 1.51.1 sap"); an unknown
/// model gets the evidence alone and a mechanism saying so.
OutsideReason ExplainOutsideLaw(const LabScene& scene, const RunSummary& run,
                                const Outcome& outcome);

}  // namespace simatlas::lab
