"""Compliant point contact of a continuous plant agrees with the reference
(pydrake): each scene is built by one function run against both modules.

- Contact results (bodies, force, point, separation and slip speeds, the
  point pair), generalized contact forces and time derivatives at random
  states of scenes with spheres, boxes and a half space, with and without
  contact properties (the defaults), to 1e-10 relative.
- A sphere dropped on a half space, integrated 1 s by the same fixed-step
  integrator (RK2, h = 1e-4) in both: the states agree to 1e-6 relative.
- A box (spheres at its corners) on an incline: both stick when
  tan θ <= μₛ and slide at g(sin θ − μ_d cos θ) otherwise, and agree.
- Bad input: negative properties raise naming the geometry (ossa); the
  reference's pure hydroelastic model on point-only geometry raises in
  both (ossa: "not yet supported").
"""

import math

import numpy as np
import pytest

pydrake_all = pytest.importorskip("pydrake.all")

from peer_modules import ModuleSet, PlantScene, compare_contacts  # noqa: E402
from peer_modules import close as _close  # noqa: E402
from peer_modules import contact_properties as props  # noqa: E402

OSSA = ModuleSet("ossa")
DRAKE = ModuleSet("pydrake")
G = 9.81


pytestmark = pytest.mark.usefixtures("quiet_logs")


class Scene(PlantScene):
    """A continuous plant with a SceneGraph, built by `populate(lib, plant)`
    (which returns the free bodies), finalized, with a diagram Context."""

    def __init__(self, lib, populate, contact_model=None, stiction=None):
        def configure(plant):
            if contact_model is not None:
                plant.set_contact_model(contact_model(lib))
            if stiction is not None:
                plant.set_stiction_tolerance(stiction)
        super().__init__(lib, populate, 0.0, configure)
        self.bodies = self.parts

    def set_body(self, body, rpy, p, w, v):
        math_ = self.lib.math
        X = math_.RigidTransform(
            math_.RotationMatrix(math_.RollPitchYaw(rpy)), p)
        self.set_free_body(body, X, np.concatenate([w, v]))

    def xdot(self):
        return np.array(self.plant.EvalTimeDerivatives(
            self.plant_context).CopyToVector())


# --- Scenes -----------------------------------------------------------------

def ball_and_ground(lib, plant, ball_props=None, ground_props=None):
    ball = plant.AddRigidBody(
        "ball", lib.tree.SpatialInertia.SolidSphereWithMass(2.0, 0.1))
    plant.RegisterCollisionGeometry(
        plant.world_body(), lib.math.RigidTransform(),
        lib.geometry.HalfSpace(), "ground",
        ground_props if ground_props is not None else
        props(lib, friction=(0.5, 0.4)))
    plant.RegisterCollisionGeometry(
        ball, lib.math.RigidTransform(), lib.geometry.Sphere(0.1), "ball",
        ball_props if ball_props is not None else props(lib))
    return [ball]


def mixed_scene(lib, plant):
    """A sphere (default material), a second sphere and a box with their
    own materials, on a half space tilted by 0.2 rad."""
    tree, geometry, math_ = lib.tree, lib.geometry, lib.math
    a = plant.AddRigidBody("a", tree.SpatialInertia.SolidSphereWithMass(
        1.5, 0.1))
    b = plant.AddRigidBody("b", tree.SpatialInertia.SolidSphereWithMass(
        3.0, 0.15))
    c = plant.AddRigidBody("c", tree.SpatialInertia.SolidBoxWithMass(
        4.0, 0.3, 0.2, 0.1))
    X_WG = math_.RigidTransform(math_.RotationMatrix.MakeXRotation(0.2),
                                [0, 0, 0])
    plant.RegisterCollisionGeometry(
        plant.world_body(), X_WG, geometry.HalfSpace(), "ground",
        props(lib, k=2e5, d=3.0, friction=(0.9, 0.6)))
    plant.RegisterCollisionGeometry(a, math_.RigidTransform(),
                                    geometry.Sphere(0.1), "a", props(lib))
    plant.RegisterCollisionGeometry(
        b, math_.RigidTransform(), geometry.Sphere(0.15), "b",
        props(lib, k=5e4, d=10.0, friction=(0.3, 0.2)))
    plant.RegisterCollisionGeometry(
        c, math_.RigidTransform(), geometry.Box(0.3, 0.2, 0.1), "c",
        props(lib, k=1e6, d=0.5, friction=(1.0, 1.0)))
    return [a, b, c]


def random_mixed_state(scene, rng):
    """Bodies near the ground and each other, random orientations and
    velocities (slip speeds from ~1e-5 to ~1 m/s, so every branch of the
    Stribeck curve is exercised)."""
    for body in scene.bodies:
        p = rng.uniform([-0.15, -0.15, -0.05], [0.15, 0.15, 0.12])
        scale = 10.0 ** rng.uniform(-5, 0)
        scene.set_body(body, rng.uniform(-math.pi, math.pi, 3), p,
                       scale * rng.normal(size=3), scale * rng.normal(size=3))


# --- Tests ------------------------------------------------------------------

def test_contact_results_at_random_states():
    """Closed-form penetrations (sphere–sphere, sphere–half space,
    box–half space, sphere–box), so both libraries see the same pairs:
    contact results, generalized contact forces and ẋ agree to 1e-10
    (relative to the largest force; measured 1.3e-13 over ~1450
    contacts)."""
    so, sd = Scene(OSSA, mixed_scene), Scene(DRAKE, mixed_scene)
    rng = np.random.default_rng(22)
    num_contacts = 0
    for _ in range(300):
        state = rng.bit_generator.state
        random_mixed_state(so, rng)
        rng.bit_generator.state = state
        random_mixed_state(sd, rng)
        num_contacts += compare_contacts(so, sd, 1e-10)
        tau_o = so.generalized_contact_forces()
        tau_d = sd.generalized_contact_forces()
        assert _close(tau_o, tau_d, 1e-10), (tau_o, tau_d)
        xo, xd = so.xdot(), sd.xdot()
        assert _close(xo, xd, 1e-10, scale=G), (xo, xd)
    # The scene must actually touch: most states have contacts.
    assert num_contacts > 300


def test_defaults_and_penetration_allowance_time_scale():
    """A geometry without contact properties gets the reference's
    SceneGraph defaults (k = 1e6, d = 50, μ = 0.5); the penalty time scale
    √(δ/g) follows set_penetration_allowance()."""
    for allowance in (None, 0.01):
        so = Scene(OSSA, lambda lib, plant: ball_and_ground(
            lib, plant, ball_props=props(lib), ground_props=props(lib)))
        sd = Scene(DRAKE, lambda lib, plant: ball_and_ground(
            lib, plant, ball_props=props(lib, friction=(0.5, 0.5)),
            ground_props=props(lib, friction=(0.5, 0.5))))
        if allowance is not None:
            so.plant.set_penetration_allowance(allowance)
            sd.plant.set_penetration_allowance(allowance)
        expected = math.sqrt((allowance or 1e-3) / G)
        assert so.plant.get_contact_penalty_method_time_scale() == \
            pytest.approx(expected, rel=1e-14)
        assert sd.plant.get_contact_penalty_method_time_scale() == \
            pytest.approx(expected, rel=1e-14)
        for s in (so, sd):
            s.set_body(s.bodies[0], [0.1, 0.2, 0.3], [0.1, 0.2, 0.09],
                       [0.3, 0.1, 0.2], [0.05, 0.02, -0.3])
        compare_contacts(so, sd, 1e-12)
        f = so.contacts()[0][1]
        # fₙ = 5e5·0.01·(1 + 50·0.3) on the ball (bodies ordered
        # ("ball", "world"): B is the world, pushed down).
        assert f[2] == pytest.approx(-5e5 * 0.01 * (1 + 50 * 0.3), rel=1e-12)


def simulate(scene, t_final, h):
    simulator = scene.lib.analysis.Simulator(scene.diagram, scene.context)
    scene.lib.analysis.ResetIntegratorFromFlags(simulator, "runge_kutta2", h)
    simulator.Initialize()
    simulator.AdvanceTo(t_final)
    return np.array(scene.plant.GetPositionsAndVelocities(
        scene.plant_context))


def test_sphere_drop_agrees_over_one_second():
    """Dropped from 0.3 m with spin and lateral velocity: it bounces
    (Hunt–Crossley with the default d = 50 s/m), slides, then rolls. Fixed
    step RK2 at h = 1e-4 in both: the same law and integrator, so the
    states agree to 1e-6 relative (measured 8e-8: rounding differences grow
    through the bounces and the Stribeck transitions)."""
    def populate(lib, plant):
        return ball_and_ground(lib, plant,
                               ground_props=props(lib, k=2e5, d=5.0,
                                                  friction=(0.6, 0.4)))
    states = []
    for lib in (OSSA, DRAKE):
        s = Scene(lib, populate)
        s.set_body(s.bodies[0], [0, 0, 0], [0, 0, 0.3], [0, 5.0, 1.0],
                   [1.0, 0, 0])
        states.append(simulate(s, 1.0, 1e-4))
    xo, xd = states
    assert _close(xo, xd, 1e-6), (xo, xd)
    # Resting on the ground by then: height R − m·g/k with k the combined
    # stiffness 1e6·2e5/(1e6 + 2e5) (the ball has the default 1e6).
    k = 1e6 * 2e5 / 1.2e6
    assert xo[6] == pytest.approx(0.1 - 2.0 * G / k, abs=1e-5)


def box_with_corner_spheres(lib, plant, theta, mu_s, mu_d):
    """A 2 kg box of side 0.2 m with a small sphere (r = 1 mm) at each of
    its 8 corners, on the half space tilted by θ about x."""
    tree, geometry, math_ = lib.tree, lib.geometry, lib.math
    box = plant.AddRigidBody("box", tree.SpatialInertia.SolidBoxWithMass(
        2.0, 0.2, 0.2, 0.2))
    X_WG = math_.RigidTransform(math_.RotationMatrix.MakeXRotation(theta),
                                [0, 0, 0])
    plant.RegisterCollisionGeometry(
        plant.world_body(), X_WG, geometry.HalfSpace(), "ground",
        props(lib, k=1e6, d=20.0, friction=(mu_s, mu_d)))
    i = 0
    for x in (-0.1, 0.1):
        for y in (-0.1, 0.1):
            for z in (-0.1, 0.1):
                plant.RegisterCollisionGeometry(
                    box, math_.RigidTransform([x, y, z]),
                    geometry.Sphere(1e-3), f"corner{i}",
                    props(lib, k=1e6, d=20.0, friction=(mu_s, mu_d)))
                i += 1
    return [box]


@pytest.mark.parametrize("tan_theta", [0.45, 0.7])
def test_box_on_incline_sticks_iff_tan_theta_at_most_mu(tan_theta):
    """μₛ = 0.6, μ_d = 0.5, stiction tolerance 1e-3 m/s. Released at rest
    at its equilibrium penetration, the box rocks on its stiff contacts for
    a few milliseconds (its corners slip faster than 3·vₜₒₗ). With
    tan θ = 0.45 <= μ_d it then sticks: it creeps slower than vₜₒₗ, so
    after 0.5 s it has moved less than vₜₒₗ·0.5 s plus the transient's
    1e-4 m, at the creep speed s*·vₜₒₗ where μₛ·σ(s*) = tan θ
    (σ(s) = 10s³ − 15s⁴ + 6s⁵), to 1%. With tan θ = 0.7 > μₛ it slides at g(sin θ − μ_d cos θ):
    ½·a·t² to 2% (the first milliseconds of slip are below 3·vₜₒₗ). (With
    μ_d < tan θ <= μₛ the regularized model breaks away or not depending
    on that transient, in both libraries.) Both agree to 1e-6 relative
    (RK2, h = 5e-5; measured 7e-12)."""
    theta = math.atan(tan_theta)
    mu_s, mu_d = 0.6, 0.5
    # Four corners touch: each carries m·g·cos θ/4 with the combined
    # stiffness 5e5.
    n = np.array([0, -math.sin(theta), math.cos(theta)])
    p0 = (0.101 - 2.0 * G * math.cos(theta) / 4 / 5e5) * n
    finals = []
    for lib in (OSSA, DRAKE):
        s = Scene(lib, lambda lib, plant: box_with_corner_spheres(
            lib, plant, theta, mu_s, mu_d), stiction=1e-3)
        s.set_body(s.bodies[0], [theta, 0, 0], p0, [0, 0, 0], [0, 0, 0])
        finals.append(simulate(s, 0.5, 5e-5))
    xo, xd = finals
    assert _close(xo, xd, 1e-6), (xo, xd)
    down = np.array([0, -math.cos(theta), -math.sin(theta)])
    travel = (xo[4:7] - p0).dot(down)
    if tan_theta <= mu_d:
        assert abs(travel) < 1e-3 * 0.5 + 1e-4
        # Creeping at s*·vₜₒₗ < vₜₒₗ.
        lo, hi = 0.0, 1.0
        for _ in range(100):
            mid = 0.5 * (lo + hi)
            if mu_s * mid ** 3 * (10 + mid * (6 * mid - 15)) < tan_theta:
                lo = mid
            else:
                hi = mid
        assert xo[10:13].dot(down) == pytest.approx(lo * 1e-3, rel=0.01)
    else:
        expected = 0.5 * G * (math.sin(theta) - mu_d * math.cos(theta)) * 0.25
        assert travel == pytest.approx(expected, rel=0.02)


def test_bad_properties_raise_naming_the_geometry():
    for key, value in (("point_contact_stiffness", -1e5),
                       ("hunt_crossley_dissipation", -2.0)):
        def populate(lib, plant):
            p = props(lib)
            p.AddProperty("material", key, value)
            return ball_and_ground(lib, plant, ball_props=p)
        s = Scene(OSSA, populate)
        s.set_body(s.bodies[0], [0, 0, 0], [0, 0, 0.09], [0, 0, 0], [0, 0, 0])
        with pytest.raises(Exception, match=f"'ball'.*{key}|{key}.*'ball'"):
            s.contacts()
    with pytest.raises(Exception, match="negative"):
        OSSA.plant.CoulombFriction(-0.5, -0.5)


def test_pure_hydroelastic_raises_in_both():
    for lib, message in ((OSSA, "not yet supported"),
                         (DRAKE, "hydroelastic")):
        s = Scene(lib, ball_and_ground,
                  contact_model=lambda lib: lib.plant.ContactModel.kHydroelastic)
        s.set_body(s.bodies[0], [0, 0, 0], [0, 0, 0.09], [0, 0, 0], [0, 0, 0])
        with pytest.raises(Exception, match=message):
            s.contacts()
    # The default, kHydroelasticWithFallback, uses point contact for
    # geometry without hydroelastic properties, in both.
    for lib in (OSSA, DRAKE):
        s = Scene(lib, ball_and_ground)
        assert s.plant.get_contact_model() == \
            lib.plant.ContactModel.kHydroelasticWithFallback
        s.set_body(s.bodies[0], [0, 0, 0], [0, 0, 0.09], [0, 0, 0], [0, 0, 0])
        assert len(s.contacts()) == 1


def test_contact_never_adds_energy():
    """A ball released at rest above a half space tilted by 0.3 rad
    (friction μ = 0.6/0.4, so it bounces, slips and rolls): the energy
    E = KE + PE_gravity + ½·k·x² (x the penetration, k the combined
    stiffness: the Hunt–Crossley force stores ½kx² and dissipates the rest,
    friction only dissipates) never grows, sampled every millisecond over
    1 s, beyond the integrator's error (RK2, h = 1e-5: the largest
    increase between samples measured 6e-14 J, allowed 1e-8 J, of
    E₀ = 5.886 J; 2.29 J remain). Checked in both libraries, which also
    agree on E(t) to 1e-6 relative (measured 1e-7)."""
    def populate(lib, plant):
        ground = lib.math.RigidTransform(
            lib.math.RotationMatrix.MakeXRotation(0.3), [0, 0, 0])
        ball = plant.AddRigidBody(
            "ball", lib.tree.SpatialInertia.SolidSphereWithMass(2.0, 0.1))
        plant.RegisterCollisionGeometry(
            plant.world_body(), ground, lib.geometry.HalfSpace(), "ground",
            props(lib, k=2e5, d=5.0, friction=(0.6, 0.4)))
        plant.RegisterCollisionGeometry(
            ball, lib.math.RigidTransform(), lib.geometry.Sphere(0.1), "ball",
            props(lib, k=2e5, d=5.0, friction=(0.6, 0.4)))
        return [ball]
    k = 1e5  # two geometries of 2e5 in series
    energies = []
    for lib in (OSSA, DRAKE):
        s = Scene(lib, populate)
        s.set_body(s.bodies[0], [0, 0, 0], [0, 0, 0.3], [0, 0, 0], [0, 0, 0])
        simulator = lib.analysis.Simulator(s.diagram, s.context)
        lib.analysis.ResetIntegratorFromFlags(simulator, "runge_kutta2",
                                              1e-5)
        simulator.Initialize()
        e = []
        for i in range(1001):
            simulator.AdvanceTo(i * 1e-3)
            x = sum(c[5] for c in s.contacts())
            e.append(s.plant.EvalKineticEnergy(s.plant_context) +
                     s.plant.EvalPotentialEnergy(s.plant_context) +
                     0.5 * k * x * x)
        e = np.array(e)
        assert np.max(np.diff(e)) < 1e-8, np.max(np.diff(e))
        # It did touch and lose energy.
        assert e[-1] < e[0] - 0.1
        energies.append(e)
    assert _close(energies[0], energies[1], 1e-6)


def test_pendulum_reaction_forces_include_contact():
    """A pendulum (revolute joint 0.5 m above a half space, bob of radius
    0.1 m at 0.45 m) hitting the ground: contact results, ẋ and the joint's
    reaction force — which carries the contact force — agree to 1e-10 at
    random states."""
    def populate(lib, plant):
        bob = plant.AddRigidBody(
            "bob", lib.tree.SpatialInertia.SolidSphereWithMass(1.0, 0.1))
        plant.AddJoint(lib.tree.RevoluteJoint(
            "pin", plant.world_frame(), bob.body_frame(), [1.0, 0, 0]))
        plant.RegisterCollisionGeometry(
            plant.world_body(),
            lib.math.RigidTransform([0, 0, -0.5]),
            lib.geometry.HalfSpace(), "ground",
            props(lib, k=1e5, d=2.0, friction=(0.7, 0.5)))
        plant.RegisterCollisionGeometry(
            bob, lib.math.RigidTransform([0, 0, -0.45]),
            lib.geometry.Sphere(0.1), "bob", props(lib))
        return [bob]
    so, sd = Scene(OSSA, populate), Scene(DRAKE, populate)
    rng = np.random.default_rng(7)
    touching = 0
    for _ in range(100):
        q = rng.uniform(-1.0, 1.0)
        v = rng.normal() * 10.0 ** rng.uniform(-4, 0)
        for s in (so, sd):
            s.plant.SetPositions(s.plant_context, [q])
            s.plant.SetVelocities(s.plant_context, [v])
        touching += compare_contacts(so, sd, 1e-10)
        assert _close(so.xdot(), sd.xdot(), 1e-10, scale=G)
        fo = so.plant.get_reaction_forces_output_port().Eval(so.plant_context)
        fd = sd.plant.get_reaction_forces_output_port().Eval(sd.plant_context)
        for a, b in zip(fo, fd):
            assert _close(np.concatenate([a.rotational(), a.translational()]),
                          np.concatenate([b.rotational(), b.translational()]),
                          1e-10, scale=G)
    assert 20 < touching < 100
