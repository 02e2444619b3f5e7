// `simatlas simulate`: list the built-in scenes, or run one with the discrete step driver and
// print its summary (text), the whole run (--json) or the trajectory (--csv FILE).
#include <fstream>
#include <ostream>

#include <nlohmann/json.hpp>

#include "reference/core/errors.h"
#include "reference/io/text_file.h"
#include "reference/scenes/scene.h"
#include "reference/scenes/step_driver.h"
#include "tools/simatlas/commands.h"
#include "tools/simatlas/finite_output.h"
#include "tools/simatlas/vector_json.h"

namespace simatlas::tools {

namespace {

std::string KeyLine(const scenes::SceneKey& k) {
  if (k.IsLabel()) {
    std::string choices;
    for (const auto& c : k.choices) choices += (choices.empty() ? "" : "|") + c;
    return k.name + " one of " + choices + ", default " + k.default_label + " — " + k.description;
  }
  return k.name + " [" + k.unit + "], default " + core::FormatNumber(k.default_number) + " — " +
         k.description;
}

nlohmann::json KeyJson(const scenes::SceneKey& k) {
  nlohmann::json j{{"name", k.name}, {"description", k.description}};
  if (k.IsLabel()) {
    j["choices"] = k.choices;
    j["default"] = k.default_label;
  } else {
    j["unit"] = k.unit;
    j["default"] = k.default_number;
  }
  return j;
}

void PrintList(std::ostream& out, bool json) {
  nlohmann::json all = nlohmann::json::array();
  for (const auto& s : scenes::AllScenes()) {
    if (json) {
      nlohmann::json keys = nlohmann::json::array();
      for (const auto& k : scenes::AllSceneKeys(s)) keys.push_back(KeyJson(k));
      all.push_back(
          {{"name", s.name}, {"section", s.section}, {"summary", s.summary}, {"keys", keys}});
      continue;
    }
    out << s.name << "  (" << s.section << ")\n    " << s.summary << "\n    keys:\n";
    for (const auto& k : scenes::AllSceneKeys(s)) out << "      " << KeyLine(k) << "\n";
  }
  if (json) out << all.dump(2) << "\n";
}

// The contacts of one step (§4.1): point, normal force, force on the body, slip, vn.
nlohmann::json ContactsJson(const std::vector<scenes::ContactResult>& contacts) {
  nlohmann::json all = nlohmann::json::array();
  for (const auto& c : contacts) {
    all.push_back({{"geometry", c.geometry},
                   {"body", c.body},
                   {"halfspace_body", c.halfspace_body},
                   {"p_WC", VectorJson(c.p_WC)},
                   {"phi0", c.phi0},
                   {"fn", c.fn},
                   {"f_Bc_W", VectorJson(c.f_Bc_W)},
                   {"slip_speed", c.slip_speed},
                   {"separation_speed", c.separation_speed}});
  }
  return all;
}

// t, q0 … q(nq−1), v0 … v(nv−1), energy (T + V): one row per recorded state (t = 0 first).
void WriteCsv(const std::string& path, const scenes::Trajectory& t) {
  std::ofstream file = io::OpenForWriting(path, "--csv file");
  file.precision(17);
  file << "t";
  for (int i = 0; i < t.q.front().size(); ++i) file << ",q" << i;
  for (int i = 0; i < t.v.front().size(); ++i) file << ",v" << i;
  file << ",energy\n";
  for (std::size_t k = 0; k < t.t.size(); ++k) {
    file << t.t[k];
    for (int i = 0; i < t.q[k].size(); ++i) file << "," << t.q[k](i);
    for (int i = 0; i < t.v[k].size(); ++i) file << "," << t.v[k](i);
    file << "," << t.energy[k] << "\n";
  }
  if (!file) throw core::InputError("--csv " + path + ": writing failed");
}

}  // namespace

int RunSimulateCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  bool json = false, list = false, energy = false;
  std::string csv;
  std::vector<std::string> rest;
  for (std::size_t i = 0; i < args.size(); ++i) {
    if (args[i] == "--json") {
      json = true;
    } else if (args[i] == "--list") {
      list = true;
    } else if (args[i] == "--energy") {
      energy = true;
    } else if (args[i] == "--csv") {
      if (i + 1 >= args.size()) {
        err << "simatlas simulate: --csv needs a file name\n";
        return kExitBadInput;
      }
      csv = args[++i];
    } else {
      rest.push_back(args[i]);
    }
  }
  if (list) {
    if (!rest.empty() || !csv.empty()) {
      err << "simatlas simulate: --list takes no other arguments\n";
      return kExitBadInput;
    }
    PrintList(out, json);
    return 0;
  }
  if (rest.empty()) {
    err << "usage: simatlas simulate SCENE key=value ... [--csv FILE] [--json] [--energy] | simatlas "
           "simulate --list [--json]\n";
    return kExitBadInput;
  }
  return RunGuarded("simatlas simulate", err, [&] {
    // Parse, build, run, summarise.
    const scenes::SceneDefinition& def = scenes::FindScene(rest[0]);
    const scenes::SceneArguments arguments =
        scenes::ParseSceneArguments(def, std::vector<std::string>(rest.begin() + 1, rest.end()));
    const scenes::DriverOptions options = scenes::ReadDriverOptions(arguments);
    const scenes::Scene scene = def.build(arguments);
    const scenes::Trajectory trajectory = scenes::Simulate(scene, options);
    const std::vector<scenes::SummaryEntry> summary = def.summarize(scene, arguments, trajectory);
    const std::vector<std::string> notes =
        def.notes ? def.notes(scene, arguments, trajectory) : std::vector<std::string>{};
    // Nothing non-finite is written: an overflow (e.g. v0 = 1e308) stops here, before the CSV.
    RequireFiniteOutput("q", trajectory.q.back(), "");
    RequireFiniteOutput("v", trajectory.v.back(), "");
    for (std::size_t k = 0; k < trajectory.energy.size(); ++k) {
      RequireFiniteOutput("energy of state " + std::to_string(k), trajectory.energy[k], "J");
    }
    for (const auto& e : summary) {
      if (e.value) RequireFiniteOutput("summary " + e.name, *e.value, e.unit);
    }
    if (!csv.empty()) WriteCsv(csv, trajectory);
    if (json) {
      nlohmann::json parameters = nlohmann::json::object();
      for (const auto& [k, v] : arguments.numbers) parameters[k] = v;
      for (const auto& [k, v] : arguments.labels) parameters[k] = v;
      nlohmann::json named = nlohmann::json::object(), units = nlohmann::json::object();
      for (const auto& e : summary) {
        named[e.name] = e.value ? nlohmann::json(*e.value) : nlohmann::json(nullptr);
        units[e.name] = e.unit;
      }
      // Per-step arrays: the time after each step and that step's contact records.
      const std::vector<double> t(trajectory.t.begin() + 1, trajectory.t.end());
      const nlohmann::json answer{
          {"scene", def.name},
          {"parameters", parameters},
          {"q", VectorJson(trajectory.q.back())},
          {"v", VectorJson(trajectory.v.back())},
          {"t", t},
          {"contact_force", trajectory.contact_force},
          {"solver_iterations", trajectory.solver_iterations},
          {"energy", trajectory.energy},
          {"contacts_last_step", trajectory.contacts.empty()
                                     ? nlohmann::json::array()
                                     : ContactsJson(trajectory.contacts.back())},
          {"summary", named},
          {"summary_units", units},
          {"notes", notes}};
      // Contact records too (a slip speed can overflow): JSON would print them as null.
      RequireFiniteJson(answer);
      out << answer.dump() << "\n";
      return 0;
    }
    out << "scene " << def.name << ": " << options.steps
        << " steps of dt = " << core::FormatNumber(options.dt) << " s, "
        << (scene.contact_geometry.empty() ? std::string("no contact")
                                           : "approximation " + options.approximation +
                                                 ", mu = " + core::FormatNumber(options.mu))
        << "\n";
    for (const auto& e : summary) {
      out << e.name << " = " << (e.value ? core::FormatNumber(*e.value) : "null");
      if (e.unit != "1" && !e.unit.empty()) out << " " << e.unit;
      out << "\n";
    }
    const auto print_vector = [&](const char* name, const Eigen::VectorXd& x) {
      out << name << " =";
      for (int i = 0; i < x.size(); ++i) out << (i ? "," : " ") << core::FormatNumber(x(i));
      out << "\n";
    };
    print_vector("q", trajectory.q.back());
    print_vector("v", trajectory.v.back());
    for (const std::string& n : notes) out << "note: " << n << "\n";
    // --energy: T + V at every recorded state, one "t E" line each.
    if (energy) {
      out << "t [s], energy [J]\n";
      for (std::size_t k = 0; k < trajectory.t.size(); ++k) {
        out << core::FormatNumber(trajectory.t[k]) << " "
            << core::FormatNumber(trajectory.energy[k]) << "\n";
      }
    }
    return 0;
  });
}

}  // namespace simatlas::tools
