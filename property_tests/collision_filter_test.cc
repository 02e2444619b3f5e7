// Properties of collision filtering (E3-geometry §1.1) over random scenes: random bodies
// (free or welded to the world), joints, geometries with random shapes and role sets,
// random ExcludeBetween / ExcludeWithin / AllowBetween declarations with geometry and frame
// operands, late proximity-role assignment and an optional Finalize. Checked:
//  - every candidate pair obeys the inherent rules (not itself, not both anchored, not on one
//    frame) and no declared exclusion in force;
//  - filtering is symmetric in (A, B), candidates are exactly the unfiltered proximity pairs,
//    listed once, sorted, and the same when the scene is rebuilt (deterministic);
//  - declarations never reach geometry that gained the proximity role later: the declared
//    state of every pair equals an independent per-pair replay that resolves each operand
//    with the geometries holding proximity at that moment;
//  - a copy taken mid-way (a "Context") is unaffected by later model changes.
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include <map>
#include <set>
#include <utility>
#include <vector>

#include "reference/geometry/scene_geometry.h"

namespace simatlas::geometry {
namespace {

// One step of a random scene history.
struct Op {
  enum Kind { kRegister, kAssignProximity, kExclude, kExcludeWithin, kAllow } kind = kRegister;
  int frame = 0;       // kRegister: frame index (0 = world)
  int shape = 0;       // kRegister: index into kAllShapeKinds
  int roles = 0;       // kRegister: bit mask of roles (bit 2 = proximity)
  int compliance = 0;  // kRegister / kAssignProximity: 0 undefined, 1 rigid, 2 compliant
  int target = 0;      // kAssignProximity: geometry index (mod count)
  std::vector<int> geometries_a, frames_a, geometries_b, frames_b;  // raw operands (mod count)
};

// A random scene history.
struct History {
  std::vector<bool> welded;                 // per body
  std::vector<std::pair<int, int>> joints;  // (parent frame, child frame)
  std::vector<Op> ops;
  int snapshot_after = 0;  // ops applied before the context copy
  bool finalize = false;
};

// Properties that make every shape/compliance registrable.
ProximityProperties PropertiesFor(int compliance) {
  ProximityProperties p;
  p.compliance = static_cast<Compliance>(compliance);
  p.coulomb_friction = FrictionProperty{0.5, 0.4};
  p.hydroelastic_modulus = 1e6;
  p.resolution_hint = 0.02;
  p.slab_thickness = 0.1;
  return p;
}

rc::Gen<std::vector<int>> Operand() {
  return rc::gen::container<std::vector<int>>(rc::gen::inRange(0, 64));
}

History RandomHistory() {
  History h;
  const int bodies = *rc::gen::inRange(0, 5);
  for (int i = 0; i < bodies; ++i) {
    h.welded.push_back(*rc::gen::inRange(0, 4) == 0);
    // Frame i + 1 gets a joint from the world or an earlier body, most of the time.
    if (*rc::gen::inRange(0, 10) < 7) h.joints.emplace_back(*rc::gen::inRange(0, i + 1), i + 1);
  }
  const int steps = *rc::gen::inRange(0, 22);
  for (int s = 0; s < steps; ++s) {
    Op op;
    op.kind = static_cast<Op::Kind>(*rc::gen::weightedElement<int>({{6, Op::kRegister},
                                                                    {2, Op::kAssignProximity},
                                                                    {2, Op::kExclude},
                                                                    {1, Op::kExcludeWithin},
                                                                    {2, Op::kAllow}}));
    op.frame = *rc::gen::inRange(0, bodies + 1);
    op.shape = *rc::gen::inRange(0, 8);
    op.roles = *rc::gen::inRange(0, 8);
    op.compliance = *rc::gen::inRange(0, 3);
    op.target = *rc::gen::inRange(0, 64);
    op.geometries_a = *rc::gen::resize(4, Operand());
    op.frames_a = *rc::gen::resize(2, Operand());
    op.geometries_b = *rc::gen::resize(4, Operand());
    op.frames_b = *rc::gen::resize(2, Operand());
    h.ops.push_back(std::move(op));
  }
  h.snapshot_after = *rc::gen::inRange(0, steps + 1);
  h.finalize = *rc::gen::arbitrary<bool>();
  return h;
}

// The pair (a, b) with the lower index first.
std::pair<int, int> Key(int a, int b) { return a < b ? std::pair{a, b} : std::pair{b, a}; }

// Builds the scene and, alongside, an independent per-pair oracle of declared exclusions.
struct Replay {
  SceneGeometry scene;
  SceneGeometry context;                 // copy after snapshot_after ops
  std::vector<int> frame_of;             // per geometry
  std::vector<bool> proximity;           // per geometry, current
  std::set<std::pair<int, int>> oracle;  // declared exclusions by replay
};

// Operand → geometry indices holding proximity now (the lifetime rule, from the spec).
std::set<int> ResolveOracle(const Replay& r, const std::vector<int>& geometries,
                            const std::vector<int>& frames, int frame_count) {
  std::set<int> ids;
  const int n = static_cast<int>(r.frame_of.size());
  if (n > 0) {
    for (int g : geometries) {
      if (r.proximity[g % n]) ids.insert(g % n);
    }
  }
  for (int f : frames) {
    for (int g = 0; g < n; ++g) {
      if (r.frame_of[g] == f % frame_count && r.proximity[g]) ids.insert(g);
    }
  }
  return ids;
}

// The GeometrySet the scene sees for the same operand.
GeometrySet ToSet(const Replay& r, const std::vector<int>& geometries,
                  const std::vector<int>& frames, int frame_count) {
  GeometrySet set;
  const int n = static_cast<int>(r.frame_of.size());
  if (n > 0) {
    for (int g : geometries) set.Add(GeometryId{g % n});
  }
  for (int f : frames) set.Add(FrameId{f % frame_count});
  return set;
}

// Oracle update: every pair between A and B set to excluded (or not).
void OracleSet(Replay& r, const std::set<int>& a, const std::set<int>& b, bool excluded) {
  for (int x : a) {
    for (int y : b) {
      if (x == y) continue;
      if (excluded)
        r.oracle.insert(Key(x, y));
      else
        r.oracle.erase(Key(x, y));
    }
  }
}

Replay Run(const History& h) {
  Replay r;
  std::vector<FrameId> frames = {r.scene.world_frame()};
  for (size_t i = 0; i < h.welded.size(); ++i) {
    frames.push_back(r.scene.AddBody("body" + std::to_string(i), h.welded[i]));
  }
  for (const auto& [parent, child] : h.joints) r.scene.AddJoint(frames[parent], frames[child]);
  const int frame_count = static_cast<int>(frames.size());
  for (size_t s = 0; s <= h.ops.size(); ++s) {
    if (s == static_cast<size_t>(h.snapshot_after)) r.context = r.scene;
    if (s == h.ops.size()) break;
    const Op& op = h.ops[s];
    const int n = static_cast<int>(r.frame_of.size());
    switch (op.kind) {
      case Op::kRegister: {
        RoleSet roles;
        if (op.roles & 1) roles.Add(Role::kIllustration);
        if (op.roles & 2) roles.Add(Role::kPerception);
        if (op.roles & 4) roles.Add(Role::kProximity);
        // Names repeat across frames on purpose ("g"): names are not identities.
        r.scene.RegisterGeometry(frames[op.frame], "g" + std::to_string(n),
                                 MakeUnitShape(kAllShapeKinds[op.shape]), roles,
                                 PropertiesFor(op.compliance));
        r.frame_of.push_back(op.frame);
        r.proximity.push_back(roles.Has(Role::kProximity));
        break;
      }
      case Op::kAssignProximity: {
        if (n == 0 || r.proximity[op.target % n]) break;
        r.scene.AssignProximityRole(GeometryId{op.target % n}, PropertiesFor(op.compliance));
        r.proximity[op.target % n] = true;
        break;
      }
      case Op::kExclude:
      case Op::kAllow: {
        const bool exclude = op.kind == Op::kExclude;
        const GeometrySet a = ToSet(r, op.geometries_a, op.frames_a, frame_count);
        const GeometrySet b = ToSet(r, op.geometries_b, op.frames_b, frame_count);
        if (exclude)
          r.scene.ExcludeBetween(a, b);
        else
          r.scene.AllowBetween(a, b);
        OracleSet(r, ResolveOracle(r, op.geometries_a, op.frames_a, frame_count),
                  ResolveOracle(r, op.geometries_b, op.frames_b, frame_count), exclude);
        break;
      }
      case Op::kExcludeWithin: {
        r.scene.ExcludeWithin(ToSet(r, op.geometries_a, op.frames_a, frame_count));
        const std::set<int> ids = ResolveOracle(r, op.geometries_a, op.frames_a, frame_count);
        OracleSet(r, ids, ids, true);
        break;
      }
    }
  }
  if (h.finalize) {
    r.scene.Finalize();
    // Adjacent bodies, joints to the world skipped.
    for (const auto& [parent, child] : h.joints) {
      if (parent == 0) continue;
      OracleSet(r, ResolveOracle(r, {}, {child}, frame_count),
                ResolveOracle(r, {}, {parent}, frame_count), true);
    }
  }
  return r;
}

// Ids of the proximity geometries.
std::vector<GeometryId> ProximityIds(const SceneGeometry& scene) {
  std::vector<GeometryId> ids;
  for (const RegisteredGeometry& g : scene.geometries()) {
    if (g.roles.Has(Role::kProximity)) ids.push_back(g.id);
  }
  return ids;
}

RC_GTEST_PROP(CollisionFilter, CandidatesObeyEveryInherentRule, ()) {
  const Replay r = Run(RandomHistory());
  for (const auto& [a, b] : r.scene.CandidatePairs()) {
    const RegisteredGeometry& ga = r.scene.geometry(a);
    const RegisteredGeometry& gb = r.scene.geometry(b);
    RC_ASSERT(a < b);
    RC_ASSERT(ga.roles.Has(Role::kProximity) && gb.roles.Has(Role::kProximity));
    RC_ASSERT(!(ga.anchored && gb.anchored));
    RC_ASSERT(ga.frame != gb.frame);
    RC_ASSERT(!r.scene.IsDeclaredExcluded(a, b));
  }
}

RC_GTEST_PROP(CollisionFilter, SymmetricCompleteAndDeterministic, ()) {
  const History h = RandomHistory();
  const Replay r = Run(h);
  const std::vector<GeometryId> ids = ProximityIds(r.scene);
  std::vector<GeometryPair> expected;
  for (GeometryId a : ids) {
    for (GeometryId b : ids) {
      RC_ASSERT(r.scene.CollisionFiltered(a, b) == r.scene.CollisionFiltered(b, a));
      if (a < b && !r.scene.CollisionFiltered(a, b)) expected.emplace_back(a, b);
    }
  }
  // ids ascend, so expected is sorted: candidates are exactly these, once each, in order.
  RC_ASSERT(r.scene.CandidatePairs() == expected);
  // Rebuilding the same history gives the same list.
  RC_ASSERT(Run(h).scene.CandidatePairs() == r.scene.CandidatePairs());
}

RC_GTEST_PROP(CollisionFilter, DeclarationsNeverReachLaterGeometry, ()) {
  const Replay r = Run(RandomHistory());
  const std::vector<GeometryId> ids = ProximityIds(r.scene);
  for (GeometryId a : ids) {
    for (GeometryId b : ids) {
      if (!(a < b)) continue;
      // Declared state = the per-pair replay that only saw geometry holding proximity then.
      const bool oracle = r.oracle.count(Key(a.value, b.value)) > 0;
      RC_ASSERT(r.scene.IsDeclaredExcluded(a, b) == oracle);
      // Inherent state from frame data alone.
      const bool same_frame = r.frame_of[a.value] == r.frame_of[b.value];
      const bool both_anchored = r.scene.frame(FrameId{r.frame_of[a.value]}).anchored &&
                                 r.scene.frame(FrameId{r.frame_of[b.value]}).anchored;
      RC_ASSERT(r.scene.IsInherentlyExcluded(a, b) == (same_frame || both_anchored));
    }
  }
}

RC_GTEST_PROP(CollisionFilter, ModelChangesDoNotReachAContextCopy, ()) {
  History h = RandomHistory();
  const Replay r = Run(h);
  // The same history cut at the snapshot, never finalized: what the copy must still show.
  History prefix = h;
  prefix.ops.resize(h.snapshot_after);
  prefix.finalize = false;
  const Replay cut = Run(prefix);
  RC_ASSERT(r.context.CandidatePairs() == cut.scene.CandidatePairs());
  RC_ASSERT(r.context.geometries().size() == cut.scene.geometries().size());
  RC_ASSERT(!r.context.is_finalized());
}

}  // namespace
}  // namespace simatlas::geometry
