"""The force elements (LinearSpringDamper, RevoluteSpring, PrismaticSpring,
LinearBushingRollPitchYaw, DoorHinge) against the reference toolkit.

As in drake_agreement_test.py, ONE builder function written against the
shared API builds the model in ossa and in pydrake, and both plants are
compared on the same random states: the generalized and body forces of the
force elements, the bushings' spatial forces, the hinges' torque curves,
potential energy, conservative and non-conservative power, and forward
dynamics.

Tolerance: 1e-10 relative (|a - b| <= 1e-10 * max(1, |b|_inf)), as in
drake_agreement_test.py: the same closed forms evaluated in double precision
on O(1)..O(10) quantities differ by a few hundred ulps at most, while a
modelling difference (a sign, a frame, a missing term) is O(1e-3) or more.

The reference does not implement the bushing's energy and power (it throws
"not implemented"); those are compared on the same model without bushings,
and ossa's values for bushings are checked by the C++ energy-balance tests.
"""


import numpy as np
import pytest

pytest.importorskip("pydrake")

import pydrake.multibody.tree  # noqa: E402

import ossa.multibody.plant  # noqa: E402
import ossa.multibody.tree  # noqa: E402

from peer_modules import ModuleSet, assert_agree  # noqa: E402

OSSA = ModuleSet("ossa")
DRAKE = ModuleSet("pydrake")

RTOL = 1e-10


def box_inertia(lib, mass, sides, com):
    a, b, c = sides
    inertia = lib.tree.RotationalInertia(
        mass / 12 * (b * b + c * c), mass / 12 * (a * a + c * c),
        mass / 12 * (a * a + b * b), 0.0, 0.0, 0.0)
    return lib.tree.SpatialInertia.MakeFromCentralInertia(
        mass=mass, p_PScm_E=com, I_SScm_E=inertia)


def pose(lib, rpy, p):
    return lib.math.RigidTransform(lib.math.RollPitchYaw(*rpy), p)


def door_config(lib):
    config = lib.tree.DoorHingeConfig()
    config.spring_zero_angle_rad = -0.6
    config.spring_constant = 2.5
    config.dynamic_friction_torque = 0.7
    config.static_friction_torque = 0.4
    config.viscous_friction = 0.3
    config.catch_width = 0.3
    config.catch_torque = 1.5
    # Wide enough that random rates in [-1, 1] sample the smooth part.
    config.motion_threshold = 0.2
    return config


def build_forces(lib, plant, bushings=True):
    """A door on a hinge (DoorHinge + RevoluteSpring) carrying a slider
    (PrismaticSpring); a two-link revolute arm tied to the world and to the
    slider by LinearSpringDampers; a free body held by a bushing to the
    world and by a spring to the arm; a bushing between the two arm links.
    Gravity on."""
    tree = lib.tree
    door = plant.AddRigidBody("door", box_inertia(
        lib, 2.0, (0.6, 0.05, 0.8), [0.3, 0.0, 0.1]))
    slider = plant.AddRigidBody("slider", box_inertia(
        lib, 0.5, (0.1, 0.1, 0.1), [0.0, 0.02, 0.0]))
    link1 = plant.AddRigidBody("link1", box_inertia(
        lib, 1.2, (0.05, 0.05, 0.5), [0.0, 0.0, -0.25]))
    link2 = plant.AddRigidBody("link2", box_inertia(
        lib, 0.8, (0.05, 0.05, 0.4), [0.0, 0.01, -0.2]))
    free = plant.AddRigidBody("free", box_inertia(
        lib, 1.5, (0.2, 0.3, 0.4), [0.01, -0.02, 0.03]))
    F_hinge = plant.AddFrame(tree.FixedOffsetFrame(
        "hinge_F", plant.world_frame(), pose(lib, (0.1, 0.2, 0.3),
                                              [0.2, -0.1, 0.5])))
    hinge = plant.AddJoint(tree.RevoluteJoint(
        "hinge", F_hinge, door.body_frame(), [0.0, 0.0, 1.0]))
    slide = plant.AddJoint(tree.PrismaticJoint(
        "slide", door.body_frame(), slider.body_frame(),
        [1.0, 0.0, 0.0]))
    shoulder = plant.AddJoint(tree.RevoluteJoint(
        "shoulder", plant.world_frame(), link1.body_frame(),
        [0.0, 1.0, 0.0]))
    M_elbow = plant.AddFrame(tree.FixedOffsetFrame(
        "elbow_M", link2.body_frame(), pose(lib, (0.0, 0.0, 0.2),
                                            [0.0, 0.0, 0.05])))
    F_elbow = plant.AddFrame(tree.FixedOffsetFrame(
        "elbow_F", link1.body_frame(), pose(lib, (0.0, 0.0, 0.0),
                                            [0.0, 0.0, -0.5])))
    plant.AddJoint(tree.RevoluteJoint(
        "elbow", F_elbow, M_elbow, [1.0, 0.0, 0.0]))

    plant.AddForceElement(tree.DoorHinge(hinge, door_config(lib)))
    plant.AddForceElement(tree.RevoluteSpring(hinge, 0.2, 1.7))
    plant.AddForceElement(tree.PrismaticSpring(slide, 0.1, 30.0))
    plant.AddForceElement(tree.RevoluteSpring(shoulder, -0.3, 4.0))
    plant.AddForceElement(tree.LinearSpringDamper(
        plant.world_body(), [0.5, 0.3, 1.0], link1, [0.0, 0.02, -0.3],
        0.4, 25.0, 1.5))
    plant.AddForceElement(tree.LinearSpringDamper(
        slider, [0.05, 0.0, 0.0], link2, [0.0, 0.0, -0.4], 0.7, 12.0, 0.8))
    plant.AddForceElement(tree.LinearSpringDamper(
        link2, [0.0, 0.03, -0.2], free, [0.1, -0.1, 0.05], 0.5, 8.0, 0.0))
    if bushings:
        A = plant.AddFrame(tree.FixedOffsetFrame(
            "bushing_A", plant.world_frame(),
            pose(lib, (0.2, -0.1, 0.4), [0.4, 0.2, 0.3])))
        C = plant.AddFrame(tree.FixedOffsetFrame(
            "bushing_C", free.body_frame(),
            pose(lib, (-0.3, 0.2, 0.1), [0.05, -0.05, 0.1])))
        plant.AddForceElement(tree.LinearBushingRollPitchYaw(
            A, C, [3.0, 4.0, 5.0], [0.3, 0.2, 0.1], [40.0, 50.0, 60.0],
            [2.0, 3.0, 1.0]))
        plant.AddForceElement(tree.LinearBushingRollPitchYaw(
            link1.body_frame(), M_elbow, [1.0, 0.0, 2.0], [0.1, 0.5, 0.0],
            [20.0, 10.0, 0.0], [0.0, 1.0, 2.0]))


class Pair:
    """The same model in both libraries, finalized, with a Context each."""

    def __init__(self, bushings):
        self.plants = {}
        self.contexts = {}
        for lib in (OSSA, DRAKE):
            plant = lib.plant.MultibodyPlant(0.0)
            build_forces(lib, plant, bushings)
            plant.Finalize()
            self.plants[lib.name] = plant
            self.contexts[lib.name] = plant.CreateDefaultContext()

    def random_state(self, rng):
        plant = self.plants["drake"]
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

    def compare(self, what, fn, rtol=RTOL):
        ours = fn(OSSA, self.plants["ossa"], self.contexts["ossa"])
        theirs = fn(DRAKE, self.plants["drake"], self.contexts["drake"])
        assert_agree(ours, theirs, what, rtol)


SEEDS = (1, 2, 3, 4)


@pytest.fixture(scope="module")
def with_bushings():
    return Pair(bushings=True)


@pytest.fixture(scope="module")
def without_bushings():
    return Pair(bushings=False)


def element_forces(lib, plant, context):
    """The force elements' generalized forces tau and, mapped to generalized
    forces, their body forces (tau + sum J_WB^T F_Bo_W); the reference's
    MultibodyForces does not expose the body forces to Python."""
    forces = lib.tree.MultibodyForces(plant)
    plant.CalcForceElementsContribution(context, forces)
    return np.concatenate([forces.generalized_forces(),
                           plant.CalcGeneralizedForces(context, forces)])


def test_model_layout(with_bushings):
    # Same elements in the same order, same counts.
    with_bushings.compare(
        "counts", lambda lib, plant, context: [
            plant.num_force_elements(), plant.num_positions(),
            plant.num_velocities()], rtol=0)
    kinds = ["UniformGravityFieldElement", "DoorHinge", "RevoluteSpring",
             "PrismaticSpring", "RevoluteSpring", "LinearSpringDamper",
             "LinearSpringDamper", "LinearSpringDamper",
             "LinearBushingRollPitchYaw", "LinearBushingRollPitchYaw"]
    for lib in (OSSA, DRAKE):
        plant = with_bushings.plants[lib.name]
        for i, kind in enumerate(kinds):
            element = plant.get_force_element(lib.tree.ForceElementIndex(i))
            assert isinstance(element, getattr(lib.tree, kind)), (lib.name, i)
            assert element.index() == lib.tree.ForceElementIndex(i)


@pytest.mark.parametrize("seed", SEEDS)
def test_forces_and_forward_dynamics(with_bushings, seed):
    pair = with_bushings
    pair.random_state(np.random.default_rng(seed))
    pair.compare("force element contributions (tau and F_Bo_W)",
                 element_forces)

    def bushing_forces(lib, plant, context):
        out = []
        for i in (8, 9):
            bushing = plant.get_force_element(lib.tree.ForceElementIndex(i))
            out.append(bushing.CalcBushingSpatialForceOnFrameA(context)
                       .get_coeffs())
            out.append(bushing.CalcBushingSpatialForceOnFrameC(context)
                       .get_coeffs())
        return np.array(out)

    pair.compare("bushing spatial forces F_A_A, F_C_C", bushing_forces)
    pair.compare("forward dynamics xdot",
                 lambda lib, plant, context:
                 plant.EvalTimeDerivatives(context).CopyToVector())


@pytest.mark.parametrize("seed", SEEDS)
def test_energy_and_power(without_bushings, seed):
    pair = without_bushings
    pair.random_state(np.random.default_rng(seed))
    pair.compare("force element contributions", element_forces)
    pair.compare("potential energy",
                 lambda lib, plant, context:
                 plant.CalcPotentialEnergy(context))
    pair.compare("conservative power",
                 lambda lib, plant, context:
                 plant.CalcConservativePower(context))
    pair.compare("non-conservative power",
                 lambda lib, plant, context:
                 plant.CalcNonConservativePower(context))
    pair.compare("forward dynamics xdot",
                 lambda lib, plant, context:
                 plant.EvalTimeDerivatives(context).CopyToVector())


def test_door_hinge_curves(without_bushings):
    def curves(lib, plant, context):
        hinge = plant.get_force_element(lib.tree.ForceElementIndex(1))
        angles = np.linspace(-1.0, 2.0, 31)
        rates = np.linspace(-1.0, 1.0, 31)
        return np.array([[hinge.CalcHingeSpringTorque(a),
                          hinge.CalcHingeFrictionalTorque(r),
                          hinge.CalcHingeTorque(a, r)]
                         for a, r in zip(angles, rates)])

    without_bushings.compare("door hinge torque curves", curves)


def test_default_door_hinge_config():
    ours = ossa.multibody.tree.DoorHingeConfig()
    theirs = pydrake.multibody.tree.DoorHingeConfig()
    assert repr(ours) == repr(theirs)
    ours = ossa.multibody.tree.DoorHingeConfig(catch_width=0.5)
    assert ours.catch_width == 0.5


def test_context_parameters(without_bushings):
    # Changing the spring's stiffness and nominal angle in the Context
    # changes the forces as in the reference; defaults stay.
    def changed(lib, plant, context):
        spring = plant.get_force_element(lib.tree.ForceElementIndex(2))
        spring.SetStiffness(context, 3.3)
        spring.SetNominalAngle(context, -0.4)
        out = [spring.GetStiffness(context), spring.GetNominalAngle(context),
               spring.default_stiffness(), spring.default_nominal_angle()]
        result = np.concatenate([out, element_forces(lib, plant, context)])
        spring.SetStiffness(context, spring.default_stiffness())
        spring.SetNominalAngle(context, spring.default_nominal_angle())
        return result

    without_bushings.random_state(np.random.default_rng(7))
    without_bushings.compare("revolute spring context parameters", changed)


def test_bushing_context_parameters(with_bushings):
    def changed(lib, plant, context):
        bushing = plant.get_force_element(lib.tree.ForceElementIndex(8))
        bushing.SetTorqueStiffnessConstants(context, [1.0, 2.0, 3.0])
        bushing.SetForceDampingConstants(context, [0.5, 0.5, 0.5])
        out = np.concatenate([
            bushing.GetTorqueStiffnessConstants(context),
            bushing.GetTorqueDampingConstants(context),
            bushing.GetForceStiffnessConstants(context),
            bushing.GetForceDampingConstants(context),
            bushing.torque_stiffness_constants(),
            element_forces(lib, plant, context)])
        bushing.SetTorqueStiffnessConstants(
            context, bushing.torque_stiffness_constants())
        bushing.SetForceDampingConstants(
            context, bushing.force_damping_constants())
        return out

    with_bushings.random_state(np.random.default_rng(8))
    with_bushings.compare("bushing context parameters", changed)


def test_accessors():
    plant = ossa.multibody.plant.MultibodyPlant(0.0)
    build_forces(OSSA, plant)
    tree = ossa.multibody.tree
    spring = plant.get_force_element(tree.ForceElementIndex(5))
    assert spring.bodyA().name() == "world"
    assert spring.bodyB().name() == "link1"
    np.testing.assert_array_equal(spring.p_AP(), [0.5, 0.3, 1.0])
    np.testing.assert_array_equal(spring.p_BQ(), [0.0, 0.02, -0.3])
    assert (spring.free_length(), spring.stiffness(), spring.damping()) == (
        0.4, 25.0, 1.5)
    slide = plant.get_force_element(tree.ForceElementIndex(3))
    assert slide.joint().name() == "slide"
    assert (slide.nominal_position(), slide.stiffness()) == (0.1, 30.0)
    bushing = plant.get_force_element(tree.ForceElementIndex(8))
    assert bushing.frameA().name() == "bushing_A"
    assert bushing.frameC().name() == "bushing_C"
    assert bushing.link0().name() == "world"
    assert bushing.link1().name() == "free"
    assert bushing.model_instance() == bushing.frameC().model_instance()
    hinge = plant.get_force_element(tree.ForceElementIndex(1))
    assert hinge.joint().name() == "hinge"
    assert hinge.config().catch_torque == 1.5


def test_bad_arguments():
    plant = ossa.multibody.plant.MultibodyPlant(0.0)
    tree = ossa.multibody.tree
    body = plant.AddRigidBody("body", tree.SpatialInertia.SolidBoxWithMass(
        1.0, 0.1, 0.2, 0.3))
    joint = plant.AddJoint(tree.RevoluteJoint(
        "joint", plant.world_frame(), body.body_frame(), [0.0, 0.0, 1.0]))
    with pytest.raises(RuntimeError, match="free length is 0"):
        tree.LinearSpringDamper(body, [0, 0, 0], plant.world_body(),
                                [0, 0, 0], 0.0, 1.0, 1.0)
    with pytest.raises(RuntimeError, match="stiffness is -1"):
        tree.LinearSpringDamper(body, [0, 0, 0], plant.world_body(),
                                [0, 0, 0], 1.0, -1.0, 1.0)
    with pytest.raises(RuntimeError, match="damping is -1"):
        tree.LinearSpringDamper(body, [0, 0, 0], plant.world_body(),
                                [0, 0, 0], 1.0, 1.0, -1.0)
    with pytest.raises(RuntimeError, match="stiffness of the spring"):
        tree.RevoluteSpring(joint, 0.0, -2.0)
    config = tree.DoorHingeConfig(viscous_friction=-1.0)
    with pytest.raises(RuntimeError, match="viscous_friction is -1"):
        tree.DoorHinge(joint, config)
    with pytest.raises(RuntimeError, match="force damping constants"):
        tree.LinearBushingRollPitchYaw(
            plant.world_frame(), body.body_frame(), [1, 1, 1], [1, 1, 1],
            [1, 1, 1], [1, -1, 1])
    spring = plant.AddForceElement(tree.RevoluteSpring(joint, 0.0, 2.0))
    plant.Finalize()
    context = plant.CreateDefaultContext()
    with pytest.raises(RuntimeError, match="SetStiffness"):
        spring.SetStiffness(context, -1.0)
    # P and Q coincide: the direction is undefined.
    plant2 = ossa.multibody.plant.MultibodyPlant(0.0)
    b2 = plant2.AddRigidBody("b2", tree.SpatialInertia.SolidBoxWithMass(
        1.0, 0.1, 0.2, 0.3))
    plant2.AddJoint(tree.PrismaticJoint(
        "x", plant2.world_frame(), b2.body_frame(), [1.0, 0.0, 0.0]))
    plant2.AddForceElement(tree.LinearSpringDamper(
        plant2.world_body(), [0, 0, 0], b2, [0, 0, 0], 1.0, 1.0, 1.0))
    plant2.Finalize()
    context2 = plant2.CreateDefaultContext()
    with pytest.raises(RuntimeError, match="length of the spring became"):
        plant2.CalcPotentialEnergy(context2)


@pytest.mark.parametrize("seed", SEEDS[:2])
def test_locked_joints_forward_dynamics(with_bushings, seed):
    # Locked joints: zero velocity, zero acceleration, and the other dofs
    # move as if the locked ones were welds (the reference's continuous
    # plant does the same).
    pair = with_bushings
    pair.random_state(np.random.default_rng(seed))

    def locked(lib, plant, context):
        joints = [plant.GetJointByName(name) for name in ("slide", "elbow")]
        for joint in joints:
            joint.Lock(context)
        xdot = plant.EvalTimeDerivatives(context).CopyToVector()
        v = plant.GetVelocities(context)
        for joint in joints:
            joint.Unlock(context)
        return np.concatenate([v, xdot])

    pair.compare("forward dynamics with locked joints", locked)
