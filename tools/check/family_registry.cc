// The families of `simatlas check`, in course order (issue 11). Add one with a line here and a
// declaration in tools/check/families.h.
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

}  // namespace simatlas::check
