"""E3-geometry §1 and §1.1: roles and collision filters decide the candidate pairs. One scene
description (a list of operations) is applied to the reference's SceneGeometry
(simatlas.geometry.Scene) and to Drake's MultibodyPlant + SceneGraph; the unfiltered pairs of
proximity geometries must be the same set (Drake: SceneGraphInspector.GetCollisionCandidates).

The scene exercises each rule the reference states (scene_geometry.h): a visual geometry has
no proximity role; two geometries on the world or on a world-welded body are excluded;
geometries on one body are excluded; a declaration naming a body covers only the geometries
registered on it when it is applied; AllowBetween cannot re-allow an inherent exclusion;
Finalize filters the bodies joined by a joint (a joint to the world and a floating body
included as they come)."""

import numpy as np
from pydrake.geometry import (Box, Capsule, CollisionFilterDeclaration, GeometrySet, HalfSpace,
                              ProximityProperties, Sphere, AddContactMaterial,
                              AddRigidHydroelasticProperties)
from pydrake.math import RigidTransform
from pydrake.multibody.plant import AddMultibodyPlant, CoulombFriction, MultibodyPlantConfig
from pydrake.multibody.tree import RevoluteJoint, SpatialInertia
from pydrake.systems.framework import DiagramBuilder

import simatlas.geometry as sg

HINT = 0.01  # [m] every proximity geometry is rigid hydroelastic with this hint in both engines
SHAPES = {"sphere": lambda s: Sphere(*s), "box": lambda s: Box(*s),
          "capsule": lambda s: Capsule(*s), "halfspace": lambda s: HalfSpace()}

# (operation, arguments...) in order; body and geometry names are shared by both engines.
SCENE = [
    ("body", "base", True), ("body", "arm", False), ("body", "hand", False),
    ("body", "ball", False), ("body", "cube", False), ("body", "pendulum", False),
    ("joint", "base", "arm"), ("joint", "arm", "hand"), ("joint", "world", "pendulum"),
    ("collision", "world", "ground", "halfspace", ()),
    ("collision", "world", "post", "box", (0.1, 0.1, 1.0)),
    ("collision", "base", "base_box", "box", (0.3, 0.3, 0.1)),
    ("collision", "arm", "arm_capsule", "capsule", (0.05, 0.4)),
    ("collision", "arm", "arm_tip", "sphere", (0.06,)),
    ("collision", "hand", "hand_sphere", "sphere", (0.04,)),
    ("collision", "ball", "ball", "sphere", (0.1,)),
    ("visual", "ball", "ball_look", "sphere", (0.1,)),
    ("collision", "cube", "cube", "box", (0.2, 0.2, 0.2)),
    ("visual", "cube", "cube_look", "box", (0.2, 0.2, 0.2)),
    ("collision", "pendulum", "bob", "sphere", (0.05,)),
    ("exclude_between", ["ball"], ["cube"]),
    ("collision", "ball", "ball_late", "sphere", (0.02,)),  # after the declaration: not covered
    ("exclude_within", ["ground", "hand_sphere", "bob"]),
    ("allow_between", ["ground"], ["base_box"]),  # inherent (both anchored): stays excluded
    ("allow_between", ["hand_sphere"], ["bob"]),  # declared: re-allowed
    ("finalize",),
]


def reference_candidates():
    scene = sg.Scene()
    for op, *a in SCENE:
        if op == "body":
            scene.add_body(a[0], welded=a[1])
        elif op == "joint":
            scene.add_joint(*a)
        elif op == "collision":
            scene.register_collision(a[0], a[1], a[2], a[3], resolution_hint=HINT)
        elif op == "visual":
            scene.register_visual(a[0], a[1], a[2], a[3])
        elif op == "exclude_between":
            scene.exclude_between(*a)
        elif op == "exclude_within":
            scene.exclude_within(*a)
        elif op == "allow_between":
            scene.allow_between(*a)
        elif op == "finalize":
            scene.finalize()
    return scene, {frozenset(p) for p in scene.candidate_pairs()}


def drake_candidates():
    builder = DiagramBuilder()
    plant, scene_graph = AddMultibodyPlant(MultibodyPlantConfig(time_step=1e-3), builder)
    props = ProximityProperties()
    AddContactMaterial(friction=CoulombFriction(0.5, 0.5), properties=props)
    AddRigidHydroelasticProperties(resolution_hint=HINT, properties=props)
    bodies = {"world": plant.world_body()}
    geometries = {}
    manager = scene_graph.collision_filter_manager()

    def geometry_set(names):
        ids = [geometries[n] for n in names if n in geometries]
        frames = [plant.GetBodyFrameIdOrThrow(bodies[n].index()) for n in names if n in bodies]
        return GeometrySet(ids, frames)

    for op, *a in SCENE:
        if op == "body":
            bodies[a[0]] = plant.AddRigidBody(a[0], SpatialInertia.SolidSphereWithMass(1.0, 0.1))
            if a[1]:
                plant.WeldFrames(plant.world_frame(), bodies[a[0]].body_frame())
        elif op == "joint":
            plant.AddJoint(RevoluteJoint(f"{a[0]}_{a[1]}", bodies[a[0]].body_frame(),
                                         bodies[a[1]].body_frame(), [0, 0, 1]))
        elif op == "collision":
            geometries[a[1]] = plant.RegisterCollisionGeometry(
                bodies[a[0]], RigidTransform(), SHAPES[a[2]](a[3]), a[1], props)
        elif op == "visual":
            plant.RegisterVisualGeometry(bodies[a[0]], RigidTransform(), SHAPES[a[2]](a[3]), a[1],
                                         np.array([0.5, 0.5, 0.5, 1.0]))
        elif op == "exclude_between":
            manager.Apply(CollisionFilterDeclaration().ExcludeBetween(geometry_set(a[0]),
                                                                      geometry_set(a[1])))
        elif op == "exclude_within":
            manager.Apply(CollisionFilterDeclaration().ExcludeWithin(geometry_set(a[0])))
        elif op == "allow_between":
            manager.Apply(CollisionFilterDeclaration().AllowBetween(geometry_set(a[0]),
                                                                    geometry_set(a[1])))
        elif op == "finalize":
            plant.Finalize()
    inspector = scene_graph.model_inspector()
    names = {gid: n for n, gid in geometries.items()}
    return {frozenset((names[a], names[b])) for a, b in inspector.GetCollisionCandidates()}


def test_candidate_pairs_equal_drakes():
    _, ref = reference_candidates()
    drake = drake_candidates()
    assert ref == drake, (f"only the reference: {sorted(map(sorted, ref - drake))}; "
                          f"only Drake: {sorted(map(sorted, drake - ref))}")


def test_scene_exercises_every_rule():
    # The comparison above means something only if each rule removes a pair here.
    scene, ref = reference_candidates()
    assert not scene.has_proximity("ball_look")                      # visual: no proximity role
    assert frozenset(("ground", "post")) not in ref                  # both on the world
    assert frozenset(("ground", "base_box")) not in ref              # world-welded, allow ignored
    assert frozenset(("arm_capsule", "arm_tip")) not in ref          # one body
    assert frozenset(("base_box", "arm_tip")) not in ref             # joint base-arm (Finalize)
    assert frozenset(("ball", "cube")) not in ref                    # declared by body
    assert frozenset(("ball_late", "cube")) in ref                   # registered after it
    assert frozenset(("ground", "hand_sphere")) not in ref           # exclude_within
    assert frozenset(("hand_sphere", "bob")) in ref                  # re-allowed
