"""Agreement with the reference toolkit (pydrake, from PyPI).

Each test model is built by ONE function written against the shared API
(`build_*(lib)`, where `lib` holds the modules `plant`, `tree` and `math` of
either library); the same function builds the model in ossa and in pydrake,
and the two plants are compared on the same states: coordinate names and
order, poses, Jacobians, mass matrix, inverse and forward dynamics, bias and
gravity terms, energies, momentum.

Tolerance: 1e-10 relative (|a - b| <= 1e-10 * max(1, |b|_inf), entrywise
against the largest entry of the reference's result). Both libraries
evaluate the same closed-form recursions in double precision on O(1)
quantities; their roundoff differs by a few hundred ulps at most for these
model sizes, far below 1e-10, while any modelling difference (a frame, a
sign, an inertia term) shows up at O(1e-3) or more.
"""


import numpy as np
import pytest

pydrake = pytest.importorskip("pydrake")

import pydrake.multibody.tree  # noqa: E402


from peer_modules import ModuleSet, assert_agree  # noqa: E402

OSSA = ModuleSet("ossa")
DRAKE = ModuleSet("pydrake")

RTOL = 1e-10


# --------------------------------------------------------------- helpers
# Shared by the builders: everything random comes from the builder's own
# generator, so both libraries get the same numbers.

def random_inertia(lib, rng, mass=None):
    """A physically valid spatial inertia about the body origin: a solid box
    of random sides, rotated, with its center of mass off the origin."""
    mass = rng.uniform(0.5, 3.0) if mass is None else mass
    a, b, c = rng.uniform(0.05, 0.4, size=3)
    moments = mass / 12 * np.array([b * b + c * c, a * a + c * c,
                                    a * a + b * b])
    R = random_rotation(rng)
    I = R @ np.diag(moments) @ R.T
    inertia = lib.tree.RotationalInertia(I[0, 0], I[1, 1], I[2, 2],
                                         I[0, 1], I[0, 2], I[1, 2])
    com = rng.uniform(-0.15, 0.15, size=3)
    return lib.tree.SpatialInertia.MakeFromCentralInertia(
        mass=mass, p_PScm_E=com, I_SScm_E=inertia)


def random_rotation(rng):
    q = rng.normal(size=4)
    q /= np.linalg.norm(q)
    w, x, y, z = q
    return np.array([
        [1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y)],
        [2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x)],
        [2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y)]])


def random_pose(lib, rng, scale=0.3):
    rpy = lib.math.RollPitchYaw(*rng.uniform(-np.pi / 2, np.pi / 2, size=3))
    return lib.math.RigidTransform(rpy, rng.uniform(-scale, scale, size=3))


def random_axis(rng):
    axis = rng.normal(size=3)
    return axis / np.linalg.norm(axis)


def add_joint(lib, plant, kind, name, parent, child, rng, X_PF=None,
              X_BM=None, **kwargs):
    """Adds a joint of class `kind` between the bodies `parent` and `child`;
    with X_PF / X_BM, its frames are FixedOffsetFrames at those poses."""
    F = parent.body_frame()
    M = child.body_frame()
    if X_PF is not None:
        F = plant.AddFrame(lib.tree.FixedOffsetFrame(
            name + "_parent", parent.body_frame(), X_PF))
    if X_BM is not None:
        M = plant.AddFrame(lib.tree.FixedOffsetFrame(
            name + "_child", child.body_frame(), X_BM))
    return plant.AddJoint(getattr(lib.tree, kind)(name, F, M, **kwargs))


# ---------------------------------------------------------------- models

def build_acrobot(lib, plant):
    """The reference's acrobot parameters: two links, revolute about y, an
    actuated elbow, joint damping."""
    m1, m2, l1, lc1, lc2, Ic1, Ic2, b1, b2 = (
        1.0, 1.0, 1.0, 0.5, 1.0, 0.083, 0.33, 0.1, 0.1)
    RI = lib.tree.RotationalInertia
    link1 = plant.AddRigidBody("link1", lib.tree.SpatialInertia.
                               MakeFromCentralInertia(
                                   m1, np.array([0, 0, -lc1]),
                                   RI(Ic1, Ic1, 0.0)))
    link2 = plant.AddRigidBody("link2", lib.tree.SpatialInertia.
                               MakeFromCentralInertia(
                                   m2, np.array([0, 0, -lc2]),
                                   RI(Ic2, Ic2, 0.0)))
    plant.AddJoint(lib.tree.RevoluteJoint(
        "shoulder", plant.world_frame(), link1.body_frame(),
        np.array([0.0, 1.0, 0.0]), b1))
    elbow_frame = plant.AddFrame(lib.tree.FixedOffsetFrame(
        "elbow_parent", link1.body_frame(),
        lib.math.RigidTransform(np.array([0.0, 0.0, -l1]))))
    elbow = plant.AddJoint(lib.tree.RevoluteJoint(
        "elbow", elbow_frame, link2.body_frame(), np.array([0.0, 1.0, 0.0]),
        b2))
    plant.AddJointActuator("elbow", elbow)


def build_serial_arm(lib, plant, n=7, seed=7):
    """A 7-dof arm: revolute joints about random axes between random joint
    frames, damped, every joint actuated through a gearbox with rotor
    inertia."""
    rng = np.random.default_rng(seed)
    parent = plant.world_body()
    for i in range(n):
        link = plant.AddRigidBody(f"link{i}", random_inertia(lib, rng))
        joint = add_joint(lib, plant, "RevoluteJoint", f"joint{i}", parent,
                          link, rng, X_PF=random_pose(lib, rng),
                          X_BM=random_pose(lib, rng, 0.1),
                          axis=random_axis(rng),
                          damping=rng.uniform(0.0, 0.5))
        lower = rng.uniform(-3.0, -1.0)
        joint.set_position_limits([lower], [lower + rng.uniform(2.0, 5.0)])
        joint.set_velocity_limits([-rng.uniform(1.0, 5.0)],
                                  [rng.uniform(1.0, 5.0)])
        joint.set_acceleration_limits([-20.0], [30.0])
        actuator = plant.AddJointActuator(f"motor{i}", joint, 50.0)
        actuator.set_default_rotor_inertia(rng.uniform(1e-4, 1e-3))
        actuator.set_default_gear_ratio(rng.uniform(10.0, 100.0))
        parent = link


def build_branched(lib, plant, seed=11):
    """A torso welded to the world with three branches: two 3-link arms
    (revolute, prismatic, revolute) and a head on a universal joint; a
    gripper of two prismatic fingers on one arm."""
    rng = np.random.default_rng(seed)
    torso = plant.AddRigidBody("torso", random_inertia(lib, rng))
    plant.WeldFrames(plant.world_frame(), torso.body_frame(),
                     random_pose(lib, rng))
    for side in ("left", "right"):
        parent = torso
        for i, kind in enumerate(("RevoluteJoint", "PrismaticJoint",
                                  "RevoluteJoint")):
            link = plant.AddRigidBody(f"{side}_link{i}",
                                      random_inertia(lib, rng))
            add_joint(lib, plant, kind, f"{side}_joint{i}", parent, link, rng,
                      X_PF=random_pose(lib, rng), axis=random_axis(rng))
            parent = link
        if side == "left":
            for finger in ("a", "b"):
                body = plant.AddRigidBody(f"finger_{finger}",
                                          random_inertia(lib, rng, 0.1))
                add_joint(lib, plant, "PrismaticJoint", f"finger_{finger}",
                          parent, body, rng, X_PF=random_pose(lib, rng),
                          axis=random_axis(rng))
    head = plant.AddRigidBody("head", random_inertia(lib, rng))
    add_joint(lib, plant, "UniversalJoint", "neck", torso, head, rng,
              X_PF=random_pose(lib, rng), X_BM=random_pose(lib, rng))


def build_biped(lib, plant, seed=5):
    """A floating-base biped built in code: a pelvis with no inboard joint
    (the plant adds its quaternion floating joint), legs of a ball-rpy hip,
    a revolute knee and a universal ankle, feet; actuated knees."""
    rng = np.random.default_rng(seed)
    pelvis = plant.AddRigidBody("pelvis", random_inertia(lib, rng, 10.0))
    for side, y in (("l", 0.1), ("r", -0.1)):
        thigh = plant.AddRigidBody(f"{side}_thigh", random_inertia(lib, rng))
        shin = plant.AddRigidBody(f"{side}_shin", random_inertia(lib, rng))
        foot = plant.AddRigidBody(f"{side}_foot", random_inertia(lib, rng))
        add_joint(lib, plant, "BallRpyJoint", f"{side}_hip", pelvis, thigh,
                  rng, X_PF=lib.math.RigidTransform(np.array([0, y, -0.1])),
                  damping=0.2)
        knee = add_joint(lib, plant, "RevoluteJoint", f"{side}_knee", thigh,
                         shin, rng,
                         X_PF=lib.math.RigidTransform(np.array([0, 0, -0.4])),
                         axis=np.array([0.0, 1.0, 0.0]))
        add_joint(lib, plant, "UniversalJoint", f"{side}_ankle", shin, foot,
                  rng, X_PF=lib.math.RigidTransform(np.array([0, 0, -0.4])))
        actuator = plant.AddJointActuator(f"{side}_knee_motor", knee)
        actuator.set_default_gear_ratio(20.0)
        actuator.set_default_rotor_inertia(5e-4)


def build_every_joint(lib, plant, seed=3):
    """One chain through every joint kind, with a reversed joint (its parent
    further from the world than its child) and a free body on an explicit
    quaternion joint."""
    rng = np.random.default_rng(seed)
    kinds = [
        ("RevoluteJoint", dict(axis=random_axis(rng), damping=0.1)),
        ("PrismaticJoint", dict(axis=random_axis(rng), damping=0.2)),
        ("BallRpyJoint", dict(damping=0.3)),
        ("UniversalJoint", dict(damping=0.1)),
        ("PlanarJoint", dict(damping=np.array([0.1, 0.2, 0.3]))),
        ("ScrewJoint", dict(axis=random_axis(rng), screw_pitch=0.05,
                            damping=0.1)),
        ("RpyFloatingJoint", dict(angular_damping=0.1,
                                  translational_damping=0.2)),
        ("WeldJoint", None),
    ]
    parent = plant.world_body()
    for i, (kind, kwargs) in enumerate(kinds):
        link = plant.AddRigidBody(f"body{i}", random_inertia(lib, rng))
        if kind == "WeldJoint":
            plant.WeldFrames(parent.body_frame(), link.body_frame(),
                             random_pose(lib, rng))
        else:
            add_joint(lib, plant, kind, f"joint{i}", parent, link, rng,
                      X_PF=random_pose(lib, rng), X_BM=random_pose(lib, rng),
                      **kwargs)
        parent = link
    # A reversed joint: the new body is the joint's parent.
    tip = plant.AddRigidBody("reversed_tip", random_inertia(lib, rng))
    add_joint(lib, plant, "RevoluteJoint", "reversed", tip, parent, rng,
              X_PF=random_pose(lib, rng), axis=random_axis(rng))
    free = plant.AddRigidBody("free", random_inertia(lib, rng))
    add_joint(lib, plant, "QuaternionFloatingJoint", "free_joint",
              plant.world_body(), free, rng, X_PF=random_pose(lib, rng),
              X_BM=random_pose(lib, rng))


def build_reversed(lib, plant, seed=13):
    """A chain grounded at its far end: every joint (revolute, prismatic,
    weld, revolute) names as parent the body further from the world, so the
    tree uses each one reversed; a forward branch hangs off the middle."""
    rng = np.random.default_rng(seed)
    links = [plant.AddRigidBody(f"link{i}", random_inertia(lib, rng))
             for i in range(4)]
    add_joint(lib, plant, "RevoluteJoint", "root", links[0],
              plant.world_body(), rng, X_PF=random_pose(lib, rng),
              X_BM=random_pose(lib, rng), axis=random_axis(rng), damping=0.2)
    add_joint(lib, plant, "PrismaticJoint", "slide", links[1], links[0], rng,
              X_PF=random_pose(lib, rng), X_BM=random_pose(lib, rng),
              axis=random_axis(rng), damping=0.3)
    plant.WeldFrames(links[2].body_frame(), links[1].body_frame(),
                     random_pose(lib, rng))
    add_joint(lib, plant, "RevoluteJoint", "tip", links[3], links[2], rng,
              X_PF=random_pose(lib, rng), axis=random_axis(rng))
    branch = plant.AddRigidBody("branch", random_inertia(lib, rng))
    add_joint(lib, plant, "RevoluteJoint", "branch_joint", links[1], branch,
              rng, X_PF=random_pose(lib, rng), axis=random_axis(rng))


def build_instances(lib, plant, seed=9):
    """Several model instances holding elements of the same names: two
    2-link arms and a free box in its own instance."""
    rng = np.random.default_rng(seed)
    for name in ("arm_a", "arm_b"):
        instance = plant.AddModelInstance(name)
        base = plant.AddRigidBody("base", instance, random_inertia(lib, rng))
        plant.WeldFrames(plant.world_frame(), base.body_frame(),
                         random_pose(lib, rng))
        parent = base
        for i in range(2):
            link = plant.AddRigidBody(f"link{i}", instance,
                                      random_inertia(lib, rng))
            joint = add_joint(lib, plant, "RevoluteJoint", f"joint{i}",
                              parent, link, rng, X_PF=random_pose(lib, rng),
                              axis=random_axis(rng))
            plant.AddJointActuator(f"motor{i}", joint)
            parent = link
    box = plant.AddModelInstance("box")
    plant.AddRigidBody("box", box, random_inertia(lib, rng))


MODELS = {
    "acrobot": build_acrobot,
    "serial_arm": build_serial_arm,
    "branched": build_branched,
    "biped": build_biped,
    "every_joint": build_every_joint,
    "reversed": build_reversed,
    "instances": build_instances,
}


class Pair:
    """The same model in both libraries, finalized, with a Context each."""

    def __init__(self, builder, time_step=0.0):
        self.plants = {}
        self.contexts = {}
        for lib in (OSSA, DRAKE):
            plant = lib.plant.MultibodyPlant(time_step)
            builder(lib, plant)
            plant.Finalize()
            self.plants[lib.name] = plant
            self.contexts[lib.name] = plant.CreateDefaultContext()

    @property
    def ours(self):
        return self.plants["ossa"], self.contexts["ossa"]

    @property
    def theirs(self):
        return self.plants["drake"], self.contexts["drake"]

    def random_state(self, rng):
        """A random state set in both: uniform q (unit quaternions for the
        quaternion joints) and v."""
        plant, _ = self.theirs
        q = rng.uniform(-1.0, 1.0, size=plant.num_positions())
        for index in plant.GetJointIndices():
            joint = plant.get_joint(index)
            if joint.type_name() == "quaternion_floating":
                s = joint.position_start()
                q[s:s + 4] /= np.linalg.norm(q[s:s + 4])
        v = rng.uniform(-1.0, 1.0, size=plant.num_velocities())
        for name, plant in self.plants.items():
            plant.SetPositions(self.contexts[name], q)
            plant.SetVelocities(self.contexts[name], v)
        return q, v


@pytest.fixture(params=sorted(MODELS), scope="module")
def pair(request):
    return Pair(MODELS[request.param])


def test_counts_and_layout(pair):
    (ours, _), (theirs, _) = pair.ours, pair.theirs
    for method in ("num_bodies", "num_joints", "num_actuators",
                   "num_model_instances", "num_positions", "num_velocities",
                   "num_actuated_dofs", "num_multibody_states"):
        assert getattr(ours, method)() == getattr(theirs, method)(), method
    # The same frames in the same order, with their bodies. The reference
    # adds "ephemeral" frames of its own at Finalize() (one per joint frame
    # its mobilizers use internally); they are not part of the model.
    their_frames = [theirs.get_frame(pydrake.multibody.tree.FrameIndex(i))
                    for i in range(theirs.num_frames())]
    their_frames = [f for f in their_frames if not f.is_ephemeral()]
    assert ours.num_frames() == len(their_frames)
    for i, b in enumerate(their_frames):
        a = ours.get_frame(i)
        assert (a.name(), a.body().name(), int(a.model_instance())) == (
            b.name(), b.body().name(), int(b.model_instance()))
        assert_agree(a.GetFixedPoseInBodyFrame().GetAsMatrix4(),
                     b.GetFixedPoseInBodyFrame().GetAsMatrix4(),
                     "X_BF of " + a.name())
    # Every joint (by index, including the added floating joints) has the
    # same name, kind and place in q and v.
    for i in range(theirs.num_joints()):
        a, b = ours.get_joint(i), theirs.get_joint(
            pydrake.multibody.tree.JointIndex(i))
        assert (a.name(), a.type_name()) == (b.name(), b.type_name())
        assert (a.position_start(), a.velocity_start()) == (
            b.position_start(), b.velocity_start()), a.name()
        assert (a.num_positions(), a.num_velocities()) == (
            b.num_positions(), b.num_velocities())
        assert int(a.model_instance()) == int(b.model_instance())
        assert [a.position_suffix(k) for k in range(a.num_positions())] == [
            b.position_suffix(k) for k in range(b.num_positions())]
        assert [a.velocity_suffix(k) for k in range(a.num_velocities())] == [
            b.velocity_suffix(k) for k in range(b.num_velocities())]
        assert_agree(a.default_damping_vector(), b.default_damping_vector(),
                     "damping of " + a.name(), rtol=0)
    for i in range(theirs.num_bodies()):
        a = ours.get_body(i)
        b = theirs.get_body(pydrake.multibody.tree.BodyIndex(i))
        assert a.name() == b.name()
        assert a.has_quaternion_dofs() == b.has_quaternion_dofs()
        assert a.is_floating_base_body() == b.is_floating_base_body()
        assert int(a.model_instance()) == int(b.model_instance())
    for i in range(theirs.num_actuators()):
        a = ours.get_joint_actuator(i)
        b = theirs.get_joint_actuator(
            pydrake.multibody.tree.JointActuatorIndex(i))
        assert (a.name(), a.joint().name(), a.input_start()) == (
            b.name(), b.joint().name(), b.input_start())
        assert a.default_reflected_inertia() == pytest.approx(
            b.default_reflected_inertia(), rel=1e-15)
    for i in range(theirs.num_model_instances()):
        assert ours.GetModelInstanceName(i) == theirs.GetModelInstanceName(
            pydrake.multibody.tree.ModelInstanceIndex(i))


def test_default_state(pair):
    (ours, our_context), (theirs, their_context) = pair.ours, pair.theirs
    # Default positions are exact model values (zeros, identity quaternions).
    assert_agree(ours.GetPositions(our_context),
                 theirs.GetPositions(their_context), "default q", rtol=0)
    assert_agree(ours.GetDefaultPositions(), theirs.GetDefaultPositions(),
                 "GetDefaultPositions", rtol=0)
    assert_agree(ours.GetVelocities(our_context),
                 theirs.GetVelocities(their_context), "default v", rtol=0)


def test_state_per_instance(pair):
    rng = np.random.default_rng(1)
    q, v = pair.random_state(rng)
    (ours, our_context), (theirs, their_context) = pair.ours, pair.theirs
    for i in range(theirs.num_model_instances()):
        mi = pydrake.multibody.tree.ModelInstanceIndex(i)
        assert_agree(ours.GetPositions(our_context, i),
                     theirs.GetPositions(their_context, mi),
                     f"q of instance {i}", rtol=0)
        assert_agree(ours.GetVelocities(our_context, i),
                     theirs.GetVelocities(their_context, mi),
                     f"v of instance {i}", rtol=0)
        assert_agree(ours.GetPositionsAndVelocities(our_context, i),
                     theirs.GetPositionsAndVelocities(their_context, mi),
                     f"x of instance {i}", rtol=0)


def test_user_floating_joint_base_body():
    # Only bodies on a floating joint Finalize() added are floating base
    # bodies, in both; a user-added floating joint to the world makes none.
    def build(lib, plant):
        body = plant.AddRigidBody("free", random_inertia(
            lib, np.random.default_rng(0)))
        plant.AddJoint(lib.tree.QuaternionFloatingJoint(
            "free_joint", plant.world_frame(), body.body_frame()))
    pair = Pair(build)
    assert (pair.plants["ossa"].GetBodyByName("free").is_floating_base_body()
            == pair.plants["drake"].GetBodyByName(
                "free").is_floating_base_body())


def test_coordinate_names_and_limits(pair):
    (ours, _), (theirs, _) = pair.ours, pair.theirs
    for prefix in (True, False):
        for suffix in (True, False):
            assert ours.GetPositionNames(prefix, suffix) == (
                theirs.GetPositionNames(prefix, suffix))
            assert ours.GetVelocityNames(prefix, suffix) == (
                theirs.GetVelocityNames(prefix, suffix))
        assert ours.GetStateNames(prefix) == theirs.GetStateNames(prefix)
        assert ours.GetActuatorNames(prefix) == theirs.GetActuatorNames(
            prefix)
    for i in range(theirs.num_model_instances()):
        mi = pydrake.multibody.tree.ModelInstanceIndex(i)
        assert ours.GetPositionNames(i) == theirs.GetPositionNames(mi)
        assert ours.GetVelocityNames(i, True, False) == (
            theirs.GetVelocityNames(mi, True, False))
        assert ours.GetStateNames(i) == theirs.GetStateNames(mi)
        assert ours.GetActuatorNames(i) == theirs.GetActuatorNames(mi)
    # Limits are model values: exactly equal (infinities included).
    for method in ("GetPositionLowerLimits", "GetPositionUpperLimits",
                   "GetVelocityLowerLimits", "GetVelocityUpperLimits",
                   "GetAccelerationLowerLimits", "GetAccelerationUpperLimits",
                   "GetEffortLowerLimits", "GetEffortUpperLimits"):
        np.testing.assert_array_equal(getattr(ours, method)(),
                                      getattr(theirs, method)(), method)
    assert {int(b) for b in ours.GetFloatingBaseBodies()} == {
        int(b) for b in theirs.GetFloatingBaseBodies()}


# ------------------------------------------------------------ kinematics
# Each quantity is computed by ONE function of (lib, plant, context) run on
# both libraries at the same random states.

SEEDS = (1, 2, 3)


def compare(pair, what, fn, rtol=RTOL):
    ours = fn(OSSA, *pair.ours)
    theirs = fn(DRAKE, *pair.theirs)
    assert_agree(ours, theirs, what, rtol)


def user_frames(lib, plant):
    frames = [plant.get_frame(lib.tree.FrameIndex(i))
              for i in range(plant.num_frames())]
    return [f for f in frames
            if not (hasattr(f, "is_ephemeral") and f.is_ephemeral())]


def bodies(lib, plant):
    return [plant.get_body(lib.tree.BodyIndex(i))
            for i in range(plant.num_bodies())]


def points(rng, n=2):
    return rng.uniform(-0.5, 0.5, size=(3, n))


@pytest.mark.parametrize("seed", SEEDS)
def test_poses_and_velocities(pair, seed):
    pair.random_state(np.random.default_rng(seed))

    def body_poses(lib, plant, context):
        return np.array([plant.EvalBodyPoseInWorld(context, b).GetAsMatrix4()
                         for b in bodies(lib, plant)])

    def body_velocities(lib, plant, context):
        return np.array([
            plant.EvalBodySpatialVelocityInWorld(context, b).get_coeffs()
            for b in bodies(lib, plant)])

    def frame_poses(lib, plant, context):
        return np.array([f.CalcPoseInWorld(context).GetAsMatrix4()
                         for f in user_frames(lib, plant)])

    def relative_poses(lib, plant, context):
        frames = user_frames(lib, plant)
        return np.array([
            plant.CalcRelativeTransform(context, frames[i],
                                        frames[-1 - i]).GetAsMatrix4()
            for i in range(len(frames))])

    def frame_velocities(lib, plant, context):
        frames = user_frames(lib, plant)
        return np.array([
            f.CalcSpatialVelocity(context, frames[-1], frames[1]).get_coeffs()
            for f in frames])

    def points_positions(lib, plant, context):
        frames = user_frames(lib, plant)
        p = points(np.random.default_rng(seed), 3)
        return np.array([plant.CalcPointsPositions(context, f, p, frames[0])
                         for f in frames])

    compare(pair, "body poses", body_poses)
    compare(pair, "body spatial velocities", body_velocities)
    compare(pair, "frame poses", frame_poses)
    compare(pair, "relative transforms", relative_poses)
    compare(pair, "frame spatial velocities", frame_velocities)
    compare(pair, "points positions", points_positions)


@pytest.mark.parametrize("seed", SEEDS)
def test_jacobians(pair, seed):
    pair.random_state(np.random.default_rng(seed))
    for wrt in ("kV", "kQDot"):
        def spatial(lib, plant, context):
            frames = user_frames(lib, plant)
            rng = np.random.default_rng(seed)
            w = getattr(lib.tree.JacobianWrtVariable, wrt)
            return np.array([plant.CalcJacobianSpatialVelocity(
                context, w, f, points(rng, 1)[:, 0], frames[i // 2],
                frames[-1]) for i, f in enumerate(frames)])

        def spatial_in_world(lib, plant, context):
            # A = E = W: ossa's root-path fast path for kV.
            rng = np.random.default_rng(seed)
            w = getattr(lib.tree.JacobianWrtVariable, wrt)
            world = plant.world_frame()
            return np.array([plant.CalcJacobianSpatialVelocity(
                context, w, f, points(rng, 1)[:, 0], world, world)
                for f in user_frames(lib, plant)])

        def translational(lib, plant, context):
            frames = user_frames(lib, plant)
            rng = np.random.default_rng(seed)
            w = getattr(lib.tree.JacobianWrtVariable, wrt)
            return np.array([plant.CalcJacobianTranslationalVelocity(
                context, w, f, points(rng), frames[0], frames[-1 - i // 3])
                for i, f in enumerate(frames)])

        def angular(lib, plant, context):
            frames = user_frames(lib, plant)
            w = getattr(lib.tree.JacobianWrtVariable, wrt)
            return np.array([plant.CalcJacobianAngularVelocity(
                context, w, f, frames[-1], frames[0]) for f in frames])

        def com(lib, plant, context):
            w = getattr(lib.tree.JacobianWrtVariable, wrt)
            return plant.CalcJacobianCenterOfMassTranslationalVelocity(
                context, w, plant.world_frame(), plant.world_frame())

        compare(pair, f"spatial velocity Jacobians ({wrt})", spatial)
        compare(pair, f"spatial velocity Jacobians in W ({wrt})",
                spatial_in_world)
        compare(pair, f"translational velocity Jacobians ({wrt})",
                translational)
        compare(pair, f"angular velocity Jacobians ({wrt})", angular)
        compare(pair, f"center of mass Jacobian ({wrt})", com)

    def position_jacobian(lib, plant, context):
        frames = user_frames(lib, plant)
        rng = np.random.default_rng(seed)
        return np.array([plant.CalcJacobianPositionVector(
            context, f, points(rng), frames[0], frames[-1]) for f in frames])

    compare(pair, "position vector Jacobians", position_jacobian)

    # Bias accelerations: the reference supports them with respect to v
    # only (it aborts for kQDot).
    def bias(lib, plant, context):
        frames = user_frames(lib, plant)
        rng = np.random.default_rng(seed)
        w = lib.tree.JacobianWrtVariable.kV
        return np.array([plant.CalcBiasSpatialAcceleration(
            context, w, f, points(rng, 1)[:, 0], frames[0],
            frames[-1]).get_coeffs() for f in frames])

    def bias_translational(lib, plant, context):
        frames = user_frames(lib, plant)
        rng = np.random.default_rng(seed)
        w = lib.tree.JacobianWrtVariable.kV
        return np.array([plant.CalcBiasTranslationalAcceleration(
            context, w, f, points(rng), frames[-1], frames[0])
            for f in frames])

    def bias_com(lib, plant, context):
        return plant.CalcBiasCenterOfMassTranslationalAcceleration(
            context, lib.tree.JacobianWrtVariable.kV, plant.world_frame(),
            plant.world_frame())

    compare(pair, "bias spatial accelerations", bias)
    compare(pair, "bias translational accelerations", bias_translational)
    compare(pair, "bias center of mass acceleration", bias_com)


@pytest.mark.parametrize("seed", SEEDS)
def test_velocity_maps_mass_properties_momentum(pair, seed):
    pair.random_state(np.random.default_rng(seed))
    plant, _ = pair.theirs
    rng = np.random.default_rng(seed + 100)
    v = rng.uniform(-1, 1, plant.num_velocities())
    qdot = rng.uniform(-1, 1, plant.num_positions())
    compare(pair, "N(q) v",
            lambda lib, plant, context: plant.MapVelocityToQDot(context, v))
    compare(pair, "N+(q) qdot",
            lambda lib, plant, context: plant.MapQDotToVelocity(context, qdot))
    compare(pair, "total mass",
            lambda lib, plant, context: plant.CalcTotalMass(context))
    compare(pair, "center of mass",
            lambda lib, plant, context:
            plant.CalcCenterOfMassPositionInWorld(context))
    compare(pair, "center of mass velocity",
            lambda lib, plant, context:
            plant.CalcCenterOfMassTranslationalVelocityInWorld(context))
    p = rng.uniform(-1, 1, 3)
    compare(pair, "spatial momentum",
            lambda lib, plant, context:
            plant.CalcSpatialMomentumInWorldAboutPoint(context, p)
            .get_coeffs())
    compare(pair, "actuation matrix",
            lambda lib, plant, context: plant.MakeActuationMatrix(), rtol=0)


# -------------------------------------------------------------- dynamics

@pytest.mark.parametrize("seed", SEEDS)
def test_dynamics(pair, seed):
    pair.random_state(np.random.default_rng(seed))
    plant, _ = pair.theirs
    rng = np.random.default_rng(seed + 200)
    vdot = rng.uniform(-1, 1, plant.num_velocities())
    tau = rng.uniform(-1, 1, plant.num_velocities())
    F = rng.uniform(-1, 1, size=(plant.num_bodies(), 6))

    def applied_forces(lib, plant, context):
        forces = lib.tree.MultibodyForces(plant)
        forces.mutable_generalized_forces()[:] = tau
        for i, body in enumerate(bodies(lib, plant)):
            body.AddInForceInWorld(
                context, lib.mbmath.SpatialForce(F[i, :3], F[i, 3:]),
                forces)
        return forces

    compare(pair, "mass matrix",
            lambda lib, plant, context: plant.CalcMassMatrix(context))
    compare(pair, "mass matrix via inverse dynamics",
            lambda lib, plant, context:
            plant.CalcMassMatrixViaInverseDynamics(context))
    compare(pair, "bias term C(q, v) v",
            lambda lib, plant, context: plant.CalcBiasTerm(context))
    compare(pair, "gravity generalized forces",
            lambda lib, plant, context:
            plant.CalcGravityGeneralizedForces(context))
    compare(pair, "inverse dynamics",
            lambda lib, plant, context: plant.CalcInverseDynamics(
                context, vdot, applied_forces(lib, plant, context)))
    compare(pair, "forward dynamics xdot",
            lambda lib, plant, context:
            plant.EvalTimeDerivatives(context).CopyToVector())
    compare(pair, "conservative power",
            lambda lib, plant, context: plant.CalcConservativePower(context))
    # The reference leaves joint damping out of its non-conservative power
    # (it is not a force element there); ossa counts it (-d v^2). They are
    # compared where no joint is damped.
    damped = any(np.any(plant.get_joint(i).default_damping_vector() > 0)
                 for i in plant.GetJointIndices())
    if not damped:
        compare(pair, "non-conservative power",
                lambda lib, plant, context:
                plant.CalcNonConservativePower(context))


@pytest.mark.parametrize("seed", SEEDS[:1])
def test_system_energies(pair, seed):
    pair.random_state(np.random.default_rng(seed))
    compare(pair, "kinetic energy",
            lambda lib, plant, context: plant.EvalKineticEnergy(context))
    compare(pair, "potential energy",
            lambda lib, plant, context: plant.EvalPotentialEnergy(context))


# ------------------------------------------------------------ simulation

def simulate(lib, builder, x0, t_final, accuracy=1e-12):
    """Integrates the model from x0 for t_final seconds with an
    error-controlled fifth-order Runge-Kutta at the given accuracy, the
    actuation input left unconnected (zero); returns the final state."""
    plant = lib.plant.MultibodyPlant(0.0)
    builder(lib, plant)
    plant.Finalize()
    simulator = lib.analysis.Simulator(plant)
    context = simulator.get_mutable_context()
    plant.SetPositionsAndVelocities(context, x0)
    lib.analysis.ResetIntegratorFromFlags(simulator, "runge_kutta5", 0.01)
    integrator = simulator.get_mutable_integrator()
    integrator.set_target_accuracy(accuracy)
    simulator.Initialize()
    simulator.AdvanceTo(t_final)
    return plant.GetPositionsAndVelocities(context)


@pytest.mark.parametrize("model", ["acrobot", "serial_arm"])
def test_continuous_simulation(model):
    """2 s of free motion under gravity (and joint damping) from the same
    state: both integrators run at 1e-12 accuracy, so each final state is
    within ~1e-9 of the exact solution and the two agree to 1e-6 (the
    required tolerance), unless the dynamics differ."""
    builder = MODELS[model]
    rng = np.random.default_rng(42)
    pair = Pair(builder)
    q, v = pair.random_state(rng)
    x0 = np.concatenate([q, v])
    ours = simulate(OSSA, builder, x0, 2.0)
    theirs = simulate(DRAKE, builder, x0, 2.0)
    # The motion is not trivial: the state moved by O(1).
    assert np.max(np.abs(theirs - x0)) > 0.1
    assert_agree(ours, theirs, f"state after 2 s ({model})", rtol=1e-6)
