// simatlas: the command-line program of the course kit. Dispatches to one subcommand.
#include <functional>
#include <iostream>
#include <map>
#include <string>
#include <vector>

#include "tools/simatlas/commands.h"

namespace {

using Command = std::function<int(const std::vector<std::string>&, std::ostream&, std::ostream&)>;

struct Entry {
  Command run;
  std::string usage;
};

const std::map<std::string, Entry>& Commands() {
  static const std::map<std::string, Entry> commands = {
      {"sap",
       {simatlas::tools::RunSapCommand,
        std::string(simatlas::tools::kSapSynopsis) +
            "\n                                 solve one SAP problem file (formats/sap-problem.md)"}},
      {"simulate",
       {simatlas::tools::RunSimulateCommand,
        "simulate SCENE key=value ... [--csv FILE] [--json]  run a built-in scene (discrete steps)\n"
        "  simulate --list [--json]       the scenes with their keys, units and defaults"}},
      {"lab",
       {simatlas::tools::RunLabCommand,
        "lab NAME|all [--quick] [--json] [--no-live]  run a lab experiment: the scenes under SAP's\n"
        "                                 and MuJoCo's models (scenes: with the live engines' rows)\n"
        "  lab --list [--json]            the experiments with their course sections\n"
        "  lab --help                     every column of every lab table defined, with its unit"}},
      {"chapter",
       {simatlas::tools::RunChapterCommand,
        "chapter CHAPTER|all [SECTION] [--json] [--output-dir DIR]  a section's claims with live numbers\n"
        "  chapter --list                 the chapters and sections with walkthroughs"}},
      {"exercise",
       {simatlas::tools::RunExerciseCommand,
        "exercise CHAPTER N [--answer FILE]  a reading exercise's question, or grade an answer file\n"
        "  exercise --list                every reading exercise with its section and question"}},
      {"mujoco",
       {simatlas::tools::RunMujocoCommand,
        "mujoco solve FILE [--solver pgs|cg|newton] [--iterations N] [--tolerance T] [--version 2.2.2|3.15]\n"
        "         [--cg-update …] [--pgs-momentum on|off] [--pgs-shuffle on|off] [--islands on|off]\n"
        "         [--warmstart FILE|off] [--noslip-iterations N] [--repeat N] [--json]\n"
        "                                 MJ-solvers §4–§6 on a mujoco-problem file (mujoco --help)\n"
        "  mujoco dump MODEL.xml OUT.json [--steps N] … [--engine 3.15|2.2.2]  MuJoCo's problem of a model\n"
        "  mujoco inspect MODEL.xml [--steps N] … [--json]  every row in the course's terms"}},
      {"check",
       {simatlas::tools::RunCheckCommand,
        "check FAMILY|LAW --against 'COMMAND' [--cases N] [--seed S] [--timeout T] [--json]\n"
        "                                 run a family's properties against another program\n"
        "  check --list [--json]          the families, their laws, tolerances and properties"}},
      {"law",
       {simatlas::tools::RunLawCommand,
        "law --list [--json]            every law: section, inputs, outputs, units, defaults\n"
        "  law NAME key=value ... [--json] evaluate one law (vectors as 0.1,0,-0.1; inf = rigid)"}},
  };
  return commands;
}

void PrintUsage(std::ostream& out) {
  out << "usage: simatlas COMMAND [arguments]\n\ncommands:\n";
  for (const auto& [name, entry] : Commands()) out << "  " << entry.usage << "\n";
  out << "\nexit codes: 0 success, 1 a check failed, 2 bad input\n";
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  if (args.empty() || args[0] == "--help" || args[0] == "-h" || args[0] == "help") {
    PrintUsage(args.empty() ? std::cerr : std::cout);
    return args.empty() ? simatlas::tools::kExitBadInput : 0;
  }
  const auto it = Commands().find(args[0]);
  if (it == Commands().end()) {
    std::cerr << "simatlas: unknown command '" << args[0] << "' (simatlas --help lists them)\n";
    return simatlas::tools::kExitBadInput;
  }
  args.erase(args.begin());
  return it->second.run(args, std::cout, std::cerr);
}
