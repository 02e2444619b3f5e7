"""E3-geometry §2.1: penetration depth, normal and witness points of the reference's point-pair
queries (reference/scenes/halfspace_queries.h, sphere_queries.h) against Drake's
QueryObject.ComputePointPairPenetration, live, on random poses (fixed seed, conftest.rng).

Conventions checked (course §0.1; Drake `penetration_as_point_pair.h`): nhat_BA_W points from B
into A and depth = (p_WCb − p_WCa)·nhat_BA_W. Drake orders a pair by geometry id, so its ground
may be A or B; the reference always makes the ground A. Both are compared in one frame-free
form: the witness point ON the ground, the witness point ON the shape, and the unit normal
pointing from the ground into the shape (reference: −nhat_BA_W; Drake: nhat_BA_W when the
ground is its B, −nhat_BA_W when the ground is its A). For a sphere A against a sphere or box B the reference's A is the sphere;
Drake's pair is relabelled to the same order by swapping A and B (witness points exchanged,
normal negated: Drake's PenetrationAsPointPair::SwapAAndB, the reference's contact::SwapAAndB)."""

import numpy as np
import pytest
from pydrake.math import RollPitchYaw

import simatlas.geometry as sg
from drake_plant import geometry_scene, query_object

TOL = 1e-12  # [m]: both engines evaluate the same closed forms in double precision


def random_rotation(rng):
    return RollPitchYaw(*rng.uniform(-np.pi, np.pi, 3)).ToRotationMatrix().matrix()


def drake_pair(shape, sizes, R, p):
    """Drake's pairs for the shape at (R, p) against the world's half space z <= 0, as
    (depth, p on ground, p on shape, normal ground -> shape)."""
    plant, scene_graph, _, context, ids = geometry_scene([
        {"shape": "halfspace", "pose": {"R": np.eye(3), "p": np.zeros(3)}},
        {"shape": shape, "sizes": sizes, "pose": {"R": R, "p": p}}])
    ground = ids[0]
    out = []
    for pp in query_object(plant, scene_graph, context).ComputePointPairPenetration():
        if pp.id_B == ground:
            out.append((pp.depth, pp.p_WCb, pp.p_WCa, np.asarray(pp.nhat_BA_W)))
        else:
            assert pp.id_A == ground
            out.append((pp.depth, pp.p_WCa, pp.p_WCb, -np.asarray(pp.nhat_BA_W)))
    return out


def reference_pairs(shape, sizes, R, p):
    return [(q["depth"], q["p_WCa"], q["p_WCb"], -np.asarray(q["nhat_BA_W"]))
            for q in sg.halfspace_point_pairs(shape, sizes, R, p)]


def assert_same(ref, drake):
    depth_r, ground_r, shape_r, n_r = ref
    depth_d, ground_d, shape_d, n_d = drake
    assert abs(depth_r - depth_d) <= TOL
    np.testing.assert_allclose(ground_r, ground_d, rtol=0, atol=TOL)
    np.testing.assert_allclose(shape_r, shape_d, rtol=0, atol=TOL)
    np.testing.assert_allclose(n_r, n_d, rtol=0, atol=TOL)
    np.testing.assert_allclose(n_r, [0, 0, 1], rtol=0, atol=TOL)  # out of the ground, into the shape


def test_sphere_halfspace_random_poses(rng):
    for _ in range(20):
        r = rng.uniform(0.05, 0.5)
        p = np.array([*rng.uniform(-1, 1, 2), rng.uniform(-0.5 * r, 0.95 * r)])
        R = random_rotation(rng)
        ref, drake = reference_pairs("sphere", [r], R, p), drake_pair("sphere", [r], R, p)
        assert len(ref) == len(drake) == 1
        assert_same(ref[0], drake[0])
        # depth = r − z (formula sheet (0.1) for a sphere over a plane)
        assert abs(ref[0][0] - (r - p[2])) <= TOL


def test_sphere_above_halfspace_gives_no_pair(rng):
    r = 0.2
    p = np.array([0.3, -0.1, r + 1e-6])
    assert reference_pairs("sphere", [r], np.eye(3), p) == []
    assert drake_pair("sphere", [r], np.eye(3), p) == []


def test_box_halfspace_random_poses_deepest_vertex(rng):
    # Drake reports one pair per box (the deepest); the reference one per penetrating vertex
    # (halfspace_queries.h). The deepest of the reference's pairs is compared with Drake's.
    for _ in range(20):
        sides = rng.uniform(0.1, 0.6, 3)
        R = random_rotation(rng)
        lowest = min((R @ (sides / 2 * np.array(s)))[2]
                     for s in np.array(np.meshgrid([-1, 1], [-1, 1], [-1, 1])).T.reshape(-1, 3))
        p = np.array([*rng.uniform(-1, 1, 2), -lowest - rng.uniform(0.001, 0.05)])
        ref, drake = reference_pairs("box", list(sides), R, p), drake_pair("box", list(sides), R, p)
        assert len(drake) == 1 and len(ref) >= 1
        assert_same(max(ref, key=lambda q: q[0]), drake[0])


def drake_sphere_pair(r, p_sphere, shape_B, sizes, R_B, p_B):
    """Drake's pairs of a sphere against B, relabelled so that A is the sphere, as
    (depth, p_WCa, p_WCb, nhat_BA_W)."""
    plant, scene_graph, _, context, ids = geometry_scene([
        {"shape": "sphere", "sizes": [r], "pose": {"R": np.eye(3), "p": p_sphere}},
        {"shape": shape_B, "sizes": sizes, "pose": {"R": R_B, "p": p_B}}])
    out = []
    for pp in query_object(plant, scene_graph, context).ComputePointPairPenetration():
        if pp.id_A == ids[0]:
            out.append((pp.depth, pp.p_WCa, pp.p_WCb, np.asarray(pp.nhat_BA_W)))
        else:
            out.append((pp.depth, pp.p_WCb, pp.p_WCa, -np.asarray(pp.nhat_BA_W)))
    return out


def reference_sphere_pair(r, p_sphere, shape_B, sizes, R_B, p_B):
    return [(q["depth"], q["p_WCa"], q["p_WCb"], np.asarray(q["nhat_BA_W"]))
            for q in sg.sphere_point_pairs(r, p_sphere, shape_B, sizes, R_B, p_B)]


def assert_same_pair(ref, drake):
    for a, b in zip(ref, drake):
        np.testing.assert_allclose(a, b, rtol=0, atol=TOL)


def test_sphere_sphere_random_poses(rng):
    for _ in range(20):
        rA, rB = rng.uniform(0.05, 0.5, 2)
        p_B = rng.uniform(-1, 1, 3)
        direction = rng.normal(size=3)
        direction /= np.linalg.norm(direction)
        p_A = p_B + direction * rng.uniform(0.1, 0.99) * (rA + rB)
        ref = reference_sphere_pair(rA, p_A, "sphere", [rB], np.eye(3), p_B)
        drake = drake_sphere_pair(rA, p_A, "sphere", [rB], np.eye(3), p_B)
        assert len(ref) == len(drake) == 1
        assert_same_pair(ref[0], drake[0])
        np.testing.assert_allclose(ref[0][3], direction, atol=TOL)  # from B toward A


def test_sphere_box_random_poses(rng):
    # Centres outside the box (nearest a face, an edge or a corner) and inside it.
    inside = 0
    for _ in range(30):
        sides = rng.uniform(0.2, 0.8, 3)
        r = rng.uniform(0.05, 0.3)
        R_B = random_rotation(rng)
        p_B = rng.uniform(-1, 1, 3)
        c_B = rng.uniform(-0.5, 0.5, 3) * (sides + r)  # the centre in the box frame
        p_A = p_B + R_B @ c_B
        ref = reference_sphere_pair(r, p_A, "box", list(sides), R_B, p_B)
        drake = drake_sphere_pair(r, p_A, "box", list(sides), R_B, p_B)
        assert len(ref) == len(drake)
        if ref:
            assert_same_pair(ref[0], drake[0])
            inside += bool(np.all(np.abs(c_B) < sides / 2))
    assert inside > 0
