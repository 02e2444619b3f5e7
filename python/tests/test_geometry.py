"""E3-geometry §1.1 through simatlas.geometry: the course's filtering rules on a
scene built in the test, each expectation from the rule as the course states it."""
import pytest

import simatlas


def ball_and_arm():
    """World: ground (halfspace) and wall (box), both anchored. Bodies ball and arm joined by a
    joint; ball has a compliant sphere and a visual sphere, arm a rigid capsule."""
    s = simatlas.geometry.Scene()
    s.add_body("ball")
    s.add_body("arm")
    s.add_joint("ball", "arm")
    s.register_collision("world", "ground", "halfspace")
    s.register_collision("world", "wall", "box", (1, 1, 1))
    s.register_collision("ball", "ball_collision", "sphere", (0.05,), modulus=1e6,
                         resolution_hint=0.01)
    s.register_visual("ball", "ball_visual", "sphere", (0.05,))
    s.register_collision("arm", "arm_collision", "capsule", (0.01, 0.2), resolution_hint=0.01)
    return s


def test_roles_and_inherent_exclusion():
    s = ball_and_arm()
    assert not s.has_proximity("ball_visual")
    assert s.has_proximity("ball_collision")
    # Two anchored geometries can never move apart: excluded, and AllowBetween cannot undo it.
    assert s.inherently_excluded("ground", "wall")
    s.allow_between(["ground"], ["wall"])
    assert s.collision_filtered("ground", "wall")


def test_a_body_in_a_declaration_covers_its_geometry_at_that_moment():
    s = ball_and_arm()
    s.exclude_between(["ball"], ["ground"])
    s.register_collision("ball", "ball_extra", "sphere", (0.02,), resolution_hint=0.01)
    assert s.collision_filtered("ball_collision", "ground")
    assert not s.collision_filtered("ball_extra", "ground")


def test_finalize_filters_joined_bodies_and_a_context_is_a_copy():
    s = ball_and_arm()
    assert not s.collision_filtered("ball_collision", "arm_collision")
    s.finalize()
    assert s.collision_filtered("ball_collision", "arm_collision")
    context = s.copy()
    s.exclude_between(["arm_collision"], ["ground"])
    assert s.collision_filtered("arm_collision", "ground")
    assert not context.collision_filtered("arm_collision", "ground")
    # Proximity geometries: ground, wall, ball_collision, arm_collision (4, so 6 pairs); minus
    # ground-wall (anchored) and ball-arm (joined): 4 candidates, in registration order.
    assert context.candidate_pairs() == [("ground", "ball_collision"), ("ground", "arm_collision"),
                                         ("wall", "ball_collision"), ("wall", "arm_collision")]


def test_bad_names_and_shapes_are_value_errors():
    s = ball_and_arm()
    with pytest.raises(ValueError, match="geometry = 'nope' is not a geometry of this scene"):
        s.collision_filtered("nope", "ground")
    with pytest.raises(ValueError, match="body = 'leg' is not a body of this scene"):
        s.register_collision("leg", "g", "sphere", (0.1,))
    with pytest.raises(ValueError, match="shape = 'cone' must be one of"):
        s.register_collision("ball", "g", "cone", (0.1,))
    # Names address geometries here, so a name is unique in the whole scene, on any frame.
    for body in ("ball", "arm"):
        with pytest.raises(ValueError, match="geometry name 'ball_collision' is used twice"):
            s.register_collision(body, "ball_collision", "sphere", (0.1,), resolution_hint=0.01)
    assert len(s.candidate_pairs()) == 5  # nothing was registered by the refused calls
