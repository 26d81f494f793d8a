"""Plant constraints imposed by the SAP family's discrete step, against the
reference (pydrake): each scene is built by one function run against both
modules, stepped at h = 1 ms for 1 s with DiscreteContactApproximation.kSap
(and the other SAP approximations where it matters), and the states after
1 s must agree to 1e-6 relative.

Scenes: a free body hanging from the world by a ball constraint (a spherical
pendulum), a coupler-driven gear pair, a free body held to a swinging link by
a weld constraint, a free body on a rigid and on a soft distance constraint,
and four_bar.sdf (its loop closed by a ball constraint).

Closed forms: the coupler holds q0 = ρ·q1 + Δq and the ball-constrained,
welded and rigid distance-constrained points stay put to near-rigid
accuracy; a coupler engaging two balanced wheels is an inelastic impact
(momentum conserved, velocities in closed form) after which the energy of
the conservative scene never increases. (The scenes with gravity gain and
lose energy at O(h) in both libraries: that is the symplectic Euler step,
not the constraints.)

Also: joint reaction forces include the constraint forces as the reference
applies them; the constraints' β is the reference's fixed 0.1, not the
plant's sap_near_rigid_threshold; a constraint on the world body itself
works (pydrake 1.51 crashes on it, so the agreement scenes tie to a welded
anchor body); a constraint without degrees of freedom raises, naming it.
"""

import math
import pathlib

import numpy as np
import pytest

pytest.importorskip("pydrake.all")

from peer_modules import ModuleSet, PlantScene  # noqa: E402

pytestmark = pytest.mark.usefixtures("quiet_logs")

H = 1e-3
FOUR_BAR = str(pathlib.Path(__file__).resolve().parents[3] / "models" /
               "drake" / "four_bar.sdf")
INF = math.inf


OSSA = ModuleSet("ossa")
DRAKE = ModuleSet("pydrake")


class Scene(PlantScene):
    """A discrete plant (h = 1 ms) built by `populate(lib, plant)` (which
    returns a dict of the elements the checks need), finalized, set up by
    `setup(scene)`, in a Simulator."""

    def __init__(self, lib, populate, approximation="kSap"):
        super().__init__(lib, populate, H, approximation=approximation)

    def point_in_world(self, body, p_B):
        X_WB = self.plant.EvalBodyPoseInWorld(self.plant_context, body)
        return np.array(X_WB.multiply(np.asarray(p_B, float)))

    def place(self, body, p_WB, V_WB=None):
        """Puts a free body at p_WB (no rotation), moving at V_WB."""
        self.set_free_body(body, self.lib.math.RigidTransform(p_WB), V_WB)


def run_both(populate, setup, approximation="kSap", duration=1.0):
    """Steps both for `duration`; returns the two scenes and the relative
    state difference ‖x_ossa − x_ref‖/max(1, ‖x_ref‖)."""
    so = Scene(OSSA, populate, approximation)
    sd = Scene(DRAKE, populate, approximation)
    setup(so)
    setup(sd)
    assert np.allclose(so.state(), sd.state(), rtol=0, atol=1e-15)
    so.advance(duration)
    sd.advance(duration)
    xo, xd = so.state(), sd.state()
    err = np.linalg.norm(xo - xd) / max(1.0, np.linalg.norm(xd))
    return so, sd, err


# --- Scenes -----------------------------------------------------------------

def box(lib, mass=1.0, size=(0.1, 0.2, 0.3)):
    return lib.tree.SpatialInertia.SolidBoxWithMass(mass, *size)


def anchor(lib, plant):
    """A body welded to the world at its origin. The scenes tie their
    constraints to it rather than to the world body: pydrake 1.51 crashes
    (segmentation fault in its SAP driver) on a ball or distance constraint
    whose body is the world itself; ossa handles both alike."""
    body = plant.AddRigidBody("anchor", box(lib))
    plant.WeldFrames(plant.world_frame(), body.body_frame())
    return body


def spherical_pendulum(lib, plant):
    """A free box whose point Q = (0.05, 0.1, 0.15) is tied to the world
    origin by a ball constraint."""
    body = plant.AddRigidBody("bob", box(lib))
    plant.AddBallConstraint(anchor(lib, plant), [0.0, 0.0, 0.0], body,
                            [0.05, 0.1, 0.15])
    return {"body": body, "p_BQ": [0.05, 0.1, 0.15]}


def setup_spherical_pendulum(scene):
    # Q = Bo + (0.05, 0.1, 0.15) at the world origin, spinning about it:
    # v_WBo = −w × p_BoQ makes Q's velocity zero.
    w = np.array([0.5, -1.0, 2.0])
    v = -np.cross(w, [0.05, 0.1, 0.15])
    scene.place(scene.parts["body"], [-0.05, -0.1, -0.15],
                        np.concatenate([w, v]))


def gear_pair(ratio, offset):
    def populate(lib, plant):
        """Two unbalanced wheels on revolute joints about y, coupled by
        q0 = ρ·q1 + Δq; the second one actuated by a constant torque."""
        wheels, joints = [], []
        for i in range(2):
            # A solid cylinder whose axle (the body origin) is 3 or 6 cm off
            # its center, so that gravity drives the pair.
            M_BBo_B = lib.tree.SpatialInertia.SolidCylinderWithMass(
                2.0, 0.1, 0.05, [0.0, 1.0, 0.0]).Shift(
                    [-0.03 * (i + 1), 0.0, 0.0])
            body = plant.AddRigidBody(f"wheel{i}", M_BBo_B)
            joint = plant.AddJoint(lib.tree.RevoluteJoint(
                f"axle{i}", plant.world_frame(), body.body_frame(),
                [0.0, 1.0, 0.0]))
            joint.set_default_angle(0.0)
            wheels.append(body)
            joints.append(joint)
        plant.AddJointActuator("motor", joints[1])
        plant.AddCouplerConstraint(joints[0], joints[1], ratio, offset)
        return {"joints": joints}
    return populate


def setup_gear_pair(ratio, offset):
    def setup(scene):
        j0, j1 = scene.parts["joints"]
        j1.set_angle(scene.plant_context, 0.2)
        j0.set_angle(scene.plant_context, ratio * 0.2 + offset)
        j1.set_angular_rate(scene.plant_context, 1.5)
        j0.set_angular_rate(scene.plant_context, ratio * 1.5)
        scene.plant.get_actuation_input_port().FixValue(scene.plant_context,
                                                        [0.3])
    return setup


def welded_bob(lib, plant):
    """A link on a revolute joint (about y, through the world origin) and a
    free box held to the link's end by a weld constraint."""
    link = plant.AddRigidBody("link", box(lib, 1.0, (1.0, 0.05, 0.05)))
    plant.AddJoint(lib.tree.RevoluteJoint(
        "pin", plant.world_frame(), link.body_frame(), [0.0, 1.0, 0.0]))
    bob = plant.AddRigidBody("bob", box(lib, 0.5))
    X_AP = lib.math.RigidTransform([0.6, 0.0, 0.0])
    plant.AddWeldConstraint(link, X_AP, bob, lib.math.RigidTransform())
    return {"link": link, "bob": bob}


def setup_welded_bob(scene):
    # The link horizontal along x at rest; the bob at its end, so that the
    # weld holds from the start.
    scene.place(scene.parts["bob"], [0.6, 0.0, 0.0])


def distance_pendulum(stiffness, damping):
    def populate(lib, plant):
        """A free box hanging from the world point (0, 0, 1) by a distance
        constraint of length 0.8 to its point Q = (0, 0, 0.1)."""
        body = plant.AddRigidBody("bob", box(lib))
        plant.AddDistanceConstraint(anchor(lib, plant), [0.0, 0.0, 1.0], body,
                                    [0.0, 0.0, 0.1], 0.8, stiffness, damping)
        return {"body": body}
    return populate


def setup_distance_pendulum(scene):
    # Q 0.8 m from the anchor, off to the side, moving sideways.
    p_WQ = np.array([0.8 * math.sin(0.5), 0.0, 1.0 - 0.8 * math.cos(0.5)])
    scene.place(scene.parts["body"], p_WQ - [0.0, 0.0, 0.1],
                        [0.0, 0.0, 0.0, 0.0, 1.0, 0.0])


def four_bar(lib, plant):
    lib.parsing.Parser(plant).AddModels(FOUR_BAR)
    return {}


def setup_four_bar(scene):
    # The configuration of the reference's four-bar example (links of 4 m,
    # ground link of 2 m): qA = atan2(√15, 1), qB = π − qA, qC = qB.
    qA = math.atan2(math.sqrt(15.0), 1.0)
    qB = math.pi - qA
    plant, ctx = scene.plant, scene.plant_context
    plant.GetJointByName("joint_WA").set_angle(ctx, qA)
    plant.GetJointByName("joint_AB").set_angle(ctx, qB)
    plant.GetJointByName("joint_WC").set_angle(ctx, qB)
    plant.GetJointByName("joint_WA").set_angular_rate(ctx, 1.0)


# --- Tests ------------------------------------------------------------------

@pytest.mark.parametrize("approximation", ["kSap", "kLagged"])
def test_spherical_pendulum(approximation):
    so, sd, err = run_both(spherical_pendulum, setup_spherical_pendulum,
                           approximation)
    assert err <= 1e-6, err
    # The ball-constrained point stays at the world origin: near-rigid
    # accuracy (R·h²·|f| ~ 1e-6 m for this 1 kg bob).
    p = so.point_in_world(so.parts["body"], so.parts["p_BQ"])
    assert np.linalg.norm(p) < 1e-4, p


def balanced_gear_pair(lib, plant):
    """Two wheels (solid cylinders, I = 0.01 kg·m² about their axles through
    their centers) coupled by q0 = 2·q1: no gravity torque, so the scene is
    conservative."""
    joints = []
    for i in range(2):
        M = lib.tree.SpatialInertia.SolidCylinderWithMass(
            2.0, 0.1, 0.05, [0.0, 1.0, 0.0])
        body = plant.AddRigidBody(f"wheel{i}", M)
        joints.append(plant.AddJoint(lib.tree.RevoluteJoint(
            f"axle{i}", plant.world_frame(), body.body_frame(),
            [0.0, 1.0, 0.0])))
    plant.AddCouplerConstraint(joints[0], joints[1], 2.0, 0.0)
    return {"joints": joints}


def test_coupler_is_inelastic_and_energy_never_increases():
    # Wheel 1 spins at 1.5 rad/s, wheel 0 at rest: the first step is an
    # inelastic impact that conserves p = ρ·I·v0 + I·v1 = 0.015 N·m·s and
    # ends on v1 = p/((ρ² + 1)·I) = 0.3, v0 = 0.6 rad/s, to near-rigid
    # accuracy: the step leaves the fraction 1/(1 + 4π²/β²) ≈ 2.5e-4 of the
    # constraint velocity (β = 0.1). Then the energy ½·p²/((ρ² + 1)·I) =
    # 2.25e-3 J never increases (round-off slack).
    so = Scene(OSSA, balanced_gear_pair)
    j0, j1 = so.parts["joints"]
    j1.set_angular_rate(so.plant_context, 1.5)
    e = so.energy()
    energies = []
    for k in range(1, 1001):
        so.advance(k * H)
        if k == 1:
            v0 = j0.get_angular_rate(so.plant_context)
            v1 = j1.get_angular_rate(so.plant_context)
            # The residual constraint velocity v0 − 2·v1 is about 2.5e-4 of
            # the initial −3 rad/s, and moves each velocity by at most that.
            assert abs(v0 - 2.0 * v1) < 2.6e-4 * 3.0
            assert abs(v0 - 0.6) < 8e-4 and abs(v1 - 0.3) < 8e-4
        energies.append(so.energy())
    energies = np.array(energies)
    assert energies[0] < e
    assert np.all(np.diff(energies) <= 1e-15), np.diff(energies).max()
    assert abs(energies[-1] - 2.25e-3) < 1e-6


@pytest.mark.parametrize("ratio,offset", [(2.0, 0.1), (-0.5, 0.0)])
def test_gear_pair(ratio, offset):
    so, sd, err = run_both(gear_pair(ratio, offset),
                           setup_gear_pair(ratio, offset))
    assert err <= 1e-6, err
    j0, j1 = so.parts["joints"]
    q0 = j0.get_angle(so.plant_context)
    q1 = j1.get_angle(so.plant_context)
    # The coupler holds to near-rigid accuracy.
    assert abs(q0 - ratio * q1 - offset) < 1e-4, (q0, q1)


def test_weld_holds_free_body():
    so, sd, err = run_both(welded_bob, setup_welded_bob)
    assert err <= 1e-6, err
    # The bob follows the link's end, and the link swung (by about 3 rad).
    X_WL = so.plant.EvalBodyPoseInWorld(so.plant_context, so.parts["link"])
    X_WB = so.plant.EvalBodyPoseInWorld(so.plant_context, so.parts["bob"])
    p_end = np.array(X_WL.multiply(np.array([0.6, 0.0, 0.0])))
    assert np.linalg.norm(np.array(X_WB.translation()) - p_end) < 1e-4
    assert so.plant.GetJointByName("pin").get_angle(so.plant_context) > 1.0


@pytest.mark.parametrize("stiffness,damping", [(INF, 0.0), (1e3, 10.0)])
def test_distance_constraint(stiffness, damping):
    so, sd, err = run_both(distance_pendulum(stiffness, damping),
                           setup_distance_pendulum)
    assert err <= 1e-6, err
    if math.isinf(stiffness):
        p = so.point_in_world(so.parts["body"], [0.0, 0.0, 0.1])
        assert abs(np.linalg.norm(p - [0.0, 0.0, 1.0]) - 0.8) < 1e-4


def test_four_bar():
    so, sd, err = run_both(four_bar, setup_four_bar)
    assert err <= 1e-6, err
    B = so.plant.GetBodyByName("B")
    C = so.plant.GetBodyByName("C")
    p_B = so.point_in_world(B, [4.0, 0.0, 0.0])
    p_C = so.point_in_world(C, [4.0, 0.0, 0.0])
    # The loop stays closed in the plane of motion (x, z); the links sit at
    # different y (0.1 and 0.2 m, for visuals), a row the revolute joints
    # about y cannot change, in both libraries.
    assert np.linalg.norm((p_B - p_C)[[0, 2]]) < 1e-3, (p_B, p_C)


def reaction_forces(scene):
    """The joint reaction forces of the last step, one row [τ; f] a joint."""
    forces = scene.plant.get_reaction_forces_output_port().Eval(
        scene.plant_context)
    return np.array([np.concatenate([np.asarray(F.rotational()),
                                     np.asarray(F.translational())])
                     for F in forces])


@pytest.mark.parametrize("name", ["ball", "gear", "weld", "distance",
                                  "four_bar"])
def test_reaction_forces_include_constraint_forces(name):
    # As the reference, couplers act as generalized forces and the other
    # kinds as spatial forces on their two bodies (at P and Q, or at the
    # weld's midpoint): the joint reaction forces after 0.1 s agree to 1e-6
    # of the largest.
    populate, setup = {
        "ball": (spherical_pendulum, setup_spherical_pendulum),
        "gear": (gear_pair(2.0, 0.1), setup_gear_pair(2.0, 0.1)),
        "weld": (welded_bob, setup_welded_bob),
        "distance": (distance_pendulum(INF, 0.0), setup_distance_pendulum),
        "four_bar": (four_bar, setup_four_bar),
    }[name]
    so, sd, err = run_both(populate, setup, duration=0.1)
    assert err <= 1e-6, err
    fo, fd = reaction_forces(so), reaction_forces(sd)
    assert fo.shape == fd.shape
    scale = max(1.0, np.abs(fd).max())
    assert np.abs(fo - fd).max() <= 1e-6 * scale, (fo, fd)


def test_ball_to_the_world_body_equals_ball_to_an_anchor():
    # ossa accepts the world itself as a constraint's body (the reference
    # crashes on it, see anchor()): the same motion as with an anchor body
    # welded to the world (which adds no state).
    def to_world(lib, plant):
        body = plant.AddRigidBody("bob", box(lib))
        plant.AddBallConstraint(plant.world_body(), [0.0, 0.0, 0.0], body,
                                [0.05, 0.1, 0.15])
        return {"body": body, "p_BQ": [0.05, 0.1, 0.15]}
    a = Scene(OSSA, to_world)
    b = Scene(OSSA, spherical_pendulum)
    setup_spherical_pendulum(a)
    setup_spherical_pendulum(b)
    a.advance(0.5)
    b.advance(0.5)
    assert np.allclose(a.state(), b.state(), rtol=0, atol=1e-12)


def test_near_rigid_threshold_governs_contact_only():
    # The reference's holonomic constraints use β = 0.1 whatever the plant's
    # sap_near_rigid_threshold (which only enters contact): with it at 0.5
    # the states still agree.
    def populate(lib, plant):
        plant.set_sap_near_rigid_threshold(0.5)
        return spherical_pendulum(lib, plant)
    so, sd, err = run_both(populate, setup_spherical_pendulum, duration=0.2)
    assert err <= 1e-6, err


def test_constraint_without_dofs_raises_naming_it():
    # Both bodies welded to the world: nothing can impose the ball
    # constraint, and the step says so (the reference raises too).
    def populate(lib, plant):
        a = plant.AddRigidBody("a", box(lib))
        b = plant.AddRigidBody("b", box(lib))
        plant.WeldFrames(plant.world_frame(), a.body_frame())
        plant.WeldFrames(plant.world_frame(), b.body_frame(),
                         lib.math.RigidTransform([1.0, 0.0, 0.0]))
        plant.AddBallConstraint(a, [0.0, 0.0, 0.0], b, [0.0, 0.0, 0.0])
        return {}
    scene = Scene(OSSA, populate)
    with pytest.raises(RuntimeError,
                       match="between bodies 'a' and 'b' involves no degree"):
        scene.advance(H)
