#include "reference/laws/law_families.h"

namespace simatlas::laws {

const Registry& AllLaws() {
  // Built once, in the course's reading order: E3-geometry, E3-SAP, MJ-solvers.
  static const Registry registry = [] {
    Registry r;
    RegisterMaterialLaws(r);
    RegisterGeometryLaws(r);
    RegisterSapLaws(r);  // E3-SAP: keep after every E3-geometry family
    RegisterMultibodyLaws(r);  // E3-SAP §1, §2.1, §5 (multibody part, added last)
    RegisterMujocoLaws(r);  // MJ-solvers: last in course order
    return r;
  }();
  return registry;
}

}  // namespace simatlas::laws
