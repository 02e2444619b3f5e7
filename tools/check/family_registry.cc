// The families of `simatlas check`, in course order. Add one with a line here and a
// declaration in tools/check/families.h.
#include <stdexcept>

#include "tools/check/families.h"

namespace simatlas::check {

const std::vector<Family>& AllFamilies() {
  static const std::vector<Family> families = [] {
    std::vector<Family> all;
    all.push_back(MakeMaterialFamily());
    all.push_back(MakeFrictionFamily());
    all.push_back(MakePointFamily());
    all.push_back(MakeSapFrictionConeFamily());
    all.push_back(MakeSapHuntCrossleyFamily());
    all.push_back(MakeMujocoRowFamily());
    all.push_back(MakeSapSolveFamily());
    all.push_back(MakeMujocoSolveFamily());
    return all;
  }();
  return families;
}

const Family* FindFamily(const std::string& name) {
  for (const auto& family : AllFamilies()) {
    if (family.name == name) return &family;
  }
  // A law's name selects the family that queries it.
  for (const auto& family : AllFamilies()) {
    if (family.Find(name) != nullptr) return &family;
  }
  return nullptr;
}

Family RestrictToLaw(const Family& family, const std::string& law) {
  const LawUnderCheck* entry = family.Find(law);
  if (entry == nullptr) {
    throw std::invalid_argument("family " + family.name + " has no law " + law);
  }
  Family one;
  one.name = law;
  one.section = family.section;
  one.summary = "the " + law + " law of the " + family.name + " family alone";
  one.laws = {*entry};
  for (const auto& property : family.properties) {
    if (property.laws == std::vector<std::string>{law}) one.properties.push_back(property);
  }
  return one;
}

std::optional<Family> CheckTarget(const std::string& name) {
  for (const auto& family : AllFamilies()) {
    if (family.name == name) return family;
  }
  for (const auto& family : AllFamilies()) {
    if (family.Find(name) != nullptr) return RestrictToLaw(family, name);
  }
  return std::nullopt;
}

void ValidateFamily(const Family& family) {
  for (const auto& property : family.properties) {
    if (property.laws.empty()) {
      throw std::logic_error("property " + property.name + " of family " + family.name +
                             " lists no law in Property::laws");
    }
    for (const auto& law : property.laws) {
      if (family.Find(law) == nullptr) {
        throw std::logic_error("property " + property.name + " of family " + family.name +
                               " lists law " + law + ", which the family does not hold");
      }
    }
  }
}

}  // namespace simatlas::check
