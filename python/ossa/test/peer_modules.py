"""What the agreement tests share (conftest.py puts this folder on sys.path;
pytest does not collect this file): ossa's modules and the reference's
(pydrake) behind the same attribute names, contact materials, and a plant
with a SceneGraph built by one function against either.

A test builds its scene with `populate(lib, plant)` and runs it once with
`ModuleSet("ossa")` and once with `ModuleSet("pydrake")`.
"""

import importlib
import pathlib

import numpy as np

# Attribute of a ModuleSet -> its module below the package root.
_SUBMODULES = {
    "common": "common",
    "value": "common.value",
    "deprecation": "common.deprecation",
    "yaml": "common.yaml",
    "containers": "common.containers",
    "autodiffutils": "autodiffutils",
    "controllers": "systems.controllers",
    "eigen_geometry": "common.eigen_geometry",
    "trajectories": "trajectories",
    "primitives": "systems.primitives",
    "geometry": "geometry",
    "math": "math",
    "mbmath": "multibody.math",
    "parsing": "multibody.parsing",
    "plant": "multibody.plant",
    "tree": "multibody.tree",
    "framework": "systems.framework",
    "analysis": "systems.analysis",
}


class ModuleSet:
    """The modules of one package, `root` "ossa" or "pydrake", as
    attributes (`plant`, `tree`, `math`, ...); `name` is "ossa" or
    "drake"."""

    def __init__(self, root):
        self.is_ossa = root == "ossa"
        self.name = "ossa" if self.is_ossa else "drake"
        for attribute, module in _SUBMODULES.items():
            setattr(self, attribute,
                    importlib.import_module(f"{root}.{module}"))

    def __repr__(self):
        return f"ModuleSet({self.name!r})"


def reference_or_none():
    """The reference's ModuleSet, or None when pydrake is not installed."""
    try:
        return ModuleSet("pydrake")
    except ImportError:
        return None


def contact_properties(lib, k=None, d=None, tau=None, friction=None):
    """ProximityProperties with the given contact material: point stiffness
    k, Hunt–Crossley dissipation d, relaxation time tau and friction
    (μ_s, μ_d); None leaves a property unset."""
    p = lib.geometry.ProximityProperties()
    if k is not None:
        p.AddProperty("material", "point_contact_stiffness", float(k))
    if d is not None:
        p.AddProperty("material", "hunt_crossley_dissipation", float(d))
    if tau is not None:
        p.AddProperty("material", "relaxation_time", float(tau))
    if friction is not None:
        p.AddProperty("material", "coulomb_friction",
                      lib.plant.CoulombFriction(*friction))
    return p


class PlantScene:
    """A MultibodyPlant (time step `time_step`; 0 for a continuous plant)
    with a SceneGraph in a Diagram, built by `populate(lib, plant)` and
    finalized; `parts` holds what populate returned. `approximation` names
    a DiscreteContactApproximation ("kSap", ...); `configure(plant)` runs
    before populate (contact model, ...). A discrete scene has a Simulator
    and steps with advance()."""

    def __init__(self, lib, populate, time_step, configure=None,
                 approximation=None):
        self.lib = lib
        builder = lib.framework.DiagramBuilder()
        self.plant, self.scene_graph = lib.plant.AddMultibodyPlantSceneGraph(
            builder, time_step)
        if approximation is not None:
            self.plant.set_discrete_contact_approximation(getattr(
                lib.plant.DiscreteContactApproximation, approximation))
        if configure is not None:
            configure(self.plant)
        self.parts = populate(lib, self.plant)
        self.plant.Finalize()
        self.diagram = builder.Build()
        if time_step > 0:
            self.simulator = lib.analysis.Simulator(self.diagram)
            self.context = self.simulator.get_mutable_context()
        else:
            self.simulator = None
            self.context = self.diagram.CreateDefaultContext()
        self.plant_context = self.plant.GetMyMutableContextFromRoot(
            self.context)

    def state(self):
        return np.array(self.plant.GetPositionsAndVelocities(
            self.plant_context))

    def set_state(self, x):
        self.plant.SetPositionsAndVelocities(self.plant_context, x)

    def advance(self, t):
        self.simulator.AdvanceTo(t)

    def energy(self):
        return (self.plant.CalcKineticEnergy(self.plant_context) +
                self.plant.CalcPotentialEnergy(self.plant_context))

    def set_free_body(self, body, X_WB, V_WB=None):
        """Sets a free body's pose (a RigidTransform of this scene's
        library) and, if given, its spatial velocity [ω; v] in World."""
        self.plant.SetFreeBodyPose(self.plant_context, body, X_WB)
        if V_WB is not None:
            V = self.lib.mbmath.SpatialVelocity(
                np.asarray(V_WB[:3], float), np.asarray(V_WB[3:], float))
            self.plant.SetFreeBodySpatialVelocity(self.plant_context, body,
                                                  V)

    def contacts(self):
        """Per point contact: (body names (A, B), f_Bc_W, p_WC, separation
        speed, slip speed, depth, n̂_BA_W), oriented so that A's name < B's,
        sorted by bodies and point."""
        results = self.plant.get_contact_results_output_port().Eval(
            self.plant_context)
        out = []
        for i in range(results.num_point_pair_contacts()):
            info = results.point_pair_contact_info(i)
            a = self.plant.get_body(info.bodyA_index()).name()
            b = self.plant.get_body(info.bodyB_index()).name()
            f = np.array(info.contact_force())
            n = np.array(info.point_pair().nhat_BA_W)
            if a > b:
                # The same contact seen from the other body: the force on
                # (new) B is the negative, the normal flips; the speeds and
                # the point do not change.
                a, b, f, n = b, a, -f, -n
            out.append(((a, b), f, np.array(info.contact_point()),
                        info.separation_speed(), info.slip_speed(),
                        info.point_pair().depth, n))
        return sorted(out, key=lambda c: (c[0], tuple(c[2])))

    def generalized_contact_forces(self, instance="DefaultModelInstance"):
        return np.array(
            self.plant.get_generalized_contact_forces_output_port(
                self.plant.GetModelInstanceByName(instance)).Eval(
                    self.plant_context))


def close(a, b, rtol, scale=1.0):
    """max|a − b| ≤ rtol·max(scale, max|b|)."""
    a, b = np.asarray(a, float), np.asarray(b, float)
    return np.max(np.abs(a - b), initial=0.0) <= rtol * max(
        scale, np.max(np.abs(b), initial=0.0))


def compare_contacts(ossa_scene, drake_scene, rtol):
    """Asserts that the two scenes' contacts() agree to `rtol` (forces
    relative to the largest, speeds relative to max(1, |speed|), depths and
    normals absolute); returns the number of contacts."""
    co, cd = ossa_scene.contacts(), drake_scene.contacts()
    assert len(co) == len(cd), (co, cd)
    for o, d in zip(co, cd):
        assert o[0] == d[0]
        f_scale = max(1.0, np.linalg.norm(d[1]))
        assert close(o[1], d[1], rtol, f_scale), (o[1], d[1])
        assert close(o[2], d[2], rtol), (o[2], d[2])
        assert abs(o[3] - d[3]) <= rtol * max(1.0, abs(d[3])), (o[3], d[3])
        assert abs(o[4] - d[4]) <= rtol * max(1.0, abs(d[4])), (o[4], d[4])
        assert abs(o[5] - d[5]) <= rtol, (o[5], d[5])
        assert close(o[6], d[6], rtol), (o[6], d[6])
    return len(co)


def assert_agree(ours, theirs, what, rtol=1e-10):
    """Asserts max|ours − theirs| ≤ rtol·max(1, max|theirs|), with a
    message naming `what` and printing both."""
    ours = np.asarray(ours, dtype=float)
    theirs = np.asarray(theirs, dtype=float)
    assert ours.shape == theirs.shape, (what, ours.shape, theirs.shape)
    scale = max(1.0, np.max(np.abs(theirs))) if theirs.size else 1.0
    err = np.max(np.abs(ours - theirs)) if theirs.size else 0.0
    assert err <= rtol * scale, (
        f"{what}: max |ossa - drake| = {err:.3e} > {rtol:.0e} * {scale:.3g}"
        f"\nossa:\n{ours}\ndrake:\n{theirs}")


def both(program, ossa_modules, reference_modules):
    """Runs program(lib) on both module sets: (ossa's result, the
    reference's)."""
    return program(ossa_modules), program(reference_modules)


def error_of(call):
    """The type of the exception `call()` raises (None if it returns)."""
    try:
        call()
    except Exception as e:  # noqa: BLE001 (the type is what is compared)
        return type(e)
    return None


def damped_pendulum(lib):
    """θ̈ = τ − 9.81 sin θ − 0.1 θ̇ as a LeafSystem of `lib`: state [θ, θ̇]
    (one position, one velocity), vector input "tau" of size 1."""
    framework = lib.framework

    class Pendulum(framework.LeafSystem):
        def __init__(self):
            framework.LeafSystem.__init__(self)
            self.DeclareContinuousState(1, 1, 0)
            self.DeclareVectorInputPort("tau", 1)

        def DoCalcTimeDerivatives(self, context, derivatives):
            theta, omega = context.get_continuous_state_vector().CopyToVector()
            tau = self.get_input_port(0).Eval(context)[0]
            derivatives.get_mutable_vector().SetFromVector(
                [omega, tau - 9.81 * np.sin(theta) - 0.1 * omega])
    return Pendulum()


ACROBOT_URDF = str(pathlib.Path(__file__).resolve().parents[3] / "models" /
                   "drake" / "acrobot.urdf")


def symbolic_acrobot_plant(root):
    """The acrobot (models/drake/acrobot.urdf) of the package `root` ("ossa"
    or "pydrake"), built in double and converted with ToSymbolic(), with
    q and v set to variables: (double plant, symbolic plant, its context,
    q, v, symbolic module)."""
    sym = importlib.import_module(root + ".symbolic")
    Parser = importlib.import_module(root + ".multibody.parsing").Parser
    MultibodyPlant = importlib.import_module(
        root + ".multibody.plant").MultibodyPlant
    plant = MultibodyPlant(0.0)
    Parser(plant).AddModels(ACROBOT_URDF)
    plant.Finalize()
    splant = plant.ToSymbolic()
    context = splant.CreateDefaultContext()
    q = sym.MakeVectorVariable(2, "q")
    v = sym.MakeVectorVariable(2, "v")
    splant.SetPositions(context, q)
    splant.SetVelocities(context, v)
    return plant, splant, context, q, v, sym


def symbolic_acrobot(root):
    """symbolic_acrobot_plant()'s terms: (M, Cv, tau_g, q, v, symbolic
    module)."""
    _, splant, context, q, v, sym = symbolic_acrobot_plant(root)
    return (splant.CalcMassMatrix(context), splant.CalcBiasTerm(context),
            splant.CalcGravityGeneralizedForces(context), q, v, sym)
