"""Free bodies and the world body's mass properties, against the reference
(pydrake from PyPI).

A "free body" (GetFreeBodyPose, SetFreeBodyPose, SetFreeBodySpatialVelocity,
SetDefaultFreeBodyPose) is a body whose inboard joint is a 6-dof floating
joint, whatever the joint's frames: the pose it reads and writes is the
joint's X_FM (F the joint's frame on the parent, M on the body) and the
velocity its V_FM_F, also when F or M are offset frames or the parent is not
the world. Each case is built by one function through the shared API and
run in both libraries.

Tolerance 1e-12: the same closed-form conversions (quaternion or
roll-pitch-yaw to rotation matrix) on O(1) numbers, a few ulps apart.
"""

import warnings

import numpy as np
import pytest

pydrake = pytest.importorskip("pydrake")



from peer_modules import ModuleSet  # noqa: E402

OSSA = ModuleSet("ossa")
DRAKE = ModuleSet("pydrake")

TOL = 1e-12


def build(lib, kind, parent_offset, child_offset, parent_is_body):
    plant = lib.plant.MultibodyPlant(0.0)
    SI = lib.tree.SpatialInertia
    body = plant.AddRigidBody("A", SI.SolidBoxWithMass(1.0, 0.1, 0.2, 0.3))
    parent = plant.world_frame()
    if parent_is_body:
        base = plant.AddRigidBody("base", SI.SolidBoxWithMass(2, .3, .2, .1))
        plant.WeldFrames(plant.world_frame(), base.body_frame(),
                         lib.math.RigidTransform([0.0, 0.0, 1.0]))
        parent = base.body_frame()
    F, M = parent, body.body_frame()
    if parent_offset:
        F = plant.AddFrame(lib.tree.FixedOffsetFrame(
            "F", parent, lib.math.RigidTransform(
                lib.math.RollPitchYaw(0.1, 0.2, 0.3), [0.1, 0.2, 0.3])))
    if child_offset:
        M = plant.AddFrame(lib.tree.FixedOffsetFrame(
            "M", body.body_frame(), lib.math.RigidTransform(
                lib.math.RollPitchYaw(-0.3, 0.2, 0.1), [0.3, -0.1, 0.2])))
    joint = plant.AddJoint(getattr(lib.tree, kind)("joint", F, M))
    # A body the plant gives a floating joint itself.
    plant.AddRigidBody("loose", SI.SolidBoxWithMass(1.5, 0.2, 0.2, 0.2))
    return plant, body, joint


CASES = [(kind, po, co, pb)
         for kind in ("QuaternionFloatingJoint", "RpyFloatingJoint")
         for po in (False, True) for co in (False, True)
         for pb in (False, True)]


def case_id(case):
    kind, po, co, pb = case
    return "-".join([kind[:4], "Foff" if po else "F", "Moff" if co else "M",
                     "body" if pb else "world"])


@pytest.mark.parametrize("case", CASES, ids=[case_id(c) for c in CASES])
def test_free_body_pose_and_velocity(case):
    results = {}
    for lib in (OSSA, DRAKE):
        plant, body, joint = build(lib, *case)
        X_default = lib.math.RigidTransform(
            lib.math.RollPitchYaw(0.3, -0.1, 0.2), [4.0, 5.0, 6.0])
        with warnings.catch_warnings():
            # The reference deprecates the name in favour of
            # SetDefaultFloatingBaseBodyPose (same behaviour).
            warnings.simplefilter("ignore")
            plant.SetDefaultFreeBodyPose(body, X_default)
            plant.Finalize()
            default_echo = plant.GetDefaultFreeBodyPose(body).GetAsMatrix4()
        context = plant.CreateDefaultContext()
        r = {"default_echo": default_echo,
             "default_q": plant.GetPositions(context)}
        X_FM = lib.math.RigidTransform(
            lib.math.RollPitchYaw(0.5, -0.2, 0.7), [1.0, 2.0, 3.0])
        plant.SetFreeBodyPose(context, body, X_FM)
        r["q_after_set"] = plant.GetPositions(context)
        r["get"] = plant.GetFreeBodyPose(context, body).GetAsMatrix4()
        r["X_WA"] = plant.EvalBodyPoseInWorld(context, body).GetAsMatrix4()
        V = lib.mbmath.SpatialVelocity([0.1, 0.2, 0.3], [1.0, 2.0, 3.0])
        plant.SetFreeBodySpatialVelocity(context, body, V)
        r["v"] = plant.GetVelocities(context)
        r["V_WA"] = plant.EvalBodySpatialVelocityInWorld(
            context, body).get_coeffs()
        results[lib.name] = r
    for key in results["drake"]:
        np.testing.assert_allclose(results["ossa"][key], results["drake"][key],
                                   rtol=0, atol=TOL, err_msg=key)


@pytest.mark.parametrize("lib", [OSSA, DRAKE], ids=["ossa", "drake"])
def test_non_free_body_throws(lib):
    plant = lib.plant.MultibodyPlant(0.0)
    body = plant.AddRigidBody("pendulum", lib.tree.SpatialInertia.
                              SolidBoxWithMass(1.0, 0.1, 0.2, 0.3))
    plant.AddJoint(lib.tree.RevoluteJoint(
        "pin", plant.world_frame(), body.body_frame(), [0.0, 0.0, 1.0]))
    plant.Finalize()
    context = plant.CreateDefaultContext()
    with pytest.raises(Exception, match="pendulum.*not a free body"):
        plant.GetFreeBodyPose(context, body)
    with pytest.raises(Exception, match="pendulum.*not a free body"):
        plant.SetFreeBodyPose(context, body, lib.math.RigidTransform())


def test_floating_base_bodies_are_the_ones_finalize_adds():
    # Only bodies without any inboard joint become floating base bodies in
    # the reference (1.51); a user's floating joint does not make one.
    found = {}
    for lib in (OSSA, DRAKE):
        plant, body, _ = build(lib, "QuaternionFloatingJoint", False, False,
                               False)
        plant.Finalize()
        loose = plant.GetBodyByName("loose")
        found[lib.name] = (body.is_floating_base_body(),
                           loose.is_floating_base_body(),
                           sorted(int(i) for i in
                                  plant.GetFloatingBaseBodies()))
    assert found["ossa"] == found["drake"]


# ---------------------------------------------------------------- world body

def test_world_body_mass_properties():
    values = {}
    for lib in (OSSA, DRAKE):
        plant = lib.plant.MultibodyPlant(0.0)
        body = plant.AddRigidBody("A", lib.tree.SpatialInertia.
                                  SolidBoxWithMass(2.0, 0.1, 0.2, 0.3))
        world = plant.world_body()
        v = {"default_mass_pre": world.default_mass(),
             "default_com_pre": world.default_com()}
        plant.Finalize()
        context = plant.CreateDefaultContext()
        v["default_mass"] = world.default_mass()
        v["default_com"] = world.default_com()
        v["default_I"] = world.default_rotational_inertia(
        ).CopyToFullMatrix3()
        # Sums over bodies leave the world out.
        v["total_mass"] = plant.CalcTotalMass(context)
        v["total_mass_world_instance"] = plant.CalcTotalMass(
            context, [world.model_instance()])
        v["si_world"] = plant.CalcSpatialInertia(
            context, plant.world_frame(), [world.index()]).get_mass()
        v["si_world_A"] = plant.CalcSpatialInertia(
            context, plant.world_frame(),
            [world.index(), body.index()]).get_mass()
        v["ke"] = plant.CalcKineticEnergy(context)
        values[lib.name] = v
    for key, theirs in values["drake"].items():
        np.testing.assert_array_equal(values["ossa"][key], theirs,
                                      err_msg=key)
    assert np.isnan(values["ossa"]["default_mass"])


@pytest.mark.parametrize("lib", [OSSA, DRAKE], ids=["ossa", "drake"])
def test_world_only_center_of_mass_throws(lib):
    plant = lib.plant.MultibodyPlant(0.0)
    plant.AddRigidBody("A", lib.tree.SpatialInertia.SolidBoxWithMass(
        2.0, 0.1, 0.2, 0.3))
    plant.Finalize()
    context = plant.CreateDefaultContext()
    world_instance = plant.world_body().model_instance()
    # "no bodies other than the world body" / "at least one non-world body".
    with pytest.raises(Exception, match="world body"):
        plant.CalcCenterOfMassPositionInWorld(context, [world_instance])
