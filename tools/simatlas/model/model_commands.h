#pragma once
/// @file
/// MJ-solvers §2–§5 — the bodies of `simatlas mujoco dump` and `simatlas mujoco inspect`, compiled
/// once per MuJoCo: into `simatlas` with MuJoCo 2.2.2's adapter (`--engine 2.2.2`) and into
/// `simatlas-mujoco315` with MuJoCo 3.15.0's (`--engine 3.15`, the default, which `simatlas` runs
/// as a program of its own: two libmujoco versions never share a process).

#include <iosfwd>
#include <string>
#include <vector>

namespace simatlas::tools {

/// The model flags of dump and inspect, for usage lines.
inline constexpr const char* kModelFlags =
    "[--steps N] [--keyframe K] [--cone pyramidal|elliptic] [--solver pgs|cg|newton] "
    "[--iterations N] [--tolerance T] [--warmstart on|off]";

/// `dump MODEL.xml OUT.json [model flags]` (args[0] is "dump") with the linked MuJoCo: writes the
/// settled problem with MuJoCo's answer; exit 0, or 2 with one line on err for bad input.
int RunModelDump(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

/// `inspect MODEL.xml [model flags] [--json]` (args[0] is "inspect") with the linked MuJoCo.
int RunModelInspect(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

/// The model flags with their defaults (adapters::ModelOptionsHelp of the linked adapter).
std::string ModelFlagsHelp();

}  // namespace simatlas::tools
