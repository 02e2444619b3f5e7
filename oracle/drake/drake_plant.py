"""Drake's own MultibodyPlant/SceneGraph built from the reference's scene data
(``simatlas.scene_model``), for the live Drake oracle of E3-geometry and E3-SAP.

The Drake side of every oracle test is built here from the same description the reference
runs, and nothing of a contact law is computed here: Drake computes its step, its queries and
its surfaces; the reference computes its own. Only the translation of the description into
Drake's calls lives in this file. The wheel that ran is ``DRAKE_VERSION`` (the build tree's
venv pins drake==1.51.1; the course is written against 1.57.0, see docs/drake_version_gap.md).
"""

from importlib.metadata import version

import numpy as np
from pydrake.geometry import (AddCompliantHydroelasticProperties, AddContactMaterial,
                              AddRigidHydroelasticProperties, Box, HalfSpace,
                              HydroelasticContactRepresentation, ProximityProperties, Sphere)
from pydrake.math import RigidTransform, RotationMatrix
from pydrake.multibody.math import SpatialForce
from pydrake.multibody.plant import (AddMultibodyPlant, CoulombFriction,
                                     ExternallyAppliedSpatialForce, MultibodyPlantConfig)
from pydrake.multibody.tree import (FixedOffsetFrame, RevoluteJoint, RotationalInertia,
                                   SpatialInertia)
from pydrake.systems.framework import DiagramBuilder

DRAKE_VERSION = version("drake")


def transform(pose):
    """A reference pose dict {R, p} as Drake's RigidTransform."""
    return RigidTransform(RotationMatrix(np.asarray(pose["R"])), np.asarray(pose["p"]))


def point_properties(side_stiffness, dissipation, side_relaxation_time, mu):
    """One geometry's proximity properties for point contact: its own stiffness [N/m],
    Hunt–Crossley d [s/m], relaxation time [s] and μs = μd = mu."""
    props = ProximityProperties()
    AddContactMaterial(dissipation=dissipation, point_stiffness=side_stiffness,
                       friction=CoulombFriction(mu, mu), properties=props)
    props.AddProperty("material", "relaxation_time", side_relaxation_time)
    return props


def box_vertices(sides):
    """The 8 vertices of a box of full sides (x, y, z) centred at its frame [m]."""
    h = np.asarray(sides) / 2
    return [h * np.array([sx, sy, sz]) for sx in (-1, 1) for sy in (-1, 1) for sz in (-1, 1)]


class DrakeScene:
    """A discrete MultibodyPlant holding the scene ``model`` (a ``simatlas.scene_model``
    dict), its ground and contact geometry, at x₀ with the scene's applied forces.

    ``approximation``: sap | similar | lagged, or None for the plant's default (the model's
    own approximation is then NOT applied, so the plant default is what runs). ``stiction``:
    None keeps the plant's default stiction tolerance. Each contact side gets the scene's
    per-side material: stiffness ``side_stiffness`` on the ground and on the body (Drake
    combines them in series), dissipation d on both (stiffness-weighted mean of equal values
    is d), relaxation time τ/2 on both (Drake sums them), μ on both (2μ²/2μ = μ).
    A box is placed as eight zero-radius spheres at its vertices: the reference's box reports
    one point pair per vertex below the ground (halfspace_queries.h), Drake's box–half-space
    query one pair (the deepest), so the vertex spheres give Drake the reference's contact
    model. Supported: free bodies jointed to the world or revolute joints (no spring, no
    rotor inertia), spheres and boxes against one horizontal ground (a half space of the world
    at any height).
    ``materials`` = (ground, body), each a dict of k [N/m], d [s/m], tau [s], mu [1], gives the
    two sides their own materials instead (Drake then combines unequal values)."""

    def __init__(self, model, approximation="model", stiction=None, materials=None):
        builder = DiagramBuilder()
        config = MultibodyPlantConfig(time_step=model["dt"], contact_model="point",
                                      use_sampled_output_ports=False)
        if approximation == "model":
            approximation = model["approximation"]
        if approximation is not None:
            config.discrete_contact_approximation = approximation
        if stiction is not None:
            config.stiction_tolerance = stiction
        self.plant, self.scene_graph = AddMultibodyPlant(config, builder)
        plant = self.plant
        plant.mutable_gravity_field().set_gravity_vector(np.asarray(model["gravity"]))
        self.bodies = {0: plant.world_body()}
        for b in model["bodies"]:
            I = np.asarray(b["I_BBcm_B"])
            inertia = RotationalInertia(I[0, 0], I[1, 1], I[2, 2], I[0, 1], I[0, 2], I[1, 2])
            M = SpatialInertia.MakeFromCentralInertia(b["mass"], np.asarray(b["p_BoBcm_B"]), inertia)
            self.bodies[b["index"]] = plant.AddRigidBody(b["name"], M)
        self._add_joints(model["joints"])
        m = model["material"]
        side = point_properties(m["side_stiffness"], m["dissipation"], m["relaxation_time"] / 2,
                                model["mu"])
        ground_side = side
        if materials is not None:
            ground_side, side = (point_properties(x["k"], x["d"], x["tau"], x["mu"]) for x in materials)
        self.ground = None
        X_WH = None
        for k, g in enumerate(model["contact_geometry"]):
            if g["halfspace_body"] != 0 or not np.allclose(g["X_AH"]["R"], np.eye(3)) or \
                    (X_WH is not None and not np.allclose(X_WH, g["X_AH"]["p"])):
                raise ValueError(f"contact geometry {k}: only one horizontal ground of the world "
                                 "is built")
            X_WH = np.asarray(g["X_AH"]["p"], dtype=float)
            body = self.bodies[g["body"]]
            X_BG = transform(g["X_BG"])
            if g["shape"] == "sphere":
                plant.RegisterCollisionGeometry(body, X_BG, Sphere(g["radius"]), f"g{k}", side)
            elif g["shape"] == "box":
                for i, p_GV in enumerate(box_vertices(g["sides"])):
                    plant.RegisterCollisionGeometry(body, X_BG @ RigidTransform(p_GV), Sphere(0.0),
                                                    f"g{k}_v{i}", side)
            else:
                raise ValueError(f"contact geometry {k}: shape {g['shape']} is not built")
        if model["contact_geometry"]:
            self.ground = plant.RegisterCollisionGeometry(plant.world_body(), RigidTransform(X_WH),
                                                          HalfSpace(), "ground", ground_side)
        plant.Finalize()
        self.diagram = builder.Build()
        self.context = self.diagram.CreateDefaultContext()
        self.plant_context = plant.GetMyContextFromRoot(self.context)
        self.set_external(model["external"])
        plant.SetPositions(self.plant_context, np.asarray(model["q0"]))
        plant.SetVelocities(self.plant_context, np.asarray(model["v0"]))

    def _add_joints(self, joints):
        """Free joints to the world frame (the plant's own floating joints, added at Finalize)
        or revolute joints: a RevoluteJoint from the parent's frame F = X_PF (a FixedOffsetFrame)
        to the child's body frame about axis_F with the joint's damping [N·m·s/rad]. A spring or
        a reflected (rotor) inertia is refused: not built."""
        plant = self.plant
        for j in joints:
            if j["type"] == "free":
                if j["parent"] != 0 or not np.allclose(j["X_PF"]["R"], np.eye(3)) \
                        or np.any(j["X_PF"]["p"]):
                    raise ValueError(f"joint {j['name']}: free joints are built to the world frame only")
                continue
            if j["type"] != "revolute":
                raise ValueError(f"joint {j['name']}: type {j['type']} is not built")
            if j["stiffness"] != 0 or j["reflected_inertia"] != 0:
                raise ValueError(f"joint {j['name']}: stiffness {j['stiffness']} and reflected inertia "
                                 f"{j['reflected_inertia']} must be 0 (springs and rotors are not built)")
            parent = self.bodies[j["parent"]]
            frame = plant.AddFrame(FixedOffsetFrame(j["name"] + "_F", parent.body_frame(),
                                                    transform(j["X_PF"])))
            damping = float(j["damping"][0]) if len(j["damping"]) else 0.0
            plant.AddJoint(RevoluteJoint(j["name"], frame, self.bodies[j["child"]].body_frame(),
                                         np.asarray(j["axis_F"], dtype=float), damping))

    def set_external(self, external):
        """Fixes the plant's applied spatial force input to ``external`` (the reference's dicts:
        body, p_BoQ_B [m], force_W [N], torque_W [N·m]): each an ExternallyAppliedSpatialForce
        at the point Bq = Q of body B, held until the next call (a drive calls it each step)."""
        forces = []
        for f in external:
            e = ExternallyAppliedSpatialForce()
            e.body_index = self.bodies[f["body"]].index()
            e.p_BoBq_B = np.asarray(f["p_BoQ_B"])
            e.F_Bq_W = SpatialForce(np.asarray(f["torque_W"]), np.asarray(f["force_W"]))
            forces.append(e)
        self.plant.get_applied_spatial_force_input_port().FixValue(self.plant_context, forces)

    def run(self, steps):
        """``steps`` discrete steps from x₀ (the plant's own update, state written back each
        step): the velocities after each step, steps × nv."""
        plant, ctx = self.plant, self.plant_context
        vs = []
        for _ in range(steps):
            x = plant.EvalUniquePeriodicDiscreteUpdate(ctx).get_vector().CopyToVector()
            plant.SetPositionsAndVelocities(ctx, x)
            vs.append(x[plant.num_positions():])
        return np.array(vs)

    def advance(self):
        """One discrete step from the current state, written back (the lab's runs). Returns
        (q⁺, v⁺, contacts): each point contact of the step as a dict, as Drake reports it for
        the step (output ports not sampled, so the results are the step's from the current
        state): phi0 = −depth at the step's start [m]; f_C = (‖f_t‖, 0, f_n) [N], the force on
        the scene's body split along the contact normal pointing from the ground into the body
        (nhat_BA_W points from B into A); slip and separation speed at v⁺ [m/s]."""
        plant, ctx = self.plant, self.plant_context
        results = plant.get_contact_results_output_port().Eval(ctx)
        x = plant.EvalUniquePeriodicDiscreteUpdate(ctx).get_vector().CopyToVector()
        contacts = []
        for i in range(results.num_point_pair_contacts()):
            info = results.point_pair_contact_info(i)
            f = np.asarray(info.contact_force())  # on B, in W
            n = np.asarray(info.point_pair().nhat_BA_W)  # from B into A
            if info.bodyB_index() == plant.world_body().index():
                f = -f  # the force on the scene's body A; the normal already points into A
            else:
                n = -n  # into B, the scene's body
            f_n = float(f @ n)
            contacts.append({"phi0": -float(info.point_pair().depth),
                             "f_C": [float(np.linalg.norm(f - f_n * n)), 0.0, f_n],
                             "slip_speed": float(info.slip_speed()),
                             "separation_speed": float(info.separation_speed())})
        plant.SetPositionsAndVelocities(ctx, x)
        nq = plant.num_positions()
        return x[:nq], x[nq:], contacts

    def step(self):
        """One discrete step from x₀: (q_next, v_next) and the point contacts of the step, each
        as (p_WC [m], f on the scene's body at C in W [N]) — Drake reports the force on its
        body B; when B is the world the force on the scene's body is its negative."""
        plant, ctx = self.plant, self.plant_context
        x = plant.EvalUniquePeriodicDiscreteUpdate(ctx).get_vector().CopyToVector()
        nq = plant.num_positions()
        results = plant.get_contact_results_output_port().Eval(ctx)
        contacts = []
        for i in range(results.num_point_pair_contacts()):
            info = results.point_pair_contact_info(i)
            f = np.asarray(info.contact_force())
            if info.bodyB_index() == plant.world_body().index():
                f = -f
            contacts.append((np.asarray(info.contact_point()), f))
        return x[:nq], x[nq:], contacts


def geometry_scene(shapes, time_step=0.0):
    """A plant with one free body per entry of ``shapes`` (dicts: ``shape`` sphere | box |
    halfspace, ``sizes``, ``pose`` {R, p}, ``modulus`` E [Pa] for a compliant hydroelastic
    geometry (0: rigid), ``resolution_hint`` [m]); a half space is registered on the world.
    Friction and dissipation are 0, so a continuous plant's hydroelastic force is the elastic
    ∫ p n dA. Returns (plant, scene_graph, diagram, context, geometry ids in order)."""
    builder = DiagramBuilder()
    config = MultibodyPlantConfig(time_step=time_step, contact_model="hydroelastic")
    plant, scene_graph = AddMultibodyPlant(config, builder)
    ids, poses = [], []
    for k, s in enumerate(shapes):
        props = ProximityProperties()
        AddContactMaterial(dissipation=0.0, friction=CoulombFriction(0.0, 0.0), properties=props)
        if s.get("modulus", 0.0) > 0:
            AddCompliantHydroelasticProperties(resolution_hint=s.get("resolution_hint", 1.0),
                                               hydroelastic_modulus=s["modulus"], properties=props)
        else:
            AddRigidHydroelasticProperties(resolution_hint=s.get("resolution_hint", 1.0),
                                           properties=props)
        if s["shape"] == "halfspace":
            ids.append(plant.RegisterCollisionGeometry(plant.world_body(), transform(s["pose"]),
                                                       HalfSpace(), f"g{k}", props))
            continue
        shape = Sphere(s["sizes"][0]) if s["shape"] == "sphere" else Box(*s["sizes"])
        body = plant.AddRigidBody(f"b{k}", SpatialInertia.SolidSphereWithMass(1.0, 0.1))
        ids.append(plant.RegisterCollisionGeometry(body, RigidTransform(), shape, f"g{k}", props))
        poses.append((body, transform(s["pose"])))
    plant.Finalize()
    diagram = builder.Build()
    context = diagram.CreateDefaultContext()
    plant_context = plant.GetMyContextFromRoot(context)
    for body, X_WB in poses:
        plant.SetFreeBodyPose(plant_context, body, X_WB)
    return plant, scene_graph, diagram, context, ids


def query_object(plant, scene_graph, context):
    """SceneGraph's QueryObject at the context's poses."""
    return scene_graph.get_query_output_port().Eval(scene_graph.GetMyContextFromRoot(context))


POLYGON = HydroelasticContactRepresentation.kPolygon
