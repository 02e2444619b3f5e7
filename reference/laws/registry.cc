// DESIGN.md "The law registry": AllLaws() in the course's reading order.
#include "reference/laws/law_families.h"

namespace simatlas::laws {

const Registry& AllLaws() {
  // Built once, in the course's reading order: E3-geometry, E3-SAP, MJ-solvers.
  static const Registry registry = [] {
    Registry r;
    RegisterMaterialLaws(r);
    RegisterPointLaws(r);     // E3-geometry §2.1 (and the discrete pair of E3-SAP §2.2)
    RegisterFrictionLaws(r);  // E3-geometry §4
    RegisterGeometryLaws(r);
    RegisterHydroLaws(r);       // E3-geometry §2.2 and E3-SAP §2.2 (hydroelastic)
    RegisterSapLaws(r);         // E3-SAP: keep after every E3-geometry family
    RegisterMultibodyLaws(r);   // E3-SAP §1, §2.1, §5 (multibody part, added last)
    RegisterMujocoLaws(r);      // MJ-solvers: last in course order
    RegisterIntegratorLaws(r);  // MJ-solvers §7–§8 (integrators, added last)
    return r;
  }();
  return registry;
}

}  // namespace simatlas::laws
