// E3-SAP §2: scene keys, argument parsing and the list of built-in scenes.
#include "reference/scenes/scene.h"

#include <cmath>
#include <set>

#include "reference/core/errors.h"
#include "reference/core/parse.h"

namespace simatlas::scenes {

namespace {

const SceneKey* FindKey(const std::vector<SceneKey>& keys, const std::string& name) {
  for (const SceneKey& k : keys) {
    if (k.name == name) return &k;
  }
  return nullptr;
}

std::string JoinNames(const std::vector<std::string>& names) {
  std::string s;
  for (const std::string& n : names) s += (s.empty() ? "" : ", ") + n;
  return s;
}

}  // namespace

double SceneArguments::Number(const std::string& key) const {
  const auto it = numbers.find(key);
  if (it == numbers.end()) throw core::InputError("scene has no number key '" + key + "'");
  return it->second;
}

const std::string& SceneArguments::Label(const std::string& key) const {
  const auto it = labels.find(key);
  if (it == labels.end()) throw core::InputError("scene has no label key '" + key + "'");
  return it->second;
}

std::vector<SceneKey> DriverKeys() {
  return {
      {"dt", "s", "time step h of the discrete update", 1e-3, {}, ""},
      {"steps", "1", "number of steps", 1000, {}, ""},
      {"approximation",
       "",
       "contact approximation (acts on contact constraints only)",
       0,
       {"sap", "similar", "lagged"},
       "lagged"},
      {"mu", "1", "friction coefficient of every contact (acts on contact only)", 0.5, {}, ""},
  };
}

std::vector<SceneKey> AllSceneKeys(const SceneDefinition& definition) {
  std::vector<SceneKey> keys = DriverKeys();
  keys.insert(keys.end(), definition.keys.begin(), definition.keys.end());
  return keys;
}

SceneArguments ParseSceneArguments(const SceneDefinition& definition,
                                   const std::vector<std::string>& arguments) {
  const std::vector<SceneKey> keys = AllSceneKeys(definition);
  SceneArguments parsed;
  std::set<std::string> seen;
  for (const std::string& argument : arguments) {
    // key=value, the key known to this scene and given once.
    const auto eq = argument.find('=');
    if (eq == std::string::npos || eq == 0) {
      throw core::InputError("argument '" + argument + "' is not key=value");
    }
    const std::string name = argument.substr(0, eq), text = argument.substr(eq + 1);
    const SceneKey* key = FindKey(keys, name);
    if (key == nullptr) {
      std::vector<std::string> names;
      for (const SceneKey& k : keys) names.push_back(k.name);
      throw core::InputError("scene " + definition.name + " has no key '" + name +
                             "' (keys: " + JoinNames(names) + ")");
    }
    if (!seen.insert(name).second) throw core::InputError("key '" + name + "' given twice");
    if (key->IsLabel()) {
      bool known = false;
      for (const std::string& c : key->choices) known = known || c == text;
      if (!known) {
        throw core::InputError(name + " = '" + text + "' must be one of " +
                               JoinNames(key->choices));
      }
      parsed.labels[name] = text;
    } else {
      parsed.numbers[name] = core::ParseNumber(name, text);
    }
  }
  // Defaults for the keys not given.
  for (const SceneKey& k : keys) {
    if (seen.count(k.name)) continue;
    if (k.IsLabel()) {
      parsed.labels[k.name] = k.default_label;
    } else {
      parsed.numbers[k.name] = k.default_number;
    }
  }
  return parsed;
}

std::vector<SceneKey> ContactMaterialKeys(double default_stiffness) {
  return {
      {"stiffness", "N/m", "combined point stiffness k of each contact", default_stiffness, {}, ""},
      {"dissipation", "s/m", "Hunt–Crossley dissipation d (similar, lagged)", 10.0, {}, ""},
      {"relaxation_time", "s", "relaxation time τd, sum of both sides (sap)", 0.01, {}, ""},
  };
}

ContactMaterial ReadContactMaterial(const SceneArguments& a) {
  ContactMaterial m;
  m.stiffness = a.Number("stiffness");
  core::RequirePositive("stiffness", m.stiffness, "N/m");
  m.dissipation = a.Number("dissipation");
  core::RequireNonNegative("dissipation", m.dissipation, "s/m");
  m.relaxation_time = a.Number("relaxation_time");
  core::RequireNonNegative("relaxation_time", m.relaxation_time, "s");
  return m;
}

const std::vector<SceneDefinition>& AllScenes() {
  static const std::vector<SceneDefinition> scenes = {
      FreeFlightScene(), PendulumChainScene(), SphereOnGroundScene(), BoxSlideScene(),
      PizzaSaverScene(), BoxStackScene(),      HingeChainScene(),     TumblingBodyScene()};
  return scenes;
}

const SceneDefinition& FindScene(const std::string& name) {
  std::vector<std::string> names;
  for (const SceneDefinition& s : AllScenes()) {
    if (s.name == name) return s;
    names.push_back(s.name);
  }
  throw core::InputError("unknown scene '" + name + "' (scenes: " + JoinNames(names) + ")");
}

}  // namespace simatlas::scenes
