"""Discrete point contact agrees with the reference (pydrake): each scene is
built by one function run against both modules and stepped at h = 1 ms.

- A sphere dropped on a half space, a box (spheres at its bottom corners)
  sliding and one sticking on an incline, block_on_halfspace.sdf (ground
  welded): the state after 1 s agrees to 1e-6 relative and the contact
  results after every step to 1e-6 (relative to the largest force), with
  each approximation of the SAP family the reference offers.
- A stack of five boxes settles to the same heights (1e-4 m).
- Closed forms: the resting penetration is m·g/k under the SAP model's
  near-rigid regularization off; an incline sticks iff tan θ ≤ μ and
  otherwise the box accelerates at g(sin θ − μ cos θ); contact never adds
  energy to a scene started at rest.
- Bad input: NaN states, negative stiffness, dissipation or friction raise;
  kTamsi with contact raises "not yet supported".
"""

import math
import os

import numpy as np
import pytest

pydrake_all = pytest.importorskip("pydrake.all")

from peer_modules import ModuleSet, PlantScene, compare_contacts  # noqa: E402
from peer_modules import close as _close  # noqa: E402
from peer_modules import contact_properties as props  # noqa: E402

MODELS = os.path.join(os.path.dirname(__file__), "..", "..", "..", "..",
                      "shared", "models")
if not os.path.isdir(MODELS):
    MODELS = "/work/shared/models"
H = 1e-3
G = 9.81


OSSA = ModuleSet("ossa")
DRAKE = ModuleSet("pydrake")
APPROXIMATIONS = ("kTamsi", "kSap", "kSimilar", "kLagged")


pytestmark = pytest.mark.usefixtures("quiet_logs")


class Scene(PlantScene):
    """A discrete plant (h = 1 ms) with a SceneGraph and the given contact
    approximation, built by `populate(lib, plant)` (which returns the bodies
    whose state is set), finalized, with a Simulator."""

    def __init__(self, lib, populate, approximation="kSap"):
        super().__init__(lib, populate, H, approximation=approximation)
        self.bodies = self.parts

    def set_pose(self, body, R, p):
        math_ = self.lib.math
        self.set_free_body(body,
                           math_.RigidTransform(math_.RotationMatrix(R), p))


# --- Scenes -----------------------------------------------------------------

def sphere_on_ground(lib, plant):
    ball = plant.AddRigidBody(
        "ball", lib.tree.SpatialInertia.SolidSphereWithMass(2.0, 0.1))
    plant.RegisterCollisionGeometry(
        plant.world_body(), lib.math.RigidTransform(),
        lib.geometry.HalfSpace(), "ground",
        props(lib, k=1e5, d=5.0, tau=0.02, friction=(0.5, 0.4)))
    plant.RegisterCollisionGeometry(
        ball, lib.math.RigidTransform(), lib.geometry.Sphere(0.1), "ball",
        props(lib, k=1e5, d=5.0, tau=0.02, friction=(0.5, 0.4)))
    return [ball]


def incline(theta, mu):
    """A 1 kg box (0.2 × 0.2 × 0.1 m) resting on spheres of radius 1 cm at
    its bottom corners, on a half space tilted by θ about x, friction μ.
    The soft contact (3e3 N/m per geometry, ~0.5 mm penetration) keeps a
    sliding box on its four corners under kSimilar: stiffer, it hops
    (the model's normal–friction coupling lifts a sliding contact by about
    μ·vₜ·h per step, in both libraries), and the hops make the trajectory
    chaotic (a 1e-14 difference grows to 1e-6 within 250 steps)."""

    def populate(lib, plant):
        tree, geometry, math_ = lib.tree, lib.geometry, lib.math
        box = plant.AddRigidBody(
            "box", tree.SpatialInertia.SolidBoxWithMass(1.0, 0.2, 0.2, 0.1))
        X_WG = math_.RigidTransform(math_.RotationMatrix.MakeXRotation(theta),
                                    [0, 0, 0])
        plant.RegisterCollisionGeometry(
            plant.world_body(), X_WG, geometry.HalfSpace(), "ground",
            props(lib, k=3e3, d=10.0, tau=0.01, friction=(mu, mu)))
        for i, (x, y) in enumerate([(1, 1), (1, -1), (-1, 1), (-1, -1)]):
            plant.RegisterCollisionGeometry(
                box, math_.RigidTransform([0.1 * x, 0.1 * y, -0.05]),
                geometry.Sphere(0.01), f"corner{i}",
                props(lib, k=3e3, d=10.0, tau=0.01, friction=(mu, mu)))
        return [box]

    return populate


def place_on_incline(scene, theta, gap=-1e-4):
    """The box on the incline, its corner spheres `gap` above it."""
    R = scene.lib.math.RotationMatrix.MakeXRotation(theta)
    n = np.array(R.col(2))
    scene.set_pose(scene.bodies[0], R, (0.05 + 0.01 + gap) * n)


def block_on_halfspace(lib, plant):
    parser = lib.parsing.Parser(plant)
    parser.AddModels(os.path.join(MODELS, "drake", "block_on_halfspace.sdf"))
    ground = plant.GetBodyByName("ground")
    plant.WeldFrames(plant.world_frame(), ground.body_frame(),
                     lib.math.RigidTransform([0, 0, -1]))
    return [plant.GetBodyByName("box")]


def box_stack(n):
    """n boxes (1 kg, 0.2 × 0.2 × 0.1 m) standing on spheres of radius 1 cm
    centred at their bottom corners: every contact (sphere–box, sphere–half
    space) has a closed-form point, so both geometry engines agree."""

    def populate(lib, plant):
        tree, geometry, math_ = lib.tree, lib.geometry, lib.math
        material = dict(k=1e6, d=10.0, tau=0.01, friction=(0.8, 0.6))
        plant.RegisterCollisionGeometry(
            plant.world_body(), math_.RigidTransform(), geometry.HalfSpace(),
            "ground", props(lib, **material))
        boxes = []
        for i in range(n):
            b = plant.AddRigidBody(
                f"box{i}",
                tree.SpatialInertia.SolidBoxWithMass(1.0, 0.2, 0.2, 0.1))
            plant.RegisterCollisionGeometry(
                b, math_.RigidTransform(), geometry.Box(0.2, 0.2, 0.1),
                f"box{i}", props(lib, **material))
            for j, (x, y) in enumerate([(1, 1), (1, -1), (-1, 1), (-1, -1)]):
                plant.RegisterCollisionGeometry(
                    b, math_.RigidTransform([0.1 * x, 0.1 * y, -0.05]),
                    geometry.Sphere(0.01), f"box{i}_foot{j}",
                    props(lib, **material))
            boxes.append(b)
        return boxes

    return populate


# --- Helpers ----------------------------------------------------------------

def run_both(populate, approximation, setup, duration=1.0, rtol=1e-6):
    """Steps both for `duration`, comparing the contact results after every
    step; returns the two scenes."""
    so = Scene(OSSA, populate, approximation)
    sd = Scene(DRAKE, populate, approximation)
    setup(so)
    setup(sd)
    assert _close(so.state(), sd.state(), 1e-15)
    num_contacts = 0
    steps = int(round(duration / H))
    for k in range(1, steps + 1):
        so.advance(k * H)
        sd.advance(k * H)
        num_contacts += compare_contacts(so, sd, rtol)
    xo, xd = so.state(), sd.state()
    err = np.linalg.norm(xo - xd) / max(1.0, np.linalg.norm(xd))
    assert err <= rtol, (err, xo, xd)
    assert num_contacts > 0
    return so, sd


# --- Tests ------------------------------------------------------------------

@pytest.mark.parametrize("approximation", APPROXIMATIONS)
def test_sphere_drop(approximation):
    def setup(scene):
        scene.set_pose(scene.bodies[0], np.eye(3), [0.0, 0.0, 0.3])

    so, _ = run_both(sphere_on_ground, approximation, setup)
    # Rests at about the penetration m·g/k (k = 1e5 ⊕ 1e5 = 5e4 N/m).
    z = so.state()[6]
    assert abs((0.1 - z) - 2.0 * G / 5e4) < 0.2 * 2.0 * G / 5e4


@pytest.mark.parametrize("approximation", APPROXIMATIONS)
@pytest.mark.parametrize("theta,mu", [(0.3, 0.2), (0.3, 0.5)])
def test_incline(approximation, theta, mu):
    def setup(scene):
        place_on_incline(scene, theta)

    so, _ = run_both(incline(theta, mu), approximation, setup)
    # Velocity along the incline after 1 s.
    R = np.array(OSSA.math.RotationMatrix.MakeXRotation(theta).matrix())
    v = so.state()[-3:]
    v_along = abs(v @ R[:, 1])
    if math.tan(theta) <= mu:
        assert v_along < 1e-3
    else:
        a = G * (math.sin(theta) - mu * math.cos(theta))
        # Within the 1 s: the landing transient is short.
        assert abs(v_along - a * 1.0) < 0.02 * a


@pytest.mark.parametrize("approximation", APPROXIMATIONS)
def test_block_on_halfspace(approximation):
    def setup(scene):
        # Tilted, so that one corner lands first (a face-on-face landing
        # has no unique deepest point).
        R = scene.lib.math.RotationMatrix(
            scene.lib.math.RollPitchYaw(0.05, 0.1, 0.0))
        scene.set_pose(scene.bodies[0], R.matrix(), [0.1, 0.0, 0.6])

    run_both(block_on_halfspace, approximation, setup)


def test_box_stack_settles():
    populate = box_stack(5)

    def setup(scene):
        for i, b in enumerate(scene.bodies):
            scene.set_pose(b, np.eye(3),
                           [0.0, 0.0, 0.06 + 0.11 * i + 0.001])

    so, sd = Scene(OSSA, populate), Scene(DRAKE, populate)
    setup(so)
    setup(sd)
    so.advance(1.0)
    sd.advance(1.0)
    zo = so.state()[6:35:7]
    zd = sd.state()[6:35:7]
    assert np.max(np.abs(zo - zd)) < 1e-4, (zo, zd)


@pytest.mark.parametrize("approximation", APPROXIMATIONS)
def test_material_change_in_context(approximation):
    """The step reads each geometry's material once and caches it; a change
    of the ball's proximity properties in the Context (SceneGraph.AssignRole
    with kReplace, which the reference allows) takes effect at the next step
    in both libraries: the contacts agree every step, and the ball sinks to
    the new resting penetration m·g/k (k = 1e5 ⊕ 2e4 N/m, three times
    deeper than with 1e5 ⊕ 1e5)."""
    scenes = [Scene(lib, sphere_on_ground, approximation)
              for lib in (OSSA, DRAKE)]
    for scene in scenes:
        scene.set_pose(scene.bodies[0], np.eye(3), [0.0, 0.0, 0.099])
    depths = []
    for phase in range(2):
        for k in range(1, 301):
            for scene in scenes:
                scene.advance((300 * phase + k) * H)
            compare_contacts(*scenes, 1e-6)
        depths.append(0.1 - scenes[0].state()[6])
        if phase == 1:
            break
        for scene in scenes:
            lib, plant = scene.lib, scene.plant
            ball = plant.GetCollisionGeometriesForBody(scene.bodies[0])[0]
            sg_context = scene.scene_graph.GetMyMutableContextFromRoot(
                scene.context)
            scene.scene_graph.AssignRole(
                sg_context, plant.get_source_id(), ball,
                props(lib, k=2e4, d=5.0, tau=0.02, friction=(0.3, 0.2)),
                lib.geometry.RoleAssign.kReplace)
    xo, xd = scenes[0].state(), scenes[1].state()
    assert _close(xo, xd, 1e-6), (xo, xd)
    # Resting penetrations m·g/k before and after (within the 20 % the SAP
    # family's regularization and the residual motion leave).
    for depth, k in zip(depths, (5e4, 1e5 * 2e4 / 1.2e5)):
        assert abs(depth - 2.0 * G / k) < 0.2 * 2.0 * G / k, (depths, k)


@pytest.mark.parametrize("approximation", APPROXIMATIONS)
def test_contact_never_adds_energy(approximation):
    """Started at rest just above the incline: the mechanical energy never
    exceeds its initial value (the contact's elastic energy is ignored, so
    this bounds it from above)."""
    so = Scene(OSSA, incline(0.3, 0.2), approximation)
    place_on_incline(so, 0.3, gap=1e-4)
    e0 = so.energy()
    for k in range(1, 500):
        so.advance(k * H)
        assert so.energy() <= e0 + 1e-9 * abs(e0)


def test_generalized_contact_forces_and_results_port():
    def setup(scene):
        scene.set_pose(scene.bodies[0], np.eye(3), [0.0, 0.0, 0.099])

    so, sd = Scene(OSSA, sphere_on_ground), Scene(DRAKE, sphere_on_ground)
    setup(so)
    setup(sd)
    so.advance(0.01)
    sd.advance(0.01)
    assert _close(so.generalized_contact_forces(),
                  sd.generalized_contact_forces(), 1e-6)
    compare_contacts(so, sd, 1e-6)


def test_bad_input():
    so = Scene(OSSA, sphere_on_ground)
    x = so.state()
    x[4] = np.nan
    with pytest.raises(Exception, match="nan"):
        so.set_state(x)
    for bad, match in ((dict(k=-1.0), "ground"), (dict(d=-1.0), "ground"),
                       (dict(tau=-1.0), "ground"),
                       (dict(k=0.0), "point_contact_stiffness of 0")):
        def populate(lib, plant, bad=bad):
            ball = plant.AddRigidBody(
                "ball", lib.tree.SpatialInertia.SolidSphereWithMass(1.0, 0.1))
            plant.RegisterCollisionGeometry(
                plant.world_body(), lib.math.RigidTransform(),
                lib.geometry.HalfSpace(), "ground",
                props(lib, friction=(0.5, 0.5), **bad))
            plant.RegisterCollisionGeometry(
                ball, lib.math.RigidTransform(), lib.geometry.Sphere(0.1),
                "ball", props(lib, friction=(0.5, 0.5)))
            return [ball]

        s = Scene(OSSA, populate)
        s.set_pose(s.bodies[0], np.eye(3), [0, 0, 0.09])
        with pytest.raises(Exception, match=match):
            s.advance(H)
    with pytest.raises(Exception):
        OSSA.plant.CoulombFriction(-0.1, -0.1)


@pytest.mark.parametrize("model", ("kHydroelastic",))
def test_hydroelastic_not_yet_supported(model):
    def populate(lib, plant):
        plant.set_contact_model(getattr(lib.plant.ContactModel, model))
        return sphere_on_ground(lib, plant)

    s = Scene(OSSA, populate)
    s.set_pose(s.bodies[0], np.eye(3), [0, 0, 0.09])
    with pytest.raises(Exception, match="not yet supported"):
        s.advance(H)


def ball_on_slider(lib, plant):
    """A ball on a prismatic joint (world to ball) along an axis tilted by
    0.3 rad from z: the ground's normal force and friction are partly across
    the axis, so the joint's reaction carries them."""
    ball = sphere_on_ground(lib, plant)[0]
    plant.AddJoint(lib.tree.PrismaticJoint(
        "slider", plant.world_frame(), ball.body_frame(),
        [0.0, math.sin(0.3), math.cos(0.3)]))
    return [ball]


@pytest.mark.parametrize("approximation", APPROXIMATIONS)
def test_reaction_forces_include_contact(approximation):
    def setup(scene):
        scene.set_state(np.array([0.0999 / math.cos(0.3), -0.2]))

    so = Scene(OSSA, ball_on_slider, approximation)
    sd = Scene(DRAKE, ball_on_slider, approximation)
    setup(so)
    setup(sd)
    for k in range(1, 51):
        so.advance(k * H)
        sd.advance(k * H)
        fo = so.plant.get_reaction_forces_output_port().Eval(so.plant_context)
        fd = sd.plant.get_reaction_forces_output_port().Eval(sd.plant_context)
        assert len(fo) == len(fd)
        for a, b in zip(fo, fd):
            a = np.concatenate([a.rotational(), a.translational()])
            b = np.concatenate([b.rotational(), b.translational()])
            assert _close(a, b, 1e-6, scale=max(1.0, np.linalg.norm(b)))
        compare_contacts(so, sd, 1e-6)


def pressing_arm(lib, plant):
    """A 1 kg link on a pin at 0.1 m height, its tip sphere 5 cm above the
    ground; a PD actuator (effort limit 5 N·m) drives it down towards
    0.5 rad. The sphere touches the ground at asin(1/6) = 0.16745 rad and
    would rest ~0.0017 rad deeper; the joint's upper limit (0.168 rad)
    stops it first: contact, limit and clamped PD in one solve."""
    tree, math_ = lib.tree, lib.math
    link = plant.AddRigidBody(
        "link", tree.SpatialInertia.SolidBoxWithMass(1.0, 0.3, 0.05, 0.05))
    parent = plant.AddFrame(tree.FixedOffsetFrame(
        "pin_parent", plant.world_frame(), math_.RigidTransform([0, 0, 0.1])))
    child = plant.AddFrame(tree.FixedOffsetFrame(
        "pin_child", link.body_frame(), math_.RigidTransform([-0.15, 0, 0])))
    joint = plant.AddJoint(tree.RevoluteJoint(
        "pin", parent, child, [0.0, 1.0, 0.0]))
    joint.set_position_limits([-1.0], [0.168])
    actuator = plant.AddJointActuator("motor", joint, 5.0)
    actuator.set_controller_gains(lib.tree.PdControllerGains(p=100.0, d=10.0))
    plant.RegisterCollisionGeometry(
        plant.world_body(), math_.RigidTransform(), lib.geometry.HalfSpace(),
        "ground", props(lib, k=1e5, d=5.0, tau=0.02, friction=(0.5, 0.4)))
    plant.RegisterCollisionGeometry(
        link, math_.RigidTransform([0.15, 0, 0]), lib.geometry.Sphere(0.05),
        "tip", props(lib, k=1e5, d=5.0, tau=0.02, friction=(0.5, 0.4)))
    return [link]


@pytest.mark.parametrize("approximation", APPROXIMATIONS)
def test_contact_limits_and_pd_in_one_solve(approximation):
    def setup(scene):
        plant, ctx = scene.plant, scene.plant_context
        instance = plant.GetModelInstanceByName("DefaultModelInstance")
        plant.get_desired_state_input_port(instance).FixValue(
            ctx, np.array([0.5, 0.0]))
        plant.get_actuation_input_port().FixValue(ctx, np.zeros(1))
        scene.set_state(np.array([0.0, 0.0]))

    so, _ = run_both(pressing_arm, approximation, setup)
    if approximation != "kTamsi":
        # Held by the ground and the limit together (TAMSI ignores PD
        # gains, as the reference).
        assert math.asin(1 / 6) < so.state()[0] < 0.1681
        assert so.contacts()


def near_rigid_penetration(beta):
    """A near-rigid contact (k = 1e9 N/m per geometry): the SAP normal
    regularization is β²/(4π²)·w, so the sap_near_rigid_threshold β sets
    the resting penetration. Steps both libraries 0.5 s (agreement checked
    by run_both) and returns ossa's penetration."""

    def populate(lib, plant):
        plant.set_sap_near_rigid_threshold(beta)
        ball = plant.AddRigidBody(
            "ball", lib.tree.SpatialInertia.SolidSphereWithMass(2.0, 0.1))
        for body, shape, name in (
                (plant.world_body(), lib.geometry.HalfSpace(), "ground"),
                (ball, lib.geometry.Sphere(0.1), "ball")):
            plant.RegisterCollisionGeometry(
                body, lib.math.RigidTransform(), shape, name,
                props(lib, k=1e9, d=5.0, tau=0.01, friction=(0.5, 0.4)))
        return [ball]

    def setup(scene):
        scene.set_pose(scene.bodies[0], np.eye(3), [0.0, 0.0, 0.1 + 1e-3])

    so, _ = run_both(populate, "kSap", setup, duration=0.5)
    return 0.1 - so.state()[6]


def test_near_rigid_threshold():
    stiff = near_rigid_penetration(0.3)
    soft = near_rigid_penetration(1.0)
    # Rₙ ∝ β² in the near-rigid regime: the penetration scales with it.
    assert 0 < stiff < soft
    assert abs(stiff / soft - 0.3**2) < 0.05 * 0.3**2
