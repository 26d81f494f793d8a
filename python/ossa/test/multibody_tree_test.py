"""Tests of the elements of ossa.multibody.tree built on their own (the
plant-level tests, lifetimes and Context accessors are in
multibody_plant_test.py)."""

import gc
import math
import weakref

import numpy as np
import pytest

from ossa.autodiffutils import AutoDiffXd
from ossa.math import RigidTransform, RollPitchYaw, RotationMatrix
from ossa.multibody.tree import (
    BallRpyJoint,
    Body,
    Body_,
    BodyFrame,
    FixedOffsetFrame,
    FixedOffsetFrame_,
    Frame,
    Joint,
    PdControllerGains,
    PlanarJoint,
    PrismaticJoint,
    QuaternionFloatingJoint,
    RevoluteJoint,
    RevoluteJoint_,
    RigidBody,
    RigidBody_,
    RigidBodyFrame,
    RpyFloatingJoint,
    ScrewJoint,
    SpatialInertia,
    UniversalJoint,
    WeldJoint,
    default_model_instance,
)

INF = math.inf


def box_body(name="b", mass=2.0):
    return RigidBody(name, SpatialInertia.SolidBoxWithMass(
        mass, 0.1, 0.2, 0.3))


def test_template_names_and_aliases():
    # The default (float) instantiation is the plain name; Body / BodyFrame
    # are the reference's older names of the same classes.
    assert RigidBody is RigidBody_[float]
    assert Body is RigidBody and Body_ is RigidBody_
    assert BodyFrame is RigidBodyFrame
    assert RevoluteJoint_[AutoDiffXd] is not RevoluteJoint
    assert issubclass(RevoluteJoint, Joint)
    assert FixedOffsetFrame_[AutoDiffXd].__name__ == "FixedOffsetFrame_[AutoDiffXd]"
    assert issubclass(RigidBodyFrame, Frame)
    assert issubclass(FixedOffsetFrame, Frame)


def test_rigid_body_defaults():
    M = SpatialInertia.SolidBoxWithMass(2.0, 0.1, 0.2, 0.3)
    body = RigidBody("box", M)
    assert body.name() == "box"
    assert body.default_mass() == 2.0
    np.testing.assert_array_equal(body.default_com(), np.zeros(3))
    # Box moments m/12 (b^2 + c^2), ... about its center (exact in binary
    # up to the rounding of one product and a division: 1e-15 relative).
    expected = 2.0 / 12 * np.array([0.2**2 + 0.3**2, 0.1**2 + 0.3**2,
                                    0.1**2 + 0.2**2])
    np.testing.assert_allclose(
        body.default_rotational_inertia().get_moments(), expected,
        rtol=1e-15)
    np.testing.assert_allclose(
        body.default_unit_inertia().get_moments(), expected / 2.0,
        rtol=1e-15)
    assert body.default_spatial_inertia().get_mass() == 2.0
    assert body.model_instance() == default_model_instance()
    # Not in a model yet: the index is unknown and asking for it throws,
    # naming the method and the body.
    with pytest.raises(RuntimeError, match=r"index\(\).*'box'"):
        body.index()
    assert not body.has_parent_tree()


def test_rigid_body_autodiff_instantiation():
    body = RigidBody_[AutoDiffXd]("ad", SpatialInertia.SolidSphereWithMass(
        3.0, 0.5))
    assert body.default_mass() == 3.0
    assert not isinstance(body.body_frame(), RigidBodyFrame)
    assert body.body_frame().body() is body


def test_body_frame_is_owned_by_its_body():
    body = box_body()
    frame = body.body_frame()
    assert frame.is_body_frame()
    assert frame.body() is body
    assert frame.name() == "b"
    X = frame.GetFixedPoseInBodyFrame()
    np.testing.assert_array_equal(X.GetAsMatrix4(), np.eye(4))
    # The frame keeps the body alive.
    ref = weakref.ref(body)
    del body
    gc.collect()
    assert ref() is not None
    assert frame.body().name() == "b"


def test_fixed_offset_frames_compose():
    body = box_body()
    X_BP = RigidTransform(RollPitchYaw(0.1, -0.2, 0.3), np.array([1., 2., 3.]))
    X_PQ = RigidTransform(RollPitchYaw(-0.4, 0.5, 0.6), np.array([-1., .5, 0.]))
    P = FixedOffsetFrame("P", body.body_frame(), X_BP)
    Q = FixedOffsetFrame("Q", P, X_PQ)
    assert Q.parent_frame() is P
    assert Q.body() is body
    assert not Q.is_body_frame()
    # X_BQ = X_BP * X_PQ, to rounding of two 4x4 products (1e-14 absolute
    # for entries of size ~3).
    np.testing.assert_allclose(
        Q.GetFixedPoseInBodyFrame().GetAsMatrix4(),
        (X_BP @ X_PQ).GetAsMatrix4(), atol=1e-14)
    # Frame on a body directly.
    R = FixedOffsetFrame("R", body, X_BP)
    np.testing.assert_allclose(R.GetFixedPoseInBodyFrame().GetAsMatrix4(),
                               X_BP.GetAsMatrix4(), atol=0)
    # The new frame keeps what it was built from alive.
    ref = weakref.ref(P)
    del P
    gc.collect()
    assert ref() is not None
    assert Q.parent_frame().name() == "P"


JOINT_KINDS = [
    # class, extra constructor args, nq, nv, position suffixes, type name
    (WeldJoint, (RigidTransform(),), 0, 0, [], "weld"),
    (RevoluteJoint, ([0, 0, 1],), 1, 1, ["q"], "revolute"),
    (PrismaticJoint, ([1, 0, 0],), 1, 1, ["x"], "prismatic"),
    (BallRpyJoint, (), 3, 3, ["qx", "qy", "qz"], "ball_rpy"),
    (QuaternionFloatingJoint, (), 7, 6,
     ["qw", "qx", "qy", "qz", "x", "y", "z"], "quaternion_floating"),
    (RpyFloatingJoint, (), 6, 6, ["qx", "qy", "qz", "x", "y", "z"],
     "rpy_floating"),
    (PlanarJoint, (), 3, 3, ["x", "y", "qz"], "planar"),
    (UniversalJoint, (), 2, 2, ["qx", "qy"], "universal"),
    (ScrewJoint, (0.1, 0.0), 1, 1, ["q"], "screw"),
]


@pytest.mark.parametrize("kind", JOINT_KINDS, ids=lambda k: k[0].__name__)
def test_joint_kinds(kind):
    cls, args, nq, nv, suffixes, type_name = kind
    parent, child = box_body("p"), box_body("c")
    joint = cls("j", parent.body_frame(), child.body_frame(), *args)
    assert joint.name() == "j"
    assert joint.type_name() == type_name == cls.kTypeName
    assert (joint.num_positions(), joint.num_velocities()) == (nq, nv)
    assert [joint.position_suffix(i) for i in range(nq)] == suffixes
    assert joint.parent_body() is parent and joint.child_body() is child
    assert joint.frame_on_parent() is parent.body_frame()
    # No limits by default: +-inf of the right sizes.
    np.testing.assert_array_equal(joint.position_lower_limits(), [-INF] * nq)
    np.testing.assert_array_equal(joint.position_upper_limits(), [INF] * nq)
    np.testing.assert_array_equal(joint.velocity_lower_limits(), [-INF] * nv)
    np.testing.assert_array_equal(joint.acceleration_upper_limits(),
                                  [INF] * nv)
    np.testing.assert_array_equal(joint.default_damping_vector(),
                                  np.zeros(nv))
    # Limits of the wrong size throw, naming the method.
    with pytest.raises(RuntimeError, match="set_position_limits"):
        joint.set_position_limits(np.zeros(nq + 1), np.zeros(nq + 1))
    with pytest.raises(RuntimeError, match="set_default_positions"):
        joint.set_default_positions(np.zeros(nq + 1))
    if nq > 0:
        joint.set_position_limits([-1.0] * nq, [2.0] * nq)
        np.testing.assert_array_equal(joint.position_upper_limits(),
                                      [2.0] * nq)
        # lower > upper throws.
        with pytest.raises(RuntimeError, match="set_position_limits"):
            joint.set_position_limits([1.0] * nq, [0.0] * nq)
        joint.set_velocity_limits([-3.0] * nv, [3.0] * nv)
        np.testing.assert_array_equal(joint.velocity_lower_limits(),
                                      [-3.0] * nv)
        joint.set_default_damping_vector(np.full(nv, 0.5))
        np.testing.assert_array_equal(joint.default_damping_vector(),
                                      np.full(nv, 0.5))
        with pytest.raises(RuntimeError, match="set_default_damping_vector"):
            joint.set_default_damping_vector(np.full(nv, -0.5))
    # position_start needs a finalized model.
    with pytest.raises(RuntimeError, match="position_start"):
        joint.position_start()


def test_revolute_joint():
    p, c = box_body("p"), box_body("c")
    joint = RevoluteJoint("elbow", p.body_frame(), c.body_frame(),
                          axis=[0, 0, 2.0], damping=0.25)
    # The axis is normalized.
    np.testing.assert_array_equal(joint.revolute_axis(), [0, 0, 1])
    assert joint.default_damping() == 0.25
    joint.set_default_angle(0.7)
    assert joint.get_default_angle() == 0.7
    np.testing.assert_array_equal(joint.default_positions(), [0.7])
    limited = RevoluteJoint("knee", p.body_frame(), c.body_frame(),
                            [1, 0, 0], -1.5, 0.5, 0.0)
    assert (limited.position_lower_limit(),
            limited.position_upper_limit()) == (-1.5, 0.5)
    with pytest.raises(RuntimeError, match="nonzero length"):
        RevoluteJoint("bad", p.body_frame(), c.body_frame(), [0, 0, 0])
    with pytest.raises(RuntimeError, match="damping"):
        RevoluteJoint("bad", p.body_frame(), c.body_frame(), [0, 0, 1], -1.0)
    # The axis must be a 3-vector.
    with pytest.raises(TypeError):
        RevoluteJoint("bad", p.body_frame(), c.body_frame(), [0, 1])


def test_prismatic_and_screw_defaults():
    p, c = box_body("p"), box_body("c")
    slider = PrismaticJoint("s", p.body_frame(), c.body_frame(), [0, 3.0, 4.0],
                            pos_lower_limit=-0.1, pos_upper_limit=0.2,
                            damping=2.0)
    np.testing.assert_allclose(slider.translation_axis(), [0, 0.6, 0.8],
                               rtol=1e-15)
    assert slider.position_upper_limit() == 0.2
    slider.set_default_translation(0.05)
    assert slider.get_default_translation() == 0.05

    screw = ScrewJoint("sc", p.body_frame(), c.body_frame(), [0, 0, 1],
                       0.02, 0.0)
    assert screw.screw_pitch() == 0.02
    screw.set_default_rotation(math.pi)
    # Half a turn advances half the pitch (one rounding: 1e-16 relative).
    assert screw.get_default_translation() == pytest.approx(0.01, rel=1e-15)
    screw.set_default_translation(0.005)
    assert screw.get_default_rotation() == pytest.approx(math.pi / 2,
                                                         rel=1e-15)


def test_multi_dof_joint_defaults():
    p, c = box_body("p"), box_body("c")
    ball = BallRpyJoint("ball", p.body_frame(), c.body_frame(), damping=0.1)
    ball.set_default_angles([0.1, 0.2, 0.3])
    np.testing.assert_array_equal(ball.get_default_angles(), [0.1, 0.2, 0.3])
    planar = PlanarJoint("pl", p.body_frame(), c.body_frame(),
                         damping=[1.0, 2.0, 3.0])
    np.testing.assert_array_equal(planar.default_damping(), [1.0, 2.0, 3.0])
    planar.set_default_pose([0.5, -0.5], 0.25)
    np.testing.assert_array_equal(planar.default_positions(),
                                  [0.5, -0.5, 0.25])
    free = QuaternionFloatingJoint("free", p.body_frame(), c.body_frame(),
                                   angular_damping=0.5,
                                   translational_damping=0.25)
    assert free.default_angular_damping() == 0.5
    assert free.default_translational_damping() == 0.25
    free.set_default_translation([1.0, 2.0, 3.0])
    np.testing.assert_array_equal(free.get_default_translation(), [1, 2, 3])
    np.testing.assert_array_equal(free.default_positions(),
                                  [1, 0, 0, 0, 1, 2, 3])
    rpy = RpyFloatingJoint("rpy", p.body_frame(), c.body_frame())
    rpy.set_default_angles([0.3, 0.2, 0.1])
    rpy.set_default_translation([4.0, 5.0, 6.0])
    np.testing.assert_array_equal(rpy.default_positions(),
                                  [0.3, 0.2, 0.1, 4, 5, 6])
    uni = UniversalJoint("u", p.body_frame(), c.body_frame())
    uni.set_default_angles([0.4, -0.4])
    np.testing.assert_array_equal(uni.get_default_angles(), [0.4, -0.4])
    X_FM = RigidTransform(RotationMatrix.MakeZRotation(0.3),
                          np.array([0., 0., 1.]))
    weld = WeldJoint("w", p.body_frame(), c.body_frame(), X_FM)
    np.testing.assert_array_equal(weld.X_FM().GetAsMatrix4(),
                                  X_FM.GetAsMatrix4())


def test_joint_keeps_its_frames_alive():
    p, c = box_body("p"), box_body("c")
    joint = RevoluteJoint("j", p.body_frame(), c.body_frame(), [0, 0, 1])
    refs = [weakref.ref(p), weakref.ref(c)]
    del p, c
    gc.collect()
    assert all(r() is not None for r in refs)
    assert joint.child_body().name() == "c"


def test_pd_controller_gains():
    gains = PdControllerGains(p=100.0, d=20.0)
    assert (gains.p, gains.d) == (100.0, 20.0)
    gains.p = 5.0
    assert gains.p == 5.0
    assert (PdControllerGains().p, PdControllerGains().d) == (0.0, 0.0)
